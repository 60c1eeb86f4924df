import { useState } from 'react';
import { errorMessage } from '@/api';
import { Button, toast } from '@/ui';
import { downloadLedgerCsv, formatBytes, type LedgerFilters } from '../csv';

/** "Export CSV": every row under the current filters, saved as a file; shows the bytes received while it streams. */
export function ExportButton({ filters }: { filters: LedgerFilters }) {
  const [received, setReceived] = useState<number | null>(null);
  const busy = received !== null;
  return (
    <>
      <Button
        busy={busy}
        onClick={() => {
          setReceived(0);
          downloadLedgerCsv(filters, setReceived)
            .then((name) => toast('success', 'Ledger exported', name))
            .catch((error: unknown) => toast('error', 'Could not export the ledger', errorMessage(error)))
            .finally(() => setReceived(null));
        }}
      >
        Export CSV
      </Button>
      <span className="muted" role="status">
        {busy ? `Exporting… ${formatBytes(received)}` : ''}
      </span>
    </>
  );
}
