import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse, protectedRoute } from '../../http/route.ts';
import {
  CreateCreditAdjustmentInput,
  CreditBalanceSchema,
  CreditTransactionFilters,
  CreditTransactionSchema,
  CreditTransactionsQuery,
  CreditUsageQuery,
  CreditUsageSchema,
  LEDGER_DEFAULT_LIMIT,
  LEDGER_MAX_LIMIT,
} from './schemas.ts';

const tags = ['Credits'];
const errorContent = { 'application/json': { schema: ErrorEnvelope } };
const adminsOnly =
  'For company admins (`manageBilling`): 403 `FORBIDDEN` for members; an API key of an admin may read it.';

export const getCreditBalanceRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/subscriptions/credits/balance',
    operationId: 'getCreditBalance',
    tags,
    summary: 'The company’s credit balances',
    description:
      'Included credits (the plan’s, for this period; used first) and purchased credits (kept until used), whether they are low or exhausted, and what agent work costs. Every member of the company, their API keys, and agent tokens (the agent’s company) may read it.',
    responses: { 200: jsonResponse(CreditBalanceSchema, 'The balance') },
  },
  { agents: true },
);

export const listCreditTransactionsRoute = protectedRoute('read', {
  method: 'get',
  path: '/subscriptions/credits/transactions',
  operationId: 'listCreditTransactions',
  tags,
  summary: 'The credit ledger',
  description: `Every credit movement of the company, newest first, as a plain array without a total: page with \`page\` (≥ 1, default 1) and \`limit\` (1..${LEDGER_MAX_LIMIT}, default ${LEDGER_DEFAULT_LIMIT}) until a page comes back shorter than \`limit\`; a page past the end is empty. Out-of-range values answer 400 naming the field. Filter by \`type\` and \`agentId\` (together or apart). Each row carries both balances after it, so the ledger explains the balance. ${adminsOnly}`,
  request: { query: CreditTransactionsQuery },
  responses: { 200: jsonResponse(z.array(CreditTransactionSchema), 'The page, newest first') },
});

export const exportCreditTransactionsRoute = protectedRoute('read', {
  method: 'get',
  path: '/subscriptions/credits/transactions/export',
  operationId: 'exportCreditTransactions',
  tags,
  summary: 'The credit ledger as CSV',
  description: `Every transaction matching the filters (all pages), newest first, streamed as CSV (RFC 4180: comma-separated, CRLF line ends, fields holding a comma, a quote or a line break in double quotes). The first row names the columns: every field of \`CreditTransaction\`; absent optional fields are empty. A text field starting with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage return gets a leading \`'\` so a spreadsheet does not run it as a formula; numbers are written as they are. Rows recorded after the export starts are not in it. ${adminsOnly}`,
  request: { query: CreditTransactionFilters },
  responses: {
    200: {
      description: 'The CSV file (`Content-Disposition: attachment; filename="credits-<company>-<YYYY-MM-DD>.csv"`)',
      headers: {
        'Content-Disposition': {
          description: '`attachment` with the file name: the company’s name in ASCII and today’s date (UTC).',
          schema: { type: 'string' },
        },
      },
      content: {
        'text/csv': {
          schema: z.string().openapi({
            example:
              'id,companyId,seq,type,amount,includedChange,purchasedChange,balanceAfterIncluded,balanceAfterPurchased,createdAt,agentId,sessionId,cardId,operation,paymentInvoiceId,paymentCheckoutSessionId,adminUserId,note\r\n',
          }),
        },
      },
    },
  },
});

export const getCreditUsageRoute = protectedRoute('read', {
  method: 'get',
  path: '/subscriptions/credits/usage',
  operationId: 'getCreditUsage',
  tags,
  summary: 'Credit usage over the last days',
  description: `For the last \`days\` days (UTC, today included): each day’s credits consumed, added and removed and both balances at its end (carried over days without transactions), and the range’s consumption by agent and by operation, and credits moved by type. ${adminsOnly}`,
  request: { query: CreditUsageQuery },
  responses: { 200: jsonResponse(CreditUsageSchema, 'The usage') },
});

export const createCreditAdjustmentRoute = protectedRoute('forbidden', {
  method: 'post',
  path: '/subscriptions/credits/adjustments',
  operationId: 'createCreditAdjustment',
  tags,
  summary: 'Grant credits, or correct a balance',
  description:
    'A company admin’s `grant` (added to purchased credits) or `adjustment` (either balance, either way), with a required `note`; the ledger records the admin as `adminUserId`. A balance never goes below zero: 409 `CREDITS_INSUFFICIENT` says how much is left. 400 names the field: `note` missing or blank, `amount` 0 or out of range or a negative grant, `bucket` missing on an adjustment or `included` on a grant. For signed-in admins only: 403 `FORBIDDEN` for members, 403 `API_KEY_FORBIDDEN` for any API key.',
  request: { body: { required: true, content: { 'application/json': { schema: CreateCreditAdjustmentInput } } } },
  responses: {
    201: jsonResponse(CreditTransactionSchema, 'The transaction'),
    409: {
      description: 'The change would take a balance below zero (`CREDITS_INSUFFICIENT`)',
      content: errorContent,
    },
  },
});
