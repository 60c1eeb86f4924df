import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, errorMessage, unwrap, type FileNode } from '@/api';
import { toast } from '@/ui';
import { dropNodes, putNode } from './cache';
import { fileQueries } from './queries';

/** "“report.pdf”" for one node, "3 items" for several. */
export function describeNodes(nodes: readonly { name: string }[]): string {
  return nodes.length === 1 ? `“${nodes[0]!.name}”` : `${nodes.length} items`;
}

/** One toast for the refusals of a batch: the first one's message, and how many more failed. */
function reportFailures(action: string, failures: { node: FileNode; error: unknown }[]) {
  const [first] = failures;
  if (!first) return;
  const more = failures.length > 1 ? ` (${failures.length - 1} more could not either)` : '';
  toast('error', `Could not ${action} “${first.node.name}”`, `${errorMessage(first.error)}${more}`);
}

/** A folder's listings are being changed here: a fetch on its way would overwrite the change. */
async function holdLists(queryClient: QueryClient, parentIds: (string | null)[]) {
  await Promise.all(
    [...new Set(parentIds)].map((parentId) =>
      queryClient.cancelQueries({ queryKey: fileQueries.folderLists(parentId) }),
    ),
  );
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, parentId }: { name: string; parentId: string | null }) =>
      unwrap(api.POST('/client/files/nodes', { body: { type: 'folder', name, parentId, onConflict: 'fail' } })),
    onSuccess: (node) => putNode(queryClient, node),
  });
}

/** Renames a node; the caller shows a refusal beside the name (the typed text stays). */
export function useRenameNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ node, name }: { node: FileNode; name: string }) =>
      unwrap(api.PATCH('/client/files/{nodeId}', { params: { path: { nodeId: node.id } }, body: { name } })),
    onSuccess: (node) => {
      putNode(queryClient, node);
      // Paths through a renamed folder (breadcrumbs below it) are read again when next shown.
      if (node.type === 'folder')
        void queryClient.invalidateQueries({ queryKey: [...fileQueries.all, 'node'], refetchType: 'none' });
    },
  });
}

export type MoveTarget = { id: string | null; name: string };

/**
 * Moves nodes into a folder: they leave their folder and appear in the target at once; each the
 * server refuses (a name taken there, a folder into itself, not yours) goes back, with the
 * server's message. What the server answers stands.
 */
export function useMoveNodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...fileQueries.all, 'move'],
    mutationFn: async ({ nodes, target }: { nodes: FileNode[]; target: MoveTarget }) => {
      const moving = nodes.filter((node) => node.parentId !== target.id && node.id !== target.id);
      if (moving.length === 0) return { moved: [] as FileNode[] };
      await holdLists(queryClient, [target.id, ...moving.map((node) => node.parentId)]);
      for (const node of moving) {
        dropNodes(queryClient, node.parentId, [node.id]);
        putNode(queryClient, { ...node, parentId: target.id });
      }
      const results = await Promise.allSettled(
        moving.map((node) =>
          unwrap(
            api.PATCH('/client/files/{nodeId}', {
              params: { path: { nodeId: node.id } },
              body: { parentId: target.id },
            }),
          ),
        ),
      );
      const moved: FileNode[] = [];
      const failures: { node: FileNode; error: unknown }[] = [];
      results.forEach((result, index) => {
        const node = moving[index]!;
        if (result.status === 'fulfilled') {
          moved.push(result.value);
          putNode(queryClient, result.value);
        } else {
          dropNodes(queryClient, target.id, [node.id]);
          putNode(queryClient, node);
          failures.push({ node, error: result.reason });
        }
      });
      // The path of a moved folder (and of everything in it) changed.
      if (moved.some((node) => node.type === 'folder'))
        void queryClient.invalidateQueries({ queryKey: [...fileQueries.all, 'node'], refetchType: 'none' });
      reportFailures('move', failures);
      if (moved.length > 0) toast('success', `Moved ${describeNodes(moved)} to ${target.name}`);
      return { moved };
    },
  });
}

/** Brings deleted nodes back into their folders (or the top level); a refusal (name taken) is shown. */
export function useRestoreNodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nodes: FileNode[]) => restoreNodes(queryClient, nodes),
  });
}

async function restoreNodes(queryClient: QueryClient, nodes: FileNode[]) {
  const results = await Promise.allSettled(
    nodes.map((node) => unwrap(api.POST('/client/files/{nodeId}/restore', { params: { path: { nodeId: node.id } } }))),
  );
  const restored: FileNode[] = [];
  const failures: { node: FileNode; error: unknown }[] = [];
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') {
      restored.push(result.value);
      putNode(queryClient, result.value);
    } else failures.push({ node: nodes[index]!, error: result.reason });
  });
  const back = new Set(restored.map((node) => node.id));
  queryClient.setQueryData(fileQueries.trash().queryKey, (trash) => trash?.filter((node) => !back.has(node.id)));
  void queryClient.invalidateQueries({ queryKey: fileQueries.trash().queryKey });
  reportFailures('restore', failures);
  if (restored.length > 0) toast('success', `Restored ${describeNodes(restored)}`);
  return { restored };
}

/**
 * Moves nodes to the trash: they leave the list at once, and a toast offers Undo (restore). Each
 * refusal puts its node back with the server's message.
 */
export function useTrashNodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (nodes: FileNode[]) => {
      await holdLists(
        queryClient,
        nodes.map((node) => node.parentId),
      );
      for (const node of nodes) dropNodes(queryClient, node.parentId, [node.id]);
      const results = await Promise.allSettled(
        nodes.map((node) => unwrap(api.DELETE('/client/files/{nodeId}', { params: { path: { nodeId: node.id } } }))),
      );
      const trashed: FileNode[] = [];
      const failures: { node: FileNode; error: unknown }[] = [];
      results.forEach((result, index) => {
        const node = nodes[index]!;
        if (result.status === 'fulfilled') trashed.push(node);
        else {
          putNode(queryClient, node);
          failures.push({ node, error: result.reason });
        }
      });
      void queryClient.invalidateQueries({ queryKey: fileQueries.trash().queryKey });
      reportFailures('delete', failures);
      if (trashed.length > 0)
        toast('success', `Moved ${describeNodes(trashed)} to the trash`, undefined, {
          action: { label: 'Undo', onAction: () => void restoreNodes(queryClient, trashed) },
        });
      return { trashed };
    },
  });
}

/** Downloads a file under its name (the server's signed attachment URL); a refusal shows in a toast. */
export async function downloadNode(node: FileNode) {
  try {
    const { signedUrl } = await unwrap(
      api.GET('/client/files/{nodeId}/download-url', {
        params: { path: { nodeId: node.id }, query: { inline: 'false' } },
      }),
    );
    const link = document.createElement('a');
    link.href = signedUrl;
    link.download = node.name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } catch (error) {
    toast('error', `Could not download “${node.name}”`, errorMessage(error));
  }
}
