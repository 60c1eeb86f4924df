CREATE TYPE "public"."checkout_status" AS ENUM('open', 'completed', 'expired');--> statement-breakpoint
CREATE TYPE "public"."credit_transaction_type" AS ENUM('grant', 'consumption', 'purchase', 'adjustment', 'subscription_grant', 'trial_grant');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('trialing', 'active', 'canceled');--> statement-breakpoint
CREATE TABLE "credit_accounts" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"included" integer DEFAULT 0 NOT NULL,
	"purchased" integer DEFAULT 0 NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"low_threshold" integer DEFAULT 100 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"pack_id" text NOT NULL,
	"credits" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" "checkout_status" DEFAULT 'open' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"transaction_id" uuid
);
--> statement-breakpoint
CREATE TABLE "credit_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"type" "credit_transaction_type" NOT NULL,
	"amount" integer NOT NULL,
	"included_change" integer NOT NULL,
	"purchased_change" integer NOT NULL,
	"balance_after_included" integer NOT NULL,
	"balance_after_purchased" integer NOT NULL,
	"agent_id" uuid,
	"agent_session_id" uuid,
	"card_id" uuid,
	"operation" text,
	"payment_invoice_id" text,
	"payment_checkout_session_id" text,
	"admin_user_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"status" "subscription_status" NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"pending_plan_id" text,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_checkouts" ADD CONSTRAINT "credit_checkouts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_checkouts_company_id_created_at_index" ON "credit_checkouts" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transactions_company_id_seq_index" ON "credit_transactions" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "credit_transactions_company_id_type_seq_index" ON "credit_transactions" USING btree ("company_id","type","seq");--> statement-breakpoint
CREATE INDEX "credit_transactions_agent_id_seq_index" ON "credit_transactions" USING btree ("agent_id","seq");--> statement-breakpoint
CREATE INDEX "credit_transactions_agent_session_id_index" ON "credit_transactions" USING btree ("agent_session_id") WHERE "credit_transactions"."agent_session_id" is not null;--> statement-breakpoint
CREATE INDEX "credit_transactions_card_id_index" ON "credit_transactions" USING btree ("card_id") WHERE "credit_transactions"."card_id" is not null;--> statement-breakpoint
CREATE INDEX "credit_transactions_company_id_created_at_index" ON "credit_transactions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transactions_checkout_purchase_key" ON "credit_transactions" USING btree ("payment_checkout_session_id") WHERE "credit_transactions"."type" = 'purchase' and "credit_transactions"."payment_checkout_session_id" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_current_period_end_index" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."status" <> 'canceled';--> statement-breakpoint
-- Companies created before credits existed start a trial, as a new company does (server/lib/credit-plans.ts).
INSERT INTO "subscriptions" ("company_id", "plan_id", "status", "current_period_start", "current_period_end")
SELECT "id", 'starter', 'trialing', now(), now() + interval '14 days' FROM "companies";--> statement-breakpoint
INSERT INTO "credit_accounts" ("company_id", "included", "purchased", "last_seq", "low_threshold")
SELECT "id", 1000, 0, 1, 200 FROM "companies";--> statement-breakpoint
INSERT INTO "credit_transactions" ("company_id", "seq", "type", "amount", "included_change", "purchased_change",
  "balance_after_included", "balance_after_purchased", "note")
SELECT "id", 1, 'trial_grant', 1000, 1000, 0, 1000, 0, 'Trial credits (14 days)' FROM "companies";
