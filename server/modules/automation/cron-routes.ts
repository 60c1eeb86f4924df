import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse, pageQuery, protectedRoute, SuccessSchema, uuidParam } from '../../http/route.ts';
import { MIN_INTERVAL_MINUTES } from './schedule.ts';
import {
  CreateCronJobInput,
  CronJobSchema,
  CronRunSchema,
  ReportCronRunInput,
  SchedulePreviewSchema,
  UpdateCronJobInput,
  CronJobEditConflictSchema,
} from './schemas.ts';
import { editConflictResponse } from '../../http/edit-check.ts';
import { agentCostNote, creditsExhaustedResponse } from '../credits/index.ts';

const tags = ['Automation'];
const agentParams = z.object({ agentId: uuidParam('agentId') });
const jobParams = agentParams.extend({ cronJobId: uuidParam('cronJobId') });
const runParams = agentParams.extend({ runId: uuidParam('runId') });

const errorContent = { 'application/json': { schema: ErrorEnvelope } };
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

const readRule =
  'Any member of the company; an agent token reads its own agent’s only (another agent’s: 404). Read keys may.';
const manageRule =
  'For company admins and the person responsible for the agent (403 `FORBIDDEN` for other members); keys need the `write` scope.';
const scheduleRules = [
  `\`expression\`: five fields (minute, hour, day of month, month, day of week), e.g. \`0 9 * * 1-5\`, or a nickname (\`@hourly\`, \`@daily\`, \`@weekly\`, \`@monthly\`, \`@yearly\`). Refused with 400 naming the field: six fields (seconds) and seven (seconds and years), invalid values, schedules that never fire (31 February), and schedules firing more often than every ${MIN_INTERVAL_MINUTES} minutes. \`timeZone\`: an IANA name (default \`UTC\`); an unknown one is 400 \`timeZone: unknown time zone "…"\`.`,
  'Daylight saving: a time the clocks skip (02:30 in Europe/Berlin on the last Sunday of March) fires an hour later (03:30 local time); a time that occurs twice when they go back fires once, the first time.',
].join('\n\n');
const firingRule =
  'The scheduler fires each schedule once per time, whatever the number of server instances. After the server was down, at most one missed time is fired (the earliest one missed: the job’s `nextRunAt` then); the other missed times are skipped without a run, and `nextRunAt` moves to the next time after now. When the agent is paused or completed a run is still recorded, `skipped` with the reason as `outcome`, and nothing is sent to it.';

export const listCronJobsRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/agents/{agentId}/cron-jobs',
    operationId: 'listCronJobs',
    tags,
    summary: 'An agent’s schedules',
    description: `A plain array, by name, each with its human-readable \`description\`, \`nextRunAt\` (null while disabled) and newest run. ${readRule}`,
    request: { params: agentParams },
    responses: { 200: jsonResponse(z.array(CronJobSchema), 'The schedules') },
  },
  { agents: true },
);

export const createCronJobRoute = protectedRoute('write', {
  method: 'post',
  path: '/agents/{agentId}/cron-jobs',
  operationId: 'createCronJob',
  tags,
  summary: 'Give an agent a schedule',
  description: [
    `At each time of \`expression\` in \`timeZone\` the agent’s stream receives \`agent.cron.fired\` with \`instruction\`, and the agent reports the outcome with \`PATCH /agents/{agentId}/cron-runs/{runId}\`. ${manageRule}`,
    scheduleRules,
    firingRule,
  ].join('\n\n'),
  request: { params: agentParams, body: jsonBody(CreateCronJobInput) },
  responses: { 201: jsonResponse(CronJobSchema, 'The schedule') },
});

export const updateCronJobRoute = protectedRoute('write', {
  method: 'patch',
  path: '/agents/{agentId}/cron-jobs/{cronJobId}',
  operationId: 'updateCronJob',
  tags,
  summary: 'Change a schedule',
  description: [
    `Any of the fields of creation. A new expression or time zone, or enabling it again, sets \`nextRunAt\` to its next time after now; disabling it clears \`nextRunAt\` (no runs until enabled). ${manageRule}`,
    scheduleRules,
  ].join('\n\n'),
  request: { params: jobParams, body: jsonBody(UpdateCronJobInput) },
  responses: { 200: jsonResponse(CronJobSchema, 'The schedule'), ...editConflictResponse(CronJobEditConflictSchema) },
});

export const deleteCronJobRoute = protectedRoute('write', {
  method: 'delete',
  path: '/agents/{agentId}/cron-jobs/{cronJobId}',
  operationId: 'deleteCronJob',
  tags,
  summary: 'Delete a schedule, with its runs',
  description: manageRule,
  request: { params: jobParams },
  responses: { 200: jsonResponse(SuccessSchema, 'Deleted') },
});

export const listCronRunsRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/agents/{agentId}/cron-jobs/{cronJobId}/runs',
    operationId: 'listCronRuns',
    tags,
    summary: 'A schedule’s runs, newest first',
    description: `A plain array, by firing time, newest first; page with \`limit\` (1..100, default 20) and \`offset\`. ${readRule}`,
    request: {
      params: jobParams,
      query: pageQuery(100, 20),
    },
    responses: { 200: jsonResponse(z.array(CronRunSchema), 'The runs') },
  },
  { agents: true },
);

export const runCronJobRoute = protectedRoute('write', {
  method: 'post',
  path: '/agents/{agentId}/cron-jobs/{cronJobId}/run',
  operationId: 'runCronJob',
  tags,
  summary: 'Run a schedule now',
  description: `Fires it at once (\`manual: true\`, \`scheduledFor\` now), enabled or not, as the scheduler would: \`delivered\` to the agent’s stream, or \`skipped\` when the agent is paused or completed. The schedule’s own times are unchanged. ${manageRule}`,
  request: { params: jobParams },
  responses: { 201: jsonResponse(CronRunSchema, 'The run') },
});

export const reportCronRunRoute = protectedRoute(
  'write',
  {
    method: 'patch',
    path: '/agents/{agentId}/cron-runs/{runId}',
    operationId: 'reportCronRun',
    tags,
    summary: 'The agent reports what came of a run',
    description: `For the agent’s own token; people (and their keys) get 404: a run is the agent’s to report. Once per \`delivered\` run: 409 \`RUN_ALREADY_REPORTED\` after that, 409 \`CONFLICT\` for a \`skipped\` run (never sent). \`outcome\` is at most 2,000 characters. The company’s members get \`cron.run.recorded\`. ${agentCostNote('write')}`,
    request: { params: runParams, body: jsonBody(ReportCronRunInput) },
    responses: {
      ...creditsExhaustedResponse,
      200: jsonResponse(CronRunSchema, 'The run'),
      409: {
        description: 'Reported already (`RUN_ALREADY_REPORTED`), or skipped (`CONFLICT`)',
        content: errorContent,
      },
    },
  },
  { agents: true },
);

export const previewScheduleRoute = protectedRoute('read', {
  method: 'get',
  path: '/schedules/preview',
  operationId: 'previewSchedule',
  tags,
  summary: 'What a schedule means, and its next five times',
  description: `For the schedule editor: the human-readable description (24-hour clock, e.g. “At 09:00, Monday through Friday”) and the next five times after now, as UTC instants. 400 \`VALIDATION_ERROR\` whose message and issue name the refused parameter (\`expression: …\` or \`timeZone: …\`). Any member of the company.\n\n${scheduleRules}`,
  request: {
    query: z.object({
      expression: z
        .string()
        .trim()
        .min(1)
        .max(120)
        .openapi({ param: { name: 'expression', in: 'query' }, example: '0 9 * * 1-5' }),
      timeZone: z
        .string()
        .trim()
        .min(1)
        .max(64)
        .default('UTC')
        .openapi({ param: { name: 'timeZone', in: 'query' }, example: 'Europe/Berlin', description: 'Default UTC.' }),
    }),
  },
  responses: { 200: jsonResponse(SchedulePreviewSchema, 'The preview') },
});
