CREATE TYPE "public"."connection_status" AS ENUM('active', 'error', 'expired', 'revoked');--> statement-breakpoint
CREATE TYPE "public"."cron_run_status" AS ENUM('delivered', 'skipped', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."grant_scope" AS ENUM('read', 'write', 'read_write');--> statement-breakpoint
CREATE TYPE "public"."webhook_delivery_status" AS ENUM('delivered', 'redelivered');--> statement-breakpoint
CREATE TYPE "public"."webhook_endpoint_status" AS ENUM('active', 'revoked');--> statement-breakpoint
CREATE TABLE "cron_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"name" text NOT NULL,
	"expression" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"instruction" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_key" text GENERATED ALWAYS AS (workspace_fold("cron_jobs"."name")) STORED
);
--> statement-breakpoint
CREATE TABLE "cron_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cron_job_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" "cron_run_status" NOT NULL,
	"outcome" text,
	"reported_at" timestamp with time zone,
	"manual" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"owner_user_id" uuid,
	"provider_key" text NOT NULL,
	"display_name" text NOT NULL,
	"status" "connection_status" DEFAULT 'active' NOT NULL,
	"status_message" text,
	"credentials_sealed" text,
	"credential_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"search_key" text GENERATED ALWAYS AS (workspace_fold("integration_connections"."display_name")) STORED
);
--> statement-breakpoint
CREATE TABLE "integration_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"scope" "grant_scope" NOT NULL,
	"allowed_tools" text[] DEFAULT '{}'::text[] NOT NULL,
	"constraints" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"granted_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL,
	"size_bytes" integer NOT NULL,
	"signature_hash" text NOT NULL,
	"status" "webhook_delivery_status" DEFAULT 'delivered' NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"last_delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source_ip" text,
	"outcome_status" "cron_run_status",
	"outcome" text,
	"reported_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"name" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"secret_prefix" text NOT NULL,
	"status" "webhook_endpoint_status" DEFAULT 'active' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_delivery_at" timestamp with time zone,
	"search_key" text GENERATED ALWAYS AS (workspace_fold("webhook_endpoints"."name")) STORED
);
--> statement-breakpoint
ALTER TABLE "cron_jobs" ADD CONSTRAINT "cron_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cron_jobs" ADD CONSTRAINT "cron_jobs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cron_jobs" ADD CONSTRAINT "cron_jobs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cron_runs" ADD CONSTRAINT "cron_runs_cron_job_id_cron_jobs_id_fk" FOREIGN KEY ("cron_job_id") REFERENCES "public"."cron_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cron_runs" ADD CONSTRAINT "cron_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cron_runs" ADD CONSTRAINT "cron_runs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_grants" ADD CONSTRAINT "integration_grants_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_grants" ADD CONSTRAINT "integration_grants_connection_id_integration_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."integration_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_grants" ADD CONSTRAINT "integration_grants_granted_by_user_id_users_id_fk" FOREIGN KEY ("granted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cron_jobs_agent_id_index" ON "cron_jobs" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "cron_jobs_due_index" ON "cron_jobs" USING btree ("next_run_at") WHERE "cron_jobs"."enabled" and "cron_jobs"."next_run_at" is not null;--> statement-breakpoint
CREATE INDEX "cron_jobs_search_index" ON "cron_jobs" USING gin ("search_key" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE UNIQUE INDEX "cron_runs_cron_job_id_scheduled_for_index" ON "cron_runs" USING btree ("cron_job_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "cron_runs_agent_id_fired_at_index" ON "cron_runs" USING btree ("agent_id","fired_at");--> statement-breakpoint
CREATE INDEX "integration_connections_company_id_index" ON "integration_connections" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "integration_connections_search_index" ON "integration_connections" USING gin ("search_key" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE UNIQUE INDEX "integration_grants_agent_id_connection_id_index" ON "integration_grants" USING btree ("agent_id","connection_id");--> statement-breakpoint
CREATE INDEX "integration_grants_connection_id_index" ON "integration_grants" USING btree ("connection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_id_signature_hash_index" ON "webhook_deliveries" USING btree ("endpoint_id","signature_hash");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_id_received_at_index" ON "webhook_deliveries" USING btree ("endpoint_id","received_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_agent_id_index" ON "webhook_endpoints" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_search_index" ON "webhook_endpoints" USING gin ("search_key" gin_trgm_ops) WITH (gin_pending_list_limit=256);