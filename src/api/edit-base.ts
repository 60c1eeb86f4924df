import { useState } from 'react';
import { recordConflictOf } from './errors';

/**
 * The version an edit form was opened on (its `baseVersion`): fixed while the form is open, so a
 * colleague's change arriving meanwhile is shown as a conflict rather than overwritten; after a
 * conflict, the version it showed, so saving again replaces theirs (the person chose to). A form
 * that stays open after a save moves it to the saved version (`setBase`).
 */
export function useEditBase(version: number) {
  const [base, setBase] = useState(version);
  const adopt = (error: unknown) => {
    const conflict = recordConflictOf(error);
    if (conflict) setBase(conflict.version);
  };
  return [base, adopt, setBase] as const;
}

/** The entries of `values` that differ from `initial`: an edit sends only what the person changed. */
export function changedFrom<T extends Record<string, unknown>>(initial: T, values: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(values) as (keyof T)[]) {
    if (JSON.stringify(values[key] ?? null) !== JSON.stringify(initial[key] ?? null)) out[key] = values[key];
  }
  return out;
}
