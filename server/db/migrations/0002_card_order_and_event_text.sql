DROP INDEX "cards_project_id_column_id_rank_index";--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "rank" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "payload" SET DATA TYPE text;--> statement-breakpoint
CREATE INDEX "cards_project_id_index" ON "cards" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "cards_live_order_index" ON "cards" USING btree ("column_id","rank","id") WHERE "cards"."archived_at" is null;--> statement-breakpoint
-- Event payloads are written once and sent on as they are: skip compressing them.
ALTER TABLE "events" ALTER COLUMN "payload" SET STORAGE EXTERNAL;
