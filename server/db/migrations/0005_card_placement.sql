-- Card order (spec, States and transitions), kept in the database so that placing a card is one
-- round trip: on the embedded database every statement costs about a millisecond of protocol and
-- planning, and a move used to take six of them. server/modules/cards/service.ts calls these.
--
-- Each live card of a column has a rank; a placed card takes a rank halfway between its new
-- neighbours, so one row is written, and the column is renumbered only when the neighbours are
-- too close to leave room between them.

-- Where `p_card` goes when it takes rank `p_position` among the live cards of `p_column` counted
-- without itself (past the end: the bottom). Returns the column's new order (`card_ids`, with the
-- card) and the rank to give the card (`card_rank`). When the column had to be renumbered, the
-- other cards' rows are already written; the caller writes the card's own row.
CREATE OR REPLACE FUNCTION workspace_place_card(
  p_card uuid, p_column uuid, p_position integer, OUT card_ids uuid[], OUT card_rank float8
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_step CONSTANT float8 := 1024;
  v_min_gap CONSTANT float8 := 1e-6;
  v_ranks float8[];
  v_at integer;
  v_before float8;
  v_after float8;
BEGIN
  SELECT coalesce(array_agg(c.id ORDER BY c.rank, c.id), '{}'), coalesce(array_agg(c.rank ORDER BY c.rank, c.id), '{}')
    INTO card_ids, v_ranks
    FROM cards c
    WHERE c.column_id = p_column AND c.archived_at IS NULL AND c.id <> p_card;
  v_at := least(p_position, cardinality(card_ids));
  -- Arrays count from 1: the new neighbours are the cards now at positions v_at - 1 and v_at.
  v_before := v_ranks[v_at];
  v_after := v_ranks[v_at + 1];
  IF v_before IS NULL AND v_after IS NULL THEN
    card_rank := 0;
  ELSIF v_before IS NULL THEN
    card_rank := v_after - v_step;
  ELSIF v_after IS NULL THEN
    card_rank := v_before + v_step;
  ELSE
    card_rank := (v_before + v_after) / 2;
    IF card_rank - v_before < v_min_gap OR v_after - card_rank < v_min_gap THEN
      card_rank := NULL;
    END IF;
  END IF;
  card_ids := card_ids[1:v_at] || p_card || card_ids[v_at + 1:];
  IF card_rank IS NULL THEN
    UPDATE cards SET rank = (u.ord - 1) * v_step, column_id = p_column
      FROM unnest(card_ids) WITH ORDINALITY AS u(id, ord)
      WHERE cards.id = u.id AND cards.id <> p_card;
    card_rank := v_at * v_step;
  END IF;
END $$;
--> statement-breakpoint

-- Moves a card of a project of a company. Takes the project's row lock first: moves of one project
-- then apply one after the other, and because each statement of a volatile function reads a fresh
-- snapshot (read committed), the orders read after the lock include every move committed before.
-- Returns `{error}` (project, card, archived or column) or the written card row, its comment
-- copies, and the new orders of the target and (when it changed) the source column.
CREATE OR REPLACE FUNCTION workspace_move_card(
  p_company uuid, p_project uuid, p_card uuid, p_column uuid, p_position integer
) RETURNS json LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_source uuid;
  v_archived boolean;
  v_target_ids uuid[];
  v_source_ids uuid[];
  v_rank float8;
  v_row cards;
BEGIN
  PERFORM 1 FROM projects WHERE id = p_project AND company_id = p_company FOR UPDATE;
  IF NOT FOUND THEN
    RETURN json_build_object('error', 'project');
  END IF;
  SELECT column_id, archived_at IS NOT NULL INTO v_source, v_archived
    FROM cards WHERE id = p_card AND project_id = p_project;
  IF NOT FOUND THEN
    RETURN json_build_object('error', 'card');
  END IF;
  IF v_archived THEN
    RETURN json_build_object('error', 'archived');
  END IF;
  PERFORM 1 FROM board_columns WHERE id = p_column AND project_id = p_project AND deleted_at IS NULL;
  IF NOT FOUND THEN
    RETURN json_build_object('error', 'column');
  END IF;
  SELECT card_ids, card_rank INTO v_target_ids, v_rank FROM workspace_place_card(p_card, p_column, p_position);
  UPDATE cards SET rank = v_rank, column_id = p_column, updated_at = now() WHERE id = p_card RETURNING * INTO v_row;
  IF v_source <> p_column THEN
    SELECT coalesce(array_agg(id ORDER BY rank, id), '{}') INTO v_source_ids
      FROM cards WHERE column_id = v_source AND archived_at IS NULL;
  END IF;
  RETURN json_build_object(
    'card', row_to_json(v_row),
    'copies', coalesce((
      SELECT json_agg(json_build_object('id', cc.id, 'author', cc.author_name, 'at', cc.created_at, 'text', cc.text)
        ORDER BY cc.created_at, cc.id)
      FROM card_comments cc WHERE cc.card_id = p_card
    ), '[]'::json),
    'sourceColumnId', v_source,
    'sourceIds', v_source_ids,
    'targetIds', v_target_ids
  );
END $$;
