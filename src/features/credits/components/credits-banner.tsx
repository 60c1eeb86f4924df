import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMe } from '@/features/auth';
import { CloseIcon } from '@/ui';
import { bannerLevel, creditLevel, dismissBanner, useBannerDismissal } from '../banner-state';
import { formatCount } from '../format';
import { useCreditsLive } from '../live';
import { creditQueries } from '../queries';
import { BillingLink } from './billing-link';
import './credits.css';

/**
 * Mounted once by the app shell for members of a company: follows the balance live for the tab,
 * and shows people who manage billing a banner when credits run low, a graver one when they are
 * out. Either may be dismissed for the session; an "out of credits" banner still comes after a
 * "running low" one was dismissed, and once credits are back the next shortage is shown again.
 */
export function CreditsBanner() {
  useCreditsLive();
  const me = useMe();
  return me.permissions.manageBilling ? <BalanceBanner /> : null;
}

function BalanceBanner() {
  const balance = useQuery(creditQueries.balance()).data;
  const dismissed = useBannerDismissal((state) => state.dismissed);
  const level = balance ? creditLevel(balance) : null;

  useEffect(() => {
    // Credits came back: a later shortage is news again.
    if (level === 'ok' && dismissed) dismissBanner(null);
  }, [level, dismissed]);

  const shown = level ? bannerLevel(level, dismissed) : null;
  if (!balance || !shown) return null;

  const handleDismiss = () => {
    dismissBanner(shown);
    // The banner's button goes away with it: focus the page rather than nothing.
    document.getElementById('main')?.focus();
  };

  return (
    <div
      className="credits-banner notice"
      data-tone={shown === 'exhausted' ? 'danger' : 'warning'}
      role={shown === 'exhausted' ? 'alert' : 'status'}
    >
      <p className="credits-banner-text">
        {shown === 'exhausted' ? (
          <>
            <strong>Out of credits:</strong> agents have stopped taking new work until credits arrive.{' '}
          </>
        ) : (
          <>
            <strong>Credits are running low:</strong> {formatCount(balance.available)} left.{' '}
          </>
        )}
        <BillingLink>Buy credits or change the plan</BillingLink>
      </p>
      <button
        type="button"
        className="credits-banner-dismiss"
        aria-label={shown === 'exhausted' ? 'Dismiss the out-of-credits banner' : 'Dismiss the low-credits banner'}
        onClick={handleDismiss}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
