import { useEffect, useMemo, useRef } from 'react';

/**
 * One request at a time from a form: a second click or Enter while the first is on its way does
 * nothing. A mutation's `pending` comes true only once its observer has told React (a tick
 * later), so a double-click would send twice; this holds from the first submit instead. `start()`
 * says whether a send may begin (and marks one on its way); it ends with `finish()` (the server
 * took it), when `pending` goes back to false, or when a new `error` is shown.
 */
export function useSingleFlight(pending: boolean, error: unknown) {
  const inFlight = useRef(false);
  const seen = useRef({ pending, error });
  useEffect(() => {
    const before = seen.current;
    seen.current = { pending, error };
    if ((before.pending && !pending) || error !== before.error) inFlight.current = false;
  }, [pending, error]);
  return useMemo(
    () => ({
      start: () => {
        if (inFlight.current) return false;
        inFlight.current = true;
        return true;
      },
      finish: () => {
        inFlight.current = false;
      },
    }),
    [],
  );
}
