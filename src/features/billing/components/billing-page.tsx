import { useQuery } from '@tanstack/react-query';
import { errorMessage, type Me } from '@/api';
import { creditQueries } from '@/features/credits';
import { QueryNotice } from '@/ui';
import type { LedgerFilters } from '../csv';
import { useBillingLive } from '../live';
import { billingQueries } from '../queries';
import type { BillingSearch } from '../search';
import { BalanceCards } from './balance-cards';
import { BuyCredits } from './buy-credits';
import { CheckoutResult } from './checkout-result';
import { LedgerSection } from './ledger-section';
import { PlanCard } from './plan-card';
import { UsageSection } from './usage-section';
import './billing.css';

/**
 * Settings → Billing (admins with `manageBilling`): the balances, usage, the plan, buying credits,
 * and the ledger. Its address holds the range, the ledger's filters and a checkout's result.
 */
export function BillingPage({
  me,
  search,
  onSearch,
}: {
  me: Me;
  search: BillingSearch;
  /** Changes the address: the given keys, `undefined` removing one. */
  onSearch: (patch: Partial<BillingSearch>) => void;
}) {
  if (!me.permissions.manageBilling)
    return (
      <QueryNotice status="empty" title="Only company admins can manage billing.">
        Ask an admin of {me.company?.name ?? 'your company'} about the plan, credits and purchases.
      </QueryNotice>
    );
  return <BillingForAdmins search={search} onSearch={onSearch} />;
}

function BillingForAdmins({ search, onSearch }: Omit<Parameters<typeof BillingPage>[0], 'me'>) {
  useBillingLive();
  const balance = useQuery(creditQueries.balance());
  const subscription = useQuery(billingQueries.subscription());
  const filters: LedgerFilters = { type: search.type, agentId: search.agent };
  return (
    <div className="stack billing-page" style={{ gap: 24 }}>
      {search.checkout && (
        <CheckoutResult checkout={search.checkout} onDismiss={() => onSearch({ checkout: undefined })} />
      )}
      {balance.isPending ? (
        <QueryNotice status="loading" label="Loading the balance…" />
      ) : balance.isError ? (
        <QueryNotice status="error" message={errorMessage(balance.error)} onRetry={() => void balance.refetch()} />
      ) : (
        <BalanceCards balance={balance.data} subscription={subscription.data} />
      )}
      <div className="billing-columns">
        {subscription.isPending ? (
          <QueryNotice status="loading" label="Loading the plan…" />
        ) : subscription.isError ? (
          <QueryNotice
            status="error"
            message={errorMessage(subscription.error)}
            onRetry={() => void subscription.refetch()}
          />
        ) : (
          <PlanCard subscription={subscription.data} />
        )}
        <BuyCredits />
      </div>
      <UsageSection
        range={search.range ?? 30}
        onRange={(range) => onSearch({ range: range === 30 ? undefined : range })}
      />
      <LedgerSection filters={filters} onFilters={(next) => onSearch({ type: next.type, agent: next.agentId })} />
    </div>
  );
}
