import type { IncomingMessage } from 'node:http';
import type { Database } from './db/client.ts';
import type { EventBus } from './events/bus.ts';
import type { EventHub } from './events/hub.ts';
import type { Logger } from './lib/logger.ts';
import type { Authenticator } from './modules/auth/authenticator.ts';
import type { RateLimiters } from './http/rate-limit.ts';

export type AppConfig = {
  /** Lifetime of a sign-in session, in seconds. */
  sessionTtlSeconds: number;
  rateLimits: {
    userPerMinute: number;
    publicGetPerMinute: number;
    /** Sensitive public POSTs per client address per 15 minutes (sign-in is not one: see below). */
    sensitivePostPer15Minutes: number;
    /** Failed authentications per client address per minute. */
    authFailuresPerMinute: number;
    /** Failed sign-ins per client address per 15 minutes (successful ones are not counted). */
    signInFailuresPer15Minutes: number;
    /** Failed sign-ins per account (normalised email) per 15 minutes; a success clears them. */
    signInFailuresPerAccountPer15Minutes: number;
  };
  /** Read the client address from `X-Forwarded-For`. */
  trustProxy: boolean;
  /** Directory of the built SPA to serve next to the API; none in tests. */
  staticDir?: string;
  /** Origins the SPA may call besides its own (CSP `connect-src`), for an API served elsewhere. */
  connectSources?: string[];
  /** Interval of the keep-alive comment on event streams (at most 15 s). */
  sseHeartbeatMs: number;
};

export type Secrets = {
  /** Signs session tokens. */
  session: string;
  /** Signs identity tokens for the support widget. */
  support: string;
};

/** Everything a request handler may use, built once per process. */
export type AppContext = {
  db: Database;
  config: AppConfig;
  secrets: Secrets;
  bus: EventBus;
  logger: Logger;
  auth: Authenticator;
  limiters: RateLimiters;
  /** Fans live events out to this instance's open streams. */
  hub: EventHub;
};

export type CompanyRole = 'admin' | 'member';

/** Who is calling: the user, their company, and the credential they used. */
export type Principal = {
  user: {
    id: string;
    email: string;
    name: string;
    title: string;
    companyId: string | null;
    role: CompanyRole | null;
    createdAt: Date;
  };
  company: { id: string; name: string } | null;
  credential:
    | { kind: 'session'; sessionId: string; expiresAt: Date }
    | { kind: 'api_key'; keyId: string; name: string; scope: 'read' | 'write'; expiresAt: Date | null };
};

export type AppEnv = {
  Bindings: { incoming?: IncomingMessage };
  Variables: {
    ctx: AppContext;
    requestId: string;
    principal: Principal;
  };
};
