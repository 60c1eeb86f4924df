import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse, protectedRoute, uuidParam } from '../../http/route.ts';
import { BoardCardSchema } from '../cards/index.ts';
import { baseVersionField, editConflictResponse } from '../../http/edit-check.ts';
import { ColumnEditConflictSchema, ColumnSchema, ProjectEditConflictSchema, ProjectSchema } from './schemas.ts';
import { MAX_COLUMNS } from './service.ts';

const tags = ['Projects'];
const projectParams = z.object({ projectId: uuidParam('projectId') });
const columnParams = z.object({ projectId: uuidParam('projectId'), columnId: uuidParam('columnId') });

const ColumnListSchema = z.object({ columns: z.array(ColumnSchema) }).openapi('ColumnList');
const ColumnChangeSchema = z.object({ column: ColumnSchema, columns: z.array(ColumnSchema) }).openapi('ColumnChange');

export const ProjectDetailSchema = ProjectSchema.extend({
  columns: z.array(ColumnSchema.extend({ cards: z.array(BoardCardSchema) }).openapi('BoardColumn')),
}).openapi('ProjectDetail');

const name = z.string().trim().min(1).max(120);
const description = z.string().max(2000);
const columnName = z.string().trim().min(1).max(60);
const wipLimit = z.number().int().min(1).max(999).nullable();

export const listProjectsRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/projects',
    operationId: 'listProjects',
    tags,
    summary: "The company's projects, archived ones flagged",
    description: 'A caller without a company gets 404.',
    responses: {
      200: jsonResponse(
        z.object({ projects: z.array(ProjectSchema) }).openapi('ProjectList'),
        'Most recently changed first',
      ),
    },
  },
  { agents: true },
);

export const createProjectRoute = protectedRoute('write', {
  method: 'post',
  path: '/projects',
  operationId: 'createProject',
  tags,
  summary: 'Create a project (a board)',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              name,
              description: description.optional(),
              columns: z.array(columnName).max(MAX_COLUMNS).optional().openapi({
                description: 'Names of the initial columns, in order; default To do, In progress, Done.',
              }),
            })
            .openapi('CreateProjectRequest'),
        },
      },
    },
  },
  responses: { 201: jsonResponse(ProjectSchema, 'Created') },
});

export const getProjectRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/projects/{projectId}',
    operationId: 'getProject',
    tags,
    summary: 'The board: the project with its ordered columns and their live cards',
    description: 'Each card embeds comment copies `{author, at, text}`, oldest first.',
    request: { params: projectParams },
    responses: { 200: jsonResponse(ProjectDetailSchema, 'The board') },
  },
  { agents: true },
);

export const updateProjectRoute = protectedRoute('write', {
  method: 'patch',
  path: '/projects/{projectId}',
  operationId: 'updateProject',
  tags,
  summary: 'Rename, describe, archive or unarchive a project',
  request: {
    params: projectParams,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              name: name.optional(),
              description: description.optional(),
              archived: z.boolean().optional(),
              baseVersion: baseVersionField('project'),
            })
            .refine(
              (body) => Object.entries(body).some(([key, value]) => key !== 'baseVersion' && value !== undefined),
              { message: 'send at least one field to change' },
            )
            .openapi('UpdateProjectRequest'),
        },
      },
    },
  },
  responses: { 200: jsonResponse(ProjectSchema, 'Updated'), ...editConflictResponse(ProjectEditConflictSchema) },
});

export const createColumnRoute = protectedRoute('write', {
  method: 'post',
  path: '/projects/{projectId}/columns',
  operationId: 'createColumn',
  tags,
  summary: 'Add a column',
  request: {
    params: projectParams,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              name: columnName,
              position: z
                .number()
                .int()
                .min(0)
                .optional()
                .openapi({ description: 'Place among the columns; default last.' }),
              wipLimit: wipLimit.optional(),
            })
            .openapi('CreateColumnRequest'),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(ColumnChangeSchema, 'The column and the new column order'),
    409: jsonResponse(ErrorEnvelope, `More than ${MAX_COLUMNS} columns (\`CONFLICT\`)`),
  },
});

export const updateColumnRoute = protectedRoute('write', {
  method: 'patch',
  path: '/projects/{projectId}/columns/{columnId}',
  operationId: 'updateColumn',
  tags,
  summary: 'Rename, reorder or set the WIP limit of a column',
  request: {
    params: columnParams,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              name: columnName.optional(),
              position: z.number().int().min(0).optional(),
              wipLimit: wipLimit.optional(),
              baseVersion: baseVersionField('column'),
            })
            .refine(
              (body) => Object.entries(body).some(([key, value]) => key !== 'baseVersion' && value !== undefined),
              { message: 'send at least one field to change' },
            )
            .openapi('UpdateColumnRequest'),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(ColumnChangeSchema, 'The column and the new column order'),
    ...editConflictResponse(ColumnEditConflictSchema),
  },
});

export const deleteColumnRoute = protectedRoute('write', {
  method: 'delete',
  path: '/projects/{projectId}/columns/{columnId}',
  operationId: 'deleteColumn',
  tags,
  summary: 'Delete an empty column',
  request: { params: columnParams },
  responses: {
    200: jsonResponse(ColumnListSchema, 'The remaining columns'),
    409: jsonResponse(ErrorEnvelope, 'The column still has live cards (`CONFLICT`)'),
  },
});
