-- Writes at a steady pace on the embedded database (PGlite), where every statement runs on one
-- thread and a stall in one write delays every request queued behind it.

-- 1. Search indexes keep a short pending list. GIN appends new entries to a pending list, cheaply,
-- and the write that finds the list full merges all of it into the index: at the default 4 MB a
-- card move every few thousand took 50–80 ms more. At 256 kB the merge is a few milliseconds.
-- (Without a pending list at all, fastupdate off, loading the large seed takes twice as long.)
ALTER INDEX "agents_search_index" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "cards_search_index" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "projects_search_index" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "teams_search_index" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "users_search_index" SET (gin_pending_list_limit = 256);--> statement-breakpoint

-- 2. A card as the card operations return it (0007), now in PL/pgSQL: a SQL function called with
-- a row is planned again on every call, a PL/pgSQL one keeps its plans for the session. On the
-- embedded database that is about a third of a millisecond of every move. Same output: must match
-- presentCard in server/modules/cards/present.ts field for field (a test compares them).
CREATE OR REPLACE FUNCTION workspace_card_json(p_card cards) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN jsonb_build_object(
      'id', p_card.id,
      'title', p_card.title,
      'description', p_card.description,
      'column', p_card.column_id,
      'priority', p_card.priority,
      'labels', to_jsonb(p_card.labels),
      'createdAt', workspace_iso(p_card.created_at),
      'updatedAt', workspace_iso(p_card.updated_at),
      'checklist', p_card.checklist,
      'archived', p_card.archived_at IS NOT NULL,
      'comments', coalesce((
        SELECT jsonb_agg(
            jsonb_build_object('id', cc.id, 'author', cc.author_name, 'at', workspace_iso(cc.created_at), 'text', cc.text)
            ORDER BY cc.created_at, cc.id)
          FROM card_comments cc WHERE cc.card_id = p_card.id
      ), '[]'::jsonb))
    || CASE WHEN p_card.assignee_id IS NOT NULL AND p_card.assignee_kind IS NOT NULL
         THEN jsonb_build_object('assignee', p_card.assignee_id, 'assigneeKind', p_card.assignee_kind)
         ELSE '{}'::jsonb END
    || CASE WHEN p_card.blocked IS NOT NULL THEN jsonb_build_object('blocked', p_card.blocked) ELSE '{}'::jsonb END
    || CASE WHEN p_card.due IS NOT NULL THEN jsonb_build_object('due', workspace_iso(p_card.due)) ELSE '{}'::jsonb END;
END $$;
--> statement-breakpoint

-- 3. A card move and its event in one PL/pgSQL call. 0007 recorded the event in a CTE of the
-- move's statement, which the database parsed and planned again for every move; a function keeps
-- its plans, a move costs about 15% less of the database's thread. Records and announces the
-- event as server/events/record.ts does (recordEvent): the `events` row with the change and the
-- actor's fields, and a notice on the bus (`p_channel`) in its envelope, `{topic, payload}` with
-- `payload` = `{companyId, id}` (server/events/bus.ts). Returns the move's answer as text, either
-- `{error}` (and nothing recorded) or `{card, columns}`.
CREATE FUNCTION workspace_move_card_recorded(
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
  INSERT INTO events (company_id, type, payload)
    VALUES (p_company, 'card.moved', (jsonb_build_object('projectId', p_project) || v_answer || p_actor)::text)
    RETURNING id INTO v_event;
  PERFORM pg_notify(p_channel, json_build_object(
    'topic', p_topic, 'payload', json_build_object('companyId', p_company, 'id', v_event))::text);
  RETURN v_answer::text;
END $$;
