import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type KeyboardEvent, useRef } from 'react';
import { setDraftText, useDraftText } from '@/lib/drafts';
import type { ChecklistItem } from '@/api';
import { Button } from '@/ui';

/** Items one card may hold (the server's limit). */
const MAX_ITEMS = 100;

const pointerOptions = { activationConstraint: { distance: 4 } };
const keyboardOptions = { coordinateGetter: sortableKeyboardCoordinates };

/** Items have no ids of their own: an item is its place and text while a drag lasts. */
const idOf = (item: ChecklistItem, index: number) => `${index}:${item.text}`;

/**
 * A card's checklist: tick items, add and remove them, and reorder them by dragging the handle
 * with a pointer or with the keyboard (Space picks up, arrows move, Space drops, Escape cancels;
 * announced to screen readers). Every change is handed to `onChange` to save.
 */
export function ChecklistEditor({
  items,
  onChange,
  draftKey,
}: {
  items: ChecklistItem[];
  onChange: (items: ChecklistItem[]) => void;
  /** Where the item being typed is kept until it is added (lib/drafts): it survives a reload. */
  draftKey: string;
}) {
  const newItem = useDraftText(draftKey);
  const setNewItem = (text: string) => setDraftText(draftKey, text);
  const sensors = useSensors(useSensor(PointerSensor, pointerOptions), useSensor(KeyboardSensor, keyboardOptions));
  const ids = items.map(idOf);
  const done = items.filter((item) => item.done).length;
  const textOf = (id: string | number) => items[ids.indexOf(String(id))]?.text ?? 'item';
  const lastOver = useRef<string | number | null>(null);
  const placeOf = (id: string | number | undefined) => (id === undefined ? -1 : ids.indexOf(String(id)));

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up “${textOf(active.id)}”, item ${placeOf(active.id) + 1} of ${items.length}. Arrow keys move it, Space drops it, Escape cancels.`;
    },
    // Each place is said once: the first report after picking up is where it already was.
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return `“${textOf(active.id)}” is now at position ${placeOf(over.id) + 1} of ${items.length}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `Dropped “${textOf(active.id)}” at position ${placeOf(over.id) + 1} of ${items.length}.`
        : `“${textOf(active.id)}” stays where it was.`,
    onDragCancel: ({ active }) => `Cancelled. “${textOf(active.id)}” stays where it was.`,
  };

  function handleDragEnd({ active, over }: DragEndEvent) {
    const from = placeOf(active.id);
    const to = placeOf(over?.id);
    if (from < 0 || to < 0 || from === to) return;
    onChange(arrayMove(items, from, to));
  }

  const add = () => {
    const value = newItem.trim();
    if (!value) return;
    setNewItem('');
    onChange([...items, { text: value, done: false }]);
  };

  return (
    <fieldset className="card-editor-section">
      <legend>
        Checklist{' '}
        {items.length > 0 && (
          <span className="muted">
            ({done}/{items.length})
          </span>
        )}
      </legend>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={handleDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To reorder an item, press Space on its handle, move it with the arrow keys, and press Space again to drop it. Escape cancels.',
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ul className="checklist">
            {items.map((item, index) => (
              <SortableItem
                key={ids[index]}
                id={ids[index]!}
                item={item}
                onToggle={() =>
                  onChange(items.map((entry, i) => (i === index ? { ...entry, done: !entry.done } : entry)))
                }
                onRemove={() => onChange(items.filter((_, i) => i !== index))}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <div className="row" style={{ flexWrap: 'nowrap' }}>
        <label className="visually-hidden" htmlFor="card-new-item">
          New checklist item
        </label>
        <input
          id="card-new-item"
          className="input"
          maxLength={500}
          placeholder="Add an item"
          value={newItem}
          onChange={(event) => setNewItem(event.target.value)}
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        <Button size="small" onClick={add} disabled={!newItem.trim() || items.length >= MAX_ITEMS}>
          Add
        </Button>
      </div>
    </fieldset>
  );
}

function SortableItem({
  id,
  item,
  onToggle,
  onRemove,
}: {
  id: string;
  item: ChecklistItem;
  onToggle: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <li
      ref={setNodeRef}
      className="checklist-item"
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="card-face-handle checklist-handle"
        aria-label={`Reorder “${item.text}”`}
        {...attributes}
        {...listeners}
      >
        <svg width="12" height="16" viewBox="0 0 12 16" aria-hidden="true">
          {[3, 8, 13].flatMap((y) =>
            [3, 9].map((x) => <circle key={`${x}${y}`} cx={x} cy={y} r="1.4" fill="currentColor" />),
          )}
        </svg>
      </button>
      <label className="row" style={{ flex: 1, flexWrap: 'nowrap' }}>
        <input type="checkbox" checked={item.done} onChange={onToggle} />
        <span data-done={item.done || undefined}>{item.text}</span>
      </label>
      <Button size="small" variant="ghost" onClick={onRemove} aria-label={`Remove “${item.text}”`}>
        ×
      </Button>
    </li>
  );
}
