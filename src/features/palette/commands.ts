import type { ReactNode } from 'react';
import { create } from 'zustand';

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
  run: () => void;
};

const useCommands = create<{ commands: PaletteCommand[] }>(() => ({ commands: [] }));

/** Adds commands to the palette; returns a function that removes them. */
export function registerCommands(commands: PaletteCommand[]): () => void {
  useCommands.setState((state) => ({
    commands: [...state.commands.filter((old) => !commands.some((command) => command.id === old.id)), ...commands],
  }));
  return () => useCommands.setState((state) => ({ commands: state.commands.filter((old) => !commands.includes(old)) }));
}

export const usePaletteCommands = () => useCommands((state) => state.commands);
