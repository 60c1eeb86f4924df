import { create } from 'zustand';

export type ThemePreference = 'system' | 'light' | 'dark';
const STORAGE_KEY = 'workspace.theme';
const darkQuery = typeof window !== 'undefined' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;

function readPreference(): ThemePreference {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

function apply(preference: ThemePreference) {
  const dark = preference === 'dark' || (preference === 'system' && Boolean(darkQuery?.matches));
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

/** The theme preference: follows the system unless the person picks light or dark. */
export const useTheme = create<{ preference: ThemePreference }>(() => ({ preference: readPreference() }));

export function setThemePreference(preference: ThemePreference) {
  if (preference === 'system') localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, preference);
  useTheme.setState({ preference });
  apply(preference);
}

/** Light ⇄ dark, from whatever is showing now. */
export function toggleTheme() {
  setThemePreference(document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark');
}

darkQuery?.addEventListener('change', () => apply(useTheme.getState().preference));
