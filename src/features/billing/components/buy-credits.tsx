import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/api';
import { Button, QueryNotice } from '@/ui';
import { formatCredits, formatMoney } from '../format';
import { useBuyCredits } from '../mutations';
import { billingQueries } from '../queries';

/**
 * The credit packs. "Buy" sends the browser to the payment provider's checkout; without payment
 * keys on the server, the buttons are disabled and the server's instructions say how to enable them.
 */
export function BuyCredits() {
  const packs = useQuery(billingQueries.packs());
  const buy = useBuyCredits();
  return (
    <section className="card stack" aria-labelledby="buy-heading">
      <h2 id="buy-heading">Buy credits</h2>
      <p className="muted">Purchased credits are kept until used, and used after the plan’s included credits.</p>
      {packs.isPending ? (
        <QueryNotice status="loading" label="Loading credit packs…" />
      ) : packs.isError ? (
        <QueryNotice status="error" message={errorMessage(packs.error)} onRetry={() => void packs.refetch()} />
      ) : (
        <>
          {!packs.data.purchasesAvailable && (
            <div className="notice" data-tone="warning" id="purchases-unavailable">
              <strong>Purchases are not enabled on this server.</strong>{' '}
              {packs.data.howToEnable ?? 'Its operator has not configured a payment provider.'}
            </div>
          )}
          <ul className="billing-packs">
            {packs.data.packs.map((pack) => (
              <li key={pack.id} className="billing-pack">
                <span className="billing-figure">{formatCredits(pack.credits)}</span>
                <span className="muted">credits for {formatMoney(pack.amountCents, pack.currency)}</span>
                <Button
                  variant="primary"
                  aria-label={`Buy ${pack.name} for ${formatMoney(pack.amountCents, pack.currency)}`}
                  aria-describedby={packs.data.purchasesAvailable ? undefined : 'purchases-unavailable'}
                  disabled={!packs.data.purchasesAvailable || (buy.isPending && buy.variables !== pack.id)}
                  busy={buy.isPending && buy.variables === pack.id}
                  onClick={() => buy.mutate(pack.id)}
                >
                  Buy
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
