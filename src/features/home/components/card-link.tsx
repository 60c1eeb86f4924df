import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

/**
 * A link to a card's panel on its board (`/projects/<id>?card=<id>`). A plain anchor that the
 * router follows on a plain click: Home shows a couple of hundred of these, and a router `Link`
 * apiece costs a noticeable part of Home's first frame (and would preload a whole board on hover).
 */
export function CardLink({
  projectId,
  cardId,
  className,
  children,
}: {
  projectId: string;
  cardId: string;
  className?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ to: '/projects/$projectId', params: { projectId }, search: { card: cardId } });
  };
  return (
    <a className={className} href={`/projects/${projectId}?card=${cardId}`} onClick={open}>
      {children}
    </a>
  );
}
