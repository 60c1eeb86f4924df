import { z } from '@hono/zod-openapi';
import { baseVersionField, editConflictSchema, versionField } from '../../http/edit-check.ts';
import { CONSTRAINT_BOUNDS, boundedObject } from '../../lib/bounded-json.ts';

export const CONNECTION_STATUSES = ['active', 'error', 'expired', 'revoked'] as const;
export const GRANT_SCOPES = ['read', 'write', 'read_write'] as const;
export const GRANT_STATUSES = ['active', 'expired', 'connection_unavailable'] as const;

export const ProviderSchema = z
  .object({
    key: z.string().openapi({ example: 'github' }),
    name: z.string().openapi({ example: 'GitHub' }),
    description: z.string(),
    credentialFields: z.array(
      z.object({
        name: z.string().openapi({ example: 'token' }),
        label: z.string().openapi({ example: 'Personal access token' }),
        secret: z.boolean().openapi({ description: 'Entered as a password and never shown again.' }),
        optional: z.boolean(),
      }),
    ),
  })
  .openapi('IntegrationProvider');

export const ConnectionSchema = z
  .object({
    id: z.uuid(),
    version: versionField('connection'),
    providerKey: z.string(),
    displayName: z.string(),
    status: z.enum(CONNECTION_STATUSES).openapi({
      description:
        '`active`: usable. `error`: the tool refused it (see `statusMessage`); grants do not apply until its credentials are replaced or it is marked active. `expired`: past `expiresAt`. `revoked`: disconnected; its credentials are erased and its grants no longer apply.',
    }),
    statusMessage: z.string().nullable(),
    ownership: z.enum(['company', 'personal']).openapi({
      description:
        '`company`: managed by company admins, visible to every member. `personal`: one person’s own, visible to them only.',
    }),
    ownerUserId: z.uuid().nullable().openapi({ description: 'The person a personal connection belongs to.' }),
    createdBy: z.uuid().nullable(),
    createdByName: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime().nullable(),
    revokedAt: z.iso.datetime().nullable(),
    credentialFields: z
      .array(z.string())
      .openapi({ description: 'The names of the stored credential fields; their values are never returned.' }),
    grantCount: z.number().int().openapi({ description: 'Agents granted this connection.' }),
  })
  .openapi('IntegrationConnection');

export const CredentialsInput = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/), z.string().max(8000))
  .refine((value) => Object.keys(value).length <= 20, 'at most 20 fields')
  .openapi({
    description: 'The provider’s credential fields (`credentialFields`), as strings. Stored sealed; never returned.',
  });

const DisplayName = z.string().trim().min(1).max(80);

export const CreateConnectionInput = z
  .object({
    providerKey: z.string().min(1).max(40),
    displayName: DisplayName,
    credentials: CredentialsInput,
    ownership: z.enum(['company', 'personal']).default('company').openapi({
      description: 'Company connections are created by admins; any member may create personal ones.',
    }),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict()
  .openapi('CreateIntegrationConnection');

export const UpdateConnectionInput = z
  .object({
    displayName: DisplayName.optional(),
    credentials: CredentialsInput.optional().openapi({
      description: 'Replaces all stored credentials; the connection becomes `active` again.',
    }),
    status: z.enum(['active', 'error']).optional(),
    statusMessage: z.string().trim().max(500).nullable().optional(),
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
    baseVersion: baseVersionField('connection').openapi({
      description:
        'The connection’s `version` this edit was made on. A new `displayName` when someone else renamed it since is refused (412 `EDIT_CONFLICT`, nothing stored). Without it the edit is applied as it is.',
    }),
  })
  .strict()
  .refine((value) => Object.keys(value).some((key) => key !== 'baseVersion'), 'Give at least one field to change.')
  .openapi('UpdateIntegrationConnection');

export const ConnectionEditConflictSchema = editConflictSchema(
  'IntegrationConnectionEditConflict',
  'connection',
  ConnectionSchema,
);

export const ConnectionSummarySchema = z
  .object({ providerKey: z.string(), displayName: z.string(), status: z.enum(CONNECTION_STATUSES) })
  .openapi('IntegrationConnectionSummary');

const grantFields = {
  id: z.uuid(),
  agentId: z.uuid(),
  connectionId: z.uuid(),
  scope: z.enum(GRANT_SCOPES),
  createdAt: z.iso.datetime(),
  allowedTools: z
    .array(z.string())
    .openapi({ description: 'The tools of the connection the agent may use; empty: every tool its scope allows.' }),
  constraints: z.record(z.string(), z.unknown()).openapi({
    description:
      'Free-form limits the agent applies (e.g. `{"repositories": ["acme/web"], "maxPerDay": 50}`); bounded: 8 KiB as JSON, 6 levels, 200 keys, strings up to 2,000 characters, no `__proto__`, `constructor` or `prototype` keys.',
  }),
  grantedBy: z.uuid().nullable(),
  expiresAt: z.iso
    .datetime()
    .nullable()
    .openapi({ description: 'Null: until revoked. Past it, the grant no longer applies.' }),
  status: z.enum(GRANT_STATUSES).openapi({
    description:
      'Computed: `expired` past `expiresAt`; `connection_unavailable` while the connection is not `active`; `active` otherwise.',
  }),
  lastUsedAt: z.iso.datetime().nullable().openapi({ description: 'When the agent last redeemed the credentials.' }),
};

export const GrantSchema = z.object(grantFields).openapi('IntegrationGrant');

export const GrantWithConnectionSchema = z
  .object({ ...grantFields, connection: ConnectionSummarySchema })
  .openapi('IntegrationGrantWithConnection');

export const ConstraintsInput = boundedObject(
  CONSTRAINT_BOUNDS,
  'Free-form limits the agent applies; bounded (see `IntegrationGrant.constraints`).',
);

export const ToolName = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:/-]+$/, 'letters, digits and _ . : / - only');

export const CreateGrantInput = z
  .object({
    connectionId: z.uuid(),
    scope: z.enum(GRANT_SCOPES),
    allowedTools: z.array(ToolName).max(50).default([]),
    constraints: ConstraintsInput.optional(),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict()
  .openapi('CreateIntegrationGrant');

export const UpdateGrantInput = z.object({ constraints: ConstraintsInput }).strict().openapi('UpdateIntegrationGrant');

export const GrantCredentialsSchema = z
  .object({
    grantId: z.uuid(),
    connectionId: z.uuid(),
    providerKey: z.string(),
    scope: z.enum(GRANT_SCOPES),
    allowedTools: z.array(z.string()),
    constraints: z.record(z.string(), z.unknown()),
    expiresAt: z.iso.datetime().nullable(),
    credentials: z.record(z.string(), z.string()),
  })
  .openapi('IntegrationGrantCredentials');

export type IntegrationConnection = z.infer<typeof ConnectionSchema>;
export type IntegrationGrant = z.infer<typeof GrantSchema>;
