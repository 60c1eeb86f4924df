import type { ReactNode } from 'react';
import { AgentIcon, BoardIcon, BookIcon, ClockIcon, Icon, PageIcon, PeopleIcon, TeamIcon } from '@/ui';

/** How the palette shows each kind of search result: its group heading and its icon. */
export const kindLabels: Record<string, string> = {
  person: 'People',
  agent: 'Agents',
  team: 'Teams',
  project: 'Projects',
  card: 'Cards',
  wiki_page: 'Wiki pages',
  session: 'Sessions',
  cron_job: 'Schedules',
  webhook_endpoint: 'Webhooks',
  file: 'Files',
  integration: 'Connections',
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
  integration: <PlugIcon />,
  cron_job: <ClockIcon />,
  webhook_endpoint: <WebhookIcon />,
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

/** An integration connection: a plug. */
function PlugIcon() {
  return (
    <Icon>
      <path d="M9 2v6M15 2v6" />
      <path d="M6 8h12v3a6 6 0 0 1-12 0V8Z" />
      <path d="M12 17v5" />
    </Icon>
  );
}

/** A webhook endpoint: a request arriving at a point. */
function WebhookIcon() {
  return (
    <Icon>
      <path d="M3 12h10" />
      <path d="m9 8 4 4-4 4" />
      <circle cx="18" cy="12" r="3" />
    </Icon>
  );
}
