import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { errorMessage, isApiError, type FileNode } from '@/api';
import { useMe } from '@/features/auth';
import { Button, EmptyState, Menu, PlusIcon, QueryNotice, useDocumentTitle } from '@/ui';
import { downloadNode, type MoveTarget, useMoveNodes, useTrashNodes } from '../mutations';
import { fileQueries } from '../queries';
import type { FilesSearch } from '../search';
import { Breadcrumbs, type Crumb } from './breadcrumbs';
import { FileDragArea } from './drag';
import { FileList } from './file-list';
import { FilePreviewPanel, GrantDialog, UploadButton, useUploadDropZone } from './mounts';
import { nodeMenuItems } from './node-menu';
import { UsageMeter } from './usage-meter';
import { useFileSelection } from './use-file-selection';
import { type FileViewProps, menuButtonSelector } from './view-props';
import './files.css';

// Parts not every visit needs load when first used: the grid view, and the dialogs.
const FileGrid = lazy(() => import('./file-grid').then((module) => ({ default: module.FileGrid })));
const MoveDialog = lazy(() => import('./move-dialog').then((module) => ({ default: module.MoveDialog })));
const NewFolderDialog = lazy(() =>
  import('./new-folder-dialog').then((module) => ({ default: module.NewFolderDialog })),
);

/**
 * The drive at one folder (`folderId` null: the top level): where it is, what it holds (as a list
 * or as cards), what can be done with it, and the preview of a file beside it.
 */
export function FilesPage({ folderId, search }: { folderId: string | null; search: FilesSearch }) {
  const navigate = useNavigate();
  const me = useMe();
  const sort = search.sort ?? 'name';
  const order = search.order ?? 'asc';
  const view = search.view ?? 'list';
  const detail = useQuery({ ...fileQueries.node(folderId ?? ''), enabled: folderId !== null });
  const list = useInfiniteQuery(fileQueries.list(folderId, sort, order));
  const nodes = useMemo(() => list.data?.pages.flatMap((page) => page.nodes) ?? [], [list.data]);
  const folderName = folderId === null ? 'Files' : (detail.data?.node.name ?? 'Folder');
  useDocumentTitle(folderName);
  const here: MoveTarget = { id: folderId, name: folderName };

  const canChange = useCallback(
    (node: FileNode) => node.author.userId === me.user.id || me.permissions.manageCompanyFiles,
    [me],
  );

  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ node: FileNode; anchor: HTMLElement } | null>(null);
  const [moving, setMoving] = useState<FileNode[] | null>(null);
  const [granting, setGranting] = useState<FileNode | null>(null);
  const [creatingFolder, setCreatingFolder] = useState(false);
  const move = useMoveNodes();
  const trash = useTrashNodes();

  const keep = { view: search.view, sort: search.sort, order: search.order };
  const open = (node: FileNode) =>
    node.type === 'folder'
      ? void navigate({ to: '/files/$folderId', params: { folderId: node.id }, search: keep })
      : void navigate({ to: '.', search: (previous: FilesSearch) => ({ ...previous, preview: node.id }) });
  const startRename = (node: FileNode) => {
    if (canChange(node)) setRenamingId(node.id);
  };
  // Straight to the trash: its toast's Undo brings everything back (no confirmation first as well).
  const requestDelete = (chosen: FileNode[]) => {
    const changeable = chosen.filter(canChange);
    if (changeable.length > 0) trash.mutate(changeable);
  };
  const openMenu = (node: FileNode, anchor?: HTMLElement) => {
    const at = anchor ?? document.querySelector<HTMLElement>(menuButtonSelector(node.id));
    if (at) setMenu({ node, anchor: at });
  };

  const selection = useFileSelection(nodes, {
    onOpen: open,
    onRename: startRename,
    onDelete: requestDelete,
    onMenu: (node) => openMenu(node),
  });
  const { selectedNodes } = selection;
  const draggedFor = (node: FileNode) =>
    (selection.selection.selected.has(node.id) ? selectedNodes : [node]).filter(canChange);
  const moveTo = (chosen: FileNode[], target: MoveTarget) => move.mutate({ nodes: chosen, target });

  const path = useMemo<Crumb[]>(
    () => [
      { id: null, name: 'Files' },
      ...(detail.data?.path ?? []),
      ...(folderId !== null && detail.data ? [{ id: folderId, name: detail.data.node.name }] : []),
    ],
    [detail.data, folderId],
  );
  const { dropProps, isOver } = useUploadDropZone(folderId);

  // The previewed file: from the listing, or read on its own (a link to a file further down).
  const listed = search.preview ? nodes.find((node) => node.id === search.preview) : undefined;
  const fetched = useQuery({
    ...fileQueries.node(search.preview ?? ''),
    enabled: Boolean(search.preview) && !listed,
  });
  const previewed = listed ?? (fetched.data?.node.type === 'file' ? fetched.data.node : undefined);
  // The files beside the previewed one, for the panel's ‹ › (folders are skipped).
  const previewStep = (step: 1 | -1) => {
    if (!previewed) return undefined;
    const files = nodes.filter((node) => node.type === 'file');
    const next = files[files.findIndex((node) => node.id === previewed.id) + step];
    return next && files.some((node) => node.id === previewed.id)
      ? () =>
          void navigate({
            to: '.',
            search: (previous: FilesSearch) => ({ ...previous, preview: next.id }),
            replace: true,
          })
      : undefined;
  };
  const closePreview = () =>
    void navigate({ to: '.', search: (previous: FilesSearch) => ({ ...previous, preview: undefined }) });

  const setSearch = (next: Partial<FilesSearch>) =>
    void navigate({ to: '.', search: (previous: FilesSearch) => ({ ...previous, ...next }), replace: true });

  // The folder was deleted or moved out of reach (here, or by a colleague).
  if (folderId !== null && detail.isError) {
    const gone = isApiError(detail.error) && detail.error.status === 404;
    return (
      <div className="files-page">
        <h1>{gone ? 'This folder is gone' : 'This folder could not be loaded'}</h1>
        <QueryNotice
          status="error"
          message={gone ? 'It was deleted, or moved somewhere you cannot see.' : errorMessage(detail.error)}
          onRetry={gone ? undefined : () => void detail.refetch()}
        />
        <p>
          <Link to="/files">Go to Files</Link> · <Link to="/files/trash">Open the trash</Link>
        </p>
      </div>
    );
  }

  const viewProps: FileViewProps = {
    label: folderName,
    nodes,
    hasMore: list.hasNextPage,
    onLoadMore: () => {
      if (!list.isFetchingNextPage) void list.fetchNextPage();
    },
    selection,
    renamingId,
    onRenameDone: (refocus) => {
      setRenamingId(null);
      if (refocus) selection.requestFocus();
    },
    canChange,
    onOpen: open,
    onMenu: openMenu,
  };

  return (
    <div className="files-page">
      <FileDragArea draggedFor={draggedFor} onMove={moveTo}>
        <header className="files-header">
          <Breadcrumbs path={path} search={search} />
          <div className="files-title-row">
            <h1>{folderName}</h1>
            <div className="row files-toolbar">
              <Button onClick={() => setCreatingFolder(true)}>
                <PlusIcon />
                New folder
              </Button>
              <UploadButton parentId={folderId} />
              <div role="group" aria-label="View" className="files-view-toggle">
                <Button
                  size="small"
                  variant="ghost"
                  aria-pressed={view === 'list'}
                  onClick={() => setSearch({ view: undefined })}
                >
                  List
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  aria-pressed={view === 'grid'}
                  onClick={() => setSearch({ view: 'grid' })}
                >
                  Grid
                </Button>
              </div>
              <Link to="/files/trash" className="button" data-variant="ghost" data-size="small">
                Trash
              </Link>
            </div>
          </div>
          <UsageMeter />
        </header>
        <div className="files-selection-bar">
          <span role="status">{selectedNodes.length > 0 ? `${selectedNodes.length} selected` : ''}</span>
          {selectedNodes.length > 0 && (
            <>
              {selectedNodes.some(canChange) && (
                <>
                  <Button size="small" onClick={() => setMoving(selectedNodes.filter(canChange))}>
                    Move to…
                  </Button>
                  <Button size="small" variant="danger" onClick={() => requestDelete(selectedNodes)}>
                    Delete
                  </Button>
                </>
              )}
              <Button size="small" variant="ghost" onClick={selection.clear}>
                Clear selection
              </Button>
            </>
          )}
        </div>
        <section
          className="files-drop"
          aria-label={`Contents of ${folderName}`}
          data-over={isOver || undefined}
          {...dropProps}
        >
          {list.isPending ? (
            <QueryNotice status="loading" label="Loading files…" />
          ) : list.isError ? (
            <QueryNotice status="error" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
          ) : nodes.length === 0 ? (
            <EmptyState
              title={folderId === null ? 'Nothing in the drive yet' : 'This folder is empty'}
              action={
                <div className="row">
                  <UploadButton parentId={folderId} />
                  <Button size="small" onClick={() => setCreatingFolder(true)}>
                    New folder
                  </Button>
                </div>
              }
            >
              Drop files or a whole folder here to upload them.
            </EmptyState>
          ) : view === 'grid' ? (
            <Suspense fallback={<QueryNotice status="loading" label="Loading files…" />}>
              <FileGrid {...viewProps} />
            </Suspense>
          ) : (
            <FileList {...viewProps} sort={sort} order={order} onSort={setSearch} />
          )}
        </section>
      </FileDragArea>
      {menu && (
        <Menu
          anchor={menu.anchor}
          label={`Actions for ${menu.node.name}`}
          onClose={() => setMenu(null)}
          items={nodeMenuItems({
            node: menu.node,
            nodes: selection.selection.selected.has(menu.node.id) ? selectedNodes : [menu.node],
            canChange,
            onOpen: () => open(menu.node),
            onDownload: () => void downloadNode(menu.node),
            onRename: () => startRename(menu.node),
            onMove: setMoving,
            onGrant: () => setGranting(menu.node),
            onDelete: requestDelete,
          })}
        />
      )}
      <Suspense fallback={null}>
        {creatingFolder && <NewFolderDialog parentId={folderId} onClose={() => setCreatingFolder(false)} />}
        {moving && <MoveDialog nodes={moving} startAt={here} onMove={moveTo} onClose={() => setMoving(null)} />}
        {granting && <GrantDialog node={granting} onClose={() => setGranting(null)} />}
        {previewed && (
          <FilePreviewPanel
            node={previewed}
            onClose={closePreview}
            onPrevious={previewStep(-1)}
            onNext={previewStep(1)}
          />
        )}
      </Suspense>
    </div>
  );
}
