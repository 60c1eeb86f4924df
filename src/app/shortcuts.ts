import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { create } from 'zustand';
import { isTyping } from '@/lib/dom';

/**
 * `together`: keys pressed at once (Ctrl+K); `either`: any one of the keys (j or k); otherwise
 * one after the other (g then p).
 */
export type Shortcut = { keys: string[]; description: string; to?: string; together?: boolean; either?: boolean };

/** Every global shortcut; the "?" sheet lists exactly these. */
export const shortcuts: Shortcut[] = [
  { keys: ['?'], description: 'Show keyboard shortcuts' },
  { keys: ['Ctrl/⌘', 'K'], description: 'Search and commands (works everywhere)', together: true },
  { keys: ['g', 'h'], description: 'Go to Home', to: '/' },
  { keys: ['g', 'i'], description: 'Go to Inbox', to: '/inbox' },
  { keys: ['g', 'p'], description: 'Go to Projects', to: '/projects' },
  { keys: ['g', 'f'], description: 'Go to Files', to: '/files' },
  { keys: ['g', 'c'], description: 'Go to Content', to: '/content' },
  { keys: ['g', 'o'], description: 'Go to Organization', to: '/organization' },
  { keys: ['g', 'k'], description: 'Go to Settings → API keys', to: '/settings/api-keys' },
  { keys: ['g', 'a'], description: 'Go to Account', to: '/account' },
];

/** Keys that belong to one page; the sheet lists them under the page's name (they are handled there). */
export const pageShortcuts: { title: string; shortcuts: Shortcut[] }[] = [
  {
    title: 'In the inbox',
    shortcuts: [
      { keys: ['j', 'k'], description: 'Next or previous notification (also ↓ and ↑)', either: true },
      { keys: ['Enter'], description: 'Open the notification (marks it read)' },
      { keys: ['e'], description: 'Mark read, or unread again' },
      { keys: ['s'], description: 'Snooze: 1 hour, tomorrow 9:00, next week' },
      { keys: ['m'], description: 'Mute what it is about (again: unmute)' },
      { keys: ['x'], description: 'Select it (then “Mark selected read”)' },
    ],
  },
  {
    title: 'On a board',
    shortcuts: [
      { keys: ['Space'], description: 'Pick up a focused card, then arrow keys to move it, Space to drop' },
      { keys: ['.'], description: 'Open a focused card’s menu (also Shift+F10)' },
      { keys: ['j', 'k'], description: 'Next or previous card while a card is open', either: true },
    ],
  },
  {
    title: 'On the organization chart',
    shortcuts: [
      { keys: ['+', '−'], description: 'Zoom in or out (also the wheel, or a pinch)', either: true },
      { keys: ['0'], description: 'Fit the whole chart' },
      { keys: ['←', '→', '↑', '↓'], description: 'Move around the chart', either: true },
      { keys: ['Enter'], description: 'Open the selected person’s profile (in the outline too)' },
      { keys: ['.'], description: 'Actions for the selected node (also Shift+F10)' },
    ],
  },
  {
    title: 'In Files',
    shortcuts: [
      { keys: ['Enter'], description: 'Open the focused folder, or preview the focused file' },
      { keys: ['Shift', '↑ ↓'], description: 'Select a range (Ctrl/⌘+click and Shift+click too)', together: true },
      { keys: ['Ctrl/⌘', 'A'], description: 'Select everything in the folder', together: true },
      { keys: ['F2'], description: 'Rename the focused file or folder' },
      { keys: ['Delete'], description: 'Move the selection to the trash (Undo in the message)' },
      {
        keys: ['Shift', 'F10'],
        description: 'Open the focused row’s menu: Move to…, Download, Grant…',
        together: true,
      },
    ],
  },
  {
    title: 'In a wiki page or description',
    shortcuts: [
      { keys: ['/'], description: 'Insert a heading, list, table, code block…' },
      { keys: ['Ctrl/⌘', 'Alt', 'M'], description: 'Comment on the selected text', together: true },
      { keys: ['Alt', 'F10'], description: 'Go to the formatting toolbar (Esc comes back)', together: true },
      { keys: ['Ctrl/⌘', 'B'], description: 'Bold (I italic, E code, Shift+S strikethrough)', together: true },
      { keys: ['Ctrl/⌘', 'Z'], description: 'Undo (Shift+Z redo)', together: true },
      {
        keys: ['#', 'Space'],
        description: 'Markdown as you type: a heading (also -, 1., [ ], > and ``` for lists, tasks, quotes, code)',
      },
    ],
  },
];

export const useShortcutSheet = create<{ open: boolean }>(() => ({ open: false }));
export const openShortcutSheet = () => useShortcutSheet.setState({ open: true });
export const closeShortcutSheet = () => useShortcutSheet.setState({ open: false });

/** Listens for the global shortcuts; they never fire while typing or with a modifier held. */
export function useGlobalShortcuts() {
  const navigate = useNavigate();
  useEffect(() => {
    let prefix: string | null = null;
    let prefixTimer: ReturnType<typeof setTimeout> | undefined;

    function handleKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      if (event.key === '?') {
        event.preventDefault();
        openShortcutSheet();
        return;
      }
      const key = event.key.toLowerCase();
      if (prefix) {
        const match = shortcuts.find(
          (shortcut) => shortcut.keys.length === 2 && shortcut.keys[0] === prefix && shortcut.keys[1] === key,
        );
        prefix = null;
        clearTimeout(prefixTimer);
        if (match?.to) {
          event.preventDefault();
          void navigate({ to: match.to });
        }
        return;
      }
      if (shortcuts.some((shortcut) => !shortcut.together && shortcut.keys.length === 2 && shortcut.keys[0] === key)) {
        prefix = key;
        prefixTimer = setTimeout(() => (prefix = null), 1200);
      }
    }

    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      clearTimeout(prefixTimer);
    };
  }, [navigate]);
}
