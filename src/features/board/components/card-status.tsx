import { useQuery } from '@tanstack/react-query';
import type { Card } from '@/api';
import { locate } from '../board-cache';
import { useMoveCard } from '../mutations';
import { boardQueries } from '../queries';

/**
 * The card's column, as a status: choosing another moves the card to the bottom of that column,
 * through the same move as a drag (shown at once, the server's orders applied, a refused move
 * rolled back with the server's message).
 */
export function CardStatus({ projectId, card }: { projectId: string; card: Card }) {
  const board = useQuery(boardQueries.detail(projectId)).data;
  const move = useMoveCard(projectId);
  // Where the board shows the card (it moves there at once); the card's own field otherwise.
  const columnId = (board && locate(board, card.id)?.columnId) ?? card.column;
  return (
    <select
      id="card-status"
      className="select"
      value={columnId}
      disabled={card.archived || !board}
      onChange={(event) => {
        const target = board?.columns.find((column) => column.id === event.target.value);
        if (!target) return;
        const position = target.cards.filter((item) => item.id !== card.id).length;
        move.mutate({ cardId: card.id, columnId: target.id, position, title: card.title });
      }}
    >
      {board?.columns.map((column) => (
        <option key={column.id} value={column.id}>
          {column.name}
        </option>
      )) ?? <option value={card.column}>…</option>}
    </select>
  );
}
