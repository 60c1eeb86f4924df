/**
 * The only door to the server. Features import the client, errors, session and types from here;
 * nothing else imports openapi-fetch or the generated schema.
 */
import type { components } from './generated/schema';

export { api, unwrap } from './client';
export { ApiError, errorMessage, isApiError } from './errors';
export { endSession, getToken, setToken, useSession, type SignedOutReason } from './session';

type Schemas = components['schemas'];
export type Me = Schemas['Me'];
export type ApiKey = Schemas['ApiKey'];
export type CreatedApiKey = Schemas['CreatedApiKey'];
export type CreateApiKeyRequest = Schemas['CreateApiKeyRequest'];
export type UpdateMeRequest = Schemas['UpdateMeRequest'];
export type LoginRequest = Schemas['LoginRequest'];
