import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse, protectedRoute } from '../../http/route.ts';
import { PLANS, TRIAL } from './plans.ts';
import { ChangePlanInput, PlanSchema, SubscriptionSchema } from './schemas.ts';

const tags = ['Subscriptions'];
const errorContent = { 'application/json': { schema: ErrorEnvelope } };
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
const conflict = (description: string) => ({ 409: { description, content: errorContent } });

const readRule = 'Any member of the company; read keys may.';
const manageRule =
  'Company admins only (`manageBilling`: 403 `FORBIDDEN` for members), signed in: every key is refused with 403 `API_KEY_FORBIDDEN` (billing changes need a person), and agent tokens with 403 `AGENT_TOKEN_FORBIDDEN`. The company’s members get `subscription.changed`.';
const planList = Object.values(PLANS)
  .map((plan) => `\`${plan.id}\` (${plan.monthlyCredits.toLocaleString('en-US')} credits a month, ${plan.seats} seats)`)
  .join(', ');
const periodRule = [
  `Plans: ${planList}. A new company starts on a ${TRIAL.days}-day trial of \`${TRIAL.planId}\` (status \`trialing\`) with ${TRIAL.credits.toLocaleString('en-US')} included credits (\`trial_grant\`).`,
  'A period is one calendar month from its start (the same day and time, the last day of a shorter month). At its end the subscription renews: the unused included credits of the period expire (an `adjustment` of the included balance, without `adminUserId`), then the plan’s monthly credits are granted (`subscription_grant`) for the next period, on the pending plan if a downgrade was waiting; a trial becomes `active` on its plan. A subscription set to cancel becomes `canceled` at its period’s end instead: its included credits expire and no more are granted (purchased credits stay). After a time without renewals (the server down), one renewal moves the period to the one containing now: one expiry and one grant, not one per missed period.',
].join('\n\n');

export const listPlansRoute = protectedRoute('read', {
  method: 'get',
  path: '/subscriptions/plans',
  operationId: 'listPlans',
  tags,
  summary: 'The plans a company can subscribe to',
  description: `A plain array, smallest plan first. ${readRule}\n\n${periodRule}`,
  responses: { 200: jsonResponse(z.array(PlanSchema), 'The plans') },
});

export const getSubscriptionRoute = protectedRoute('read', {
  method: 'get',
  path: '/subscriptions/current',
  operationId: 'getSubscription',
  tags,
  summary: 'The company’s subscription',
  description: `Its plan, status, current period, a pending downgrade, a cancellation at the period’s end, and the seats used (members of the company now). ${readRule}\n\n${periodRule}`,
  responses: { 200: jsonResponse(SubscriptionSchema, 'The subscription') },
});

export const changePlanRoute = protectedRoute('forbidden', {
  method: 'put',
  path: '/subscriptions/current',
  operationId: 'changePlan',
  tags,
  summary: 'Change the plan',
  description: [
    `${manageRule}`,
    '- **Upgrade** (a plan with more monthly credits), or any plan for a `trialing` or `canceled` subscription: takes effect now, in one transaction. The unused included credits of the ending period expire (an `adjustment`, when there are any), the new plan’s monthly credits are granted (`subscription_grant`), a new period starts now, the status is `active`, and a cancellation or pending downgrade is cleared.',
    '- **Downgrade** of an `active` subscription: takes effect at the period’s end (`pendingPlan`); nothing changes before.',
    '- **The current plan again**: clears a pending downgrade (200); with nothing pending, 409 `PLAN_UNCHANGED`.',
    'An unknown `planId` is 400 naming `planId`. A plan with fewer seats than the company has members is 409 `SEATS_EXCEEDED` (the message gives both numbers).',
    periodRule,
  ].join('\n\n'),
  request: { body: jsonBody(ChangePlanInput) },
  responses: {
    200: jsonResponse(SubscriptionSchema, 'The subscription as it now is'),
    ...conflict(
      'The plan is the current one with nothing pending (`PLAN_UNCHANGED`), or has fewer seats than the company has members (`SEATS_EXCEEDED`)',
    ),
  },
});

export const cancelSubscriptionRoute = protectedRoute('forbidden', {
  method: 'post',
  path: '/subscriptions/current/cancel',
  operationId: 'cancelSubscription',
  tags,
  summary: 'Cancel at the period’s end',
  description: `Sets \`cancelAtPeriodEnd\` (and \`canceledAt\`, now): the subscription keeps its plan and credits until the period’s end, then becomes \`canceled\` (its included credits expire, none are granted; purchased credits stay). Undo with resume before then. Already set to cancel, or canceled: 409 \`SUBSCRIPTION_CANCELED\`. ${manageRule}`,
  responses: {
    200: jsonResponse(SubscriptionSchema, 'The subscription as it now is'),
    ...conflict('Already canceled or set to cancel (`SUBSCRIPTION_CANCELED`)'),
  },
});

export const resumeSubscriptionRoute = protectedRoute('forbidden', {
  method: 'post',
  path: '/subscriptions/current/resume',
  operationId: 'resumeSubscription',
  tags,
  summary: 'Undo a cancellation before the period’s end',
  description: `Clears \`cancelAtPeriodEnd\` and \`canceledAt\`: the subscription renews again. 409 \`CONFLICT\` when it is not set to cancel; 409 \`SUBSCRIPTION_CANCELED\` when it has ended (choose a plan with \`PUT /subscriptions/current\` instead). ${manageRule}`,
  responses: {
    200: jsonResponse(SubscriptionSchema, 'The subscription as it now is'),
    ...conflict('Nothing to resume (`CONFLICT`), or the subscription has ended (`SUBSCRIPTION_CANCELED`)'),
  },
});
