import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../../types.ts';
import { ErrorEnvelope } from '../../../http/errors.ts';

const errorContent = { 'application/json': { schema: ErrorEnvelope } };
const binary = { type: 'string', format: 'binary' } as const;

const KeyParam = z.object({
  key: z.string().openapi({
    param: { name: 'key', in: 'path' },
    description:
      'The object key, `/` included (`<clientId>/<nodeId>/<uploadId>` for a drive file). Take the whole URL from the step that gave it; never build one.',
    example: '6f1c1d2e-0000-4000-8000-000000000001/0b8c5e1a-3f4d-4c2a-9d7e-2f1b6a9c8e10/Zk3x9Q',
  }),
});

const signature = z
  .string()
  .openapi({ description: 'HMAC-SHA256 of the method, key, expiry and the other parameters.' });
const expires = z
  .string()
  .openapi({ description: 'Unix time (seconds) after which the URL answers 403 `SIGNATURE_EXPIRED`.' });

const signatureErrors = {
  403: {
    description:
      'Tampered or wrong-object signature, or a `Content-Type` other than the signed one (`SIGNATURE_INVALID`); expired URL (`SIGNATURE_EXPIRED`). Counts as a failed authentication of the caller’s address.',
    content: errorContent,
  },
  404: {
    description: 'No such file (or the server stores files in S3, which serves its own URLs)',
    content: errorContent,
  },
  429: { description: 'Too many refused signatures from this address (`RATE_LIMITED`)', content: errorContent },
} as const;

const common = {
  path: '/storage/{key}',
  tags: ['Files'],
  security: [],
  'x-service-api-key': 'read' as const,
  'x-public': true,
};

const downloadQuery = z.object({
  expires,
  name: z.string().openapi({ description: 'File name sent in `Content-Disposition`.' }),
  type: z.string().openapi({ description: 'Declared media type; the served type follows the safe-type rules.' }),
  disposition: z.enum(['inline', 'attachment']),
  sig: signature,
});

const downloadHeaders = {
  'Content-Disposition': {
    description:
      'RFC 6266: `attachment` (or `inline` for previewable types), `filename` in ASCII and `filename*` in UTF-8.',
    schema: { type: 'string' },
  },
  'Content-Security-Policy': {
    description: "`sandbox; default-src 'none'; frame-ancestors 'self'`: a file never runs script in the app's origin.",
    schema: { type: 'string' },
  },
  'Accept-Ranges': { description: '`bytes`', schema: { type: 'string' } },
} as const;

/**
 * The signed URLs of the local-disk backend in the contract (storage/http.ts serves them). Plain
 * Hono routes, since their bodies are raw bytes: registered here for the document only.
 */
export function documentStorageRoutes(api: OpenAPIHono<AppEnv>) {
  const description =
    'A signed URL of the local-disk storage backend, as returned by the upload and download steps: public, the signature being the credential. With an S3-compatible store, the URLs point at the store instead and these paths answer 404.';
  api.openAPIRegistry.registerPath({
    ...common,
    method: 'put',
    operationId: 'putStoredFile',
    summary: 'Upload a file’s bytes to a signed URL (step 3 of an upload)',
    description: `${description}\n\nThe body is the raw file, at most the declared size (\`max\`), with the \`Content-Type\` the URL was signed for. Larger bodies are cut off with 413 and nothing is kept; an interrupted upload leaves nothing. A retry replaces what an earlier PUT stored.`,
    request: {
      params: KeyParam,
      query: z.object({
        expires,
        max: z.string().openapi({ description: 'Largest body accepted, in bytes (the declared file size).' }),
        type: z.string().openapi({ description: 'The `Content-Type` the request must carry.' }),
        sig: signature,
      }),
      body: { content: { '*/*': { schema: binary } }, required: true },
    },
    responses: {
      200: {
        description: 'Stored',
        content: {
          'application/json': {
            schema: z.object({ size: z.number().int().openapi({ description: 'Bytes stored.' }) }),
          },
        },
      },
      ...signatureErrors,
      413: {
        description: 'Body larger than the signed maximum (`PAYLOAD_TOO_LARGE`); nothing is kept',
        content: errorContent,
      },
    },
  });
  api.openAPIRegistry.registerPath({
    ...common,
    method: 'get',
    operationId: 'getStoredFile',
    summary: 'Download a file from a signed URL',
    description: `${description}\n\nSupports one \`Range\` (206 with \`Content-Range\`; 416 when outside the file) and \`If-Range\`. Images, PDF, audio, video and plain text are served as their type (inline when the URL says so); anything else, HTML and SVG included, as \`application/octet-stream\` attachments, always with \`X-Content-Type-Options: nosniff\`.`,
    request: {
      params: KeyParam,
      query: downloadQuery,
      headers: z.object({ range: z.string().optional().openapi({ example: 'bytes=0-1023' }) }),
    },
    responses: {
      200: { description: 'The whole file', headers: downloadHeaders, content: { '*/*': { schema: binary } } },
      206: { description: 'The requested range', headers: downloadHeaders, content: { '*/*': { schema: binary } } },
      ...signatureErrors,
      416: {
        description: 'The range starts past the end of the file (`RANGE_NOT_SATISFIABLE`)',
        content: errorContent,
      },
    },
  });
  api.openAPIRegistry.registerPath({
    ...common,
    method: 'head',
    operationId: 'headStoredFile',
    summary: 'The headers of a signed download, without the bytes',
    description,
    request: { params: KeyParam, query: downloadQuery },
    responses: { 200: { description: 'The headers a GET would send', headers: downloadHeaders }, ...signatureErrors },
  });
}
