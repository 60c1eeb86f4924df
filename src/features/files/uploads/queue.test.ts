import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiError as ApiErrorClass, FileNode, UploadTarget } from '@/api';
import type * as QueueModule from './queue';
import type * as StoreModule from './store';
import type * as TransportModule from './transport';
import type { CreateNodeInput, UploadTransport } from './transport';

type Queue = typeof QueueModule;
type Store = typeof StoreModule;
type Transport = typeof TransportModule;

let queue: Queue;
let store: Store;
let transportModule: Transport;
// Loaded afresh with the queue (vi.resetModules), so `instanceof` checks see the same class.
let ApiError: typeof ApiErrorClass;

/** A PUT the test holds open until it resolves or rejects it. */
type HeldPut = {
  url: string;
  body: Blob;
  onProgress: (loaded: number) => void;
  signal: AbortSignal;
  resolve: (etag?: string) => void;
  reject: (error: unknown) => void;
};

function node(input: Partial<FileNode> & { id: string; name: string }): FileNode {
  return {
    clientId: 'company',
    type: 'file',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    parentId: null,
    status: 'pending',
    storagePath: null,
    mimeType: null,
    fileSize: null,
    agentTag: null,
    uploadSource: 'client',
    author: { name: 'Ada' },
    trashedAt: null,
    ...input,
  } as FileNode;
}

/**
 * A drive in memory: names are unique per folder ignoring case, like the server's; `rename`
 * numbers the new name; PUTs wait for the test.
 */
function fakeDrive() {
  let ids = 0;
  const nodes = new Map<string, FileNode>();
  const puts: HeldPut[] = [];
  const key = (parentId: string | null, name: string) => `${parentId ?? 'root'}/${name.toLowerCase()}`;
  const byName = new Map<string, FileNode>();
  const add = (input: {
    name: string;
    type: 'file' | 'folder';
    parentId: string | null;
    status?: 'pending' | 'ready';
  }) => {
    const created = node({ id: `node-${ids++}`, status: 'ready', ...input });
    nodes.set(created.id, created);
    byName.set(key(created.parentId, created.name), created);
    return created;
  };
  const remove = (nodeId: string) => {
    const gone = nodes.get(nodeId);
    nodes.delete(nodeId);
    if (gone && byName.get(key(gone.parentId, gone.name)) === gone) byName.delete(key(gone.parentId, gone.name));
  };
  const targets = new Map<string, UploadTarget>();
  const transport: UploadTransport = {
    createNode: vi.fn(async (input: CreateNodeInput) => {
      let name = input.name;
      const existing = byName.get(key(input.parentId, name));
      if (existing) {
        if (input.onConflict === 'rename') {
          const dot = name.lastIndexOf('.');
          for (let n = 1; byName.has(key(input.parentId, name)); n++) {
            name = dot > 0 ? `${input.name.slice(0, dot)} (${n})${input.name.slice(dot)}` : `${input.name} (${n})`;
          }
        } else if (!(input.onConflict === 'replace' && existing.type === 'file')) {
          throw new ApiError(
            409,
            `This folder already holds a ${existing.type} named “${existing.name}”`,
            'FILE_NAME_TAKEN',
            [],
            undefined,
            {
              existingNodeId: existing.id,
              existingNodeType: existing.type,
            },
          );
        }
      }
      const created = node({ id: `node-${ids++}`, name, type: input.type, parentId: input.parentId });
      nodes.set(created.id, created);
      if (!(existing && input.onConflict === 'replace')) byName.set(key(input.parentId, name), created);
      return created;
    }),
    createUploadUrl: vi.fn(async (nodeId: string) => {
      if (!nodes.has(nodeId)) throw new ApiError(404, 'File not found', 'NOT_FOUND');
      return (
        targets.get(nodeId) ?? {
          mode: 'single' as const,
          signedUrl: `/api/storage/${nodeId}`,
          method: 'PUT' as const,
          headers: { 'Content-Type': 'text/plain' },
          expiresIn: 900,
        }
      );
    }),
    put: vi.fn(
      (
        url: string,
        body: Blob,
        _headers: Record<string, string>,
        onProgress: (loaded: number) => void,
        signal: AbortSignal,
      ) =>
        new Promise<{ etag: string | null }>((resolve, reject) => {
          const held: HeldPut = {
            url,
            body,
            onProgress,
            signal,
            resolve: (etag) => resolve({ etag: etag ?? null }),
            reject,
          };
          puts.push(held);
          signal.addEventListener('abort', () => reject(new transportModule.UploadAborted()));
        }),
    ),
    completeUpload: vi.fn(async (nodeId: string) => ({ ...nodes.get(nodeId)!, status: 'ready' as const })),
    deleteNode: vi.fn(async (nodeId: string) => remove(nodeId)),
  };
  return { transport, nodes, puts, add, remove, targets };
}

const file = (name: string, size = 10, type = 'text/plain') => new File(['x'.repeat(size)], name, { type });
const items = () => store.useUploads.getState().order.map((id) => store.useUploads.getState().byId[id]!);
const item = (name: string) => items().find((candidate) => candidate.name === name || candidate.file.name === name)!;
const states = () => Object.fromEntries(items().map((candidate) => [candidate.file.name, candidate.state]));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let drive: ReturnType<typeof fakeDrive>;
let clock = 0;

beforeEach(async () => {
  vi.resetModules();
  queue = await import('./queue');
  store = await import('./store');
  transportModule = await import('./transport');
  ({ ApiError } = await import('@/api'));
  drive = fakeDrive();
  clock = 0;
  queue.configureUploads({ transport: drive.transport, now: () => clock, progressIntervalMs: 0 });
});

describe('the upload queue', () => {
  it('uploads three files at a time, each through the four steps', async () => {
    queue.enqueueUploads(
      ['a', 'b', 'c', 'd', 'e'].map((name) => file(`${name}.txt`)),
      'folder-1',
    );
    await vi.waitFor(() => expect(drive.puts).toHaveLength(3));
    expect(states()).toMatchObject({
      'a.txt': 'uploading',
      'b.txt': 'uploading',
      'c.txt': 'uploading',
      'd.txt': 'queued',
    });
    expect(drive.transport.createNode).toHaveBeenCalledWith({
      type: 'file',
      name: 'a.txt',
      parentId: 'folder-1',
      fileSize: 10,
      mimeType: 'text/plain',
      onConflict: 'fail',
    });

    drive.puts[0]!.resolve();
    await vi.waitFor(() => expect(drive.puts).toHaveLength(4));
    expect(item('a.txt').state).toBe('done');
    expect(drive.transport.completeUpload).toHaveBeenCalledWith(item('a.txt').nodeId, undefined);
    expect(item('d.txt').state).toBe('uploading');
    for (const put of drive.puts.slice(1)) put.resolve();
    await vi.waitFor(() => expect(drive.puts).toHaveLength(5));
    drive.puts[4]!.resolve();
    await vi.waitFor(() => expect(Object.values(states())).toEqual(['done', 'done', 'done', 'done', 'done']));
  });

  it('sends no MIME type when the browser knows none', async () => {
    queue.enqueueUploads([file('notes', 3, '')], null);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(1));
    expect(drive.transport.createNode).toHaveBeenCalledWith(
      expect.objectContaining({ mimeType: undefined, parentId: null }),
    );
  });

  it('sends no MIME type when the server refuses the browser’s', async () => {
    vi.mocked(drive.transport.createNode).mockRejectedValueOnce(
      new ApiError(400, 'Invalid request', 'VALIDATION_ERROR', [
        { location: 'body', path: 'mimeType', message: 'must be a media type such as "application/pdf"' },
      ]),
    );
    queue.enqueueUploads([file('odd.bin', 3, 'not a type')], null);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(1));
    expect(drive.transport.createNode).toHaveBeenLastCalledWith(expect.objectContaining({ mimeType: undefined }));
  });

  it('tracks bytes sent, a smoothed speed and the time left', async () => {
    queue.enqueueUploads([file('big.bin', 10_000)], null);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(1));
    const put = drive.puts[0]!;
    clock = 1000;
    put.onProgress(1000); // 1000 B/s: the first sample is taken as it is
    expect(item('big.bin')).toMatchObject({ sent: 1000, speed: 1000, secondsLeft: 9 });
    clock = 2000;
    put.onProgress(4000); // 3000 B/s over 1 s: the average moves by 1 − e^(−1/3) of the gap
    const expected = 1000 + (1 - Math.exp(-1 / 3)) * 2000;
    expect(item('big.bin').speed).toBeCloseTo(expected);
    expect(item('big.bin').secondsLeft).toBeCloseTo(6000 / expected);
  });

  it('cancels an upload: aborts its PUT, deletes its pending node, and starts the next', async () => {
    queue.configureUploads({ concurrency: 1 });
    queue.enqueueUploads([file('a.txt'), file('b.txt')], null);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(1));
    const nodeId = item('a.txt').nodeId!;
    queue.cancelUpload(item('a.txt').id);
    expect(item('a.txt').state).toBe('cancelled');
    expect(drive.puts[0]!.signal.aborted).toBe(true);
    await vi.waitFor(() => expect(drive.transport.deleteNode).toHaveBeenCalledWith(nodeId));
    await vi.waitFor(() => expect(drive.puts).toHaveLength(2));
    expect(item('a.txt')).toMatchObject({ state: 'cancelled', nodeId: null });
    expect(item('b.txt').state).toBe('uploading');
  });

  it('cancels a queued upload without asking the server anything', async () => {
    queue.configureUploads({ concurrency: 1 });
    queue.enqueueUploads([file('a.txt'), file('b.txt')], null);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(1));
    queue.cancelUpload(item('b.txt').id);
    drive.puts[0]!.resolve();
    await vi.waitFor(() => expect(item('a.txt').state).toBe('done'));
    await settle();
    expect(item('b.txt').state).toBe('cancelled');
    expect(drive.transport.createNode).toHaveBeenCalledTimes(1);
  });

  it('retries a failed upload from a new upload URL, keeping its node', async () => {
    queue.enqueueUploads([file('a.txt')], null);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(1));
    drive.puts[0]!.reject(new ApiError(500, 'The storage broke'));
    await vi.waitFor(() => expect(item('a.txt').state).toBe('failed'));
    expect(item('a.txt').error).toBe('The storage broke');

    queue.retryUpload(item('a.txt').id);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(2));
    expect(drive.transport.createNode).toHaveBeenCalledTimes(1);
    expect(drive.transport.createUploadUrl).toHaveBeenCalledTimes(2);
    drive.puts[1]!.resolve();
    await vi.waitFor(() => expect(item('a.txt').state).toBe('done'));
  });

  it('retries from step 1 when the pending node is gone', async () => {
    queue.enqueueUploads([file('a.txt')], null);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(1));
    drive.puts[0]!.reject(new ApiError(0, 'Offline', 'NETWORK_ERROR'));
    await vi.waitFor(() => expect(item('a.txt').state).toBe('failed'));
    drive.remove(item('a.txt').nodeId!);

    queue.retryUpload(item('a.txt').id);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(2));
    expect(drive.transport.createNode).toHaveBeenCalledTimes(2);
  });

  it('retries a cancelled upload from step 1', async () => {
    queue.enqueueUploads([file('a.txt')], null);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(1));
    queue.cancelUpload(item('a.txt').id);
    queue.retryUpload(item('a.txt').id);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(2));
    expect(drive.transport.deleteNode).toHaveBeenCalledTimes(1);
    expect(drive.transport.createNode).toHaveBeenCalledTimes(2);
    drive.puts[1]!.resolve();
    await vi.waitFor(() => expect(item('a.txt').state).toBe('done'));
  });

  it('uploads multipart targets part by part and completes with the ETags in order', async () => {
    // The drive numbers nodes in order: the file's node will be node-0.
    const nodeId = 'node-0';
    drive.targets.set(nodeId, {
      mode: 'multipart',
      uploadId: 'u',
      partSize: 10,
      expiresIn: 900,
      parts: [
        { partNumber: 1, signedUrl: '/p1', size: 10 },
        { partNumber: 2, signedUrl: '/p2', size: 10 },
        { partNumber: 3, signedUrl: '/p3', size: 5 },
      ],
    });
    queue.enqueueUploads([file('video.mp4', 25, 'video/mp4')], null);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(2));
    expect(drive.puts.map((put) => [put.url, put.body.size])).toEqual([
      ['/p1', 10],
      ['/p2', 10],
    ]);
    drive.puts[1]!.resolve('"etag-2"');
    await vi.waitFor(() => expect(drive.puts).toHaveLength(3));
    expect(drive.puts[2]!.body.size).toBe(5);
    drive.puts[2]!.resolve('"etag-3"');
    drive.puts[0]!.resolve('"etag-1"');
    await vi.waitFor(() => expect(item('video.mp4').state).toBe('done'));
    expect(drive.transport.completeUpload).toHaveBeenCalledWith(nodeId, [
      { partNumber: 1, etag: '"etag-1"' },
      { partNumber: 2, etag: '"etag-2"' },
      { partNumber: 3, etag: '"etag-3"' },
    ]);
  });
});

describe('name clashes', () => {
  it('waits for a decision, one dialog at a time, and "keep both" renames', async () => {
    drive.add({ name: 'report.pdf', type: 'file', parentId: null });
    drive.add({ name: 'notes.txt', type: 'file', parentId: null });
    queue.enqueueUploads([file('report.pdf'), file('notes.txt'), file('new.txt')], null);
    await vi.waitFor(() => expect(store.useUploads.getState().conflicts).toHaveLength(2));
    expect(item('report.pdf')).toMatchObject({
      state: 'waiting-for-decision',
      conflict: { existingNodeType: 'file', message: 'This folder already holds a file named “report.pdf”' },
    });
    await vi.waitFor(() => expect(drive.puts).toHaveLength(1)); // new.txt goes on meanwhile

    queue.resolveConflict(item('report.pdf').id, 'rename');
    await vi.waitFor(() => expect(item('report (1).pdf').state).toBe('uploading'));
    expect(store.useUploads.getState().conflicts).toEqual([item('notes.txt').id]);
    expect(item('notes.txt').state).toBe('waiting-for-decision');
  });

  it('applies a decision "for all" to the waiting clashes and the later ones of the same batch', async () => {
    queue.configureUploads({ concurrency: 1 });
    for (const name of ['a.txt', 'b.txt', 'c.txt']) drive.add({ name, type: 'file', parentId: null });
    queue.enqueueUploads([file('a.txt'), file('b.txt'), file('fresh.txt'), file('c.txt')], null);
    await vi.waitFor(() => expect(store.useUploads.getState().conflicts).toHaveLength(2));
    await vi.waitFor(() => expect(drive.puts).toHaveLength(1)); // fresh.txt

    queue.resolveConflict(item('a.txt').id, 'skip', true);
    expect(item('a.txt').state).toBe('skipped');
    expect(item('b.txt').state).toBe('skipped');
    expect(store.useUploads.getState().conflicts).toEqual([]);
    drive.puts[0]!.resolve();
    // c.txt clashes later: skipped without asking.
    await vi.waitFor(() => expect(item('c.txt').state).toBe('skipped'));
    expect(store.useUploads.getState().conflicts).toEqual([]);
  });

  it('does not carry a decision into another batch', async () => {
    drive.add({ name: 'a.txt', type: 'file', parentId: null });
    queue.enqueueUploads([file('a.txt'), file('x.txt')], null);
    await vi.waitFor(() => expect(store.useUploads.getState().conflicts).toHaveLength(1));
    queue.resolveConflict(item('a.txt').id, 'skip', true);
    queue.enqueueUploads([file('a.txt')], null);
    await vi.waitFor(() => expect(store.useUploads.getState().conflicts).toHaveLength(1));
  });

  it('replaces a file, but asks again when a folder holds the name', async () => {
    drive.add({ name: 'a.txt', type: 'file', parentId: null });
    drive.add({ name: 'b.txt', type: 'folder', parentId: null });
    queue.enqueueUploads([file('a.txt'), file('b.txt')], null);
    await vi.waitFor(() => expect(store.useUploads.getState().conflicts).toHaveLength(2));

    queue.resolveConflict(item('a.txt').id, 'replace', true);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(1));
    expect(drive.transport.createNode).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'a.txt', onConflict: 'replace' }),
    );
    expect(item('b.txt')).toMatchObject({ state: 'waiting-for-decision', conflict: { existingNodeType: 'folder' } });
    expect(store.useUploads.getState().conflicts).toEqual([item('b.txt').id]);
  });

  it('shows the server’s refusal of a replace', async () => {
    const existing = drive.add({ name: 'theirs.txt', type: 'file', parentId: null });
    queue.enqueueUploads([file('theirs.txt')], null);
    await vi.waitFor(() => expect(store.useUploads.getState().conflicts).toHaveLength(1));
    vi.mocked(drive.transport.createNode).mockRejectedValueOnce(
      new ApiError(403, 'Only its author or a company admin can change “theirs.txt”', 'FORBIDDEN'),
    );
    queue.resolveConflict(item('theirs.txt').id, 'replace');
    await vi.waitFor(() => expect(item('theirs.txt').state).toBe('failed'));
    expect(item('theirs.txt').error).toBe('Only its author or a company admin can change “theirs.txt”');
    expect(drive.nodes.get(existing.id)).toBeDefined();
  });

  it('cancelling a file that waits for a decision moves on to the next question', async () => {
    drive.add({ name: 'a.txt', type: 'file', parentId: null });
    drive.add({ name: 'b.txt', type: 'file', parentId: null });
    queue.enqueueUploads([file('a.txt'), file('b.txt')], null);
    await vi.waitFor(() => expect(store.useUploads.getState().conflicts).toHaveLength(2));
    queue.cancelUpload(item('a.txt').id);
    expect(store.useUploads.getState().conflicts).toEqual([item('b.txt').id]);
  });
});

describe('folder uploads', () => {
  it('recreates the folders, merging into one that exists, and uploads each file into its folder', async () => {
    const photos = drive.add({ name: 'Photos', type: 'folder', parentId: 'base' });
    queue.enqueueUploads(
      [
        { file: file('a.jpg'), path: 'photos/a.jpg' },
        { file: file('b.jpg'), path: 'photos/2024/b.jpg' },
      ],
      'base',
      ['photos', 'photos/2024', 'photos/empty'],
    );
    await vi.waitFor(() => expect(drive.puts).toHaveLength(2));
    const folderCalls = vi
      .mocked(drive.transport.createNode)
      .mock.calls.map(([input]) => input)
      .filter((input) => input.type === 'folder');
    expect(folderCalls.map((input) => [input.name, input.parentId])).toEqual([
      ['photos', 'base'],
      ['2024', photos.id],
      ['empty', photos.id],
    ]);
    const year = [...drive.nodes.values()].find((candidate) => candidate.name === '2024')!;
    expect(item('a.jpg')).toMatchObject({ parentId: photos.id, dir: 'photos' });
    expect(item('b.jpg')).toMatchObject({ parentId: year.id, dir: 'photos/2024' });
  });

  it('names the folder "name (1)" when a file holds its name', async () => {
    drive.add({ name: 'docs', type: 'file', parentId: null });
    queue.enqueueUploads([{ file: file('a.txt'), path: 'docs/a.txt' }], null);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(1));
    const folder = [...drive.nodes.values()].find((candidate) => candidate.name === 'docs (1)')!;
    expect(item('a.txt').parentId).toBe(folder.id);
  });

  it('fails the files of a folder that cannot be created, and tries the folder again on retry', async () => {
    vi.mocked(drive.transport.createNode).mockRejectedValueOnce(new ApiError(403, 'Not allowed', 'FORBIDDEN'));
    queue.enqueueUploads([{ file: file('a.txt'), path: 'docs/a.txt' }], null);
    await vi.waitFor(() => expect(item('a.txt').state).toBe('failed'));
    expect(item('a.txt').error).toBe('Could not create the folder “docs”: Not allowed');
    queue.retryUpload(item('a.txt').id);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(1));
  });
});

describe('clearing', () => {
  it('forgets everything when the session ends, stopping what runs', async () => {
    queue.enqueueUploads([file('a.txt'), file('b.txt'), file('c.txt'), file('d.txt')], null);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(3));
    queue.abandonUploads();
    expect(store.useUploads.getState().order).toEqual([]);
    expect(drive.puts.every((put) => put.signal.aborted)).toBe(true);
    await settle();
    expect(drive.puts).toHaveLength(3);
  });

  it('removes finished uploads and keeps the others', async () => {
    queue.configureUploads({ concurrency: 1 });
    queue.enqueueUploads([file('a.txt'), file('b.txt'), file('c.txt')], null);
    await vi.waitFor(() => expect(drive.puts).toHaveLength(1));
    queue.cancelUpload(item('c.txt').id);
    drive.puts[0]!.resolve();
    await vi.waitFor(() => expect(item('a.txt').state).toBe('done'));
    queue.clearFinished();
    expect(items().map((candidate) => candidate.name)).toEqual(['b.txt']);
  });
});

describe('after uploads finish', () => {
  it('refreshes the folder listing and the usage once for a run of completions, and announces them together', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    store.setUploadsQueryClient(client);
    queue.enqueueUploads([file('a.txt'), file('b.txt'), file('c.txt')], 'folder-1');
    await vi.waitFor(() => expect(drive.puts).toHaveLength(3));
    for (const put of drive.puts) put.resolve();
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['files', 'list', 'folder-1'],
      ['files', 'usage'],
    ]);
    await vi.waitFor(() => expect(store.useUploads.getState().announcement).toBe('3 files uploaded.'), {
      timeout: 3000,
    });
  });
});
