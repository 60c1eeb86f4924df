import type { ReactNode } from 'react';
import { create } from 'zustand';

/** One of the things a command lists in the palette (an agent to ask, say). */
export type PaletteChoice = { id: string; label: string; context?: string };

/**
 * What a command that asks "which one?" lists in the palette instead of running at once: the
 * choices (read when the list opens, cached a little while), filtered as the person types, and
 * what picking one does.
 */
export type PaletteChoices = {
  /** The field's label and placeholder while the list is open, e.g. "Pick an agent to ask". */
  label: string;
  placeholder: string;
  /** The group heading over the choices, e.g. "Agents". */
  group: string;
  /** What the palette says when there is nothing to pick. */
  empty: string;
  icon?: ReactNode;
  load: (signal: AbortSignal) => Promise<PaletteChoice[]>;
  choose: (choice: PaletteChoice) => void;
};

/** An action the palette offers; features and the app contribute them. */
export type PaletteCommand = {
  id: string;
  label: string;
  /** Extra words the command is found by. */
  keywords?: string;
  /** Shown beside the label, e.g. "g p". */
  hint?: string;
  /** Its own icon in the list (a decorative SVG). */
  icon?: ReactNode;
} & (
  | { run: () => void; choices?: never }
  /** A command that lists choices in the palette (its label ends with "…"); picking one runs it. */
  | { choices: PaletteChoices; run?: never }
);

const useCommands = create<{ commands: PaletteCommand[] }>(() => ({ commands: [] }));

/** Adds commands to the palette; returns a function that removes them. */
export function registerCommands(commands: PaletteCommand[]): () => void {
  useCommands.setState((state) => ({
    commands: [...state.commands.filter((old) => !commands.some((command) => command.id === old.id)), ...commands],
  }));
  return () => useCommands.setState((state) => ({ commands: state.commands.filter((old) => !commands.includes(old)) }));
}

export const usePaletteCommands = () => useCommands((state) => state.commands);
