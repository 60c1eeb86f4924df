import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse, protectedRoute, publicRoute } from '../../http/route.ts';
import { CREDIT_PACKS } from './plans.ts';
import {
  CreateCreditCheckoutInput,
  CreditCheckoutCreatedSchema,
  CreditCheckoutSchema,
  CreditPacksSchema,
  StripeWebhookReceiptSchema,
} from './schemas.ts';

const tags = ['Credits'];
const errorContent = { 'application/json': { schema: ErrorEnvelope } };
const errorResponse = (description: string) => ({ description, content: errorContent });

/** A Stripe Checkout Session id, as it appears in the path. */
export const CHECKOUT_ID_PATTERN = /^cs_[A-Za-z0-9_]{1,200}$/;

export const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook';

const packList = CREDIT_PACKS.map(
  (pack) =>
    `\`${pack.id}\` (${pack.credits.toLocaleString('en-US')} credits, ${(pack.amountCents / 100).toFixed(2)} ${pack.currency.toUpperCase()})`,
).join(', ');

const purchaseRule = [
  `Credit packs: ${packList}. They are paid through Stripe Checkout, when the server is configured with Stripe keys (\`STRIPE_SECRET_KEY\` and \`STRIPE_WEBHOOK_SECRET\`); without them nothing is sold and nothing fakes a payment.`,
  `A purchase: an admin asks for a checkout (\`createCreditCheckout\`) and sends the browser to its \`url\`; after paying, Stripe sends it back to \`/settings/billing?checkout=<checkoutId>\` (or \`?checkout=canceled\`). The credits arrive when Stripe’s signed \`checkout.session.completed\` event reaches \`POST ${STRIPE_WEBHOOK_PATH}\`: one \`purchase\` of purchased credits (kept until used) with \`paymentCheckoutSessionId\` and \`paymentInvoiceId\`, and \`credits.balance.changed\` for the company’s members. Follow it with \`getCreditCheckout\` or the event.`,
].join('\n\n');

const manageRule =
  'Company admins only (`manageBilling`: 403 `FORBIDDEN` for members), signed in: every key is refused with 403 `API_KEY_FORBIDDEN` (billing changes need a person), and agent tokens with 403 `AGENT_TOKEN_FORBIDDEN`.';

export const listCreditPacksRoute = protectedRoute('read', {
  method: 'get',
  path: '/subscriptions/credits/packs',
  operationId: 'listCreditPacks',
  tags,
  summary: 'The credit packs a company can buy, and whether it can',
  description: `Every member of the company; read keys may. \`purchasesAvailable\` is false when the server has no Stripe keys; \`howToEnable\` then says what its operator must configure (it names no secret).\n\n${purchaseRule}`,
  responses: { 200: jsonResponse(CreditPacksSchema, 'The packs') },
});

export const createCreditCheckoutRoute = protectedRoute('forbidden', {
  method: 'post',
  path: '/subscriptions/credits/checkout',
  operationId: 'createCreditCheckout',
  tags,
  summary: 'Start buying a credit pack (a Stripe Checkout session)',
  description: [
    manageRule,
    'Creates a Stripe Checkout Session for the pack (one line item, paid once) and answers its id and the `url` of Stripe’s payment page; the checkout is `open` until Stripe reports it paid (`completed`) or abandoned (`expired`). Nothing is credited here: the credits arrive with Stripe’s signed webhook event.',
    'An unknown `packId` is 400 naming `packId`. Without Stripe keys on the server: 503 `PAYMENTS_UNAVAILABLE` (the message says how to enable purchases). When Stripe refuses or cannot be reached: 502 `PAYMENT_PROVIDER_ERROR` (nothing is stored; try again).',
    purchaseRule,
  ].join('\n\n'),
  request: {
    body: { required: true, content: { 'application/json': { schema: CreateCreditCheckoutInput } } },
  },
  responses: {
    201: jsonResponse(CreditCheckoutCreatedSchema, 'The checkout: send the browser to its `url`'),
    502: errorResponse('Stripe refused or could not be reached (`PAYMENT_PROVIDER_ERROR`)'),
    503: errorResponse('The server takes no payments: no Stripe keys configured (`PAYMENTS_UNAVAILABLE`)'),
  },
});

export const getCreditCheckoutRoute = protectedRoute('read', {
  method: 'get',
  path: '/subscriptions/credits/checkouts/{checkoutId}',
  operationId: 'getCreditCheckout',
  tags,
  summary: 'A credit-pack checkout and what came of it',
  description: `Its pack, status (\`open\`, \`completed\`, \`expired\`) and, once completed, the \`purchase\` it added. Company admins (\`manageBilling\`: 403 \`FORBIDDEN\` for members); read keys of an admin may. Another company’s checkout, or an unknown one, is 404. \`checkoutId\` is Stripe’s \`cs_…\` id: anything else is 400.\n\n${purchaseRule}`,
  request: {
    params: z.object({
      checkoutId: z
        .string()
        .regex(CHECKOUT_ID_PATTERN, 'must be a Stripe checkout session id (cs_…)')
        .openapi({ param: { name: 'checkoutId', in: 'path' }, example: 'cs_test_a1B2c3D4e5F6' }),
    }),
  },
  responses: { 200: jsonResponse(CreditCheckoutSchema, 'The checkout') },
});

export const stripeWebhookRoute = publicRoute(
  {
    method: 'post',
    path: STRIPE_WEBHOOK_PATH,
    operationId: 'stripeWebhook',
    tags,
    summary: 'Stripe’s events about credit-pack checkouts (signed)',
    description: [
      'For Stripe only: point a Stripe webhook endpoint at this URL for `checkout.session.completed`, `checkout.session.async_payment_succeeded` and `checkout.session.expired`, and give the server its signing secret (`STRIPE_WEBHOOK_SECRET`). No bearer token: the request is verified with its `Stripe-Signature` header over the body’s exact bytes, by Stripe’s own library.',
      'The answers, in the order they are checked: 503 `PAYMENTS_UNAVAILABLE` when the server has no Stripe keys (Stripe retries later); 400 `SIGNATURE_INVALID` for a missing or wrong signature, or one made more than 300 s ago (a replayed event) — each counts against the calling address’s failed-authentication limit (429 once that is full); 429 `RATE_LIMITED` beyond the webhook deliveries limit shared by all Stripe events (`WEBHOOK_DELIVERIES_PER_MINUTE`, 60 a minute unless configured), counted after the signature so that requests nobody signed cannot use it up, and retried by Stripe; then 200 `{received: true}`.',
      'Idempotent: each event id is handled once, in the same transaction as its effect; the same event again answers 200 and changes nothing. A paid `checkout.session.completed` (or `checkout.session.async_payment_succeeded`) of an `open` checkout adds one `purchase` and marks it `completed`; a second event for the same session adds nothing (one purchase per checkout session, also enforced by a unique index). `checkout.session.expired` marks an open checkout `expired`. Events of sessions this server did not create, and other event types, are acknowledged (200) and ignored.',
      'No per-address request limit applies (unlike other public POSTs): Stripe sends events from a few shared addresses, so the deliveries limit and the failed-signature limit protect it instead.',
    ].join('\n\n'),
    request: {
      headers: z.object({
        'stripe-signature': z.string().optional().openapi({
          description: 'Stripe’s signature of the body: `t=<unix seconds>,v1=<hex HMAC-SHA256>`.',
          example: 't=1764136800,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
        }),
      }),
      body: {
        required: true,
        description: 'A Stripe event, exactly as Stripe sent it.',
        // A plain schema, not zod: the route must not parse the body before the handler reads its
        // raw bytes to check the signature.
        content: { 'application/json': { schema: { description: 'A Stripe event object.' } } },
      },
    },
    responses: {
      200: jsonResponse(StripeWebhookReceiptSchema, 'Received (handled, already handled, or ignored)'),
      400: errorResponse('Missing, wrong or expired signature (`SIGNATURE_INVALID`)'),
      503: errorResponse('The server takes no payments: no Stripe keys configured (`PAYMENTS_UNAVAILABLE`)'),
    },
  },
  { limit: 'failures' },
);
