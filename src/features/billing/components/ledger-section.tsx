import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '@/api';
import { agentQueries } from '@/features/agents';
import { Button, QueryNotice, SelectField } from '@/ui';
import type { LedgerFilters } from '../csv';
import { formatCredits, TRANSACTION_TYPE_LABELS, TRANSACTION_TYPES } from '../format';
import { billingQueries, ledgerRows } from '../queries';
import type { CreditTransactionType } from '../types';
import { AdjustDialog } from './adjust-dialog';
import { ExportButton } from './export-button';
import { LedgerTable } from './ledger-table';

/** The ledger, newest first, filtered by type and agent (kept in the address), with its export and adjustments. */
export function LedgerSection({
  filters,
  onFilters,
}: {
  filters: LedgerFilters;
  onFilters: (filters: LedgerFilters) => void;
}) {
  const ledger = useInfiniteQuery(billingQueries.ledger(filters));
  const agents = useQuery(agentQueries.list());
  const [adjusting, setAdjusting] = useState(false);
  const rows = useMemo(() => ledgerRows(ledger.data?.pages), [ledger.data]);
  const agentNames = useMemo(
    () => new Map((agents.data ?? []).map((agent) => [agent.id, agent.name] as const)),
    [agents.data],
  );
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = ledger;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const filtered = Boolean(filters.type || filters.agentId);

  return (
    <section className="card stack" aria-labelledby="ledger-heading">
      <div className="billing-section-header">
        <h2 id="ledger-heading">Ledger</h2>
        <div className="row">
          <ExportButton filters={filters} />
          <Button onClick={() => setAdjusting(true)}>Adjust credits…</Button>
        </div>
      </div>
      <div className="billing-filters">
        <SelectField
          label="Type"
          value={filters.type ?? ''}
          onChange={(event) =>
            onFilters({ ...filters, type: (event.target.value || undefined) as CreditTransactionType | undefined })
          }
        >
          <option value="">All types</option>
          {TRANSACTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {TRANSACTION_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Agent"
          value={filters.agentId ?? ''}
          onChange={(event) => onFilters({ ...filters, agentId: event.target.value || undefined })}
        >
          <option value="">All agents</option>
          {filters.agentId && !agentNames.has(filters.agentId) && (
            <option value={filters.agentId}>Deleted agent</option>
          )}
          {(agents.data ?? []).map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </SelectField>
      </div>
      {ledger.isPending ? (
        <QueryNotice status="loading" label="Loading the ledger…" />
      ) : ledger.isError && !ledger.data ? (
        <QueryNotice status="error" message={errorMessage(ledger.error)} onRetry={() => void ledger.refetch()} />
      ) : rows.length === 0 ? (
        <QueryNotice
          status="empty"
          title={filtered ? 'No transactions match these filters.' : 'No transactions yet.'}
          action={filtered ? <Button onClick={() => onFilters({})}>Clear filters</Button> : undefined}
        />
      ) : (
        <>
          <LedgerTable rows={rows} agentNames={agentNames} hasMore={Boolean(hasNextPage)} onNearEnd={loadMore} />
          {isFetchNextPageError && (
            <QueryNotice status="error" message={errorMessage(ledger.error)} onRetry={() => void fetchNextPage()} />
          )}
          <div className="row billing-ledger-end">
            {hasNextPage ? (
              <Button size="small" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                Load more
              </Button>
            ) : (
              <p className="muted" role="status">
                End of the ledger: {formatCredits(rows.length)} transaction{rows.length === 1 ? '' : 's'}.
              </p>
            )}
          </div>
        </>
      )}
      {adjusting && <AdjustDialog onClose={() => setAdjusting(false)} />}
    </section>
  );
}
