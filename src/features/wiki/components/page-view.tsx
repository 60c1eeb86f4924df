import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { EditorContent } from '@tiptap/react';
import { memo, Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { WikiPage } from '@/api';
import { Button, ClockIcon, toast } from '@/ui';
import { WikiCommentUi } from '../comments';
import type { AutoMerge, Conflict, EditorPort } from '../hooks/page-saver';
import { usePageAutosave } from '../hooks/use-page-autosave';
import { useRestorePage } from '../mutations';
import { editorMarkdown, parseMarkdown, serializeMarkdown, wikiExtensions } from '../markdown';
import { EditorToolbar } from './editor-toolbar';
import { LinkDialog } from './link-dialog';
import { takeJustCreated } from '../create-page-store';
import { TITLE_MAX, titleCount } from '../title';
import { ConflictDialog, HistoryPanel, loadDiff, WikiComments } from './page-lazy';
import { SaveIndicator } from './save-indicator';
import { SlashCommands, SlashMenu } from './slash-menu';
import { TaskListShortcut } from './task-shortcut';
import { useOwnEditor } from './use-own-editor';
import './wiki-editor.css';

/** What the server accepts as a page's Markdown (2 MiB of UTF-8). */
const PAGE_MAX_BYTES = 2 * 1_048_576;

// Merging, the conflict dialog and the history load when first needed, not with the editor.
const merge: AutoMerge = async (base, mine, theirs) => {
  const { tryAutoMerge } = await loadDiff();
  const result = tryAutoMerge(base, mine, theirs);
  return result.ok ? { markdown: result.markdown, title: result.title } : null;
};

/** A page's text in the editor's normal form, so only real edits count in a merge or a conflict. */
const normalizeMarkdown = (markdown: string) => serializeMarkdown(parseMarkdown(markdown));

export type PageViewProps = {
  page: WikiPage;
  userId: string;
  /** The open comment thread (`?thread=`), and how to change it. */
  thread?: string;
  onThreadChange: (threadId?: string) => void;
};

/**
 * An open wiki page: its title, the formatting toolbar, the editor (Tiptap over the page's
 * Markdown), the autosave's state, conflicts, history, and the comment margin beside the text.
 * Loaded on wiki routes only: the editor is a chunk of its own.
 */
export default function PageView({ page, userId, thread, onThreadChange }: PageViewProps) {
  const { saver, state } = usePageAutosave(page, userId, merge, normalizeMarkdown);
  const restore = useRestorePage(page.projectId);
  const archived = page.archivedAt !== null;
  const toolbarId = useId();
  const titleId = useId();
  const [linkOpen, setLinkOpen] = useState(false);
  // The conflict the person closed the dialog of ("Conflict · Resolve…" reopens it).
  const [setAside, setSetAside] = useState<Conflict | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [draftNotice, setDraftNotice] = useState(saver.state.restoredDraft);

  // Made once, with the first render: parsing a long page is not free.
  const editor = useOwnEditor(() => ({
    extensions: [
      ...wikiExtensions({ placeholder: 'Write here, or type / for headings, lists, tables…' }),
      SlashCommands,
      TaskListShortcut,
      WikiCommentUi,
    ],
    // The app's Content-Security-Policy refuses injected <style>: the base styles are in wiki-editor.css.
    injectCSS: false,
    content: parseMarkdown(saver.initial.markdown),
    editable: !archived,
    editorProps: {
      attributes: {
        id: `${toolbarId}-editor`,
        class: 'wiki-prose',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': 'Page content',
      },
      // A paste that alone is over what a page can hold is refused at once (parsing it would
      // freeze the tab for seconds, and the save could only fail).
      handlePaste: (_view, event) => {
        const data = event.clipboardData;
        if (!data) return false;
        const size = Math.max(new Blob([data.getData('text/plain')]).size, new Blob([data.getData('text/html')]).size);
        if (size <= PAGE_MAX_BYTES) return false;
        event.preventDefault();
        toast(
          'error',
          'That is too much to paste into one page',
          `The pasted text is ${(size / 1_048_576).toFixed(1)} MB; a page holds up to 2 MB. Paste it in parts across pages.`,
        );
        return true;
      },
      handleKeyDown: (_view, event) => {
        // Alt+F10: to the toolbar (and Escape there comes back).
        if (event.altKey && event.key === 'F10') {
          event.preventDefault();
          document.querySelector<HTMLElement>(`[id="${toolbarId}"] [data-toolbar-item][tabindex="0"]`)?.focus();
          return true;
        }
        return false;
      },
    },
    // The saver is made once per page (as this editor is).
    onUpdate: () => saver.changed(),
  }));

  const port = useMemo<EditorPort>(() => portOf(editor), [editor]);
  useEffect(() => {
    saver.attach(port);
    return () => saver.detach();
  }, [saver, port]);

  useEffect(() => {
    if (editor.isEditable === !archived) return;
    editor.setEditable(!archived, false);
  }, [editor, archived]);

  const saved = useMemo(() => ({ revisionId: state.revisionId }), [state.revisionId]);
  const saveNow = useCallback(() => saver.saveNow(), [saver]);
  useEffect(() => {
    if (takeJustCreated(page.id)) editor.commands.focus('start');
  }, [editor, page.id]);

  const titleCounter = titleCount(state.title);
  const conflict = state.conflict;
  const conflictOpen = conflict !== null && conflict !== setAside;

  const merged = state.merged;
  useEffect(() => {
    if (merged) toast('info', `Merged with ${merged.with}’s changes`, 'Both sets of edits are in the page.');
  }, [merged]);
  const replaced = state.replaced;
  useEffect(() => {
    if (replaced)
      toast(
        'info',
        `${replaced.by} replaced your recent edit`,
        `“${replaced.excerpt}” is no longer in the page. Your version is in the page’s History.`,
        // Words of theirs left the page: the notice waits until they have read it.
        { sticky: true },
      );
  }, [replaced]);

  return (
    <article className="wiki-page" aria-labelledby={titleId}>
      <div className="wiki-page-head">
        <h2 id={titleId} className="visually-hidden">
          {state.title || page.title}
        </h2>
        <input
          className="wiki-title-input"
          aria-label="Page title"
          // The limit is said beside the field once it is near, so a long paste is not cut silently.
          maxLength={TITLE_MAX}
          aria-describedby={titleCounter ? `${titleId}-count` : undefined}
          value={state.title}
          readOnly={archived}
          placeholder="Untitled"
          onChange={(event) => saver.setTitle(event.target.value)}
          onBlur={() => {
            if (!state.title.trim()) saver.setTitle(page.title);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || (event.key === 'ArrowDown' && !event.shiftKey)) {
              event.preventDefault();
              editor.commands.focus('start');
            }
          }}
        />
        {titleCounter && (
          <span id={`${titleId}-count`} className="field-counter" aria-live="polite">
            {titleCounter}
          </span>
        )}
        <div className="wiki-page-actions">
          <SaveIndicator state={state} onRetry={() => saver.retry()} onResolve={() => setSetAside(null)} />
          <Button size="small" variant="ghost" aria-expanded={historyOpen} onClick={() => setHistoryOpen(true)}>
            <ClockIcon /> History
          </Button>
        </div>
      </div>
      {archived && (
        <div className="notice row wiki-notice" data-tone="warning">
          <span>This page is archived: it is read only.</span>
          <Button
            size="small"
            busy={restore.isPending}
            onClick={() => restore.mutate({ pageId: page.id, title: state.title || page.title })}
          >
            Restore page
          </Button>
        </div>
      )}
      {draftNotice && (
        <div className="notice row wiki-notice" role="status">
          <span>Your unsaved changes from this browser were restored.</span>
          <Button size="small" variant="ghost" onClick={() => setDraftNotice(false)}>
            Dismiss
          </Button>
        </div>
      )}
      {state.remote && state.status !== 'conflict' && (
        <p className="notice wiki-notice" role="status">
          {state.remote.name} saved a newer version while you were editing. Your edits will be merged with it when they
          save.
        </p>
      )}
      {!archived && (
        <EditorToolbar
          id={toolbarId}
          editor={editor}
          onLink={() => setLinkOpen(true)}
          onComment={() => editor.commands.openCommentComposer()}
        />
      )}
      <div className="wiki-page-body">
        <div className="wiki-editor-column">
          <EditorSurface editor={editor} />
        </div>
        <div className="wiki-margin">
          <Suspense fallback={null}>
            <WikiComments
              editor={editor}
              projectId={page.projectId}
              pageId={page.id}
              page={saved}
              saveNow={saveNow}
              threadId={thread}
              onThreadChange={onThreadChange}
            />
          </Suspense>
        </div>
      </div>
      <SlashMenu editor={editor} />
      <LinkDialog editor={editor} open={linkOpen} onClose={() => setLinkOpen(false)} />
      <Suspense fallback={null}>
        {conflictOpen && (
          <ConflictDialog
            base={conflict.base}
            mine={conflict.mine}
            theirs={conflict.theirs}
            onReapply={(markdown, title) => saver.reapply(markdown, title)}
            onKeepMine={() => saver.keepMine()}
            onDiscardMine={() => saver.discardMine()}
            onClose={() => setSetAside(conflict)}
          />
        )}
        {historyOpen && (
          <HistoryPanel
            projectId={page.projectId}
            pageId={page.id}
            currentRevisionId={state.revisionId}
            onRestored={(restored) => saver.replaced(restored)}
            onClose={() => setHistoryOpen(false)}
          />
        )}
      </Suspense>
    </article>
  );
}

/** The editable surface; it never renders again after the first time (the editor draws itself). */
const EditorSurface = memo(function EditorSurface({ editor }: { editor: Editor }) {
  return <EditorContent editor={editor} className="wiki-editor" />;
});

/** What the autosave reads from and writes to the editor. */
function portOf(editor: Editor): EditorPort {
  return {
    getMarkdown: () => editorMarkdown(editor),
    setMarkdown: (markdown) => {
      const before = editor.state.doc;
      const { from, to } = editor.state.selection;
      editor.chain().setMeta('addToHistory', false).setContent(parseMarkdown(markdown), { emitUpdate: false }).run();
      // The cursor stays on the same text: before the changed part it does not move, after it it
      // moves by what the change added or removed, inside it it goes to the change's end.
      const after = editor.state.doc;
      const start = before.content.findDiffStart(after.content);
      if (start === null) return;
      const found = before.content.findDiffEnd(after.content) ?? { a: before.content.size, b: after.content.size };
      // (The two ends can overlap the start when the change repeats text next to it.)
      const overlap = Math.max(0, start - Math.min(found.a, found.b));
      const end = { a: found.a + overlap, b: found.b + overlap };
      const map = (pos: number) =>
        pos <= start ? pos : pos >= end.a ? pos - end.a + end.b : Math.max(start, Math.min(end.b, after.content.size));
      const selection = TextSelection.between(after.resolve(map(from)), after.resolve(map(to)));
      editor.view.dispatch(editor.state.tr.setSelection(selection).setMeta('addToHistory', false));
    },
  };
}
