import { type FormEvent, useState } from 'react';
import type { BoardCard, ProjectDetail } from '@/api';
import { Button, Dialog, SelectField } from '@/ui';
import { locate } from '../board-cache';

/** Moving without dragging: pick the column and the position. */
export function MoveToDialog({
  board,
  card,
  onMove,
  onClose,
}: {
  board: ProjectDetail;
  card: BoardCard | null;
  onMove: (columnId: string, position: number) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={card !== null} onClose={onClose} title={card ? `Move “${card.title}”` : ''}>
      {card && <MoveToForm key={card.id} board={board} card={card} onMove={onMove} onClose={onClose} />}
    </Dialog>
  );
}

function MoveToForm({
  board,
  card,
  onMove,
  onClose,
}: {
  board: ProjectDetail;
  card: BoardCard;
  onMove: (columnId: string, position: number) => void;
  onClose: () => void;
}) {
  const here = locate(board, card.id);
  const [columnId, setColumnId] = useState(here?.columnId ?? board.columns[0]?.id ?? '');
  const column = board.columns.find((item) => item.id === columnId);
  const others = column?.cards.filter((item) => item.id !== card.id) ?? [];
  const [position, setPosition] = useState(String(here && here.columnId === columnId ? here.index : 0));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onMove(columnId, Number(position));
    onClose();
  }

  return (
    <form className="stack" onSubmit={handleSubmit}>
      <SelectField
        label="Column"
        value={columnId}
        onChange={(event) => {
          setColumnId(event.target.value);
          setPosition('0');
        }}
      >
        {board.columns.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
            {item.id === here?.columnId ? ' (current)' : ''}
          </option>
        ))}
      </SelectField>
      <SelectField label="Position" value={position} onChange={(event) => setPosition(event.target.value)}>
        {Array.from({ length: others.length + 1 }, (_, index) => (
          <option key={index} value={index}>
            {index + 1}
            {index === 0 ? ' (top)' : index === others.length ? ' (bottom)' : ` (after “${others[index - 1]!.title}”)`}
          </option>
        ))}
      </SelectField>
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary">
          Move card
        </Button>
      </div>
    </form>
  );
}
