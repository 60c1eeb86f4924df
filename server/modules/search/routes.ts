import { z } from '@hono/zod-openapi';
import { jsonResponse, protectedRoute } from '../../http/route.ts';
import { PER_KIND, SEARCH_KINDS } from './provider.ts';

export const SearchResultSchema = z
  .object({
    kind: z.enum(SEARCH_KINDS).openapi({
      description: `The kind of thing found: ${SEARCH_KINDS.join(', ')}.`,
    }),
    id: z.uuid(),
    label: z.string().openapi({ description: 'The display name that matched.' }),
    context: z.string().openapi({
      description: "Where it lives or what it is: a card's project and column, a person's title and team, …",
    }),
    status: z.string().openapi({
      description:
        'agent: active, paused or completed; project: active or archived; card: open or blocked; wiki_page and others: active.',
    }),
    updatedAt: z.iso.datetime(),
    agentId: z.uuid().optional().openapi({ description: 'For agents (their own id).' }),
    projectId: z.uuid().optional().openapi({
      description:
        'For projects, cards and wiki pages: the project (a wiki page opens at `/projects/{projectId}/wiki/{id}`).',
    }),
    archived: z.boolean().optional().openapi({
      description: 'For agents and projects: true for completed agents and archived projects.',
    }),
  })
  .openapi('SearchResult');

export const searchRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/search',
    operationId: 'searchWorkspace',
    tags: ['Search'],
    summary: 'Search the caller’s company: one query, one flat list',
    description: [
      '`q` is trimmed (then 1..80 characters), lower-cased and stripped of accents (Unicode NFD, combining marks removed), and matched as a substring of each kind’s equally folded display name.',
      `At most ${PER_KIND} results per kind, then \`limit\` overall. Within a kind: exact match, then prefix, then a word start, then anywhere; ties by most recent change.`,
      'Scope: agents (completed ones too, flagged `archived`), teams and people of the company; projects (archived ones flagged), live cards and live wiki pages (by title, with their project as context) of the company. The caller’s own sessions and files, cron jobs, webhook endpoints and integrations join as those features land. Admin-only surfaces are never searched, so admins and members get the same shape.',
      'A caller without a company gets 404.',
    ].join('\n\n'),
    request: {
      query: z.object({
        q: z
          .string()
          .transform((value) => value.trim())
          .pipe(z.string().min(1, 'must not be blank').max(80, 'must be at most 80 characters'))
          .openapi({
            param: { name: 'q', in: 'query' },
            description: 'The search text, 1..80 characters after trimming.',
            example: 'cafe',
          }),
        limit: z.coerce
          .number()
          .int()
          .min(1)
          .max(100)
          .default(20)
          .openapi({
            param: { name: 'limit', in: 'query' },
            description: 'Overall cap, 1..100 (default 20), applied after the per-kind cap.',
          }),
      }),
    },
    responses: {
      200: jsonResponse(z.object({ results: z.array(SearchResultSchema) }).openapi('SearchResults'), 'Best first'),
    },
  },
  { agents: true },
);
