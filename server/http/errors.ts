import { z } from '@hono/zod-openapi';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Stable machine-readable codes carried in the envelope's `code`. Clients match `error` as an
 * opaque string (spec, Errors 1); `code` is what they can branch on.
 */
export const ErrorCode = {
  validation: 'VALIDATION_ERROR',
  invalidJson: 'INVALID_JSON',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unauthorized: 'UNAUTHORIZED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  sessionRevoked: 'SESSION_REVOKED',
  sessionExpired: 'SESSION_EXPIRED',
  apiKeyExpired: 'API_KEY_EXPIRED',
  apiKeyRevoked: 'API_KEY_REVOKED',
  apiKeyReadOnly: 'API_KEY_READ_ONLY',
  apiKeyForbidden: 'API_KEY_FORBIDDEN',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  conflict: 'CONFLICT',
  revisionConflict: 'REVISION_CONFLICT',
  editConflict: 'EDIT_CONFLICT',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  fileNameTaken: 'FILE_NAME_TAKEN',
  fileTooLarge: 'FILE_TOO_LARGE',
  fileSizeMismatch: 'FILE_SIZE_MISMATCH',
  storageQuotaExceeded: 'STORAGE_QUOTA_EXCEEDED',
  signatureInvalid: 'SIGNATURE_INVALID',
  signatureExpired: 'SIGNATURE_EXPIRED',
  rangeNotSatisfiable: 'RANGE_NOT_SATISFIABLE',
  orgNoHumanManager: 'ORG_NO_HUMAN_MANAGER',
  orgLoop: 'ORG_LOOP',
  orgLastAdmin: 'ORG_LAST_ADMIN',
  alreadyMember: 'ALREADY_MEMBER',
  alreadyInCompany: 'ALREADY_IN_COMPANY',
  invitationNotFound: 'INVITATION_NOT_FOUND',
  emailTaken: 'EMAIL_TAKEN',
  agentTokenForbidden: 'AGENT_TOKEN_FORBIDDEN',
  agentTokenRevoked: 'AGENT_TOKEN_REVOKED',
  agentTokenExpired: 'AGENT_TOKEN_EXPIRED',
  agentUnavailable: 'AGENT_UNAVAILABLE',
  sessionStopped: 'SESSION_STOPPED',
  messageFinished: 'MESSAGE_FINISHED',
  connectionRevoked: 'CONNECTION_REVOKED',
  connectionUnavailable: 'CONNECTION_UNAVAILABLE',
  grantExists: 'GRANT_EXISTS',
  grantExpired: 'GRANT_EXPIRED',
  runAlreadyReported: 'RUN_ALREADY_REPORTED',
  webhookRevoked: 'WEBHOOK_REVOKED',
  webhookLimitReached: 'WEBHOOK_LIMIT_REACHED',
  creditsExhausted: 'CREDITS_EXHAUSTED',
  creditsInsufficient: 'CREDITS_INSUFFICIENT',
  seatsExceeded: 'SEATS_EXCEEDED',
  planUnchanged: 'PLAN_UNCHANGED',
  subscriptionCanceled: 'SUBSCRIPTION_CANCELED',
  paymentsUnavailable: 'PAYMENTS_UNAVAILABLE',
  paymentProviderError: 'PAYMENT_PROVIDER_ERROR',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ErrorEnvelope = z
  .object({
    error: z.string().openapi({ description: 'Human-readable message. Match it as an opaque string.' }),
    code: z
      .string()
      .optional()
      .openapi({
        description: `Stable machine-readable code. Codes used by this server: ${Object.values(ErrorCode).join(', ')}.`,
      }),
    issues: z
      .array(z.object({ location: z.string(), path: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: 'Validation failures (400 VALIDATION_ERROR): which field and why.' }),
    retryAfter: z.number().int().optional().openapi({ description: 'Seconds to wait (429 RATE_LIMITED).' }),
    requestId: z.string().optional().openapi({ description: 'Correlates a 500 with the server log.' }),
  })
  .openapi('Error');
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** An expected failure: becomes the error envelope with its status. Thrown by services and middleware. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code?: ErrorCode,
    /** More fields of the envelope: `issues`, `retryAfter`, or an operation's own (a 412's `page`). */
    readonly extra: Omit<ErrorEnvelope, 'error' | 'code'> & Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toEnvelope(): ErrorEnvelope & Record<string, unknown> {
    return { error: this.message, ...(this.code ? { code: this.code } : {}), ...this.extra };
  }
}

/** Where a refused value was: the request part, as `VALIDATION_ERROR` issues name it. */
export type IssueLocation = 'body' | 'query' | 'path' | 'header' | 'cookie';
export type Issue = { location: IssueLocation; path: string; message: string };

/** 400 `VALIDATION_ERROR` naming each refused field, with a summary as its message. */
export function validationFailed(location: IssueLocation, issues: Omit<Issue, 'location'>[]): ApiError {
  const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return new ApiError(400, `Invalid ${location}: ${summary}`, ErrorCode.validation, {
    issues: issues.map((issue) => ({ location, ...issue })),
  });
}

/**
 * 400 `VALIDATION_ERROR` for one field that passed the schema but not a rule of the service (an
 * assignee of another company, a reply to a reply): `invalidField('assignee', 'is not …')`. The
 * field is in the body unless `location` says otherwise.
 */
export const invalidField = (path: string, message: string, location: IssueLocation = 'body') =>
  validationFailed(location, [{ path, message }]);

/** 404 for what does not exist and for what the caller may not see alike (no existence oracle). */
export const notFound = (message = 'Not found') => new ApiError(404, message, ErrorCode.notFound);
export const forbidden = (message: string) => new ApiError(403, message, ErrorCode.forbidden);
export const unauthorized = (message: string, code: ErrorCode = ErrorCode.unauthorized) =>
  new ApiError(401, message, code);
export const conflict = (message: string) => new ApiError(409, message, ErrorCode.conflict);

/**
 * The `WWW-Authenticate` challenge every 401 carries (RFC 6750): the scheme and realm, and
 * `error="invalid_token"` when the request sent a bearer token (it was not accepted); without one,
 * no error code (the request simply lacked credentials).
 */
export function bearerChallenge(authorization: string | undefined): string {
  const sent = /^Bearer\s+\S/i.test(authorization ?? '');
  return sent ? 'Bearer realm="workspace", error="invalid_token"' : 'Bearer realm="workspace"';
}
