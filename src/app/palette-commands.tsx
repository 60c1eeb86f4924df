import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { api, unwrap, type Me } from '@/api';
import { openCreateCard } from '@/features/board';
import { InboxIcon } from '@/features/notifications';
import { registerCommands, type PaletteChoice } from '@/features/palette';
import {
  AgentIcon,
  BoardIcon,
  FolderIcon,
  HomeIcon,
  KeyboardIcon,
  KeyIcon,
  OrgChartIcon,
  PeopleIcon,
  PlusIcon,
  SettingsIcon,
  TeamIcon,
  ThemeIcon,
  UserIcon,
} from '@/ui';
import { openShortcutSheet } from './shortcuts';
import { toggleTheme } from './theme';

/** The company's active agents, to pick one to ask (paused and completed agents take no new work). */
async function activeAgents(signal: AbortSignal) {
  const agents = await unwrap(api.GET('/agents', { params: { query: { status: 'active' } }, signal }));
  return agents.map((agent) => ({ id: agent.id, label: agent.name, context: agent.role }));
}

/** The app's own palette commands: going places, asking an agent, the theme, shortcuts, creating a card. */
export function useAppCommands(me: Me) {
  const navigate = useNavigate();
  useEffect(() => {
    const go = (to: string) => () => void navigate({ to });
    const company = Boolean(me.company);
    return registerCommands([
      ...(company
        ? [
            {
              id: 'create-card',
              label: 'Create card…',
              keywords: 'new task add',
              icon: <PlusIcon />,
              run: openCreateCard,
            },
            {
              id: 'ask-agent',
              label: 'Ask an agent…',
              keywords: 'chat ai bot question new session',
              icon: <AgentIcon />,
              choices: {
                label: 'Pick an agent to ask',
                placeholder: 'Pick an agent…',
                group: 'Agents',
                empty: 'No agent is active in this company.',
                icon: <AgentIcon />,
                load: activeAgents,
                choose: (agent: PaletteChoice) =>
                  void navigate({ to: '/agents/$agentId/chat', params: { agentId: agent.id } }),
              },
            },
          ]
        : []),
      { id: 'go-home', label: 'Go to Home', hint: 'g h', icon: <HomeIcon />, run: go('/') },
      ...(company
        ? [
            {
              id: 'go-inbox',
              label: 'Go to Inbox',
              keywords: 'notifications mentions replies unread assigned',
              hint: 'g i',
              icon: <InboxIcon />,
              run: go('/inbox'),
            },
            {
              id: 'go-projects',
              label: 'Go to Projects',
              keywords: 'boards',
              hint: 'g p',
              icon: <BoardIcon />,
              run: go('/projects'),
            },
            {
              id: 'go-files',
              label: 'Go to Files',
              keywords: 'drive documents uploads folders',
              hint: 'g f',
              icon: <FolderIcon />,
              run: go('/files'),
            },
            {
              id: 'go-organization',
              label: 'Go to Organization',
              keywords: 'org chart reports managers teams hierarchy',
              hint: 'g o',
              icon: <OrgChartIcon />,
              run: go('/organization'),
            },
            {
              id: 'go-people',
              label: 'Go to People',
              keywords: 'directory colleagues',
              icon: <PeopleIcon />,
              run: go('/people'),
            },
            { id: 'go-agents', label: 'Go to Agents', keywords: 'ai bots', icon: <AgentIcon />, run: go('/agents') },
            { id: 'go-teams', label: 'Go to Teams', icon: <TeamIcon />, run: go('/teams') },
            {
              id: 'go-members',
              label: 'Go to Members',
              keywords: 'settings invite invitations people roles admins remove',
              icon: <PeopleIcon />,
              run: go('/settings/members'),
            },
            {
              id: 'go-api-keys',
              label: 'Go to API keys',
              keywords: 'settings tokens',
              hint: 'g k',
              icon: <KeyIcon />,
              run: go('/settings/api-keys'),
            },
            {
              id: 'go-integrations',
              label: 'Go to Integrations',
              keywords: 'settings connections connect github slack credentials tools',
              icon: <KeyIcon />,
              run: go('/settings/integrations'),
            },
            {
              id: 'go-notification-settings',
              label: 'Notification settings',
              keywords: 'settings notifications email mute muted unmute preferences',
              icon: <SettingsIcon />,
              run: go('/settings/notifications'),
            },
            ...(me.permissions.manageBilling
              ? [
                  {
                    id: 'go-billing',
                    label: 'Go to Billing',
                    keywords: 'settings credits plan subscription ledger usage buy invoice payment',
                    icon: <KeyIcon />,
                    run: go('/settings/billing'),
                  },
                ]
              : []),
          ]
        : []),
      {
        id: 'go-account',
        label: 'Go to Account',
        keywords: 'profile',
        hint: 'g a',
        icon: <UserIcon />,
        run: go('/account'),
      },
      {
        id: 'toggle-theme',
        label: 'Toggle theme',
        keywords: 'dark light mode',
        icon: <ThemeIcon />,
        run: toggleTheme,
      },
      {
        id: 'shortcuts',
        label: 'Show keyboard shortcuts',
        keywords: 'help keys',
        hint: '?',
        icon: <KeyboardIcon />,
        run: openShortcutSheet,
      },
    ]);
  }, [navigate, me.company, me.permissions.manageBilling]);
}
