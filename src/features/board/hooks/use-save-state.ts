import { useCallback, useState } from 'react';
import { errorMessage, isApiError, type UpdateCardRequest } from '@/api';

/** Where a card's last save stands, for the panel's "Saving… / Saved / Not saved" line. */
export type SaveState = { status: 'idle' | 'saving' | 'saved' | 'error'; message?: string; retry?: () => void };

type Mutate = (
  changes: UpdateCardRequest,
  callbacks: { onSuccess: () => void; onError: (error: Error) => void },
) => void;

/**
 * Saves card changes through `mutate` and tracks the outcome: a failure keeps the server's message
 * (the first field it names, when it names one) and a retry of exactly those changes.
 */
export function useSaveState(mutate: Mutate) {
  const [save, setSave] = useState<SaveState>({ status: 'idle' });
  const persist = useCallback(
    function persist(changes: UpdateCardRequest) {
      setSave({ status: 'saving' });
      mutate(changes, {
        onSuccess: () => setSave({ status: 'saved' }),
        onError: (error) =>
          setSave({
            status: 'error',
            message:
              isApiError(error) && error.issues[0]
                ? `${error.issues[0].path}: ${error.issues[0].message}`
                : errorMessage(error),
            retry: () => persist(changes),
          }),
      });
    },
    [mutate],
  );
  return { save, persist };
}
