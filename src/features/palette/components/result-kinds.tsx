import type { ReactNode } from 'react';
import { AgentIcon, BoardIcon, BookIcon, Icon, PageIcon, PeopleIcon, TeamIcon } from '@/ui';

/** How the palette shows each kind of search result: its group heading and its icon. */
export const kindLabels: Record<string, string> = {
  person: 'People',
  agent: 'Agents',
  team: 'Teams',
  project: 'Projects',
  card: 'Cards',
  wiki_page: 'Wiki pages',
  session: 'Sessions',
  cron_job: 'Cron jobs',
  webhook_endpoint: 'Webhook endpoints',
  file: 'Files',
  integration: 'Integrations',
};

export const kindIcons: Record<string, ReactNode> = {
  person: <PeopleIcon />,
  agent: <AgentIcon />,
  team: <TeamIcon />,
  project: <BoardIcon />,
  card: <BoardIcon />,
  wiki_page: <BookIcon />,
  file: <PageIcon />,
  session: <ChatIcon />,
};

/** A chat session with an agent (the palette's own icon: the shared set has none yet). */
function ChatIcon() {
  return (
    <Icon>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
      <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
    </Icon>
  );
}
