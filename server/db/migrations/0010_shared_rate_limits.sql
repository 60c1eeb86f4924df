-- Rate limits shared by every instance on one Postgres (server/http/rate-limit-postgres.ts): per
-- limiter and key, the requests counted in the key's current window and in the one before it. Each
-- counted request is one INSERT … ON CONFLICT DO UPDATE on this table.
-- UNLOGGED (drizzle-kit cannot say so): counters need no crash safety (an unclean stop empties the
-- table, which forgives at most one window's requests), and skipping the write-ahead log makes
-- each update cheap. fillfactor 70 leaves room on each page for the new row versions, so the
-- updates stay HOT (only the primary key is indexed, and it never changes).
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"limiter" text NOT NULL,
	"key" text NOT NULL,
	"window_start" bigint NOT NULL,
	"previous" integer NOT NULL,
	"current" integer NOT NULL,
	"allowed" boolean NOT NULL,
	CONSTRAINT "rate_limit_counters_limiter_key_pk" PRIMARY KEY("limiter","key")
) WITH (fillfactor = 70);
