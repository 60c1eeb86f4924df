import { z } from '@hono/zod-openapi';
import { editConflictSchema, versionField } from '../../http/edit-check.ts';

/** A project as the API returns it (`presentProject`): its list, its detail and its live events. */

export const ProjectSchema = z
  .object({
    id: z.uuid(),
    version: versionField('project'),
    name: z.string(),
    description: z.string(),
    archived: z.boolean(),
    archivedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime().openapi({ description: 'The project itself (name, description, archiving).' }),
    lastActivityAt: z.iso.datetime().openapi({
      description:
        'The latest change on the board: the project itself or any of its cards (created, moved, edited, archived). The list is ordered by it, newest first.',
    }),
    cardCount: z.number().int().openapi({ description: 'Live (not archived) cards.' }),
  })
  .openapi('Project');

export const ColumnSchema = z
  .object({
    id: z.uuid(),
    version: versionField('column'),
    name: z.string(),
    position: z.number().int(),
    wipLimit: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Work-in-progress limit: shown as a warning, never enforced.' }),
  })
  .openapi('Column');

export const ProjectEditConflictSchema = editConflictSchema('ProjectEditConflict', 'project', ProjectSchema);
export const ColumnEditConflictSchema = editConflictSchema('ColumnEditConflict', 'column', ColumnSchema);
