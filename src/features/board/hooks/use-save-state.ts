import { useCallback, useState } from 'react';
import { errorMessage, isApiError, type UpdateCardRequest } from '@/api';

/** Where a card's last save stands, for the panel's "Saving… / Saved / Not saved" line. */
export type SaveState = { status: 'idle' | 'saving' | 'saved' | 'error'; message?: string; retry?: () => void };

/**
 * Saves card changes through `save` (a mutation's `mutateAsync`) and tracks the outcome: a failure
 * keeps the server's message (the first field it names, when it names one) and a retry of exactly
 * those changes. Each save's own promise reports its outcome: per-call mutation callbacks would
 * fire for the latest call only, and a failure followed by another save would go unreported.
 */
export function useSaveState(save: (changes: UpdateCardRequest) => Promise<unknown>) {
  const [state, setSave] = useState<SaveState>({ status: 'idle' });
  const persist = useCallback(
    function persist(changes: UpdateCardRequest) {
      setSave({ status: 'saving' });
      save(changes).then(
        () => setSave((current) => (current.status === 'error' ? current : { status: 'saved' })),
        (error: Error) =>
          setSave({
            status: 'error',
            message:
              isApiError(error) && error.issues[0]
                ? `${error.issues[0].path}: ${error.issues[0].message}`
                : errorMessage(error),
            retry: () => persist(changes),
          }),
      );
    },
    [save],
  );
  return { save: state, persist };
}
