import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { errorMessage, type FileNode } from '@/api';
import { Button, Dialog, FolderIcon, Spinner } from '@/ui';
import { describeNodes, type MoveTarget } from '../mutations';
import { fileQueries } from '../queries';

/**
 * "Move to…": a folder picker. The list shows the folders of one folder at a time: arrows choose,
 * Enter (or a double click) opens the chosen folder, Backspace or Alt+↑ goes up. The nodes go into
 * the chosen folder, or into the folder shown when none is chosen.
 */
export function MoveDialog({
  nodes,
  startAt,
  onMove,
  onClose,
}: {
  /** What moves (the dialog is mounted while open). */
  nodes: FileNode[];
  /** The folder shown first (the one the nodes are in). */
  startAt: MoveTarget;
  onMove: (nodes: FileNode[], target: MoveTarget) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} title={`Move ${describeNodes(nodes)}`}>
      <MovePicker nodes={nodes} startAt={startAt} onMove={onMove} onClose={onClose} />
    </Dialog>
  );
}

function MovePicker({
  nodes,
  startAt,
  onMove,
  onClose,
}: {
  nodes: FileNode[];
  startAt: MoveTarget;
  onMove: (nodes: FileNode[], target: MoveTarget) => void;
  onClose: () => void;
}) {
  const [trail, setTrail] = useState<MoveTarget[]>([{ id: null, name: 'Files' }]);
  const browsed = trail.at(-1)!;
  // The path to the folder the nodes are in, so the picker opens there.
  const start = useQuery({ ...fileQueries.node(startAt.id ?? ''), enabled: startAt.id !== null });
  const [startedAt, setStartedAt] = useState<string | null>(null);
  if (startAt.id !== null && start.data && startedAt !== startAt.id) {
    setStartedAt(startAt.id);
    setTrail([{ id: null, name: 'Files' }, ...start.data.path, { id: startAt.id, name: start.data.node.name }]);
  }

  const list = useInfiniteQuery(fileQueries.list(browsed.id, 'name', 'asc'));
  const folders = useMemo(
    () => (list.data?.pages.flatMap((page) => page.nodes) ?? []).filter((node) => node.type === 'folder'),
    [list.data],
  );
  // Folders come first: read on while a page ends with a folder.
  const lastLoaded = list.data?.pages.at(-1)?.nodes.at(-1);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastLoaded?.type === 'folder') void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastLoaded, fetchNextPage]);

  const moving = useMemo(() => new Set(nodes.map((node) => node.id)), [nodes]);
  const [active, setActive] = useState<string | null>(null);
  const activeFolder = folders.find((folder) => folder.id === active);
  const target: MoveTarget = activeFolder ? { id: activeFolder.id, name: activeFolder.name } : browsed;
  const blocked = moving.has(target.id ?? '');
  const alreadyThere = nodes.every((node) => node.parentId === target.id);
  const listId = useId();

  const open = (folder: FileNode) => {
    if (moving.has(folder.id)) return;
    setTrail([...trail, { id: folder.id, name: folder.name }]);
    setActive(null);
  };
  const up = () => {
    if (trail.length < 2) return;
    setActive(trail.at(-1)!.id);
    setTrail(trail.slice(0, -1));
  };

  function handleKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const index = folders.findIndex((folder) => folder.id === active);
    const choose = (next: number) => {
      const folder = folders[Math.max(0, Math.min(folders.length - 1, next))];
      if (folder) setActive(folder.id);
    };
    if (event.key === 'ArrowDown') choose(index + 1);
    else if (event.key === 'ArrowUp') choose(index === -1 ? 0 : index - 1);
    else if (event.key === 'Home') choose(0);
    else if (event.key === 'End') choose(folders.length - 1);
    else if ((event.key === 'Enter' || event.key === 'ArrowRight') && activeFolder) open(activeFolder);
    else if (event.key === 'Backspace' || event.key === 'ArrowLeft' || (event.altKey && event.key === 'ArrowUp')) up();
    else return;
    event.preventDefault();
  }

  useEffect(() => {
    if (active) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        if (blocked || alreadyThere) return;
        onClose();
        onMove(nodes, target);
      }}
    >
      <nav aria-label="Folder path" className="files-breadcrumbs files-picker-path">
        <ol>
          {trail.map((step, index) => (
            <li key={step.id ?? 'root'}>
              {index === trail.length - 1 ? (
                <span aria-current="location">{step.name}</span>
              ) : (
                <button
                  type="button"
                  className="files-picker-crumb"
                  onClick={() => {
                    setTrail(trail.slice(0, index + 1));
                    setActive(null);
                  }}
                >
                  {step.name}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <ul
        role="listbox"
        tabIndex={0}
        data-autofocus
        aria-label={`Folders in ${browsed.name}`}
        aria-activedescendant={active ? `${listId}-${active}` : undefined}
        aria-describedby={`${listId}-hint`}
        className="files-picker-list"
        onKeyDown={handleKeyDown}
      >
        {folders.map((folder) => (
          <li
            key={folder.id}
            id={`${listId}-${folder.id}`}
            role="option"
            aria-selected={folder.id === active}
            aria-disabled={moving.has(folder.id) || undefined}
            className="files-picker-option"
            onClick={() => setActive(folder.id)}
            onDoubleClick={() => open(folder)}
          >
            <FolderIcon />
            <span>{folder.name}</span>
            {moving.has(folder.id) && <span className="muted">(being moved)</span>}
          </li>
        ))}
      </ul>
      {list.isPending ? (
        <p className="row muted" role="status">
          <Spinner /> Loading folders…
        </p>
      ) : list.isError ? (
        <p className="notice" data-tone="danger" role="alert">
          {errorMessage(list.error)}
        </p>
      ) : folders.length === 0 ? (
        <p className="muted">No folders in {browsed.name}.</p>
      ) : null}
      <p id={`${listId}-hint`} className="muted files-picker-hint">
        Arrow keys choose a folder, Enter opens it, Backspace goes up.
      </p>
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={blocked || alreadyThere}>
          {alreadyThere ? `Already in ${target.name}` : `Move to ${target.name}`}
        </Button>
      </div>
    </form>
  );
}
