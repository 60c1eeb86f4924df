import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Me } from '@/api';
import { openCreateCard } from '@/features/board';
import { registerCommands } from '@/features/palette';
import { openShortcutSheet } from './shortcuts';
import { toggleTheme } from './theme';

/** The app's own palette commands: going places, the theme, shortcuts, creating a card. */
export function useAppCommands(me: Me) {
  const navigate = useNavigate();
  useEffect(() => {
    const go = (to: string) => () => void navigate({ to });
    const company = Boolean(me.company);
    return registerCommands([
      ...(company ? [{ id: 'create-card', label: 'Create card…', keywords: 'new task add', run: openCreateCard }] : []),
      { id: 'go-home', label: 'Go to Home', hint: 'g h', run: go('/') },
      ...(company
        ? [
            { id: 'go-projects', label: 'Go to Projects', keywords: 'boards', hint: 'g p', run: go('/projects') },
            { id: 'go-people', label: 'Go to People', keywords: 'directory colleagues', run: go('/people') },
            { id: 'go-agents', label: 'Go to Agents', keywords: 'ai bots', run: go('/agents') },
            { id: 'go-teams', label: 'Go to Teams', run: go('/teams') },
          ]
        : []),
      {
        id: 'go-api-keys',
        label: 'Go to API keys',
        keywords: 'settings tokens',
        hint: 'g k',
        run: go('/settings/api-keys'),
      },
      { id: 'go-account', label: 'Go to Account', keywords: 'profile', hint: 'g a', run: go('/account') },
      { id: 'toggle-theme', label: 'Toggle theme', keywords: 'dark light mode', run: toggleTheme },
      { id: 'shortcuts', label: 'Show keyboard shortcuts', keywords: 'help keys', hint: '?', run: openShortcutSheet },
    ]);
  }, [navigate, me.company]);
}
