import { useCallback, useRef, useState } from 'react';
import { errorMessage, isApiError, type UpdateCardRequest } from '@/api';

/** Where a card's last save stands, for the panel's "Saving… / Saved / Not saved" line. */
export type SaveState = { status: 'idle' | 'saving' | 'saved' | 'error'; message?: string; retry?: () => void };

/**
 * Saves card changes through `save` (a mutation's `mutateAsync`) and tracks the outcome: a failure
 * keeps the server's message (the first field it names, when it names one) and a retry of exactly
 * those changes. Each save's own promise reports its outcome: per-call mutation callbacks would
 * fire for the latest call only, and a failure followed by another save would go unreported.
 * "Saved" waits for the last of several saves on their way at once.
 */
export function useSaveState(save: (changes: UpdateCardRequest) => Promise<unknown>) {
  const [state, setSave] = useState<SaveState>({ status: 'idle' });
  const onTheirWay = useRef(0);
  const persist = useCallback(
    function persist(changes: UpdateCardRequest) {
      onTheirWay.current += 1;
      setSave({ status: 'saving' });
      save(changes).then(
        () => {
          const last = --onTheirWay.current === 0;
          setSave((current) => (current.status === 'error' || !last ? current : { status: 'saved' }));
        },
        (error: Error) => {
          onTheirWay.current -= 1;
          setSave({
            status: 'error',
            message:
              isApiError(error) && error.issues[0]
                ? `${error.issues[0].path}: ${error.issues[0].message}`
                : errorMessage(error),
            retry: () => persist(changes),
          });
        },
      );
    },
    [save],
  );
  return { save: state, persist };
}
