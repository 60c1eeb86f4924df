import { useEditBase } from '@/api';
import { Link, useBlocker, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { discardStoredDraft, readStoredDraft, storeDraft } from '@/lib/drafts';
import { Button, ConfirmDialog, DraftOffer, FormError, toast, useDocumentTitle } from '@/ui';
import { afterSave, changedFields, draftOf, serverErrors } from '../draft';
import { useDeleteContentItem, useSetPublished, useUpdateContentItem } from '../mutations';
import type { ContentItem } from '../queries';
import { draftErrors, KIND_LABELS, type DraftErrors, type ItemDraft } from '../rules';
import { StatusBadge } from './item-bits';
import { ItemForm } from './item-form';
import { ItemPreview } from './item-preview';

/** A draft of `item` kept in this browser that differs from it, or null. */
function keptDraft(key: string, item: ContentItem): { draft: ItemDraft; base?: number; at: number } | null {
  const stored = readStoredDraft(key);
  if (!stored) return null;
  try {
    const draft = { ...draftOf(item), ...(JSON.parse(stored.text) as Partial<ItemDraft>) };
    if (Object.keys(changedFields(draft, draftOf(item))).length === 0) {
      discardStoredDraft(key);
      return null;
    }
    return { draft, base: stored.base, at: stored.at };
  } catch {
    return null;
  }
}

/**
 * An item's editor for admins: the fields, Save (also Ctrl/⌘+S), Preview, Publish / Unpublish and
 * Delete. Nothing typed is lost: a refused save keeps the text and shows the reason at its field,
 * and leaving with unsaved changes asks first.
 */
export function ContentEditor({ item }: { item: ContentItem }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState<ItemDraft>(() => draftOf(item));
  const [draft, setDraftState] = useState<ItemDraft>(() => draftOf(item));
  // The latest draft, for a save started from the keyboard before React has rendered it.
  const draftRef = useRef(draft);
  const [checked, setChecked] = useState(false);
  const [fromServer, setFromServer] = useState<{ fields: DraftErrors; general?: string }>({ fields: {} });
  const [previewing, setPreviewing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const leaving = useRef(false);
  const update = useUpdateContentItem(item.id);
  // Saves name the version they were typed on: a colleague's save meanwhile is a conflict.
  const [base, adopt, setBase] = useEditBase(item.version);
  const setPublished = useSetPublished(item.id);
  const remove = useDeleteContentItem();
  useDocumentTitle(draft.title.trim() || 'Untitled');

  const changes = changedFields(draft, saved);
  const dirty = Object.keys(changes).length > 0;

  // Unsaved edits are kept in the browser's draft store until saved; on return they are offered.
  const draftKey = `content:${item.id}`;
  const [offer, setOffer] = useState(() => keptDraft(draftKey, item));
  useEffect(() => {
    if (offer) return;
    if (dirty) storeDraft(draftKey, JSON.stringify(draft), base);
    else discardStoredDraft(draftKey);
  }, [draftKey, draft, dirty, base, offer]);
  const local = checked ? draftErrors(draft) : {};
  const errors: DraftErrors = { ...fromServer.fields, ...local };

  function setDraft(patch: Partial<ItemDraft>) {
    // Typing here makes what is typed the draft, in place of one on offer.
    setOffer(null);
    draftRef.current = { ...draftRef.current, ...patch };
    setDraftState(draftRef.current);
    // A field's server message goes once the field is edited.
    setFromServer((previous) => {
      const fields = { ...previous.fields };
      for (const key of Object.keys(patch)) delete fields[key as keyof ItemDraft];
      return { fields, general: previous.general };
    });
  }

  /** Saves what changed; resolves true when everything is saved. */
  async function save(): Promise<boolean> {
    const current = draftRef.current;
    const sent = changedFields(current, saved);
    if (Object.keys(sent).length === 0) return true;
    setChecked(true);
    if (Object.keys(draftErrors(current)).length > 0) return false;
    // The server trims the title and excerpt; send what it will keep.
    const body: Partial<ItemDraft> = { ...sent };
    if (body.title !== undefined) body.title = body.title.trim();
    try {
      const result = await update.mutateAsync({ ...body, baseVersion: base });
      setBase(result.version);
      const server = draftOf(result);
      setSaved(server);
      draftRef.current = afterSave(draftRef.current, sent, server);
      setDraftState(draftRef.current);
      setFromServer({ fields: {} });
      setChecked(false);
      return true;
    } catch (error) {
      adopt(error);
      setFromServer(serverErrors(error));
      return false;
    }
  }

  async function handleSave() {
    if (await save()) toast('success', 'Saved');
  }

  async function handlePublish(publish: boolean) {
    if (publish && !(await save())) return;
    setPublished.mutate(publish);
  }

  // Ctrl/⌘+S saves. The focused field is left first so it hands over what was typed (the body
  // writes its Markdown out on a short pause or on blur), then gets focus back.
  const saveFromKeyboard = useRef(handleSave);
  useEffect(() => {
    saveFromKeyboard.current = handleSave;
  });
  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      focused?.blur();
      requestAnimationFrame(() => {
        void saveFromKeyboard.current();
        focused?.focus();
      });
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, []);

  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  });
  const blocker = useBlocker({
    shouldBlockFn: () => dirtyRef.current && !leaving.current,
    enableBeforeUnload: () => dirtyRef.current && !leaving.current,
    withResolver: true,
  });

  // Changed in the cache at once by the publish mutation (and put back if the server refuses).
  const status = item.status;
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <article className="content-editor stack">
      <header className="content-editor-header">
        <Link to="/content" className="content-back">
          ← Content
        </Link>
        <div className="content-editor-title">
          <h1>{draft.title.trim() || 'Untitled'}</h1>
          <StatusBadge status={status} />
        </div>
        <p className="muted">
          {KIND_LABELS[draft.kind]}
          {item.authorName ? ` by ${item.authorName}` : ''} ·{' '}
          {status === 'published' && item.publishedAt
            ? `published ${formatDateTime(item.publishedAt)}: the content API serves it`
            : 'a draft: only people in the app see it'}
        </p>
        <div className="content-editor-actions" role="toolbar" aria-label="Item actions">
          <Button
            variant="primary"
            busy={update.isPending}
            onClick={() => void handleSave()}
            aria-keyshortcuts="Control+S Meta+S"
          >
            Save
          </Button>
          <Button aria-pressed={previewing} onClick={() => setPreviewing((value) => !value)}>
            Preview
          </Button>
          {status === 'published' ? (
            <Button busy={setPublished.isPending} onClick={() => void handlePublish(false)}>
              Unpublish
            </Button>
          ) : (
            <Button busy={setPublished.isPending} onClick={() => void handlePublish(true)}>
              {dirty ? 'Save and publish' : 'Publish'}
            </Button>
          )}
          <Button variant="ghost" onClick={() => setConfirmDelete(true)}>
            Delete…
          </Button>
          <span className="muted content-save-state" role="status">
            {update.isPending ? 'Saving…' : dirty ? 'Unsaved changes' : 'All changes saved'}
          </span>
        </div>
      </header>
      {offer && (
        <DraftOffer
          field="this item"
          at={offer.at}
          text={[offer.draft.title, offer.draft.body].join(' · ')}
          onRestore={() => {
            setDraft(offer.draft);
            // On the version it was typed on: a colleague's save since is shown as a conflict.
            if (offer.base !== undefined) setBase(offer.base);
          }}
          onDiscard={() => {
            discardStoredDraft(draftKey);
            setOffer(null);
          }}
        />
      )}
      {fromServer.general ? (
        <FormError message={`Not saved: ${fromServer.general}`} />
      ) : (
        hasErrors && <FormError message="Not saved: check the fields marked below." />
      )}
      {previewing ? <ItemPreview draft={draft} /> : <ItemForm draft={draft} errors={errors} onChange={setDraft} />}
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete “${item.title}”?`}
        description={
          item.status === 'published'
            ? 'It disappears from your site (the content API answers 404) and cannot be restored.'
            : 'The draft is deleted for good.'
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(item, {
            onSuccess: () => {
              leaving.current = true;
              setConfirmDelete(false);
              void navigate({ to: '/content' });
            },
            onError: () => setConfirmDelete(false),
          })
        }
      />
      <ConfirmDialog
        open={blocker.status === 'blocked'}
        title="Leave without saving?"
        description="Your changes to this item are not saved yet."
        confirmLabel="Leave without saving"
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
    </article>
  );
}
