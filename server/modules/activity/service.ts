/**
 * The activity on a company's cards, read from the event history (the `events` table the live
 * streams replay from): a person's (Home, `GET /users/me/activity`) and an agent's (its page,
 * `GET /agents/{agentId}/activity`). Both are pages of the same items; only which events are read
 * differs.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import { rows } from '../../db/rows.ts';
import { requireCompany } from '../../policies/index.ts';
import { mentionsAsText } from '../notifications/index.ts';
import { ACTIVITY_TYPES, SNIPPET_MAX } from './schemas.ts';

type ActivityType = (typeof ACTIVITY_TYPES)[number];

type ActivityRow = {
  id: number | string;
  type: ActivityType;
  at: string;
  actor_id: string;
  actor_name: string | null;
  actor_is_agent: boolean;
  project_id: string;
  project_name: string;
  card_id: string;
  card_title: string;
  column_id: string | null;
  column_name: string | null;
  comment_id: string | null;
  comment_text: string | null;
  comment_parent: string | null;
};

/** Text on one line (mentions as `@Name`), cut to SNIPPET_MAX characters with an ellipsis. */
function snippetOf(text: string): string {
  const chars = [...mentionsAsText(text).replace(/\s+/g, ' ').trim()];
  if (chars.length <= SNIPPET_MAX) return chars.join('');
  const cut = chars.slice(0, SNIPPET_MAX - 1).join('');
  return `${cut.trimEnd()}…`;
}

/**
 * Recent changes by others to the caller's cards: those assigned to them and those with a thread
 * they wrote in, of the non-archived projects of their company; newest first, `before` an event id
 * for older pages. Comment events show the comment as it is now (an edit or a deletion is not
 * undone by the history), and go with it when it is deleted.
 *
 * The events of each of those cards are read newest first through `events_card_index`, at most
 * `limit` per card, and the newest `limit` of those kept: the work is bounded by the number of the
 * caller's cards, however busy one of them has been. Payloads are read for the rows returned, and
 * for comment events to see that their comment is still there.
 */
export async function recentActivity(ctx: AppContext, principal: Principal, page: { limit: number; before?: number }) {
  const company = requireCompany(principal);
  const me = principal.user.id;
  return activityPage(
    ctx,
    sql`
    with mine as (
      select c.id from cards c join projects p on p.id = c.project_id
      where c.assignee_id = ${me} and c.assignee_kind = 'human'
        and p.company_id = ${company.id} and p.archived_at is null
      union
      select c.id from card_comments cc join cards c on c.id = cc.card_id join projects p on p.id = c.project_id
      where cc.author_user_id = ${me} and p.company_id = ${company.id} and p.archived_at is null
    ),
    recent as (
      select e.* from mine cross join lateral (
        select ev.id, ev.type, ev.created_at, ev.actor_user_id, ev.actor_agent_id, ev.card_id, ev.payload
        from events ev
        where ev.company_id = ${company.id} and ev.card_id = mine.id
          and ev.actor_user_id is distinct from ${me}
          and ev.type = any(${sql.param([...ACTIVITY_TYPES])}::text[])
          ${page.before !== undefined ? sql`and ev.id < ${page.before}` : sql``}
          -- A comment deleted since takes its events with it: its text is not shown any more.
          and (ev.type not like 'comment.%' or exists (
            select 1 from card_comments cc where cc.id = (ev.payload::jsonb -> 'comment' ->> 'id')::uuid))
        order by ev.id desc
        limit ${page.limit}
      ) e
      order by e.id desc
      limit ${page.limit}
    )
  `,
  );
}

/**
 * What an agent did on the company's cards (its agent page): the card and comment events it made
 * with its tokens, newest first, `before` an event id for older pages, read through
 * `events_actor_agent_index`. Comment events go with their comment when it is deleted, as above.
 */
export async function agentActivity(
  ctx: AppContext,
  companyId: string,
  agentId: string,
  page: { limit: number; before?: number },
) {
  return activityPage(
    ctx,
    sql`
    with recent as (
      select ev.id, ev.type, ev.created_at, ev.actor_user_id, ev.actor_agent_id, ev.card_id, ev.payload
      from events ev
      where ev.actor_agent_id = ${agentId} and ev.company_id = ${companyId} and ev.card_id is not null
        and ev.type = any(${sql.param([...ACTIVITY_TYPES])}::text[])
        ${page.before !== undefined ? sql`and ev.id < ${page.before}` : sql``}
        and (ev.type not like 'comment.%' or exists (
          select 1 from card_comments cc where cc.id = (ev.payload::jsonb -> 'comment' ->> 'id')::uuid))
      order by ev.id desc
      limit ${page.limit}
    )`,
  );
}

/** The activity items of the events a `recent` CTE (`with … recent as (…)`) selects, newest first. */
async function activityPage(ctx: AppContext, recent: SQL) {
  const result = await ctx.db.execute(sql`
    ${recent}
    select r.id, r.type, workspace_iso(r.created_at) as at, coalesce(r.actor_user_id, r.actor_agent_id) as actor_id,
      coalesce(u.name, ag.name) as actor_name, (r.actor_agent_id is not null) as actor_is_agent,
      p.id as project_id, p.name as project_name, c.id as card_id, c.title as card_title,
      col.id as column_id, col.name as column_name,
      cc.id as comment_id, left(cc.text, ${SNIPPET_MAX * 4}) as comment_text, cc.parent_id as comment_parent
    from recent r
    cross join lateral (select r.payload::jsonb as body) parsed
    join cards c on c.id = r.card_id
    join projects p on p.id = c.project_id
    left join users u on u.id = r.actor_user_id
    left join agents ag on ag.id = r.actor_agent_id
    left join board_columns col
      on r.type in ('card.moved', 'card.created', 'card.restored') and col.id = (body -> 'card' ->> 'column')::uuid
    left join card_comments cc on r.type like 'comment.%' and cc.id = (body -> 'comment' ->> 'id')::uuid
    order by r.id desc`);
  return {
    items: rows<ActivityRow>(result).map((row) => ({
      id: Number(row.id),
      type: row.type,
      at: row.at,
      actor: {
        kind: row.actor_is_agent ? ('agent' as const) : ('human' as const),
        id: row.actor_id,
        name: row.actor_name ?? 'Former member',
      },
      project: { id: row.project_id, name: row.project_name },
      card: { id: row.card_id, title: row.card_title },
      ...(row.column_id && row.column_name !== null ? { column: { id: row.column_id, name: row.column_name } } : {}),
      ...(row.comment_id && row.type.startsWith('comment.')
        ? {
            comment: {
              id: row.comment_id,
              snippet: snippetOf(row.comment_text ?? ''),
              reply: row.comment_parent !== null,
            },
          }
        : {}),
    })),
  };
}
