import { useCallback, useRef, useState } from 'react';
import { errorMessage, isApiError, type UpdateCardRequest } from '@/api';
import { type CardField, editConflictOf } from '../edit-conflict';

/** Fields someone else changed while you were editing them, with the values you sent. */
export type OpenConflict = { fields: CardField[]; sent: UpdateCardRequest };

/** Where a card's last save stands, for the panel's "Saving… / Saved / Not saved" line. */
export type SaveState = {
  status: 'idle' | 'saving' | 'saved' | 'error' | 'conflict';
  message?: string;
  retry?: () => void;
  conflict?: OpenConflict;
};

/** Adds a refusal's fields to the conflicts open (a later value of a field replaces the earlier). */
function withConflict(open: OpenConflict | undefined, fields: CardField[], sent: UpdateCardRequest): OpenConflict {
  const all = new Set([...(open?.fields ?? []), ...fields]);
  return { fields: [...all], sent: { ...open?.sent, ...sent } };
}

/**
 * Saves card changes through `save` (a mutation's `mutateAsync`) and tracks the outcome: a failure
 * keeps the server's message (the first field it names, when it names one) and a retry of exactly
 * those changes. Each save's own promise reports its outcome: per-call mutation callbacks would
 * fire for the latest call only, and a failure followed by another save would go unreported.
 * "Saved" waits for the last of several saves on their way at once. A change refused because
 * someone else changed the field since (412 `EDIT_CONFLICT`) opens a conflict on those fields,
 * which stays until the person chooses (`settle`), whatever other saves do meanwhile.
 */
export function useSaveState(save: (changes: UpdateCardRequest) => Promise<unknown>) {
  const [state, setSave] = useState<SaveState>({ status: 'idle' });
  const onTheirWay = useRef(0);
  const persist = useCallback(
    function persist(changes: UpdateCardRequest) {
      onTheirWay.current += 1;
      setSave((current) => (current.conflict ? current : { status: 'saving' }));
      save(changes).then(
        () => {
          const last = --onTheirWay.current === 0;
          setSave((current) =>
            current.status === 'error' || current.conflict || !last ? current : { status: 'saved' },
          );
        },
        (error: Error) => {
          onTheirWay.current -= 1;
          const conflict = editConflictOf(error);
          if (conflict) {
            setSave((current) => ({
              status: 'conflict',
              conflict: withConflict(current.conflict, conflict.fields, changes),
            }));
            return;
          }
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
  /** The person chose for `field` (their value saved again, or the colleague's kept): its conflict ends. */
  const settle = useCallback((field: CardField) => {
    setSave((current) => {
      if (!current.conflict) return current;
      const fields = current.conflict.fields.filter((item) => item !== field);
      if (fields.length > 0) return { ...current, conflict: { ...current.conflict, fields } };
      return { status: onTheirWay.current > 0 ? 'saving' : 'idle' };
    });
  }, []);
  return { save: state, persist, settle };
}
