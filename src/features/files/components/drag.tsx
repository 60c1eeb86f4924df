import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { FileNode } from '@/api';
import { fileKind } from '../format';
import { describeNodes, type MoveTarget } from '../mutations';
import { KindIcon } from './file-icons';

const pointerOptions = { activationConstraint: { distance: 6 } };
const touchOptions = { activationConstraint: { delay: 200, tolerance: 6 } };

/** The ids being dragged: a folder among them is no place to drop them. */
const DraggedContext = createContext<ReadonlySet<string>>(new Set());

type DropData = { target: MoveTarget };
type DragData = { node: FileNode };

/**
 * Moving by mouse (or touch): rows are dragged onto folder rows and breadcrumb items. Dragging a
 * selected row takes the whole selection (what the person may change of it). Screen readers hear
 * what is picked up, where it would go and where it went; "Move to…" is the keyboard's way.
 */
export function FileDragArea({
  children,
  draggedFor,
  onMove,
}: {
  children: ReactNode;
  /** What a drag starting on `node` moves. */
  draggedFor: (node: FileNode) => FileNode[];
  onMove: (nodes: FileNode[], target: MoveTarget) => void;
}) {
  const sensors = useSensors(useSensor(PointerSensor, pointerOptions), useSensor(TouchSensor, touchOptions));
  const [dragged, setDragged] = useState<FileNode[]>([]);
  const draggedIds = useMemo(() => new Set(dragged.map((node) => node.id)), [dragged]);

  const nodesOf = (data: unknown) => {
    const node = (data as DragData | undefined)?.node;
    return node ? draggedFor(node) : [];
  };
  const targetOf = (data: unknown) => (data as DropData | undefined)?.target;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${describeNodes(nodesOf(active.data.current))}. Release over a folder or a breadcrumb to move.`,
    onDragOver: ({ active, over }) => {
      const target = targetOf(over?.data.current);
      const what = describeNodes(nodesOf(active.data.current));
      return target ? `${what} is over ${target.name}.` : `${what} is not over a folder.`;
    },
    onDragEnd: ({ active, over }) => {
      const target = targetOf(over?.data.current);
      const what = describeNodes(nodesOf(active.data.current));
      return target ? `Moving ${what} to ${target.name}.` : `${what} stayed where it was.`;
    },
    onDragCancel: ({ active }) => `Moving ${describeNodes(nodesOf(active.data.current))} was cancelled.`,
  };

  function handleDragStart(event: DragStartEvent) {
    setDragged(nodesOf(event.active.data.current));
  }

  function handleDragEnd(event: DragEndEvent) {
    const nodes = dragged;
    setDragged([]);
    const target = targetOf(event.over?.data.current);
    if (target && nodes.length > 0) onMove(nodes, target);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDragged([])}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'Drag rows onto a folder or a breadcrumb to move them. With the keyboard, use Move to… in the row’s menu (Shift+F10).',
        },
      }}
    >
      <DraggedContext.Provider value={draggedIds}>{children}</DraggedContext.Provider>
      <DragOverlay dropAnimation={null}>
        {dragged.length > 0 && (
          <div className="files-drag-chip">
            <KindIcon kind={dragged.length === 1 ? fileKind(dragged[0]!) : 'other'} />
            {dragged.length === 1 ? dragged[0]!.name : `${dragged.length} items`}
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}

/** A row that can be picked up (only the pointer listeners: the row keeps its own role and keys). */
export function useDraggableNode(node: FileNode, disabled: boolean) {
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `node:${node.id}`,
    data: { node } satisfies DragData,
    disabled,
  });
  return { setDragRef: setNodeRef, dragListeners: disabled ? undefined : listeners, isDragging };
}

/** A folder (row or breadcrumb) that takes dropped rows, unless it is one of them or where they are. */
export function useFolderDrop(id: string, target: MoveTarget | null) {
  const dragged = useContext(DraggedContext);
  const disabled = target === null || (target.id !== null && dragged.has(target.id));
  const { setNodeRef, isOver } = useDroppable({
    id,
    data: target ? ({ target } satisfies DropData) : undefined,
    disabled,
  });
  return { setDropRef: setNodeRef, isDropTarget: isOver && !disabled };
}

/**
 * A list row or grid card: picked up by the pointer (unless it may not change, or is being
 * renamed), and, for a folder, a place to drop others. One ref for both.
 */
export function useNodeDragAndDrop(node: FileNode, options: { changeable: boolean; renaming: boolean }) {
  const { setDragRef, dragListeners, isDragging } = useDraggableNode(node, !options.changeable || options.renaming);
  const { setDropRef, isDropTarget } = useFolderDrop(
    `folder:${node.id}`,
    node.type === 'folder' ? { id: node.id, name: node.name } : null,
  );
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      setDragRef(element);
      setDropRef(element);
    },
    [setDragRef, setDropRef],
  );
  return { ref, dragListeners, isDragging, isDropTarget };
}
