import { formatDate } from '@/lib/format';
import { formatCredits } from '../format';
import type { CreditBalance, Subscription } from '../types';

/** Whether the balance is fine, low, or too small for any agent work. */
export function balanceState(balance: CreditBalance): 'ok' | 'low' | 'exhausted' {
  return balance.exhausted ? 'exhausted' : balance.low ? 'low' : 'ok';
}

/** The two balances and what is available, with the included credits' renewal (or expiry) date. */
export function BalanceCards({ balance, subscription }: { balance: CreditBalance; subscription?: Subscription }) {
  const state = balanceState(balance);
  const periodEnd = subscription ? formatDate(subscription.currentPeriodEnd) : null;
  const renews = subscription && subscription.status !== 'canceled' && !subscription.cancelAtPeriodEnd;
  return (
    <section aria-labelledby="balance-heading" className="stack">
      <h2 id="balance-heading">Credits</h2>
      <div className="billing-balances">
        <div className="card billing-balance">
          <h3>Included credits</h3>
          <p className="billing-figure">{formatCredits(balance.included)}</p>
          <p className="muted">
            {periodEnd
              ? renews
                ? `From your plan; renews on ${periodEnd} (unused ones expire then).`
                : `From your plan; they expire on ${periodEnd}.`
              : 'From your plan, renewed each period.'}
          </p>
        </div>
        <div className="card billing-balance">
          <h3>Purchased credits</h3>
          <p className="billing-figure">{formatCredits(balance.purchased)}</p>
          <p className="muted">Bought or granted; kept until used. Used after the included ones.</p>
        </div>
        <div className="card billing-balance" data-state={state}>
          <h3>Available</h3>
          <p className="billing-figure">{formatCredits(balance.available)}</p>
          {state === 'exhausted' ? (
            <p className="billing-state">
              <strong>Out of credits.</strong> Agents take no new work until credits arrive: buy credits or change the
              plan.
            </p>
          ) : state === 'low' ? (
            <p className="billing-state">
              <strong>Running low:</strong> under {formatCredits(balance.lowThreshold)} credits.
            </p>
          ) : (
            <p className="muted">
              A reply costs {formatCredits(balance.prices.reply)}, any other agent write{' '}
              {formatCredits(balance.prices.write)}.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
