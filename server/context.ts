import type { Database } from './db/client.ts';
import type { EventBus } from './events/bus.ts';
import type { EventHub } from './events/hub.ts';
import type { RateLimiters } from './http/rate-limit.ts';
import type { Logger } from './lib/logger.ts';
import type { Authenticator } from './modules/auth/authenticator.ts';
import type { FileStorage } from './modules/files/storage/types.ts';
import type { AppConfig, Secrets } from './types.ts';

// The shared types live in types.ts, which imports nothing of the server; they are re-exported
// here for the code that builds the context.
export type { AppConfig, AppContext, AppEnv, CompanyRole, Principal, Secrets } from './types.ts';

declare module './types.ts' {
  /** Everything a request handler may use, built once per process (see types.ts). */
  interface AppContext {
    db: Database;
    config: AppConfig;
    secrets: Secrets;
    bus: EventBus;
    logger: Logger;
    auth: Authenticator;
    limiters: RateLimiters;
    /** Fans live events out to this instance's open streams. */
    hub: EventHub;
    /** Where file bytes are kept: local disk or an S3-compatible bucket (modules/files/storage). */
    storage: FileStorage;
  }
}
