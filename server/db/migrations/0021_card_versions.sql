ALTER TABLE "cards" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "field_versions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint

-- The card as the API presents it (0008's body) now carries its version: the move answers and
-- events built by workspace_move_card_recorded show it like every other card answer.
CREATE OR REPLACE FUNCTION workspace_card_json(p_card cards) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN jsonb_build_object(
      'id', p_card.id,
      'version', p_card.version,
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
