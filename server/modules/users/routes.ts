import { z } from '@hono/zod-openapi';
import { baseVersionField, editConflictResponse, editConflictSchema, versionField } from '../../http/edit-check.ts';
import { jsonResponse, protectedRoute, SuccessSchema } from '../../http/route.ts';
import { type Permission, PERMISSION_NAMES, PERMISSIONS } from '../../policies/index.ts';

export const CompanyRoleSchema = z.enum(['admin', 'member']).openapi('CompanyRole');

/** Every permission of the policy layer (server/policies), described as it describes it. */
const PermissionsSchema = z
  .object(
    Object.fromEntries(
      PERMISSION_NAMES.map((name) => [name, z.boolean().openapi({ description: PERMISSIONS[name].description })]),
    ) as Record<Permission, z.ZodBoolean>,
  )
  .openapi('Permissions', {
    description:
      'What the caller may do beyond reading and editing company data: the web app shows or hides controls from these, and the server enforces the same rules (403 `FORBIDDEN`).',
  });

export const MeSchema = z
  .object({
    user: z.object({
      id: z.uuid(),
      email: z.email(),
      name: z.string(),
      title: z.string(),
      version: versionField('profile (name and title)'),
      createdAt: z.iso.datetime(),
    }),
    company: z
      .object({ id: z.uuid(), name: z.string() })
      .nullable()
      .openapi({ description: 'Null when the user belongs to no company.' }),
    role: z
      .union([CompanyRoleSchema, z.null()])
      .openapi({ description: 'Role in the company; null without a company.' }),
    permissions: PermissionsSchema,
    credential: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('session'), expiresAt: z.iso.datetime() }),
        z.object({
          kind: z.literal('api_key'),
          keyId: z.uuid(),
          name: z.string(),
          scope: z.enum(['read', 'write']),
          expiresAt: z.iso.datetime().nullable(),
        }),
      ])
      .openapi({ description: 'How this request was authenticated.' }),
  })
  .openapi('Me');

const MeEditConflictSchema = editConflictSchema('ProfileEditConflict', 'profile', MeSchema);

export const getMeRoute = protectedRoute('read', {
  method: 'get',
  path: '/users/me',
  operationId: 'getMe',
  tags: ['Users'],
  summary: 'The caller: user, company (or none), role and permissions',
  responses: { 200: jsonResponse(MeSchema, 'The signed-in user') },
});

const UpdateMeBody = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    title: z.string().trim().max(100).optional(),
    baseVersion: baseVersionField('profile'),
  })
  .refine((body) => body.name !== undefined || body.title !== undefined, {
    message: 'send at least one of name and title',
  })
  .openapi('UpdateMeRequest');

export const updateMeRoute = protectedRoute('write', {
  method: 'patch',
  path: '/users/me',
  operationId: 'updateMe',
  tags: ['Users'],
  summary: 'Change your display name or title',
  request: { body: { required: true, content: { 'application/json': { schema: UpdateMeBody } } } },
  responses: { 200: jsonResponse(MeSchema, 'The updated user'), ...editConflictResponse(MeEditConflictSchema) },
});

export const deleteMeRoute = protectedRoute('forbidden', {
  method: 'delete',
  path: '/users/me',
  operationId: 'deleteMe',
  tags: ['Users'],
  summary: 'Delete the account',
  description:
    'Needs a signed-in session (forbidden to every key). Deletes the user with their sessions and API keys; every token of theirs stops working at once.',
  responses: { 200: jsonResponse(SuccessSchema, 'Account deleted') },
});

export const supportTokenRoute = protectedRoute('read', {
  method: 'get',
  path: '/users/support-token',
  operationId: 'getSupportToken',
  tags: ['Users'],
  summary: 'A signed identity token for the in-app support widget',
  description:
    'An HS256 JWT (audience `support-widget`, valid one hour) asserting the user id, email, name and company, signed with a secret separate from session tokens.',
  responses: {
    200: jsonResponse(z.object({ token: z.string() }).openapi('SupportToken'), 'Signed identity token'),
  },
});
