import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorMessage } from '@/api';
import { fold } from '@/lib/fold';
import type { PaletteChoice, PaletteChoices } from '../commands';
import { choiceQueries } from '../queries';

type Picking = { id: string; label: string; choices: PaletteChoices };

/** The command whose choices the palette lists ("Ask an agent…"), and those choices as read. */
export function useCommandChoices() {
  const [picking, setPicking] = useState<Picking | null>(null);
  const query = useQuery(choiceQueries.list(picking?.id ?? '', picking?.choices));
  /** Lists a command's choices; its label without the "…" names the list. */
  const open = useCallback(
    (command: { id: string; label: string; choices: PaletteChoices }) =>
      setPicking({ id: command.id, label: command.label.replace(/…$/, ''), choices: command.choices }),
    [],
  );
  const close = useCallback(() => setPicking(null), []);
  return { picking, query, open, close };
}

/** The choices that match what was typed (by label or context, accents and case ignored). */
export function matchingChoices(choices: PaletteChoice[] | undefined, typed: string): PaletteChoice[] {
  const needle = fold(typed.trim());
  return (choices ?? []).filter((choice) => fold(`${choice.label} ${choice.context ?? ''}`).includes(needle));
}

/** What the palette announces while it lists a command's choices. */
export function choicesStatus(
  query: { isError: boolean; error: unknown; isPending: boolean },
  shown: number,
  typed: string,
  empty: string,
) {
  if (query.isError) return errorMessage(query.error);
  if (query.isPending) return 'Loading…';
  if (shown === 0) return typed ? 'No match' : empty;
  return `${shown} choice${shown === 1 ? '' : 's'}`;
}
