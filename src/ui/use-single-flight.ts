import type { MutateOptions, UseMutateFunction } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';

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

/**
 * A mutation's `mutate` that sends one call at a time: while a call is on its way, another does
 * nothing (a double click on "Create key" makes one key, not two of which one secret is never
 * seen). The call's own `onSettled` ends it.
 */
export function useSubmitOnce<TData, TError, TVariables, TOnMutateResult>(
  mutate: UseMutateFunction<TData, TError, TVariables, TOnMutateResult>,
) {
  const inFlight = useRef(false);
  return useCallback(
    (variables: TVariables, options?: MutateOptions<TData, TError, TVariables, TOnMutateResult>) => {
      if (inFlight.current) return;
      inFlight.current = true;
      mutate(
        ...([
          variables,
          {
            ...options,
            onSettled: (...settled) => {
              inFlight.current = false;
              options?.onSettled?.(...settled);
            },
          },
        ] as Parameters<typeof mutate>),
      );
    },
    [mutate],
  );
}
