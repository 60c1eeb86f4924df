import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/api';
import { Button, QueryNotice } from '@/ui';
import { barShares } from '../chart-data';
import { formatCredits, TRANSACTION_TYPE_LABELS } from '../format';
import { billingQueries, type CreditUsage } from '../queries';
import { USAGE_RANGES, type UsageRange } from '../search';
import { UsageChart } from './usage-chart';

/** Balances and usage over 30 or 90 days (the range is in the address), and where the credits went. */
export function UsageSection({ range, onRange }: { range: UsageRange; onRange: (range: UsageRange) => void }) {
  const usage = useQuery({ ...billingQueries.usage(range), placeholderData: (previous) => previous });
  return (
    <section className="card stack" aria-labelledby="usage-heading">
      <div className="billing-section-header">
        <h2 id="usage-heading">Usage</h2>
        <div className="row" role="group" aria-label="Range">
          {USAGE_RANGES.map((days) => (
            <Button key={days} size="small" aria-pressed={days === range} onClick={() => onRange(days)}>
              {days} days
            </Button>
          ))}
        </div>
      </div>
      {usage.isPending ? (
        <QueryNotice status="loading" label="Loading usage…" />
      ) : usage.isError && !usage.data ? (
        <QueryNotice status="error" message={errorMessage(usage.error)} onRetry={() => void usage.refetch()} />
      ) : (
        <>
          <UsageChart days={usage.data.days} range={range} />
          <div className="billing-breakdowns">
            <Breakdown
              title="By agent"
              label="Agent"
              empty="No agent work in this range."
              items={usage.data.byAgent.map((agent) => ({
                key: agent.agentId,
                name: agent.name,
                credits: agent.credits,
              }))}
            />
            <Breakdown
              title="By type"
              label="Type"
              empty="No transactions in this range."
              items={usage.data.byType.map((type) => typeItem(type))}
            />
          </div>
        </>
      )}
    </section>
  );
}

function typeItem(type: CreditUsage['byType'][number]) {
  return {
    key: type.type,
    name: TRANSACTION_TYPE_LABELS[type.type],
    credits: type.credits,
    detail: `${formatCredits(type.count)} transaction${type.count === 1 ? '' : 's'}`,
  };
}

type Item = { key: string; name: string; credits: number; detail?: string };

/** A breakdown as a table whose credits cell carries a bar (its share of the largest). */
function Breakdown({ title, label, empty, items }: { title: string; label: string; empty: string; items: Item[] }) {
  return (
    <div className="stack billing-breakdown">
      <h3>{title}</h3>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">Credits {title.toLowerCase()}</caption>
          <thead>
            <tr>
              <th scope="col">{label}</th>
              <th scope="col">Credits</th>
            </tr>
          </thead>
          <tbody>
            {barShares(items).map((item) => (
              <tr key={item.key}>
                <th scope="row">
                  {item.name}
                  {item.detail && <span className="muted"> · {item.detail}</span>}
                </th>
                <td className="billing-bar-cell">
                  <span className="billing-bar" aria-hidden="true" style={{ width: `${Math.max(item.share, 1)}%` }} />
                  <span className="billing-number">{formatCredits(item.credits)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
