import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse, protectedRoute, publicRoute, uuidParam } from '../../http/route.ts';
import {
  ConfirmNewsletterInput,
  NewsletterAcceptedSchema,
  NewsletterSchema,
  NewsletterSubscriberFilters,
  NewsletterSubscriberSchema,
  NewsletterSubscribersQuery,
  NewsletterSubscriptionSchema,
  SubscribeNewsletterInput,
  UnsubscribeNewsletterInput,
} from './schemas.ts';

const tags = ['Newsletter'];
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
const notFound = (description: string) => ({ 404: jsonResponse(ErrorEnvelope, description) });
const cors =
  'Open to any origin (CORS `Access-Control-Allow-Origin: *`, without credentials, preflight answered), so a marketing site’s own form may call it.';
const sensitive =
  'Public, 10 requests per 15 minutes per client address (shared with the other sensitive public POSTs).';
/** The unsubscribe operations count only refused tokens: mail providers post many people's one-click unsubscribes from few addresses. */
const unsubscribeLimit =
  'Public; only invalid tokens count against the client address’s 10 per 15 minutes (shared with the sensitive public POSTs): mail providers post the one-click unsubscribes of many people from few addresses.';
const adminsOnly = 'Company admins (`manageContent`); 403 `FORBIDDEN` for members.';

export const getNewsletterRoute = publicRoute({
  method: 'get',
  path: '/newsletter/{companyId}',
  operationId: 'getNewsletter',
  tags,
  summary: 'The newsletter a signup form is for (public)',
  description: `The company’s name, for the signup page. Public, 60 requests per minute per client address. ${cors}`,
  request: { params: z.object({ companyId: uuidParam('companyId') }) },
  responses: {
    200: jsonResponse(NewsletterSchema, 'The newsletter'),
    ...notFound('No such company'),
  },
});

export const subscribeNewsletterRoute = publicRoute({
  method: 'post',
  path: '/newsletter',
  operationId: 'subscribeNewsletter',
  tags,
  summary: 'Sign up for a company’s newsletter (public)',
  description: `Double opt-in: a new address (or one that unsubscribed) becomes \`pending\` and is sent a confirmation link (valid 7 days) and an unsubscribe link. A \`pending\` address is sent a new link unless one was sent less than 10 minutes ago; a \`confirmed\` one is sent nothing. The answer is the same 202 in every case, and the email goes out after it, so neither says whether the address was subscribed. Without a mail server the confirmation link is written to the server log for the operator. 400 on \`email\` for an invalid address (at most 254 characters; lowercased, so addresses differing only in case are one subscriber); 404 for an unknown company. ${sensitive} ${cors}`,
  request: { body: jsonBody(SubscribeNewsletterInput) },
  responses: {
    202: jsonResponse(NewsletterAcceptedSchema, 'Accepted: check the inbox'),
    ...notFound('No such company'),
  },
});

export const confirmNewsletterRoute = publicRoute({
  method: 'post',
  path: '/newsletter/confirm',
  operationId: 'confirmNewsletter',
  tags,
  summary: 'Confirm a newsletter signup (public)',
  description: `The token of the confirmation link makes the subscription \`confirmed\`. Confirming again with the same link answers the same. An unknown, expired or replaced token (a newer confirmation email was sent, or the address unsubscribed since) answers 400 \`VALIDATION_ERROR\` on \`token\`. ${sensitive}`,
  request: { body: jsonBody(ConfirmNewsletterInput) },
  responses: { 200: jsonResponse(NewsletterSubscriptionSchema, 'Confirmed') },
});

export const unsubscribeNewsletterRoute = publicRoute(
  {
    method: 'post',
    path: '/newsletter/unsubscribe',
    operationId: 'unsubscribeNewsletter',
    tags,
    summary: 'Leave a newsletter (public)',
    description: `The token of the unsubscribe link in every newsletter email (it does not expire) makes the subscription \`unsubscribed\`; unsubscribing again answers the same. A token that is not one answers 400 \`VALIDATION_ERROR\` on \`token\`; the token of a subscriber an admin removed, 404. ${unsubscribeLimit}`,
    request: { body: jsonBody(UnsubscribeNewsletterInput) },
    responses: {
      200: jsonResponse(NewsletterSubscriptionSchema, 'Unsubscribed'),
      ...notFound('The subscriber was removed: the address is not on the list'),
    },
  },
  { limit: 'failures' },
);

export const listNewsletterSubscribersRoute = protectedRoute('read', {
  method: 'get',
  path: '/newsletter-subscribers',
  operationId: 'listNewsletterSubscribers',
  tags,
  summary: 'The newsletter’s subscribers',
  description: `A plain array, newest signup first, without a total: page with \`limit\` and \`offset\` until a page comes back shorter than \`limit\`. Filter by \`status\` and by \`q\`, a substring of the address. ${adminsOnly}`,
  request: { query: NewsletterSubscribersQuery },
  responses: { 200: jsonResponse(z.array(NewsletterSubscriberSchema), 'The subscribers') },
});

export const exportNewsletterSubscribersRoute = protectedRoute('read', {
  method: 'get',
  path: '/newsletter-subscribers/export',
  operationId: 'exportNewsletterSubscribers',
  tags,
  summary: 'The newsletter’s subscribers as CSV',
  description: `Every subscriber matching the filters, newest signup first, as CSV (RFC 4180: comma-separated, CRLF line ends, fields holding a comma, a quote or a line break in double quotes). The first row names the columns: \`email,status,subscribed,confirmed,unsubscribed\` (dates in ISO 8601 UTC; empty when absent). A field starting with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage return gets a leading \`'\` so a spreadsheet does not run it as a formula. ${adminsOnly}`,
  request: { query: NewsletterSubscriberFilters },
  responses: {
    200: {
      description: 'The CSV file (`Content-Disposition: attachment; filename="newsletter-<company>-<YYYY-MM-DD>.csv"`)',
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
              'email,status,subscribed,confirmed,unsubscribed\r\nreader@example.com,confirmed,2026-11-02T09:15:00.000Z,2026-11-02T09:20:00.000Z,\r\n',
          }),
        },
      },
    },
  },
});

export const deleteNewsletterSubscriberRoute = protectedRoute('write', {
  method: 'delete',
  path: '/newsletter-subscribers/{subscriberId}',
  operationId: 'deleteNewsletterSubscriber',
  tags,
  summary: 'Remove a subscriber (erasure)',
  description: `Deletes the address and its history for good (a request to be forgotten); it may sign up again. To stop mail but keep the record, the subscriber unsubscribes instead. 404 for a subscriber of another company. ${adminsOnly}`,
  request: { params: z.object({ subscriberId: uuidParam('subscriberId') }) },
  responses: { 204: { description: 'Removed' } },
});

const OneClickForm = z.object({ 'List-Unsubscribe': z.literal('One-Click') }).openapi('NewsletterOneClickForm');

export const unsubscribeNewsletterOneClickRoute = publicRoute(
  {
    method: 'post',
    path: '/newsletter/unsubscribe/one-click',
    operationId: 'unsubscribeNewsletterOneClick',
    tags,
    summary: 'One-click unsubscribe from a mail client (public; RFC 8058)',
    description: `The URL of every newsletter email’s \`List-Unsubscribe\` header (with \`List-Unsubscribe-Post: List-Unsubscribe=One-Click\`): a mail client’s “Unsubscribe” button posts the form body \`List-Unsubscribe=One-Click\` here, the token in the query. Same rules and answers as \`unsubscribeNewsletter\`. ${unsubscribeLimit}`,
    request: {
      query: z.object({
        token: z
          .string()
          .min(1)
          .max(200)
          .openapi({ param: { name: 'token', in: 'query' }, description: 'The unsubscribe token.' }),
      }),
      body: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': { schema: OneClickForm },
          'multipart/form-data': { schema: OneClickForm },
        },
      },
    },
    responses: {
      200: jsonResponse(NewsletterSubscriptionSchema, 'Unsubscribed'),
      ...notFound('The subscriber was removed: the address is not on the list'),
    },
  },
  { limit: 'failures' },
);
