import { useVirtualizer } from '@tanstack/react-virtual';
import { Link } from '@tanstack/react-router';
import { memo, useEffect, useRef } from 'react';
import { formatDateTime } from '@/lib/format';
import { formatCredits, formatSigned, operationLabel, transactionLabel } from '../format';
import type { CreditTransaction } from '../types';

const ROW_HEIGHT = 44;
const COLUMNS = [
  'Date',
  'Type',
  'Amount',
  'Included',
  'Purchased',
  'Included after',
  'Purchased after',
  'Agent',
  'Details',
] as const;

/**
 * The ledger rows as a table of which only the rows in view (and a few around) are in the page, so
 * thousands of rows stay smooth; the next page loads as the end comes into view.
 */
export function LedgerTable({
  rows,
  agentNames,
  hasMore,
  onNearEnd,
}: {
  rows: CreditTransaction[];
  agentNames: ReadonlyMap<string, string>;
  hasMore: boolean;
  onNearEnd: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    getItemKey: (index) => rows[index]!.id,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && lastShown >= rows.length - 20) onNearEnd();
  }, [hasMore, lastShown, rows.length, onNearEnd]);

  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    // Scrolls on its own, so it takes the keyboard's focus (arrow keys, Page Down).
    <div ref={scroller} className="billing-ledger-scroll" tabIndex={0} role="region" aria-label="Ledger, scrollable">
      <table className="billing-ledger" aria-label="Credit ledger" aria-rowcount={hasMore ? -1 : rows.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true" className="billing-ledger-spacer" style={{ height: before }}>
              <td colSpan={COLUMNS.length} />
            </tr>
          )}
          {items.map((item) => (
            <LedgerRow key={item.key} row={rows[item.index]!} index={item.index} agentNames={agentNames} />
          ))}
          {after > 0 && (
            <tr aria-hidden="true" className="billing-ledger-spacer" style={{ height: after }}>
              <td colSpan={COLUMNS.length} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

const Change = ({ value }: { value: number }) => (
  <td className="billing-number" data-sign={value > 0 ? 'plus' : value < 0 ? 'minus' : undefined}>
    {value === 0 ? <span className="muted">–</span> : formatSigned(value)}
  </td>
);

const LedgerRow = memo(function LedgerRow({
  row,
  index,
  agentNames,
}: {
  row: CreditTransaction;
  index: number;
  agentNames: ReadonlyMap<string, string>;
}) {
  return (
    <tr aria-rowindex={index + 2} style={{ height: ROW_HEIGHT }}>
      <td>{formatDateTime(row.createdAt)}</td>
      <td>{transactionLabel(row)}</td>
      <Change value={row.amount} />
      <Change value={row.includedChange} />
      <Change value={row.purchasedChange} />
      <td className="billing-number">{formatCredits(row.balanceAfterIncluded)}</td>
      <td className="billing-number">{formatCredits(row.balanceAfterPurchased)}</td>
      <td>{row.agentId ? (agentNames.get(row.agentId) ?? 'Deleted agent') : <span className="muted">–</span>}</td>
      <td className="billing-ledger-details">
        <Details row={row} />
      </td>
    </tr>
  );
});

/** What the row is about: the note, the agent's session and operation, the card, the payment. */
function Details({ row }: { row: CreditTransaction }) {
  const parts = [];
  if (row.note)
    parts.push(
      <span key="note" title={row.note}>
        {row.note}
      </span>,
    );
  if (row.operation) parts.push(<span key="operation">{operationLabel(row.operation)}</span>);
  if (row.agentId && row.sessionId)
    parts.push(
      <Link
        key="session"
        to="/agents/$agentId/sessions/$sessionId"
        params={{ agentId: row.agentId, sessionId: row.sessionId }}
      >
        Session
      </Link>,
    );
  if (row.cardId) parts.push(<span key="card">on a card</span>);
  if (row.paymentInvoiceId) parts.push(<span key="invoice">Invoice {row.paymentInvoiceId}</span>);
  if (!parts.length) return <span className="muted">–</span>;
  // Separated by text (not only by margins), so the cell reads "note · session", not one run.
  return <>{parts.flatMap((part, index) => (index === 0 ? [part] : [' · ', part]))}</>;
}
