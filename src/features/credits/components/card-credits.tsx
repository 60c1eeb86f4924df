import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent } from '@/api';
import { formatCount, formatCredits } from '../format';
import { creditQueries } from '../queries';
import './credits.css';

/**
 * In a card's panel: what agent work on this card has cost, in total and by agent ("Shipwright 12
 * · Triage 3"), once there is any. Read again when an agent changes the card (its edit, move or
 * comment is charged to it), and when a credits event names the card (the tab's `useCreditsLive`).
 */
export function CardCredits({ projectId, cardId }: { projectId: string; cardId: string }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(creditQueries.card(projectId, cardId));

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: creditQueries.cardKey(cardId) });
    const stops = [
      // Only an agent's changes cost credits.
      onLiveEvent('card.updated', ({ data: event }) => {
        if (event.card.id === cardId && event.actorAgentId) refresh();
      }),
      onLiveEvent('card.moved', ({ data: event }) => {
        if (event.card.id === cardId && event.actorAgentId) refresh();
      }),
      onLiveEvent('comment.created', ({ data: event }) => {
        if (event.cardId === cardId && event.actorAgentId) refresh();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient, cardId]);

  if (!data || data.total <= 0) return null;
  const agents = data.byAgent.filter((agent) => agent.credits > 0);
  return (
    <section className="credits-card" aria-label="Credits spent on this card">
      <p>
        Agent work on this card: <strong>{formatCredits(data.total)}</strong>
      </p>
      {agents.length > 0 && (
        <p className="muted credits-card-agents">
          {agents.map((agent, index) => (
            <span key={agent.agentId}>
              {index > 0 && ' · '}
              {agent.name} {formatCount(agent.credits)}
            </span>
          ))}
        </p>
      )}
    </section>
  );
}
