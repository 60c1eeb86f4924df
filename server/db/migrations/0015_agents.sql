CREATE TYPE "public"."agent_feedback_rating" AS ENUM('up', 'down');--> statement-breakpoint
CREATE TYPE "public"."agent_message_role" AS ENUM('user', 'agent', 'system');--> statement-breakpoint
CREATE TYPE "public"."agent_message_status" AS ENUM('streaming', 'complete', 'stopped', 'error');--> statement-breakpoint
CREATE TYPE "public"."agent_session_status" AS ENUM('open', 'working', 'stopped', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "agent_message_feedback" (
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"rating" "agent_feedback_rating" NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_message_feedback_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "agent_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"role" "agent_message_role" NOT NULL,
	"author_user_id" uuid,
	"text" text DEFAULT '' NOT NULL,
	"status" "agent_message_status" DEFAULT 'complete' NOT NULL,
	"activity" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seq" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"status" "agent_session_status" DEFAULT 'working' NOT NULL,
	"project_id" uuid,
	"card_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_key" text GENERATED ALWAYS AS (workspace_fold("agent_sessions"."title")) STORED
);
--> statement-breakpoint
CREATE TABLE "agent_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "actor_agent_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "audience_user_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "audience_agent_id" uuid;--> statement-breakpoint
ALTER TABLE "agent_message_feedback" ADD CONSTRAINT "agent_message_feedback_message_id_agent_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."agent_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_message_feedback" ADD CONSTRAINT "agent_message_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_message_feedback" ADD CONSTRAINT "agent_message_feedback_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_messages" ADD CONSTRAINT "agent_messages_session_id_agent_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."agent_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_messages" ADD CONSTRAINT "agent_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tokens" ADD CONSTRAINT "agent_tokens_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tokens" ADD CONSTRAINT "agent_tokens_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_message_feedback_agent_id_updated_at_index" ON "agent_message_feedback" USING btree ("agent_id","updated_at");--> statement-breakpoint
CREATE INDEX "agent_messages_session_id_seq_index" ON "agent_messages" USING btree ("session_id","seq");--> statement-breakpoint
CREATE INDEX "agent_sessions_user_id_last_message_at_index" ON "agent_sessions" USING btree ("user_id","last_message_at");--> statement-breakpoint
CREATE INDEX "agent_sessions_agent_id_last_message_at_index" ON "agent_sessions" USING btree ("agent_id","last_message_at");--> statement-breakpoint
CREATE INDEX "agent_sessions_card_index" ON "agent_sessions" USING btree ("card_id","created_at") WHERE "agent_sessions"."card_id" is not null;--> statement-breakpoint
CREATE INDEX "agent_sessions_search_index" ON "agent_sessions" USING gin ("search_key" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE UNIQUE INDEX "agent_tokens_secret_hash_index" ON "agent_tokens" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "agent_tokens_agent_id_index" ON "agent_tokens" USING btree ("agent_id");--> statement-breakpoint
-- The card move and its event in one call (0008, 0009), now also writing the acting agent when an
-- agent token moved the card (its `actorAgentId`; `actor_user_id` is then null).
CREATE OR REPLACE FUNCTION workspace_move_card_recorded(
  p_company uuid, p_project uuid, p_card uuid, p_column uuid, p_position integer,
  p_actor jsonb, p_channel text, p_topic text
) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_answer jsonb;
  v_event bigint;
BEGIN
  v_answer := workspace_move_card(p_company, p_project, p_card, p_column, p_position);
  IF v_answer ? 'error' THEN
    RETURN v_answer::text;
  END IF;
  INSERT INTO events (company_id, type, payload, project_id, card_id, actor_user_id, actor_agent_id)
    VALUES (
      p_company, 'card.moved', (jsonb_build_object('projectId', p_project) || v_answer || p_actor)::text,
      p_project, p_card, (p_actor ->> 'actorUserId')::uuid, (p_actor ->> 'actorAgentId')::uuid)
    RETURNING id INTO v_event;
  PERFORM pg_notify(p_channel, json_build_object(
    'topic', p_topic, 'payload', json_build_object('companyId', p_company, 'id', v_event))::text);
  RETURN v_answer::text;
END $$;
