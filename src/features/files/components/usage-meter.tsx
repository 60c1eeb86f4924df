import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatBytes } from '../format';
import { fileQueries } from '../queries';

/** How much of the company's storage the drive uses (the trash and uploads in progress included). */
export function UsageMeter() {
  const usage = useQuery(fileQueries.usage());
  const labelId = useId();
  // The line keeps its height while loading, so the list below does not jump.
  if (!usage.data) return <div className="files-usage" aria-hidden="true" />;
  const { usedBytes, quotaBytes, fileCount } = usage.data;
  const share = quotaBytes > 0 ? usedBytes / quotaBytes : 0;
  return (
    <div className="files-usage">
      <span id={labelId} className="muted">
        {formatBytes(usedBytes)} of {formatBytes(quotaBytes)} used · {fileCount} {fileCount === 1 ? 'file' : 'files'}
      </span>
      <meter
        aria-labelledby={labelId}
        min={0}
        max={quotaBytes}
        value={usedBytes}
        low={quotaBytes * 0.8}
        high={quotaBytes * 0.95}
        optimum={0}
        data-level={share >= 0.95 ? 'full' : share >= 0.8 ? 'high' : undefined}
      />
    </div>
  );
}
