import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { onLiveEvent, onLiveResync, type WikiPage } from '@/api';
import { savePage, storePage } from '../mutations';
import { loadRevisionText, wikiQueries } from '../queries';
import { type AutoMerge, PageSaver } from './page-saver';

/**
 * The autosave of one open page (see `PageSaver`), wired to the server, the cache, live events
 * and the browser: a hidden or closing tab keeps its unsaved edits as a draft. The editor
 * attaches itself (`saver.attach`); detaching (leaving the page) sends what is unsaved.
 */
export function usePageAutosave(
  page: WikiPage,
  userId: string,
  merge: AutoMerge,
  normalize?: (markdown: string) => string,
) {
  const queryClient = useQueryClient();
  const { projectId, id: pageId } = page;
  const [saver] = useState(
    () =>
      new PageSaver({
        page,
        userId,
        merge,
        normalize,
        save: (body) => savePage(projectId, pageId, body),
        loadRevision: (revisionId) => loadRevisionText(projectId, pageId, revisionId),
        onStored: (stored) => storePage(queryClient, stored),
      }),
  );
  const state = useSyncExternalStore(saver.subscribe, saver.getSnapshot);

  useEffect(() => {
    const fetchPage = () => queryClient.fetchQuery({ ...wikiQueries.page(projectId, pageId), staleTime: 0 });
    const stopSaved = onLiveEvent('wiki.page.saved', ({ data }) => {
      if (data.pageId === pageId) saver.remoteSaved(data.revisionId, data.author, fetchPage);
    });
    // Events may have been missed (a long disconnection): look at the page as it is now.
    const stopResync = onLiveResync(
      () =>
        void fetchPage().then(
          (latest) => saver.remoteSaved(latest.revisionId, latest.updatedBy, () => Promise.resolve(latest)),
          () => undefined,
        ),
    );
    const keep = () => saver.keepDraft();
    const onVisibility = () => document.visibilityState === 'hidden' && keep();
    window.addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopSaved();
      stopResync();
      window.removeEventListener('pagehide', keep);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [saver, projectId, pageId, queryClient]);

  return { saver, state, initial: saver.initial };
}
