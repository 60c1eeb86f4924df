import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse, protectedRoute, uuidParam } from '../../http/route.ts';
import {
  FILE_LIMITS,
  FileGrantSchema,
  FileListSchema,
  FileNameSchema,
  FileNameTakenSchema,
  FileNodeDetailSchema,
  FileNodeSchema,
  FileUsageSchema,
  MimeTypeSchema,
  UploadTargetSchema,
} from './schemas.ts';
import { agentCostNote, creditsExhaustedResponse } from '../credits/index.ts';

const tags = ['Files'];
const nodeParams = z.object({ nodeId: uuidParam('nodeId') });
const grantParams = z.object({ agentId: uuidParam('agentId') });
const grantItemParams = z.object({ agentId: uuidParam('agentId'), grantId: uuidParam('grantId') });

const errorContent = { 'application/json': { schema: ErrorEnvelope } };
const nameTakenResponse = {
  description: 'A node with that name is already in the folder (`FILE_NAME_TAKEN`, with its id)',
  content: { 'application/json': { schema: FileNameTakenSchema } },
};
const changeRule =
  'Only the node’s author or a company admin (`manageCompanyFiles`) may do this: anyone else gets 403 `FORBIDDEN`.';

const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

export const listFilesRoute = protectedRoute('read', {
  method: 'get',
  path: '/client/files',
  operationId: 'listFiles',
  tags,
  summary: 'The children of a folder (the drive root without `parentId`), paged',
  description:
    'Folders first, then files, each in the order asked. Uploads in progress are not listed. Pages are keyset pages: follow `nextCursor` with the same `sort` and `order`.',
  request: {
    query: z.object({
      parentId: z
        .uuid()
        .optional()
        .openapi({ param: { name: 'parentId', in: 'query' }, description: 'The folder; absent for the drive root.' }),
      sort: z
        .enum(['name', 'updatedAt', 'size'])
        .default('name')
        .openapi({ param: { name: 'sort', in: 'query' }, description: 'Default `name` (ignoring case).' }),
      order: z
        .enum(['asc', 'desc'])
        .default('asc')
        .openapi({ param: { name: 'order', in: 'query' } }),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(FILE_LIMITS.page)
        .default(FILE_LIMITS.defaultPage)
        .openapi({ param: { name: 'limit', in: 'query' }, description: '1..500, default 100.' }),
      cursor: z
        .string()
        .max(2000)
        .optional()
        .openapi({ param: { name: 'cursor', in: 'query' }, description: 'The `nextCursor` of the previous page.' }),
    }),
  },
  responses: { 200: jsonResponse(FileListSchema, 'A page of the folder’s children') },
});

export const getFileUsageRoute = protectedRoute('read', {
  method: 'get',
  path: '/client/files/usage',
  operationId: 'getFileUsage',
  tags,
  summary: 'How much of the company’s storage quota the drive uses',
  responses: { 200: jsonResponse(FileUsageSchema, 'Usage and limits') },
});

export const listFileTrashRoute = protectedRoute('read', {
  method: 'get',
  path: '/client/files/trash',
  operationId: 'listFileTrash',
  tags,
  summary: 'Deleted files and folders, newest first',
  description:
    'The nodes people deleted (what went with a deleted folder comes back with it). They stay for the configured number of days (default 30), then are removed for good.',
  request: {
    query: z.object({
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(FILE_LIMITS.page)
        .default(FILE_LIMITS.defaultPage)
        .openapi({ param: { name: 'limit', in: 'query' }, description: '1..500, default 100.' }),
    }),
  },
  responses: {
    200: jsonResponse(z.object({ nodes: z.array(FileNodeSchema) }).openapi('FileTrash'), 'The trash'),
  },
});

export const createFileNodeRoute = protectedRoute(
  'write',
  {
    method: 'post',
    path: '/client/files/nodes',
    operationId: 'createFileNode',
    tags,
    summary: 'Step 1 of an upload: create a file node (or create a folder)',
    description: `A folder is ready at once. A file is \`pending\` until \`complete-upload\`: only its uploader sees it, and it holds its name in the folder. Refused with 403 \`STORAGE_QUOTA_EXCEEDED\` when the drive has no room for \`fileSize\` bytes, 413 \`FILE_TOO_LARGE\` above the largest file allowed (\`GET /client/files/usage\`). An agent token uploads into a folder granted to its agent (or one inside it; 400 on \`parentId\` otherwise), as the agent: \`uploadSource: agent\`, \`agentTag\` and \`authorAgentId\` its id. ${agentCostNote('write')}`,
    request: {
      body: jsonBody(
        z
          .object({
            type: z.enum(['folder', 'file']),
            name: FileNameSchema,
            parentId: z
              .uuid()
              .nullable()
              .optional()
              .openapi({ description: 'The folder; null or absent for the root.' }),
            fileSize: z
              .number()
              .int()
              .min(0)
              .max(Number.MAX_SAFE_INTEGER)
              .optional()
              .openapi({ description: 'Files only, required: the exact number of bytes that will be uploaded.' }),
            mimeType: MimeTypeSchema.optional().openapi({
              description: 'Files only; default `application/octet-stream`.',
            }),
            onConflict: z.enum(['fail', 'rename', 'replace']).default('fail').openapi({
              description:
                'When the folder already holds the name: `fail` (409 `FILE_NAME_TAKEN`), `rename` (keep both: the new node is named `name (1).ext`, `name (2).ext`, …), or `replace` (files only: when this upload completes, the existing file takes its content and keeps its id; its author or an admin only).',
            }),
          })
          .openapi('CreateFileNodeRequest'),
      ),
    },
    responses: {
      ...creditsExhaustedResponse,
      201: jsonResponse(FileNodeSchema, 'Created'),
      409: nameTakenResponse,
    },
  },
  { agents: true },
);

export const getFileNodeRoute = protectedRoute('read', {
  method: 'get',
  path: '/client/files/{nodeId}',
  operationId: 'getFileNode',
  tags,
  summary: 'A file or folder, with the folders above it',
  request: { params: nodeParams },
  responses: { 200: jsonResponse(FileNodeDetailSchema, 'The node and its path') },
});

export const createUploadUrlRoute = protectedRoute(
  'write',
  {
    method: 'post',
    path: '/client/files/{nodeId}/upload-url',
    operationId: 'createUploadUrl',
    tags,
    summary: 'Step 2 of an upload: a signed storage URL for the bytes',
    description: `For a pending file of the caller’s. Asking again starts the upload afresh (bytes sent for an earlier URL are dropped). \`expiresIn\` is in seconds. ${agentCostNote('write')}`,
    request: { params: nodeParams },
    responses: {
      ...creditsExhaustedResponse,
      200: jsonResponse(UploadTargetSchema, 'Where to PUT the bytes'),
      409: {
        description: 'The upload is already complete, or the node is a folder (`CONFLICT`)',
        content: errorContent,
      },
    },
  },
  { agents: true },
);

export const completeUploadRoute = protectedRoute(
  'write',
  {
    method: 'post',
    path: '/client/files/{nodeId}/complete-upload',
    operationId: 'completeUpload',
    tags,
    summary: 'Step 4 of an upload: check the stored bytes and make the file visible',
    description: `The stored size must equal the declared \`fileSize\`: otherwise 400 \`FILE_SIZE_MISMATCH\` and the node stays pending (ask for a new URL and send the bytes again). A \`replace\` upload puts its content into the file it replaces and answers that file. ${agentCostNote('write')}`,
    request: {
      params: nodeParams,
      body: {
        required: false,
        content: {
          'application/json': {
            schema: z
              .object({
                parts: z
                  .array(
                    z.object({
                      partNumber: z.number().int().min(1).max(FILE_LIMITS.parts),
                      etag: z.string().min(1).max(200),
                    }),
                  )
                  .max(FILE_LIMITS.parts)
                  .optional()
                  .openapi({
                    description: 'Multipart uploads only: each part’s number and the `ETag` its PUT answered.',
                  }),
              })
              .openapi('CompleteUploadRequest'),
          },
        },
      },
    },
    responses: {
      ...creditsExhaustedResponse,
      200: jsonResponse(FileNodeSchema, 'The file, now ready'),
      409: { description: 'Already complete, or no upload URL was asked for (`CONFLICT`)', content: errorContent },
    },
  },
  { agents: true },
);

export const getDownloadUrlRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/client/files/{nodeId}/download-url',
    operationId: 'getDownloadUrl',
    tags,
    summary: 'A signed URL to read a file',
    description:
      '`expiresIn` is in seconds. The URL answers `Range` requests. Without `inline` it downloads (`Content-Disposition: attachment`); with `inline=true` images, PDFs, audio, video and plain text are served for display, everything else still as an attachment of type `application/octet-stream`, always with `X-Content-Type-Options: nosniff` and a sandboxing CSP. Folders answer 400. An agent token reads the files granted to its agent only (404 for others).',
    request: {
      params: nodeParams,
      query: z.object({
        inline: z
          .enum(['true', 'false'])
          .default('false')
          .openapi({ param: { name: 'inline', in: 'query' }, description: '`true` for a preview.' }),
      }),
    },
    responses: {
      200: jsonResponse(
        z.object({ signedUrl: z.string(), expiresIn: z.number().int() }).openapi('DownloadUrl'),
        'The signed URL',
      ),
    },
  },
  { agents: true },
);

export const updateFileNodeRoute = protectedRoute('write', {
  method: 'patch',
  path: '/client/files/{nodeId}',
  operationId: 'updateFileNode',
  tags,
  summary: 'Rename and/or move a file or folder',
  description: `${changeRule} \`parentId: null\` moves to the drive root; an absent \`parentId\` leaves the parent unchanged. A folder cannot move into itself or below itself (400).`,
  request: {
    params: nodeParams,
    body: jsonBody(
      z
        .object({ name: FileNameSchema.optional(), parentId: z.uuid().nullable().optional() })
        .refine((body) => body.name !== undefined || body.parentId !== undefined, {
          message: 'send `name`, `parentId` or both',
        })
        .openapi('UpdateFileNodeRequest'),
    ),
  },
  responses: { 200: jsonResponse(FileNodeSchema, 'The node as it now is'), 409: nameTakenResponse },
});

export const deleteFileNodeRoute = protectedRoute('write', {
  method: 'delete',
  path: '/client/files/{nodeId}',
  operationId: 'deleteFileNode',
  tags,
  summary: 'Move a file or folder (with its contents) to the trash, or cancel an upload',
  description: `${changeRule} A pending upload of the caller’s is cancelled and removed at once (\`trashed: false\`).`,
  request: { params: nodeParams },
  responses: {
    200: jsonResponse(
      z
        .object({
          node: FileNodeSchema,
          count: z.number().int().openapi({ description: 'Nodes moved to the trash: the node and what was in it.' }),
          trashed: z.boolean(),
        })
        .openapi('DeleteFileNodeResult'),
      'Deleted',
    ),
  },
});

export const restoreFileNodeRoute = protectedRoute('write', {
  method: 'post',
  path: '/client/files/{nodeId}/restore',
  operationId: 'restoreFileNode',
  tags,
  summary: 'Bring a deleted file or folder back from the trash',
  description: `${changeRule} It returns to its folder, or to the root when that folder is deleted too.`,
  request: { params: nodeParams },
  responses: { 200: jsonResponse(FileNodeSchema, 'Restored'), 409: nameTakenResponse },
});

export const listFileNodeGrantsRoute = protectedRoute('read', {
  method: 'get',
  path: '/client/files/{nodeId}/grants',
  operationId: 'listFileNodeGrants',
  tags,
  summary: 'The agents that may read a node: grants on it and on the folders above it',
  request: { params: nodeParams },
  responses: {
    200: jsonResponse(z.object({ grants: z.array(FileGrantSchema) }).openapi('FileGrantList'), 'Newest first'),
  },
});

export const grantFileRoute = protectedRoute('write', {
  method: 'post',
  path: '/agents/{agentId}/file-grants',
  operationId: 'grantFileToAgent',
  tags,
  summary: 'Grant a file or folder to an agent (a folder grants everything in it)',
  description: `${changeRule} The agent must be of the caller’s company (404) and not completed (409). Granting again answers the existing grant with 200.`,
  request: {
    params: grantParams,
    body: jsonBody(z.object({ nodeId: z.uuid() }).openapi('CreateFileGrantRequest')),
  },
  responses: {
    200: jsonResponse(FileGrantSchema, 'Already granted'),
    201: jsonResponse(FileGrantSchema, 'Granted'),
    409: { description: 'The agent is completed (`CONFLICT`)', content: errorContent },
  },
});

export const listAgentFileGrantsRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/agents/{agentId}/file-grants',
    operationId: 'listAgentFileGrants',
    tags,
    summary: 'The files and folders granted to an agent',
    description: 'An agent token sees its own grants only (another agent’s: 404).',
    request: { params: grantParams },
    responses: { 200: jsonResponse(z.object({ grants: z.array(FileGrantSchema) }), 'Newest first') },
  },
  { agents: true },
);

export const listAgentFilesRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/agents/{agentId}/files',
    operationId: 'listAgentFiles',
    tags,
    summary: 'What an agent sees of the drive',
    description:
      'Without `parentId`: the files and folders granted to the agent; with a folder it may read (granted, or inside a granted one): that folder’s children. A folder it may not read is 404. Open to the agent’s own token and to the company’s members.',
    request: {
      params: grantParams,
      query: z.object({
        parentId: z
          .uuid()
          .optional()
          .openapi({ param: { name: 'parentId', in: 'query' }, description: 'A folder the agent may read.' }),
      }),
    },
    responses: { 200: jsonResponse(z.array(FileNodeSchema), 'Folders first, then files, by name') },
  },
  { agents: true },
);

export const revokeFileGrantRoute = protectedRoute('write', {
  method: 'delete',
  path: '/agents/{agentId}/file-grants/{grantId}',
  operationId: 'revokeFileGrant',
  tags,
  summary: 'Revoke a file grant',
  description: changeRule,
  request: { params: grantItemParams },
  responses: { 200: jsonResponse(z.object({ ok: z.boolean() }).openapi('Ok'), 'Revoked') },
});
