import { absoluteApiUrl, api, ApiError, type FileNode, type UploadTarget, unwrap } from '@/api';

/** Step 1's request (the server's CreateFileNodeRequest). */
export type CreateNodeInput = {
  type: 'file' | 'folder';
  name: string;
  parentId: string | null;
  fileSize?: number;
  mimeType?: string;
  onConflict: 'fail' | 'rename' | 'replace';
};

export type StoredPart = { partNumber: number; etag: string };

/**
 * What the queue needs of the network: the four upload steps and the cancel. The app uses
 * `httpTransport`; tests hand the queue a fake.
 */
export type UploadTransport = {
  createNode(input: CreateNodeInput): Promise<FileNode>;
  createUploadUrl(nodeId: string): Promise<UploadTarget>;
  /** PUTs `body` to a signed URL, reporting bytes sent; resolves with the response's ETag. */
  put(
    url: string,
    body: Blob,
    headers: Record<string, string>,
    onProgress: (loaded: number) => void,
    signal: AbortSignal,
  ): Promise<{ etag: string | null }>;
  completeUpload(nodeId: string, parts?: StoredPart[]): Promise<FileNode>;
  deleteNode(nodeId: string): Promise<void>;
};

/** Thrown when a PUT was aborted (cancel). */
export class UploadAborted extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadAborted';
  }
}

/**
 * A signed URL may be relative to the API's origin (the local-disk backend answers
 * `/api/storage/…`); the API may live elsewhere than the app (/config.js).
 */
function absoluteUrl(url: string): string {
  return new URL(url, `${absoluteApiUrl()}/`).href;
}

/** The storage's refusal as an ApiError: the local backend answers the API's envelope, S3 XML. */
function putError(xhr: XMLHttpRequest): ApiError {
  type Envelope = { error?: unknown; code?: unknown } | null;
  let body: Envelope;
  try {
    body = JSON.parse(xhr.responseText) as Envelope;
  } catch {
    body = null;
  }
  if (body && typeof body.error === 'string') {
    return new ApiError(xhr.status, body.error, typeof body.code === 'string' ? body.code : undefined);
  }
  const s3Message = /<Message>([^<]*)<\/Message>/.exec(xhr.responseText)?.[1];
  return new ApiError(xhr.status, s3Message ?? `The storage refused the upload (${xhr.status})`);
}

/**
 * The bytes go with XMLHttpRequest: fetch reports no upload progress. The signed URL is the
 * credential, so no Authorization header goes with it (an S3 store would refuse one, and the
 * session token has no business leaving for another origin).
 */
function xhrPut(
  url: string,
  body: Blob,
  headers: Record<string, string>,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<{ etag: string | null }> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new UploadAborted());
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', absoluteUrl(url));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    const abort = () => xhr.abort();
    signal.addEventListener('abort', abort, { once: true });
    const settle = () => signal.removeEventListener('abort', abort);
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) resolve({ etag: xhr.getResponseHeader('ETag') });
      else reject(putError(xhr));
    };
    xhr.onerror = () => {
      settle();
      reject(
        new ApiError(0, 'The connection broke during the upload. Retry when you are back online.', 'NETWORK_ERROR'),
      );
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadAborted());
    };
    xhr.send(body);
  });
}

export const httpTransport: UploadTransport = {
  createNode: (input) =>
    unwrap(
      api.POST('/client/files/nodes', {
        body: { ...input, parentId: input.parentId ?? undefined },
      }),
    ),
  createUploadUrl: (nodeId) => unwrap(api.POST('/client/files/{nodeId}/upload-url', { params: { path: { nodeId } } })),
  put: xhrPut,
  completeUpload: (nodeId, parts) =>
    unwrap(
      api.POST('/client/files/{nodeId}/complete-upload', {
        params: { path: { nodeId } },
        body: parts ? { parts } : {},
      }),
    ),
  deleteNode: async (nodeId) => {
    await unwrap(api.DELETE('/client/files/{nodeId}', { params: { path: { nodeId } } }));
  },
};
