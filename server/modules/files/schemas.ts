import { z } from '@hono/zod-openapi';

/** Bounds of the drive's requests (the configurable ones, quota and file size, are in AppConfig.files). */
export const FILE_LIMITS = {
  name: 255,
  page: 500,
  defaultPage: 100,
  grantsPerAgent: 1000,
  /** S3 multipart uploads report at most this many parts. */
  parts: 10_000,
  mimeType: 255,
} as const;

/** Any C0 control character or DEL (tab, newline and NUL included). */
const hasControlCharacter = (value: string) =>
  [...value].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });

/**
 * A node's name: trimmed, 1..255 characters, without `/` or control characters, and neither `.`
 * nor `..` (they mean something in every path a download or sync tool writes).
 */
export const FileNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(FILE_LIMITS.name, `must be at most ${FILE_LIMITS.name} characters`)
  .refine((name) => !name.includes('/'), 'must not contain "/"')
  .refine((name) => !hasControlCharacter(name), 'must not contain control characters')
  .refine((name) => name !== '.' && name !== '..', 'must not be "." or ".."')
  .openapi({
    description:
      'Trimmed; 1..255 characters, no `/`, no control characters, not `.` or `..`. Unique among the folder’s children, ignoring case.',
    example: 'Q3 report.pdf',
  });

/** `type/subtype` with optional parameters, as browsers report them; lower-cased by the server. */
export const MimeTypeSchema = z
  .string()
  .trim()
  .max(FILE_LIMITS.mimeType)
  .regex(/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/, 'must be a media type such as "application/pdf"')
  .openapi({ example: 'application/pdf' });

export const FileAuthorSchema = z
  .object({
    name: z.string().openapi({ description: 'Display name at the time of the upload or creation.' }),
    userId: z.uuid().optional().openapi({ description: 'The person, when a person made it.' }),
    agentId: z.uuid().optional().openapi({ description: 'The agent, when an agent made it.' }),
  })
  .openapi('FileAuthor', {
    description: 'Who created the node. The author (and any company admin) may rename, move or delete it.',
  });

export const FileNodeSchema = z
  .object({
    id: z.uuid(),
    clientId: z.uuid().openapi({ description: 'The company whose drive holds the node.' }),
    type: z.enum(['folder', 'file']),
    name: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime().openapi({ description: 'Last rename, move, or content change.' }),
    parentId: z.uuid().nullable().openapi({ description: 'The parent folder; null at the drive root.' }),
    status: z.enum(['pending', 'ready']).openapi({
      description:
        'A file is `pending` from step 1 of its upload until `complete-upload` checked its bytes; only its uploader sees it meanwhile. Folders are always `ready`.',
    }),
    storagePath: z.string().nullable().openapi({
      description: 'The storage key of the file’s bytes (`<clientId>/<nodeId>/<uploadId>`); null for folders.',
    }),
    mimeType: z.string().nullable().openapi({ description: 'Declared at upload (lower-cased); null for folders.' }),
    fileSize: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'In bytes, declared at step 1 and checked at step 4; null for folders.' }),
    agentTag: z.uuid().nullable().openapi({ description: 'The agent that uploaded it (`uploadSource: agent`).' }),
    uploadSource: z.enum(['client', 'agent']),
    author: FileAuthorSchema,
    trashedAt: z.iso.datetime().nullable().openapi({
      description: 'When it was moved to the trash (trash listing only; null for live nodes).',
    }),
  })
  .openapi('FileNode', { description: 'A folder or a file of the company’s drive.' });

export const FilePathEntrySchema = z.object({ id: z.uuid(), name: z.string() }).openapi('FilePathEntry');

export const FileNodeDetailSchema = z
  .object({
    node: FileNodeSchema,
    path: z.array(FilePathEntrySchema).openapi({
      description: 'The folders from the drive root down to the node’s parent (empty at the root).',
    }),
  })
  .openapi('FileNodeDetail');

export const FileListSchema = z
  .object({
    nodes: z.array(FileNodeSchema).openapi({ description: 'Folders first, then files, in the requested order.' }),
    nextCursor: z.string().nullable().openapi({
      description: 'Pass it as `cursor` for the next page (same `sort` and `order`); null on the last page.',
    }),
  })
  .openapi('FileList');

export const UploadTargetSchema = z
  .discriminatedUnion('mode', [
    z
      .object({
        mode: z.literal('single'),
        signedUrl: z
          .string()
          .openapi({ description: 'PUT the whole file’s bytes here (relative to the API’s origin, or absolute).' }),
        method: z.literal('PUT'),
        headers: z
          .record(z.string(), z.string())
          .openapi({ description: 'Headers the PUT must carry (`Content-Type`).' }),
        expiresIn: z
          .number()
          .int()
          .openapi({ description: 'Seconds the URL stays valid (it is checked when the PUT starts).' }),
      })
      .openapi('SingleUploadTarget'),
    z
      .object({
        mode: z.literal('multipart'),
        uploadId: z.string(),
        partSize: z.number().int().openapi({ description: 'Bytes per part; the last part holds the rest.' }),
        expiresIn: z.number().int().openapi({ description: 'Seconds the part URLs stay valid.' }),
        parts: z
          .array(z.object({ partNumber: z.number().int(), signedUrl: z.string(), size: z.number().int() }))
          .openapi({
            description:
              'PUT each part’s bytes to its URL; keep each response’s `ETag` and send them all to `complete-upload`.',
          }),
      })
      .openapi('MultipartUploadTarget'),
  ])
  .openapi('UploadTarget', {
    description:
      'Step 2 of an upload: where to send the bytes. The local-disk backend always answers `single`; the S3 backend answers `multipart` for large files.',
  });

export const FileGrantSchema = z
  .object({
    id: z.uuid(),
    agentId: z.uuid(),
    nodeId: z.uuid(),
    grantedBy: z.uuid().nullable().openapi({ description: 'The person who granted it (null if they left).' }),
    createdAt: z.iso.datetime(),
    node: z.object({ id: z.uuid(), name: z.string(), type: z.enum(['folder', 'file']) }),
    agent: z.object({ id: z.uuid(), name: z.string(), status: z.enum(['active', 'paused', 'completed']) }),
  })
  .openapi('FileGrant', {
    description: 'A file or folder an agent may read; a folder grants everything in it, now and later.',
  });

export const FileUsageSchema = z
  .object({
    usedBytes: z.number().int().openapi({
      description: 'Bytes of every file of the drive: uploads in progress and the trash included.',
    }),
    quotaBytes: z.number().int(),
    fileCount: z.number().int(),
    maxFileBytes: z.number().int().openapi({ description: 'The largest file one upload may declare.' }),
  })
  .openapi('FileUsage');

export const FileNameTakenSchema = z
  .object({
    error: z.string(),
    code: z.literal('FILE_NAME_TAKEN'),
    existingNodeId: z.uuid().openapi({ description: 'The node that already has the name in that folder.' }),
    existingNodeType: z.enum(['folder', 'file']),
  })
  .openapi('FileNameTaken', {
    description:
      '409: the folder already holds a node with that name (ignoring case). Offer to keep both (`onConflict: rename`), replace (`onConflict: replace`, files only) or skip.',
  });

export type FileNode = z.infer<typeof FileNodeSchema>;
export type FileNodeDetail = z.infer<typeof FileNodeDetailSchema>;
export type FileGrant = z.infer<typeof FileGrantSchema>;
export type UploadTarget = z.infer<typeof UploadTargetSchema>;
