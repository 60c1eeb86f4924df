import { createFileRoute, notFound } from '@tanstack/react-router';
import { isApiError } from '@/api';
import { CommentHighlight } from '@/features/comments';
import { WikiPageScreen, wikiQueries } from '@/features/wiki';

type PageSearch = { thread?: string; comment?: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One wiki page; `?thread=<commentId>` opens that comment thread beside its passage, and
 * `&comment=<commentId>` scrolls to one comment of it (a reply) and highlights it.
 */
export const Route = createFileRoute('/_app/_company/projects/$projectId/wiki/$pageId')({
  // The wiki's code (its queries too) loads with the route, not with the app.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: (search: Record<string, unknown>): PageSearch => ({
    thread: typeof search.thread === 'string' && UUID.test(search.thread) ? search.thread : undefined,
    comment: typeof search.comment === 'string' && UUID.test(search.comment) ? search.comment : undefined,
  }),
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(wikiQueries.page(params.projectId, params.pageId));
    } catch (error) {
      // A page that does not exist (or not in this company), or an address that is not a page's.
      if (isApiError(error) && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
  },
  component: WikiPageRoute,
});

function WikiPageRoute() {
  const { projectId, pageId } = Route.useParams();
  const { thread, comment } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CommentHighlight commentId={comment}>
      <WikiPageScreen
        projectId={projectId}
        pageId={pageId}
        // A comment alone names its thread too.
        thread={thread ?? comment}
        // The open thread is kept in the address for links; it is no new page, so the view stays where it is.
        // Another thread drops the linked comment (it was in the one before).
        onThreadChange={(next) =>
          void navigate({
            search: (previous) => ({
              ...previous,
              thread: next,
              comment: next && (!previous.thread || next === previous.thread) ? previous.comment : undefined,
            }),
            replace: true,
            resetScroll: false,
          })
        }
      />
    </CommentHighlight>
  );
}
