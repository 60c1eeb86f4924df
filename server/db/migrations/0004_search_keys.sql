ALTER TABLE "agents" ADD COLUMN "search_key" text GENERATED ALWAYS AS (workspace_fold("agents"."name")) STORED;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "search_key" text GENERATED ALWAYS AS (workspace_fold("cards"."title")) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_key" text GENERATED ALWAYS AS (workspace_fold("projects"."name")) STORED;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "search_key" text GENERATED ALWAYS AS (workspace_fold("teams"."name")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_key" text GENERATED ALWAYS AS (workspace_fold("users"."name")) STORED;--> statement-breakpoint
CREATE INDEX "agents_search_index" ON "agents" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cards_search_index" ON "cards" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_search_index" ON "projects" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "teams_search_index" ON "teams" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_index" ON "users" USING gin ("search_key" gin_trgm_ops);