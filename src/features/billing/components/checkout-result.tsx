import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/api';
import { Button, QueryNotice, Spinner } from '@/ui';
import { formatCredits } from '../format';
import { billingQueries } from '../queries';

/**
 * Back from the checkout (`?checkout=<id>`, or `canceled`): whether the payment arrived. An open
 * checkout completes when the provider's webhook does: the live event (or a check every few
 * seconds, should the stream be down) turns "waiting" into "received".
 */
export function CheckoutResult({ checkout, onDismiss }: { checkout: string; onDismiss: () => void }) {
  const canceled = checkout === 'canceled';
  const query = useQuery({
    ...billingQueries.checkout(checkout),
    enabled: !canceled,
    refetchInterval: (current) => (current.state.data?.status === 'open' ? 5_000 : false),
  });
  const dismiss = (
    <Button size="small" variant="ghost" onClick={onDismiss}>
      Dismiss
    </Button>
  );
  if (canceled)
    return (
      <div className="notice row billing-checkout" role="status">
        <span>Checkout canceled: nothing was charged.</span>
        {dismiss}
      </div>
    );
  if (query.isPending) return <QueryNotice status="loading" label="Checking the payment…" />;
  if (query.isError)
    return <QueryNotice status="error" message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const { status, credits } = query.data;
  return (
    <div
      className="notice row billing-checkout"
      data-tone={status === 'completed' ? 'success' : status === 'expired' ? 'danger' : undefined}
      role="status"
    >
      {status === 'completed' ? (
        <span>Payment received: {formatCredits(credits)} credits added.</span>
      ) : status === 'expired' ? (
        <span>The checkout expired before payment: nothing was charged.</span>
      ) : (
        <span className="row">
          <Spinner /> Waiting for the payment to be confirmed…
        </span>
      )}
      {dismiss}
    </div>
  );
}
