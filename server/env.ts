import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** A host name without port: a DNS name, an IPv4 address, or an IPv6 address in brackets. */
const HOST_NAME = String.raw`(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)`;

/**
 * The server's whole configuration, read from the environment once at start.
 * Nothing else in the server reads `process.env`.
 */
const EnvSchema = z.object({
  /** TCP port of the single listener that serves both the API (`/api`) and the SPA. */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Interface to bind. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Where the embedded database keeps its files when `DATABASE_URL` is not set. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** `postgres://…` switches from the embedded database to a real Postgres server. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /** Directory of the built SPA. */
  STATIC_DIR: z.string().min(1).default('./dist'),
  /**
   * Secret that signs session tokens. When unset, one is generated on first start and kept in
   * the database, so every instance on the same database agrees on it.
   */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** Lifetime of a sign-in session. */
  SESSION_TTL_HOURS: positiveInt.max(24 * 90).default(24 * 7),
  /** Authenticated requests per user per minute (spec: 6000). */
  RATE_LIMIT_USER_PER_MINUTE: positiveInt.default(6000),
  /** Public GET requests per IP per minute (spec: 60). */
  RATE_LIMIT_PUBLIC_GET_PER_MINUTE: positiveInt.default(60),
  /**
   * Sensitive public POST requests (newsletter signup, email-exists, invitation preview) per IP
   * per 15 minutes (spec: 10). Sign-in counts its failures instead (below).
   */
  RATE_LIMIT_SENSITIVE_POST_PER_15_MINUTES: positiveInt.default(10),
  /** Failed authentications (bad or revoked tokens) per client address per minute. */
  RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: positiveInt.default(120),
  /** Failed sign-ins (wrong email or password) per client address per 15 minutes; successes are free. */
  RATE_LIMIT_SIGN_IN_FAILURES_PER_15_MINUTES: positiveInt.default(10),
  /** Failed sign-ins per account (normalised email) per 15 minutes; a successful sign-in clears them. */
  RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_PER_15_MINUTES: positiveInt.default(10),
  /** Content API (`/content/*`) requests per content key (`cak_…`) per minute. */
  CONTENT_KEY_RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
  /** Extra origins the web app may call (CSP connect-src), space-separated, e.g. https://api.example.com */
  CSP_CONNECT_SRC: z
    .string()
    .regex(/^(https?:\/\/[\w.:-]+)( https?:\/\/[\w.:-]+)*$/, 'CSP_CONNECT_SRC must be origins separated by spaces')
    .optional(),
  /** Take the client address from `X-Forwarded-For` (only behind a trusted proxy). */
  TRUST_PROXY: booleanFlag.default(false),
  /** Megabytes a company's drive may hold (uploads in progress and the trash count). Default 100 GiB. */
  FILES_QUOTA_MB: positiveInt.default(100 * 1024),
  /** The largest file one upload may declare, in megabytes. Default 5 GiB. */
  FILES_MAX_FILE_MB: positiveInt.default(5 * 1024),
  /** Lifetime of signed upload and download URLs, in seconds. */
  FILES_URL_TTL_SECONDS: positiveInt
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600),
  /** Uploads not completed after this many hours are removed with their bytes. */
  FILES_PENDING_HOURS: positiveInt.default(24),
  /** Days deleted files stay in the trash before they are removed for good. */
  FILES_TRASH_DAYS: positiveInt.default(30),
  /**
   * Where file bytes are kept: unset for the local disk under `${DATA_DIR}/files`,
   * `file:///absolute/path` for another directory, `s3://bucket` or `s3://bucket/prefix` for an
   * S3-compatible bucket (with the `S3_*` settings below).
   */
  STORAGE_URL: z
    .string()
    .regex(
      /^(file:\/\/\/.+|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?)$/,
      'STORAGE_URL must be file:///absolute/path or s3://bucket[/prefix]',
    )
    .optional(),
  /** URL of an S3-compatible service (MinIO, R2, …); unset for AWS S3. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Credentials of the bucket; both or neither (then the AWS SDK's own chain: profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address the bucket in the path (`endpoint/bucket/key`); default true when `S3_ENDPOINT` is set. */
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  /**
   * The address people open the web app at, e.g. https://workspace.example.com: invitation links
   * point there. Unset: the origin of the request that made the invitation.
   */
  PUBLIC_URL: z
    .url()
    .regex(/^https?:\/\/[^/]+\/?$/, 'PUBLIC_URL must be an origin such as https://workspace.example.com')
    .optional(),
  /**
   * Host names this server is reached by, comma-separated (e.g. `workspace.example.com,workspace.internal`),
   * besides localhost, 127.0.0.1, [::1] and the host of PUBLIC_URL (any port): the MCP endpoint
   * (`POST /api/mcp`) refuses a Host header naming another host with 403 (DNS-rebinding
   * protection), and without PUBLIC_URL, newsletter emails link only to these hosts.
   */
  ALLOWED_HOSTS: z
    .string()
    .regex(
      new RegExp(`^${HOST_NAME}(?:\\s*,\\s*${HOST_NAME})*$`),
      'ALLOWED_HOSTS must be host names separated by commas, e.g. mcp.example.com,workspace.internal',
    )
    .transform((value) => value.split(',').map((host) => host.trim().toLowerCase()))
    .optional(),
  /**
   * Mail server for invitation emails, e.g. smtp://user:pass@smtp.example.com:587 or smtps://…:465.
   * Unset: no email is sent, and admins copy invitation links from Settings → Members.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  /** The sender of invitation emails. */
  MAIL_FROM: z.string().min(3).default('Workspace <no-reply@workspace.local>'),
  /**
   * Seconds an unread notification waits before it is emailed (when SMTP_URL is set and the person
   * wants its type by email): those of one person are gathered into one message, and those read
   * meanwhile are left out. 0 sends them at the scheduler's next tick.
   */
  NOTIFICATION_EMAIL_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(300),
  /** Which data to seed on start: `demo` (default), `large` (demo plus bulk data), or `none`. */
  SEED: z.enum(['demo', 'large', 'none']).default('demo'),
  /**
   * `on` (default): with the demo data, `npm start` also runs the demo company's agents through the
   * reference runner (runner/), so they answer chats and work on delegated cards. `off`: it does not.
   */
  DEMO_AGENTS: z.enum(['on', 'off']).default('on'),
  /**
   * The key that seals integration credentials and webhook signing secrets at rest: 32 random
   * bytes in base64 (`openssl rand -base64 32`). Unset: a key derived from the session signing
   * secret (JWT_SECRET, or the one generated into the database) — set it in production.
   */
  CREDENTIALS_KEY: z.string().min(43, 'CREDENTIALS_KEY must be 32 random bytes in base64').optional(),
  /**
   * Earlier CREDENTIALS_KEY values, comma-separated, while rotating: values sealed under them are
   * still read, and re-sealed under CREDENTIALS_KEY at start. Remove them once the log says so.
   */
  CREDENTIALS_KEY_PREVIOUS: z.string().min(43).optional(),
  /** Requests one webhook endpoint accepts per minute; more get 429. */
  WEBHOOK_DELIVERIES_PER_MINUTE: positiveInt.default(60),
  /** How often the scheduler looks for cron jobs whose time has come, in seconds. */
  SCHEDULER_INTERVAL_SECONDS: positiveInt.max(300).default(10),
  /** Credits one agent reply in a chat costs. */
  CREDITS_PER_AGENT_REPLY: z.coerce.number().int().min(0).max(10_000).default(5),
  /** Credits every other write made with an agent token costs (a card update, a comment, a report, …). */
  CREDITS_PER_AGENT_WRITE: z.coerce.number().int().min(0).max(10_000).default(1),
  /** Stripe secret key (`sk_…`): enables buying credit packs through Stripe Checkout. Set with STRIPE_WEBHOOK_SECRET. */
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  /** Signing secret of the Stripe webhook endpoint (`whsec_…`) that posts to /api/payments/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Another address for Stripe's API, e.g. a local stand-in (stripe-mock); unset: https://api.stripe.com. */
  STRIPE_API_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Env = z.infer<typeof EnvSchema>;

/** Parses the environment, failing with a readable list of problems. */
export function loadEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "not set", as shells and CI files often write them.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  if (Boolean(result.data.S3_ACCESS_KEY_ID) !== Boolean(result.data.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid environment:\n  S3_ACCESS_KEY_ID: set both it and S3_SECRET_ACCESS_KEY, or neither');
  }
  if (Boolean(result.data.STRIPE_SECRET_KEY) !== Boolean(result.data.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Invalid environment:\n  STRIPE_SECRET_KEY: set both it and STRIPE_WEBHOOK_SECRET, or neither');
  }
  return result.data;
}
