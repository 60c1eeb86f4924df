-- A card move as one statement. The embedded database runs on its own thread
-- (server/db/pglite-thread.ts), and a transaction spread over several statements keeps it waiting
-- on the HTTP thread between them, with every other query queued behind the open transaction. A
-- move is the hottest write, so it now presents its card here and records its event in the same
-- statement (server/modules/cards/service.ts, moveCard).

-- An instant as JavaScript's toISOString writes it: UTC, milliseconds, "Z".
-- STABLE, as to_char is: a function no more volatile than its body can be inlined.
CREATE OR REPLACE FUNCTION workspace_iso(p_at timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint

-- A card as the card operations return it, with its comment copies (the spec's Card). Must match
-- presentCard in server/modules/cards/present.ts field for field: `assignee`/`assigneeKind`,
-- `blocked` and `due` are absent when unset. A test compares the two on cards with and without them.
CREATE OR REPLACE FUNCTION workspace_card_json(p_card cards) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
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
    || CASE WHEN p_card.due IS NOT NULL THEN jsonb_build_object('due', workspace_iso(p_card.due)) ELSE '{}'::jsonb END
$$;
--> statement-breakpoint

DROP FUNCTION workspace_move_card(uuid, uuid, uuid, uuid, integer);
--> statement-breakpoint

-- Moves a card of a project of a company. Takes the project's row lock first: moves of one project
-- then apply one after the other, and because each statement of a volatile function reads a fresh
-- snapshot (read committed), the orders read after the lock include every move committed before.
-- Returns `{error}` (project, card, archived or column) or the move's answer: `{card, columns}`,
-- the presented card and the new order of the source column (when it changed) and the target.
CREATE FUNCTION workspace_move_card(
  p_company uuid, p_project uuid, p_card uuid, p_column uuid, p_position integer
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_source uuid;
  v_archived boolean;
  v_target_ids uuid[];
  v_rank float8;
  v_row cards;
  v_columns jsonb := '[]';
BEGIN
  PERFORM 1 FROM projects WHERE id = p_project AND company_id = p_company FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('error', 'project');
  END IF;
  SELECT column_id, archived_at IS NOT NULL INTO v_source, v_archived
    FROM cards WHERE id = p_card AND project_id = p_project;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('error', 'card');
  END IF;
  IF v_archived THEN
    RETURN jsonb_build_object('error', 'archived');
  END IF;
  PERFORM 1 FROM board_columns WHERE id = p_column AND project_id = p_project AND deleted_at IS NULL;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('error', 'column');
  END IF;
  SELECT card_ids, card_rank INTO v_target_ids, v_rank FROM workspace_place_card(p_card, p_column, p_position);
  UPDATE cards SET rank = v_rank, column_id = p_column, updated_at = now() WHERE id = p_card RETURNING * INTO v_row;
  IF v_source <> p_column THEN
    v_columns := jsonb_build_array(jsonb_build_object('id', v_source, 'cardIds', (
      SELECT coalesce(jsonb_agg(id ORDER BY rank, id), '[]') FROM cards WHERE column_id = v_source AND archived_at IS NULL
    )));
  END IF;
  RETURN jsonb_build_object(
    'card', workspace_card_json(v_row),
    'columns', v_columns || jsonb_build_array(jsonb_build_object('id', p_column, 'cardIds', to_jsonb(v_target_ids)))
  );
END $$;
