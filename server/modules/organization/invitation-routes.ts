/**
 * The operations of joining a company (invitations.ts): invitations (admins), their public preview,
 * the sign-up form's email check, sign-up, accepting an invitation when signed in, and creating a
 * company.
 */
import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse, protectedRoute, publicRoute, SuccessSchema, uuidParam } from '../../http/route.ts';

const TAG = ['Organization'];

const InvitationSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: z.enum(['admin', 'member']),
    status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
    invitedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    sentAt: z.iso.datetime().nullable().openapi({ description: 'When it was last emailed; null when never.' }),
    acceptedAt: z.iso.datetime().nullable(),
    link: z
      .string()
      .nullable()
      .openapi({ description: 'The link to send the invitee (`…/invite#<token>`); pending invitations only.' }),
  })
  .openapi('Invitation');

const InvitationResult = z
  .object({
    invitation: InvitationSchema,
    emailSent: z.boolean().openapi({ description: 'False when no mail server is configured or sending failed.' }),
  })
  .openapi('InvitationResult');

export const listInvitationsRoute = protectedRoute('read', {
  method: 'get',
  path: '/organization/invitations',
  operationId: 'listInvitations',
  tags: TAG,
  summary: 'The company’s invitations, newest first (admins)',
  description: 'At most 500. `status` `expired` is a pending invitation past `expiresAt`.',
  responses: {
    200: jsonResponse(z.object({ invitations: z.array(InvitationSchema) }).openapi('InvitationList'), 'Invitations'),
  },
});

export const createInvitationRoute = protectedRoute('write', {
  method: 'post',
  path: '/organization/invitations',
  operationId: 'createInvitation',
  tags: TAG,
  summary: 'Invite someone by email (admins)',
  description:
    'Valid 7 days, single use. Emailed when the server has `SMTP_URL`; the answer has the link either way. A pending invitation to the same address is replaced. 409 `ALREADY_MEMBER` when the address is a member already.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ email: z.email().max(254), role: z.enum(['admin', 'member']).default('member') })
            .strict()
            .openapi('CreateInvitationRequest'),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(InvitationResult, 'Invited'),
    409: jsonResponse(
      ErrorEnvelope,
      'Already a member (`ALREADY_MEMBER`), or every seat of the plan is taken (`SEATS_EXCEEDED`)',
    ),
  },
});

const invitationIdParam = z.object({ invitationId: uuidParam('invitationId') });

export const resendInvitationRoute = protectedRoute('write', {
  method: 'post',
  path: '/organization/invitations/{invitationId}/resend',
  operationId: 'resendInvitation',
  tags: TAG,
  summary: 'Email a pending invitation again and renew it for 7 days (admins)',
  description: 'The link does not change. 409 when the invitation is not pending.',
  request: { params: invitationIdParam },
  responses: { 200: jsonResponse(InvitationResult, 'Renewed'), 409: jsonResponse(ErrorEnvelope, 'Not pending') },
});

export const revokeInvitationRoute = protectedRoute('write', {
  method: 'delete',
  path: '/organization/invitations/{invitationId}',
  operationId: 'revokeInvitation',
  tags: TAG,
  summary: 'Withdraw an invitation (admins)',
  description: 'Its link stops working at once. Withdrawing one that is not pending changes nothing.',
  request: { params: invitationIdParam },
  responses: { 200: jsonResponse(SuccessSchema, 'Withdrawn') },
});

const tokenField = z.string().min(1).max(200).openapi({ description: 'The token from the invitation link.' });
const JoinResult = z.object({ companyId: z.uuid() }).openapi('JoinResult');

export const previewInvitationRoute = publicRoute({
  method: 'post',
  path: '/auth/invitations/preview',
  operationId: 'previewInvitation',
  tags: ['Authentication'],
  summary: 'What an invitation link is for (public)',
  description:
    'Public, 10 requests per 15 minutes per address. An unknown, used, withdrawn or expired token answers the same 404 `INVITATION_NOT_FOUND`.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': { schema: z.object({ token: tokenField }).strict().openapi('InvitationTokenRequest') },
      },
    },
  },
  responses: {
    200: jsonResponse(
      z
        .object({
          companyName: z.string(),
          inviterName: z.string().nullable(),
          email: z.string(),
          role: z.enum(['admin', 'member']),
          expiresAt: z.iso.datetime(),
        })
        .openapi('InvitationPreview'),
      'The invitation',
    ),
    404: jsonResponse(ErrorEnvelope, 'Not a valid invitation (`INVITATION_NOT_FOUND`)'),
  },
});

export const emailExistsRoute = publicRoute({
  method: 'post',
  path: '/auth/email-exists',
  operationId: 'emailExists',
  tags: ['Authentication'],
  summary: 'Whether an account uses this email (public; for the sign-up form)',
  description:
    'Public, 10 requests per 15 minutes per address: it tells whether an account exists, as sign-up itself must, so it is limited like the other sensitive public POSTs.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ email: z.email().max(254) })
            .strict()
            .openapi('EmailExistsRequest'),
        },
      },
    },
  },
  responses: { 200: jsonResponse(z.object({ exists: z.boolean() }).openapi('EmailExists'), 'The answer') },
});

export const signUpRoute = publicRoute({
  method: 'post',
  path: '/auth/signup',
  operationId: 'signUp',
  tags: ['Authentication'],
  summary: 'Create an account and sign in (public)',
  description:
    'With `invitationToken`, the account joins the invitation’s company with its role (any email may accept it). Without, `companyName` is required: a new company is created and the person is its first admin. Password: at least 10 characters, more than two different characters, not a common password, not the email or the name (400 on `password` with the reason). 409 `EMAIL_TAKEN` when an account has the email; 404 `INVITATION_NOT_FOUND` for a bad token. Public, 10 requests per 15 minutes per address.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              name: z.string().trim().min(1).max(100),
              email: z.email().max(254),
              password: z.string().min(1).max(1024),
              invitationToken: tokenField.optional(),
              companyName: z.string().trim().min(1).max(100).optional(),
            })
            .strict()
            .openapi('SignUpRequest'),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(
      z.object({ token: z.string(), expiresAt: z.iso.datetime() }).openapi('SignUpResult'),
      'Signed up and signed in: a session token, as from sign-in',
    ),
    404: jsonResponse(ErrorEnvelope, 'Not a valid invitation (`INVITATION_NOT_FOUND`)'),
    409: jsonResponse(
      ErrorEnvelope,
      'The email has an account (`EMAIL_TAKEN`), or the invitation’s company has no free seat (`SEATS_EXCEEDED`)',
    ),
  },
});

export const acceptInvitationRoute = protectedRoute('forbidden', {
  method: 'post',
  path: '/auth/invitations/accept',
  operationId: 'acceptInvitation',
  tags: ['Authentication'],
  summary: 'Join a company with an invitation (signed in)',
  description:
    'Needs a signed-in session (keys 403 `API_KEY_FORBIDDEN`). 409 `ALREADY_IN_COMPANY` for a member of a company; 404 `INVITATION_NOT_FOUND` for a bad token.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': { schema: z.object({ token: tokenField }).strict().openapi('AcceptInvitationRequest') },
      },
    },
  },
  responses: {
    200: jsonResponse(JoinResult, 'Joined'),
    409: jsonResponse(
      ErrorEnvelope,
      'Already in a company (`ALREADY_IN_COMPANY`), or the company has no free seat (`SEATS_EXCEEDED`)',
    ),
  },
});

export const createCompanyRoute = protectedRoute('forbidden', {
  method: 'post',
  path: '/company',
  operationId: 'createCompany',
  tags: ['Company'],
  summary: 'Create a company and become its first admin (signed in, without a company)',
  description: 'Needs a signed-in session (keys 403). 409 `ALREADY_IN_COMPANY` for a member of a company.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ name: z.string().trim().min(1).max(100) })
            .strict()
            .openapi('CreateCompanyRequest'),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(JoinResult, 'Created'),
    409: jsonResponse(ErrorEnvelope, 'Already in a company (`ALREADY_IN_COMPANY`)'),
  },
});
