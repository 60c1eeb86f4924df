import { useLiveStatus } from '@/api';

/** Says when live updates are interrupted; silent while they flow. */
export function LiveIndicator() {
  const status = useLiveStatus((state) => state.status);
  return (
    <div role="status" className="live-indicator" data-status={status}>
      {status === 'reconnecting' ? 'Reconnecting… changes by others will appear when the connection is back.' : ''}
    </div>
  );
}
