import { errorMessage, isApiError } from '@/api';
import { ensureFolder, type FolderBatch, FolderError, nameTakenInfo } from './folders';
import { folderChanged, noteOutcome } from './notices';
import { sendParts } from './parts';
import { nextSpeed, secondsLeft, type SpeedSample } from './speed';
import { type ConflictChoice, type UploadItem, useUploads } from './store';
import { httpTransport, type StoredPart, UploadAborted, type UploadTransport } from './transport';

/**
 * The upload engine: a queue outside React. Each file goes through the server's four steps
 * (create the pending node → upload URL → PUT the bytes → complete), three files at a time; folder
 * drops create their folders first (merging into folders that already exist); a name clash pauses
 * the file until the person decides (or a decision "for all" of its batch applies).
 */

type Options = {
  transport: UploadTransport;
  /** Milliseconds, monotonic. */
  now: () => number;
  /** Files uploading at once. */
  concurrency: number;
  /** Parts of a multipart upload in flight at once. */
  partConcurrency: number;
  /** Least time between two progress writes of one item (the tray re-renders on each). */
  progressIntervalMs: number;
};

const options: Options = {
  transport: httpTransport,
  now: () => performance.now(),
  concurrency: 3,
  partConcurrency: 2,
  progressIntervalMs: 250,
};

/** Swaps parts of the engine (tests: a fake transport and clock). */
export function configureUploads(next: Partial<Options>) {
  Object.assign(options, next);
}

/** A file to upload, with its path below the drop target for folder drops ("photos/2024/a.jpg"). */
export type UploadSource = { file: File; path?: string };

type Batch = FolderBatch & {
  /** A decision "for all remaining conflicts" of this batch. */
  decision: ConflictChoice | null;
};

/** One attempt at one item; cancel flags it and aborts its PUT. */
type Run = { controller: AbortController; cancelled: boolean; sample: SpeedSample; lastWrite: number };

const batches = new Map<string, Batch>();
const runs = new Map<string, Run>();
let sequence = 0;
const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

const get = (id: string): UploadItem | undefined => useUploads.getState().byId[id];

function patch(id: string, change: Partial<UploadItem>) {
  useUploads.setState((store) => {
    const item = store.byId[id];
    return item ? { byId: { ...store.byId, [id]: { ...item, ...change } } } : store;
  });
}

/** Path segments without empty ones, "." or "..". */
const segments = (path: string) => path.split('/').filter((part) => part && part !== '.' && part !== '..');

/**
 * Adds files to the queue, to be uploaded into `parentId` (null = the drive's root); sources with
 * a path (folder drops and folder picks) go into folders recreated below it. `directories` lists
 * folders to create even when empty. Returns the batch's id.
 */
export function enqueueUploads(
  sources: Iterable<File | UploadSource>,
  parentId: string | null,
  directories: string[] = [],
): string {
  const batchId = newId('batch');
  const batch: Batch = { baseParentId: parentId, decision: null, folders: new Map() };
  batches.set(batchId, batch);
  const items: UploadItem[] = [];
  for (const source of sources) {
    const { file, path } = source instanceof File ? { file: source, path: undefined } : source;
    const parts = segments(path || file.webkitRelativePath || file.name);
    const name = parts.pop() ?? file.name;
    items.push({
      id: newId('upload'),
      batchId,
      file,
      name,
      baseParentId: parentId,
      dir: parts.join('/'),
      parentId,
      state: 'queued',
      sent: 0,
      total: file.size,
      speed: null,
      secondsLeft: null,
      error: null,
      nodeId: null,
      onConflict: 'fail',
      conflict: null,
    });
  }
  useUploads.setState((store) => {
    const byId = { ...store.byId };
    for (const item of items) byId[item.id] = item;
    return { byId, order: [...store.order, ...items.map((item) => item.id)] };
  });
  // Folders first, parents before children (empty ones too); files wait for theirs as they start.
  const folders = [...new Set([...directories.map((dir) => segments(dir).join('/')), ...items.map((item) => item.dir)])]
    .filter(Boolean)
    .sort();
  void (async () => {
    for (const dir of folders) await ensureFolder(options.transport, batch, dir).catch(() => undefined);
  })();
  pump();
  return batchId;
}

/** Starts queued items while fewer than `concurrency` run. */
function pump() {
  const { order, byId } = useUploads.getState();
  for (const id of order) {
    if (runs.size >= options.concurrency) return;
    if (byId[id]?.state === 'queued' && !runs.has(id)) void run(id);
  }
}

/** Throws when the person cancelled this attempt while it waited. */
function checkCancelled(attempt: Run) {
  if (attempt.cancelled) throw new UploadAborted();
}

async function run(id: string) {
  const attempt: Run = {
    controller: new AbortController(),
    cancelled: false,
    sample: { speed: null, at: options.now(), sent: 0 },
    lastWrite: 0,
  };
  runs.set(id, attempt);
  try {
    await upload(id, attempt);
  } catch (error) {
    const item = get(id);
    if (error instanceof UploadAborted || attempt.cancelled) {
      await discardNode(id);
    } else if (item) {
      const message = error instanceof FolderError ? error.message : errorMessage(error);
      patch(id, { state: 'failed', error: message, speed: null, secondsLeft: null });
      noteOutcome('failed', item.name);
    }
  } finally {
    runs.delete(id);
    pump();
  }
}

async function upload(id: string, attempt: Run) {
  let item = get(id);
  const batch = item && batches.get(item.batchId);
  if (!item || !batch) return;
  patch(id, { state: 'creating', error: null, sent: 0, speed: null, secondsLeft: null });
  const parentId = item.dir ? await ensureFolder(options.transport, batch, item.dir) : item.baseParentId;
  checkCancelled(attempt);
  patch(id, { parentId });

  for (let tries = 0; ; tries++) {
    item = get(id)!;
    if (!item.nodeId) {
      let node;
      const create = (mimeType: string | undefined) =>
        options.transport.createNode({
          type: 'file',
          name: item!.name,
          parentId,
          fileSize: item!.file.size,
          mimeType,
          onConflict: item!.onConflict,
        });
      try {
        node = await create(item.file.type || undefined).catch((error: unknown) => {
          // A type the server does not take as a media type: upload it as plain bytes instead.
          if (isApiError(error) && error.status === 400 && error.fieldError('mimeType')) return create(undefined);
          throw error;
        });
      } catch (error) {
        const clash = nameTakenInfo(error);
        if (!clash || attempt.cancelled) throw error;
        onNameTaken(id, clash);
        return;
      }
      patch(id, { nodeId: node.id, name: node.name });
      checkCancelled(attempt);
    }
    try {
      await sendBytes(id, attempt);
      return;
    } catch (error) {
      // The pending node is gone (abandoned and swept, or deleted elsewhere): start from step 1.
      if (isApiError(error) && error.status === 404 && tries === 0 && get(id)?.state === 'creating') {
        patch(id, { nodeId: null });
        continue;
      }
      throw error;
    }
  }
}

/** Steps 2–4 for an item that has its pending node. */
async function sendBytes(id: string, attempt: Run) {
  const item = get(id)!;
  const nodeId = item.nodeId!;
  const target = await options.transport.createUploadUrl(nodeId);
  checkCancelled(attempt);
  patch(id, { state: 'uploading' });
  attempt.sample = { speed: null, at: options.now(), sent: 0 };
  let parts: StoredPart[] | undefined;
  if (target.mode === 'single') {
    await options.transport.put(
      target.signedUrl,
      item.file,
      target.headers,
      (loaded) => reportProgress(id, attempt, loaded),
      attempt.controller.signal,
    );
  } else {
    parts = await sendParts(options.transport, item.file, target.parts, {
      concurrency: options.partConcurrency,
      signal: attempt.controller.signal,
      onProgress: (sent) => reportProgress(id, attempt, sent),
    });
  }
  checkCancelled(attempt);
  patch(id, { state: 'completing', sent: item.total, secondsLeft: 0 });
  const node = await options.transport.completeUpload(nodeId, parts);
  patch(id, { state: 'done', name: node.name, nodeId: node.id, speed: null, secondsLeft: null });
  folderChanged(node.parentId);
  noteOutcome('done', node.name);
}

function reportProgress(id: string, attempt: Run, sent: number) {
  if (attempt.cancelled) return;
  const at = options.now();
  const total = get(id)?.total ?? 0;
  if (at - attempt.lastWrite < options.progressIntervalMs && sent < total) return;
  const speed = nextSpeed(attempt.sample, sent, at);
  attempt.sample = { speed, at, sent };
  attempt.lastWrite = at;
  patch(id, { sent, speed, secondsLeft: secondsLeft(sent, total, speed) });
}

/** Deletes the pending node of a cancelled upload (the server cancels it and frees the name). */
async function discardNode(id: string) {
  const nodeId = get(id)?.nodeId;
  if (!nodeId) return;
  patch(id, { nodeId: null });
  try {
    await options.transport.deleteNode(nodeId);
  } catch {
    // Already gone, or the server will sweep it (abandoned pending uploads are removed after a day).
  }
  folderChanged(get(id)?.parentId ?? null);
}

/** Whether a decision can settle this clash without asking (a folder cannot be replaced by a file). */
const applies = (choice: ConflictChoice, clash: NonNullable<UploadItem['conflict']>) =>
  choice !== 'replace' || clash.existingNodeType === 'file';

function onNameTaken(id: string, clash: NonNullable<UploadItem['conflict']>) {
  const item = get(id)!;
  const decision = batches.get(item.batchId)?.decision;
  // A clash after a decision (replacing a file that is itself still uploading) is asked about.
  if (decision && item.onConflict === 'fail' && applies(decision, clash)) {
    apply(id, decision);
    return;
  }
  patch(id, { state: 'waiting-for-decision', conflict: clash, speed: null, secondsLeft: null });
  useUploads.setState((store) => ({ conflicts: [...store.conflicts, id] }));
}

function apply(id: string, choice: ConflictChoice) {
  if (choice === 'skip') patch(id, { state: 'skipped', conflict: null });
  else patch(id, { state: 'queued', conflict: null, onConflict: choice });
}

/**
 * The person's answer to a name clash: keep both (`rename`), `replace`, or `skip`; with
 * `applyToAll`, later clashes of the same batch (and those already waiting) get the same answer.
 */
export function resolveConflict(id: string, choice: ConflictChoice, applyToAll = false) {
  const item = get(id);
  if (!item || item.state !== 'waiting-for-decision') return;
  const settled = new Set([id]);
  if (applyToAll) {
    const batch = batches.get(item.batchId);
    if (batch) batch.decision = choice;
    for (const other of useUploads.getState().conflicts) {
      const waiting = get(other);
      if (waiting?.batchId === item.batchId && waiting.conflict && applies(choice, waiting.conflict))
        settled.add(other);
    }
  }
  useUploads.setState((store) => ({ conflicts: store.conflicts.filter((other) => !settled.has(other)) }));
  for (const settledId of settled) apply(settledId, choice);
  pump();
}

/** Stops an upload: aborts its PUT and deletes its pending node. Completing uploads finish. */
export function cancelUpload(id: string) {
  const item = get(id);
  if (!item) return;
  const attempt = runs.get(id);
  switch (item.state) {
    case 'creating':
    case 'uploading':
      patch(id, { state: 'cancelled', speed: null, secondsLeft: null });
      if (attempt) {
        attempt.cancelled = true;
        attempt.controller.abort();
      }
      return;
    case 'queued':
    case 'waiting-for-decision':
      useUploads.setState((store) => ({ conflicts: store.conflicts.filter((other) => other !== id) }));
      patch(id, { state: 'cancelled', conflict: null });
      return;
    case 'failed':
      patch(id, { state: 'cancelled' });
      void discardNode(id);
      return;
    default:
  }
}

/** Starts a failed or cancelled upload again: from a new upload URL, or from step 1 if its node is gone. */
export function retryUpload(id: string) {
  const item = get(id);
  if (!item || (item.state !== 'failed' && item.state !== 'cancelled')) return;
  patch(id, { state: 'queued', error: null, sent: 0, speed: null, secondsLeft: null });
  pump();
}

/** Removes finished uploads (done, cancelled, skipped) from the tray. */
export function clearFinished() {
  useUploads.setState((store) => {
    const byId: Record<string, UploadItem> = {};
    const order = store.order.filter((id) => {
      const item = store.byId[id];
      const keep = item && item.state !== 'done' && item.state !== 'cancelled' && item.state !== 'skipped';
      if (keep) byId[id] = item;
      return keep;
    });
    return { byId, order };
  });
  const live = new Set(Object.values(useUploads.getState().byId).map((item) => item.batchId));
  for (const batchId of batches.keys()) if (!live.has(batchId)) batches.delete(batchId);
}

/**
 * Stops every upload and forgets them all (the person signed out, so the next one to sign in on
 * this tab must not see them). Their pending nodes are left to the server's sweep.
 */
export function abandonUploads() {
  for (const attempt of runs.values()) {
    attempt.cancelled = true;
    attempt.controller.abort();
  }
  batches.clear();
  useUploads.setState({ byId: {}, order: [], conflicts: [], announcement: '' });
}
