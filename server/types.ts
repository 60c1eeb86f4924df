/**
 * The types every layer of the server shares: who is calling (`Principal`), the configuration,
 * the secrets and the Hono environment (`AppEnv`). This file imports nothing of the server, so
 * anything may import it without making a cycle: the event log, the rate limiters and the
 * authenticator use these types, and `AppContext` (context.ts) holds those services in turn.
 */
import type { IncomingMessage } from 'node:http';

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
    /** Requests one webhook endpoint accepts per minute. */
    webhookDeliveriesPerMinute: number;
    /** Content API (`/content/*`) requests per content key per minute; unset: 600. */
    contentKeyPerMinute?: number;
  };
  /** Read the client address from `X-Forwarded-For`. */
  trustProxy: boolean;
  /** Directory of the built SPA to serve next to the API; none in tests. */
  staticDir?: string;
  /** Origins the SPA may call besides its own (CSP `connect-src`), for an API served elsewhere. */
  connectSources?: string[];
  /** The origin the S3 backend's presigned URLs point at, allowed in the SPA's CSP; none for local disk. */
  storageSources?: string[];
  /** Interval of the keep-alive comment on event streams (at most 15 s). */
  sseHeartbeatMs: number;
  /** The drive's limits (server/modules/files). */
  files: FilesConfig;
  /** Where people open the web app (invitation links); unset: the request's origin. */
  publicUrl?: string;
  /**
   * Host names this server is reached by besides localhost, 127.0.0.1, [::1] and the host of
   * `publicUrl` (server/http/hosts.ts: the MCP endpoint's DNS-rebinding protection, newsletter links).
   */
  allowedHosts?: string[];
  /** How often the scheduler fires due cron jobs, in milliseconds (main.ts; tests call it themselves). */
  schedulerIntervalMs?: number;
  /** Invitation emails over SMTP; unset: none are sent (admins copy the link). */
  mail?: { smtpUrl: string; from: string };
  /**
   * How long an unread notification waits before the scheduler emails it (when `mail` is set), in
   * milliseconds; unset: 5 minutes (modules/notifications/scheduled.ts).
   */
  notificationEmailDelayMs?: number;
  /** Credits charged for agent work (modules/credits); unset: the defaults there (5 a reply, 1 a write). */
  creditPrices?: CreditPrices;
  /** Credit-pack purchases through Stripe Checkout; unset: purchases are unavailable. */
  payments?: PaymentsConfig;
};

/** What agent work costs, in credits: a reply in a chat, and every other write with an agent token. */
export type CreditPrices = { reply: number; write: number };

export type PaymentsConfig = {
  stripeSecretKey: string;
  /** Verifies the `Stripe-Signature` of webhook events (`whsec_…`). */
  stripeWebhookSecret: string;
  /** Another address for Stripe's API (a local stand-in in tests); unset: api.stripe.com. */
  stripeApiUrl?: string;
};

export type FilesConfig = {
  /** Bytes a company's drive may hold (uploads in progress and the trash included). */
  quotaBytes: number;
  /** The largest file one upload may declare. */
  maxFileBytes: number;
  /** Lifetime of signed upload URLs, in seconds. */
  uploadUrlSeconds: number;
  /** Lifetime of signed download URLs, in seconds. */
  downloadUrlSeconds: number;
  /** Uploads not completed within this many hours are removed with their bytes. */
  pendingHours: number;
  /** Nodes stay in the trash this many days, then are removed with their bytes. */
  trashDays: number;
};

/** A key that seals secrets at rest (lib/sealed.ts): its id is a fingerprint of the key. */
export type SealingKey = { id: string; key: Buffer };
/** The current sealing key (seals) first, then previous ones (only open). */
export type Keyring = readonly [SealingKey, ...SealingKey[]];

export type Secrets = {
  /** Signs session tokens. */
  session: string;
  /** Signs identity tokens for the support widget. */
  support: string;
  /** Signs the URLs of the local-disk file storage (server/modules/files/storage). */
  storage: string;
  /** Makes invitation tokens (an HMAC of the invitation's id), so only their hash is stored. */
  invitations: string;
  /** Seals integration credentials and webhook signing secrets at rest (lib/sealed.ts). */
  credentials: Keyring;
};

export type CompanyRole = 'admin' | 'member';

/**
 * Who is calling: the user, their company, and the credential they used.
 *
 * With an agent token (`agt_…`) the caller is the agent: `agent` is set, and `user` describes the
 * agent (its id, name and role, no email and no company role) — it is NOT a row of `users`. Only
 * operations marked open to agent tokens run for them (http/auth.ts refuses the others with 403
 * `AGENT_TOKEN_FORBIDDEN`), and those write the agent as author or actor (`isAgent`).
 */
export type Principal = {
  user: {
    id: string;
    email: string;
    name: string;
    title: string;
    /** The profile's version (name and title edits, server/http/edit-check.ts). */
    version: number;
    companyId: string | null;
    role: CompanyRole | null;
    createdAt: Date;
  };
  company: { id: string; name: string } | null;
  credential:
    | { kind: 'session'; sessionId: string; expiresAt: Date }
    | { kind: 'api_key'; keyId: string; name: string; scope: 'read' | 'write'; expiresAt: Date | null }
    | { kind: 'agent_token'; tokenId: string; agentId: string; expiresAt: Date | null };
  /** Set when an agent token is calling: the agent it acts as. */
  agent?: { id: string; name: string; teamId: string | null; status: 'active' | 'paused' | 'completed' };
};

/**
 * Everything a request handler may use, built once per process. Its members (the database, the
 * event hub, the rate limiters, the authenticator, …) are declared in context.ts, which merges
 * them into this interface: they are classes of modules that import this file, so naming them
 * here would make a cycle. A TypeScript program that compiles server code must therefore include
 * context.ts: tsconfig.node.json does (all of server/), tsconfig.e2e.json names it for bench/.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by context.ts
export interface AppContext {}

export type AppEnv = {
  Bindings: { incoming?: IncomingMessage };
  Variables: {
    ctx: AppContext;
    requestId: string;
    principal: Principal;
    /** On the content API (`/content/*`): the content key that authenticated the request. */
    contentKey: { id: string; companyId: string };
  };
};
