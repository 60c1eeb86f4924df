import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { selectBusy, setUploadsQueryClient, useUploads } from './store';

// The panel, the engine and the conflict dialog load only once there is something to show: the
// shell's first load carries just this file and the store.
const TrayPanel = lazy(() => import('./tray-panel'));

/**
 * The global uploads tray, mounted once in the app shell so uploads carry on (and stay visible)
 * across pages. Warns before the tab is closed while uploads run, and announces finished uploads
 * politely, in batches.
 */
export function UploadTray() {
  const queryClient = useQueryClient();
  useEffect(() => setUploadsQueryClient(queryClient), [queryClient]);
  // The tray leaves with the signed-in shell: what was queued belongs to the session that ended.
  useEffect(
    () => () => {
      if (useUploads.getState().order.length) void import('./queue').then((queue) => queue.abandonUploads());
    },
    [],
  );
  const count = useUploads((store) => store.order.length);
  const busy = useUploads(selectBusy);
  const announcement = useUploads((store) => store.announcement);

  useEffect(() => {
    if (!busy) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [busy]);

  return (
    <>
      <div role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </div>
      {count > 0 && (
        <Suspense fallback={null}>
          <TrayPanel />
        </Suspense>
      )}
    </>
  );
}
