ALTER TABLE "events" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "card_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "actor_user_id" uuid;--> statement-breakpoint
CREATE INDEX "card_comments_author_user_id_index" ON "card_comments" USING btree ("author_user_id");--> statement-breakpoint
CREATE INDEX "cards_assignee_index" ON "cards" USING btree ("assignee_id") WHERE "cards"."assignee_id" is not null;--> statement-breakpoint
CREATE INDEX "events_card_index" ON "events" USING btree ("company_id","card_id","id") WHERE "events"."card_id" is not null;--> statement-breakpoint

-- Home's activity (server/modules/home): what each event is about (project, card) and who made it
-- (the acting user), in columns, so a person's cards' events are found through an index rather
-- than by reading payloads. recordEvent (server/events/record.ts) writes them from the payload it
-- is given; the card move's function below writes them too.

-- The events recorded before these columns existed (the last day's): the same fields, read from
-- their payloads. Only this server writes payloads, but a value that is not a UUID is left null
-- rather than failing the start.
UPDATE "events" SET
  "project_id" = CASE WHEN parsed.project ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN parsed.project::uuid END,
  "card_id" = CASE WHEN parsed.card ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN parsed.card::uuid END,
  "actor_user_id" = CASE WHEN parsed.actor ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN parsed.actor::uuid END
FROM (
  SELECT id, p ->> 'projectId' AS project, coalesce(p ->> 'cardId', p -> 'card' ->> 'id') AS card, p ->> 'actorUserId' AS actor
  FROM (SELECT id, payload::jsonb AS p FROM "events") e
) parsed
WHERE parsed.id = "events"."id";
--> statement-breakpoint

-- The card move and its event in one call (0008), now also writing the event's project, card and
-- acting user. Same arguments, same answer, same `events` row and bus notice otherwise.
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
  INSERT INTO events (company_id, type, payload, project_id, card_id, actor_user_id)
    VALUES (
      p_company, 'card.moved', (jsonb_build_object('projectId', p_project) || v_answer || p_actor)::text,
      p_project, p_card, (p_actor ->> 'actorUserId')::uuid)
    RETURNING id INTO v_event;
  PERFORM pg_notify(p_channel, json_build_object(
    'topic', p_topic, 'payload', json_build_object('companyId', p_company, 'id', v_event))::text);
  RETURN v_answer::text;
END $$;
