import type { NotificationMute } from './queries';

/** A route to open a muted thing, with its parameters. */
export type MuteLink =
  | { to: '/projects/$projectId'; params: { projectId: string }; search: { card: string } }
  | { to: '/projects/$projectId/wiki/$pageId'; params: { projectId: string; pageId: string } }
  | { to: '/agents/$agentId/sessions/$sessionId'; params: { agentId: string; sessionId: string } }
  | { to: '/files'; search: { preview: string } };

/**
 * Where a muted thing opens, or null when it cannot be opened (it is gone, or its place is
 * unknown). Cards and wiki pages live in a project and conversations under an agent: their links
 * take the ids the server sends with the mute (`link`, the same object as a notification's, empty
 * when the thing is gone); a file opens by its own id (the Files page finds its folder).
 */
export function muteLink(mute: NotificationMute): MuteLink | null {
  // An empty title: the thing no longer exists.
  if (!mute.title) return null;
  const { projectId, agentId } = mute.link;
  switch (mute.thingKind) {
    case 'card':
      return projectId ? { to: '/projects/$projectId', params: { projectId }, search: { card: mute.thingId } } : null;
    case 'wiki_page':
      return projectId
        ? { to: '/projects/$projectId/wiki/$pageId', params: { projectId, pageId: mute.thingId } }
        : null;
    case 'agent_session':
      return agentId
        ? { to: '/agents/$agentId/sessions/$sessionId', params: { agentId, sessionId: mute.thingId } }
        : null;
    case 'file':
      return { to: '/files', search: { preview: mute.thingId } };
    case 'credits':
      return null;
  }
}
