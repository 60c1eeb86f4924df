import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { AssignedCard, CardPriority } from '@/api';
import { formatDateTime } from '@/lib/format';
import { BlockedIcon, useNow } from '@/ui';
import { homeQueries } from '../queries';
import { CardLink } from './card-link';
import { dueState, dueText } from './due';
import { SectionStatus } from './section-status';

const priorityLabel: Record<CardPriority, string> = {
  urgent: 'Urgent',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  none: 'No priority',
};

/** Cards shown per board before "Show N more". */
const PREVIEW = 8;

type BoardGroup = { project: AssignedCard['project']; cards: AssignedCard[] };

/** The cards in the server's order (most urgent first), by board, boards in order of their most urgent card. */
function byBoard(cards: AssignedCard[]): BoardGroup[] {
  const groups = new Map<string, BoardGroup>();
  for (const card of cards) {
    const group = groups.get(card.project.id);
    if (group) group.cards.push(card);
    else groups.set(card.project.id, { project: card.project, cards: [card] });
  }
  return [...groups.values()];
}

/** Cards assigned to the signed-in person, by board, most urgent first; each opens its card panel. */
export function AssignedCards() {
  const query = useQuery(homeQueries.cards());
  const now = useNow();
  const cards = query.data?.cards;
  const groups = useMemo(() => (cards ? byBoard(cards) : []), [cards]);
  const overdue = cards?.filter((card) => card.due && dueState(card.due, now) === 'overdue').length ?? 0;

  return (
    <section className="home-section" aria-labelledby="home-cards-title">
      <div className="home-section-header">
        <h2 id="home-cards-title">Assigned to you</h2>
        {cards && cards.length > 0 && (
          <p className="muted">
            {cards.length}
            {query.data?.truncated ? '+' : ''} card{cards.length === 1 ? '' : 's'}
            {overdue > 0 ? ` · ${overdue} overdue` : ''}
          </p>
        )}
      </div>
      {!cards ? (
        <SectionStatus error={query.error} onRetry={() => void query.refetch()} />
      ) : cards.length === 0 ? (
        <div className="home-empty">
          <p>Nothing is assigned to you.</p>
          <p className="muted">
            Cards assigned to you on any board show up here. <Link to="/projects">Go to Projects</Link>
          </p>
        </div>
      ) : (
        <div className="home-groups" data-home-list="cards">
          {groups.map((group) => (
            <BoardCards key={group.project.id} group={group} now={now} />
          ))}
          {query.data?.truncated && <p className="muted home-note">Showing your {cards.length} most urgent cards.</p>}
        </div>
      )}
    </section>
  );
}

/**
 * One board's cards: the most urgent few, and the rest behind "Show N more" (someone with a
 * hundred cards on a board still sees what is due at a glance, and Home stays quick to draw).
 */
function BoardCards({ group, now }: { group: BoardGroup; now: number }) {
  const [expanded, setExpanded] = useState(false);
  const { project, cards } = group;
  const hidden = cards.length - PREVIEW;
  const shown = expanded || hidden <= 0 ? cards : cards.slice(0, PREVIEW);
  const headingId = `home-board-${project.id}`;
  return (
    <section className="home-group" aria-labelledby={headingId}>
      <h3 className="home-group-title">
        <Link id={headingId} to="/projects/$projectId" params={{ projectId: project.id }}>
          {project.name}
        </Link>
        <span className="home-group-count muted">
          {cards.length}
          <span className="visually-hidden"> card{cards.length === 1 ? '' : 's'}</span>
        </span>
      </h3>
      <ul className="home-list" id={`${headingId}-cards`}>
        {shown.map((card) => (
          <CardRow key={card.id} card={card} now={now} />
        ))}
      </ul>
      {hidden > 0 && (
        <button
          type="button"
          className="home-more"
          aria-expanded={expanded}
          aria-controls={`${headingId}-cards`}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Show fewer' : `Show ${hidden} more`}
        </button>
      )}
    </section>
  );
}

function CardRow({ card, now }: { card: AssignedCard; now: number }) {
  const state = card.due ? dueState(card.due, now) : undefined;
  return (
    <li className="home-card" data-blocked={card.blocked !== undefined || undefined}>
      <CardLink className="home-card-title" projectId={card.project.id} cardId={card.id}>
        {card.title}
      </CardLink>
      <span className="home-meta">
        <span className="home-column">
          <span className="visually-hidden">Column: </span>
          {card.column.name}
        </span>
        {card.priority !== 'none' && (
          <span className="home-priority" data-priority={card.priority}>
            <span className="visually-hidden">Priority: </span>
            {priorityLabel[card.priority]}
          </span>
        )}
        {card.due && state && (
          <time className="home-due" data-state={state} dateTime={card.due} title={formatDateTime(card.due)}>
            {dueText(card.due, state, now)}
          </time>
        )}
        {card.blocked !== undefined && (
          <span className="home-blocked" title={card.blocked}>
            <BlockedIcon /> Blocked<span className="visually-hidden">: {card.blocked}</span>
          </span>
        )}
      </span>
    </li>
  );
}
