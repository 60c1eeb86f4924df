CREATE TYPE "public"."file_node_status" AS ENUM('pending', 'ready');--> statement-breakpoint
CREATE TYPE "public"."file_node_type" AS ENUM('folder', 'file');--> statement-breakpoint
CREATE TYPE "public"."file_upload_source" AS ENUM('client', 'agent');--> statement-breakpoint
CREATE TABLE "file_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"granted_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"parent_id" uuid,
	"type" "file_node_type" NOT NULL,
	"name" text NOT NULL,
	"status" "file_node_status" NOT NULL,
	"storage_path" text,
	"mime_type" text,
	"file_size" bigint,
	"upload_id" text,
	"replaces_id" uuid,
	"upload_source" "file_upload_source" DEFAULT 'client' NOT NULL,
	"agent_tag" uuid,
	"author_name" text NOT NULL,
	"author_user_id" uuid,
	"author_agent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trashed_at" timestamp with time zone,
	"trash_root_id" uuid,
	"trashed_by_user_id" uuid,
	"search_key" text GENERATED ALWAYS AS (workspace_fold("file_nodes"."name")) STORED
);
--> statement-breakpoint
ALTER TABLE "file_grants" ADD CONSTRAINT "file_grants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_grants" ADD CONSTRAINT "file_grants_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_grants" ADD CONSTRAINT "file_grants_node_id_file_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."file_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_grants" ADD CONSTRAINT "file_grants_granted_by_user_id_users_id_fk" FOREIGN KEY ("granted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_nodes" ADD CONSTRAINT "file_nodes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_nodes" ADD CONSTRAINT "file_nodes_parent_id_file_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."file_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_nodes" ADD CONSTRAINT "file_nodes_agent_tag_agents_id_fk" FOREIGN KEY ("agent_tag") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_nodes" ADD CONSTRAINT "file_nodes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_nodes" ADD CONSTRAINT "file_nodes_author_agent_id_agents_id_fk" FOREIGN KEY ("author_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_nodes" ADD CONSTRAINT "file_nodes_trashed_by_user_id_users_id_fk" FOREIGN KEY ("trashed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_grants_agent_id_node_id_index" ON "file_grants" USING btree ("agent_id","node_id");--> statement-breakpoint
CREATE INDEX "file_grants_node_id_index" ON "file_grants" USING btree ("node_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_nodes_sibling_name_index" ON "file_nodes" USING btree ("company_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name")) WHERE "file_nodes"."trashed_at" is null and "file_nodes"."replaces_id" is null;--> statement-breakpoint
CREATE INDEX "file_nodes_children_index" ON "file_nodes" USING btree ("company_id","parent_id","type",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "file_nodes_children_updated_index" ON "file_nodes" USING btree ("company_id","parent_id","type","updated_at","id") WHERE "file_nodes"."trashed_at" is null and "file_nodes"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "file_nodes_children_size_index" ON "file_nodes" USING btree ("company_id","parent_id","type",coalesce("file_size", -1),"id") WHERE "file_nodes"."trashed_at" is null and "file_nodes"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "file_nodes_trash_index" ON "file_nodes" USING btree ("company_id","trash_root_id") WHERE "file_nodes"."trashed_at" is not null;--> statement-breakpoint
CREATE INDEX "file_nodes_pending_index" ON "file_nodes" USING btree ("created_at") WHERE "file_nodes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "file_nodes_search_index" ON "file_nodes" USING gin ("search_key" gin_trgm_ops) WITH (gin_pending_list_limit=256);