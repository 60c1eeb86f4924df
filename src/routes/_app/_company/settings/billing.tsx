import { createFileRoute } from '@tanstack/react-router';
import { sessionQueries, useMe } from '@/features/auth';
import { BillingPage, billingQueries, parseBillingSearch, type BillingSearch } from '@/features/billing';
import { creditQueries } from '@/features/credits';
import { useDocumentTitle } from '@/ui';

/** Settings → Billing (admins); `?range=90`, `?type=…&agent=…` (the ledger's filters), `?checkout=` (back from paying). */
export const Route = createFileRoute('/_app/_company/settings/billing')({
  validateSearch: parseBillingSearch,
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(sessionQueries.me());
    // Members get an explanation instead: the ledger and the purchases are for admins.
    if (!me.permissions.manageBilling) return;
    await Promise.all([
      queryClient.ensureQueryData(creditQueries.balance()),
      queryClient.ensureQueryData(billingQueries.subscription()),
    ]);
  },
  component: BillingRoute,
});

function BillingRoute() {
  useDocumentTitle('Billing');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BillingPage
      me={useMe()}
      search={search}
      onSearch={(patch: Partial<BillingSearch>) =>
        void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true })
      }
    />
  );
}
