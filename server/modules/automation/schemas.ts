import { z } from '@hono/zod-openapi';
import { baseVersionField, editConflictSchema, versionField } from '../../http/edit-check.ts';

export const CRON_RUN_STATUSES = ['delivered', 'skipped', 'succeeded', 'failed'] as const;

export const CronRunSchema = z
  .object({
    id: z.uuid(),
    cronJobId: z.uuid(),
    agentId: z.uuid(),
    scheduledFor: z.iso.datetime().openapi({ description: 'The time of the schedule this run is for.' }),
    firedAt: z.iso.datetime(),
    status: z.enum(CRON_RUN_STATUSES).openapi({
      description:
        '`delivered`: sent to the agent’s stream (`agent.cron.fired`). `skipped`: not sent, the agent was paused or completed (see `outcome`). `succeeded` / `failed`: what the agent reported.',
    }),
    outcome: z
      .string()
      .nullable()
      .openapi({ description: 'What came of it, in the agent’s words (or why it was skipped).' }),
    reportedAt: z.iso.datetime().nullable(),
    manual: z.boolean().openapi({ description: 'Fired with “Run now” rather than by the schedule.' }),
  })
  .openapi('CronRun');

export const CronJobSchema = z
  .object({
    id: z.uuid(),
    version: versionField('schedule'),
    agentId: z.uuid(),
    name: z.string(),
    expression: z.string().openapi({ example: '0 9 * * 1-5' }),
    timeZone: z.string().openapi({ example: 'Europe/Berlin' }),
    instruction: z.string(),
    enabled: z.boolean(),
    description: z.string().openapi({ example: 'At 09:00, Monday through Friday' }),
    nextRunAt: z.iso.datetime().nullable().openapi({ description: 'Null while disabled.' }),
    lastRun: z.union([CronRunSchema, z.null()]),
    createdBy: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('CronJob');

const CronName = z.string().trim().min(1).max(80);
const Expression = z.string().trim().min(1).max(120).openapi({
  description:
    'Five fields: minute, hour, day of month, month, day of week (`0 9 * * 1-5`); `@hourly`, `@daily`, `@weekly`, `@monthly`, `@yearly` too. No seconds (six or seven fields are refused), at most every 5 minutes.',
});
const TimeZone = z.string().trim().min(1).max(64).openapi({ description: 'An IANA time zone, e.g. `Europe/Berlin`.' });
const Instruction = z.string().trim().min(1).max(4000);

export const CreateCronJobInput = z
  .object({
    name: CronName,
    expression: Expression,
    timeZone: TimeZone.default('UTC'),
    instruction: Instruction,
    enabled: z.boolean().default(true),
  })
  .strict()
  .openapi('CreateCronJob');

export const UpdateCronJobInput = z
  .object({
    name: CronName.optional(),
    expression: Expression.optional(),
    timeZone: TimeZone.optional(),
    instruction: Instruction.optional(),
    enabled: z.boolean().optional(),
    baseVersion: baseVersionField('schedule'),
  })
  .strict()
  .refine((value) => Object.keys(value).some((key) => key !== 'baseVersion'), 'Give at least one field to change.')
  .openapi('UpdateCronJob');

export const CronJobEditConflictSchema = editConflictSchema('CronJobEditConflict', 'schedule', CronJobSchema);

export const ReportCronRunInput = z
  .object({
    status: z.enum(['succeeded', 'failed']),
    outcome: z.string().trim().max(2000).optional(),
  })
  .strict()
  .openapi('ReportCronRun');

export const SchedulePreviewSchema = z
  .object({
    description: z.string(),
    nextRuns: z.array(z.iso.datetime()).openapi({ description: 'The next five times it fires.' }),
  })
  .openapi('SchedulePreview');

export const WebhookEndpointSchema = z
  .object({
    id: z.uuid(),
    agentId: z.uuid(),
    name: z.string(),
    url: z.string().openapi({ description: 'Where an outside system POSTs; public, verified by signature.' }),
    secretPrefix: z.string().openapi({ example: 'whsec_Xk3p' }),
    status: z.enum(['active', 'revoked']),
    createdBy: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
    rotatedAt: z.iso.datetime().nullable(),
    revokedAt: z.iso.datetime().nullable(),
    lastDeliveryAt: z.iso.datetime().nullable(),
  })
  .openapi('WebhookEndpoint');

export const CreatedWebhookEndpointSchema = WebhookEndpointSchema.extend({
  secret: z.string().openapi({ description: 'The signing secret (`whsec_…`). Shown once.' }),
}).openapi('CreatedWebhookEndpoint');

export const CreateWebhookEndpointInput = z
  .object({ name: z.string().trim().min(1).max(80) })
  .strict()
  .openapi('CreateWebhookEndpoint');

export const WebhookDeliverySchema = z
  .object({
    id: z.uuid(),
    endpointId: z.uuid(),
    agentId: z.uuid(),
    receivedAt: z.iso.datetime(),
    status: z.enum(['delivered', 'redelivered']),
    payload: z.unknown().openapi({ description: 'The JSON body as received.' }),
    sizeBytes: z.number().int(),
    attempts: z.number().int().openapi({ description: 'Times it was sent to the agent’s stream.' }),
    lastDeliveredAt: z.iso.datetime(),
    outcomeStatus: z.enum(['succeeded', 'failed']).nullable().openapi({
      description: 'What the agent reported of its work on it; null until it does (again after a redelivery).',
    }),
    outcome: z.string().nullable().openapi({ description: 'What came of it, in the agent’s words.' }),
    reportedAt: z.iso.datetime().nullable(),
  })
  .openapi('WebhookDelivery');

export const ReportWebhookDeliveryInput = z
  .object({
    status: z.enum(['succeeded', 'failed']),
    outcome: z.string().trim().max(2000).optional(),
  })
  .strict()
  .openapi('ReportWebhookDelivery');

export const WebhookReceiptSchema = z
  .object({
    deliveryId: z.uuid(),
    duplicate: z.boolean().openapi({
      description: 'True when this very signed request was received before: it is not forwarded again.',
    }),
  })
  .openapi('WebhookReceipt');

export type CronJob = z.infer<typeof CronJobSchema>;
export type CronRun = z.infer<typeof CronRunSchema>;
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
