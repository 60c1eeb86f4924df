import type { WikiAuthor, WikiPage } from '@/api';
import { clearDraft, readDraft, writeDraft } from '../drafts';
import type { SaveBody, SaveOutcome } from '../mutations';
import { excerptOf, OwnBlocks } from './own-blocks';
import { type AutoMerge, type Conflict, type EditorPort, failureState, type SaverState, type Side } from './save-state';

export type { AutoMerge, Conflict, EditorPort, SaveStatus, SaverState } from './save-state';

/** How long the page waits after the last keystroke before it saves itself. */
export const AUTOSAVE_MS = 800;
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

type Options = {
  page: WikiPage;
  userId: string;
  save: (body: SaveBody) => Promise<SaveOutcome>;
  /** An earlier revision's text and title (for merging a draft typed on it). */
  loadRevision: (revisionId: string) => Promise<Side>;
  merge: AutoMerge;
  /**
   * A text in the editor's normal form (the Markdown layer's serialize(parse(text))). The base and
   * the colleague's revision come from the server as anyone wrote them (the API, an agent, an
   * import), the editor's text in the normal form: compared raw, whitespace the serializer trims
   * would count as a change to every paragraph. Identity when not given.
   */
  normalize?: (markdown: string) => string;
  /** A page the server accepted or sent: into the cache. */
  onStored: (page: WikiPage) => void;
};

type Base = { revisionId: string; markdown: string | null; title: string; updatedAt: string };

/**
 * The page's autosave, outside React so that overlapping saves, keystrokes during a save and
 * answers arriving late cannot interleave wrongly:
 * - a change waits `AUTOSAVE_MS` of quiet, then the Markdown is read once and sent on top of the
 *   revision the editor holds (`baseRevisionId`); one save at a time, the next one after it;
 * - until the server accepts it, what was typed is kept as a draft in this browser;
 * - no connection: "offline", sent again with backoff and as soon as the browser is back online;
 * - a stale base (412): merged with the newer revision when the changes touch different blocks
 *   and saved on top of it; otherwise a conflict for the person to settle;
 * - a colleague's save shows in place when nothing is unsaved here.
 */
export class PageSaver {
  private readonly options: Options;
  private port: EditorPort | null = null;
  /** The blocks this person's saves here added (for the notice when a colleague takes them out). */
  private readonly mine = new OwnBlocks();
  private base: Base;
  private title: string;
  private dirty = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryDelay = RETRY_FIRST_MS;
  private inFlight = false;
  private disposed = false;
  private waiters: { resolve: (page: WikiPage) => void; reject: (error: unknown) => void }[] = [];
  private latestPage: WikiPage;
  private listeners = new Set<() => void>();
  state: SaverState;
  /** What the editor starts with: the page, or the draft kept from an earlier visit. */
  readonly initial: Side;

  constructor(options: Options) {
    this.options = options;
    const { page } = options;
    this.latestPage = page;
    this.base = { revisionId: page.revisionId, markdown: page.markdown, title: page.title, updatedAt: page.updatedAt };
    this.title = page.title;
    this.state = {
      status: 'saved',
      title: page.title,
      conflict: null,
      remote: null,
      merged: null,
      replaced: null,
      restoredDraft: false,
      revisionId: page.revisionId,
    };
    this.initial = this.initialContent();
  }

  /** For `useSyncExternalStore`. */
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  readonly getSnapshot = () => this.state;

  /**
   * The page, or the draft kept from an earlier visit (which then saves itself, merged with any
   * newer revision).
   */
  private initialContent(): Side {
    const { page, userId } = this.options;
    const draft = readDraft(userId, page.id);
    if (!draft) return { markdown: page.markdown, title: page.title };
    if (draft.markdown === page.markdown && (draft.title === page.title || !draft.title.trim())) {
      clearDraft(userId, page.id);
      return { markdown: page.markdown, title: page.title };
    }
    if (draft.baseRevisionId !== page.revisionId) {
      // Typed on an older revision: that revision is the base; the save will meet the newer one.
      this.base = { revisionId: draft.baseRevisionId, markdown: null, title: page.title, updatedAt: page.updatedAt };
    }
    this.title = draft.title || page.title;
    this.dirty = true;
    this.update({ title: this.title, restoredDraft: true, status: 'saving' });
    return { markdown: draft.markdown, title: this.title };
  }

  /** Connects the editor; a restored draft saves once it is there. */
  attach(port: EditorPort) {
    this.port = port;
    this.disposed = false;
    window.addEventListener('online', this.onOnline);
    if (this.dirty) this.schedule(0);
  }

  /** Leaves: unsaved edits are kept as a draft and sent (their outcome no longer shown). */
  detach() {
    if (this.disposed) return;
    const pending = this.dirty || this.timer !== undefined;
    clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
    this.timer = undefined;
    window.removeEventListener('online', this.onOnline);
    if (pending && this.port && !this.state.conflict) {
      const snapshot = this.snapshot();
      if (snapshot) void this.send(snapshot);
    }
    this.disposed = true;
    this.port = null;
    this.rejectWaiters(new Error('The page was closed.'));
  }

  /** Keeps what is on screen as a draft now (the tab is being hidden or closed). */
  keepDraft() {
    if (!this.port || (!this.dirty && this.timer === undefined && this.state.status === 'saved')) return;
    this.snapshot();
  }

  /** The editor's content changed (typed, pasted, formatted…). */
  changed() {
    this.dirty = true;
    if (this.state.conflict) return;
    if (this.state.status !== 'offline' && this.state.status !== 'error') this.update({ status: 'saving' });
    this.schedule(AUTOSAVE_MS);
  }

  setTitle(title: string) {
    this.title = title;
    this.update({ title });
    this.changed();
  }

  /** Saves now (the debounce skipped); resolves with the page once the server has everything. */
  saveNow(): Promise<WikiPage> {
    return new Promise((resolve, reject) => {
      if (this.disposed) return reject(new Error('The page was closed.'));
      if (this.state.conflict) return reject(new Error('Settle the conflict first.'));
      this.waiters.push({ resolve, reject });
      clearTimeout(this.timer);
      this.timer = undefined;
      clearTimeout(this.retryTimer);
      this.flush();
    });
  }

  /** Sends again after a failure (the Retry button). */
  retry() {
    clearTimeout(this.retryTimer);
    this.dirty = true;
    this.flush();
  }

  /** A colleague saved this page (a live event, or noticed on reconnect). */
  remoteSaved(revisionId: string, author: WikiAuthor, fetchPage: () => Promise<WikiPage>) {
    if (revisionId === this.base.revisionId || this.disposed) return;
    if (this.hasUnsaved()) {
      this.update({ remote: author });
      return;
    }
    void fetchPage().then((page) => {
      if (this.disposed || page.revisionId === this.base.revisionId) return;
      // Typed meanwhile: the next save meets the newer revision and merges.
      if (this.hasUnsaved()) return this.update({ remote: page.updatedBy });
      const lost = page.updatedBy.userId === this.options.userId ? [] : this.mine.takeLost(page.markdown);
      this.show(page);
      if (lost.length > 0)
        this.update({ replaced: { by: page.updatedBy.name, excerpt: excerptOf(lost[0]!), at: Date.now() } });
    });
  }

  /** The page was replaced on the server by an explicit action (a revision restored). */
  replaced(page: WikiPage) {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.dirty = false;
    this.show(page);
    clearDraft(this.options.userId, page.id);
  }

  // Conflict choices (the dialog's buttons).

  /** Saves the merge (the person's edit reapplied on the newer revision) on top of it. */
  reapply(markdown: string, title: string) {
    const conflict = this.state.conflict;
    if (!conflict) return;
    this.port?.setMarkdown(markdown);
    this.title = title;
    this.adoptTheirs(conflict);
    this.update({ title });
    this.dirty = true;
    this.flush();
  }

  /** Saves the person's version as it is, as a new revision on top of theirs. */
  keepMine() {
    const conflict = this.state.conflict;
    if (!conflict) return;
    this.adoptTheirs(conflict);
    this.dirty = true;
    this.flush();
  }

  /** Drops the person's edits: the newer revision is shown. */
  discardMine() {
    const conflict = this.state.conflict;
    if (!conflict) return;
    this.dirty = false;
    this.port?.setMarkdown(conflict.theirs.markdown);
    this.title = conflict.theirs.title;
    this.base = {
      revisionId: conflict.theirs.revisionId,
      markdown: conflict.theirs.markdown,
      title: conflict.theirs.title,
      updatedAt: conflict.theirs.updatedAt,
    };
    clearDraft(this.options.userId, this.options.page.id);
    this.update({ conflict: null, status: 'saved', title: this.title, revisionId: this.base.revisionId, remote: null });
    this.resolveWaiters(this.latestPage);
  }

  private adoptTheirs(conflict: Conflict) {
    this.base = {
      revisionId: conflict.theirs.revisionId,
      markdown: conflict.theirs.markdown,
      title: conflict.theirs.title,
      updatedAt: conflict.theirs.updatedAt,
    };
    this.update({ conflict: null, status: 'saving', revisionId: this.base.revisionId, remote: null });
  }

  // Internals.

  private readonly onOnline = () => {
    if (this.state.status === 'offline') this.retry();
  };

  private hasUnsaved() {
    return this.dirty || this.inFlight || this.timer !== undefined || this.state.status !== 'saved';
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, delay);
  }

  /** Reads the editor once and keeps it as a draft; null when it matches the base. */
  private snapshot(): Side | null {
    if (!this.port) return null;
    const markdown = this.port.getMarkdown();
    const title = this.title.trim() || this.base.title;
    this.dirty = false;
    const { userId, page } = this.options;
    if (markdown === this.base.markdown && title === this.base.title) {
      clearDraft(userId, page.id);
      return null;
    }
    writeDraft(userId, page.id, { baseRevisionId: this.base.revisionId, title, markdown });
    return { markdown, title };
  }

  private flush() {
    if (this.disposed || this.state.conflict) return;
    if (this.inFlight) {
      // Sent when the save under way is answered.
      this.dirty = true;
      return;
    }
    const snapshot = this.snapshot();
    if (!snapshot) {
      this.update({ status: 'saved', message: undefined });
      this.resolveWaiters(this.latestPage);
      return;
    }
    void this.send(snapshot);
  }

  private async send(snapshot: Side) {
    this.inFlight = true;
    if (!this.disposed) this.update({ status: 'saving', message: undefined });
    const base = this.base;
    const body: SaveBody = { baseRevisionId: base.revisionId };
    if (snapshot.markdown !== base.markdown) body.markdown = snapshot.markdown;
    if (snapshot.title !== base.title) body.title = snapshot.title;
    if (body.markdown === undefined && body.title === undefined) body.markdown = snapshot.markdown;
    let outcome: SaveOutcome;
    try {
      outcome = await this.options.save(body);
    } catch (error) {
      this.inFlight = false;
      if (this.disposed) return;
      this.failed(error, snapshot);
      return;
    }
    this.inFlight = false;
    if (outcome.status === 'conflict') {
      this.options.onStored(outcome.page);
      if (this.disposed) return;
      await this.conflicted(snapshot, outcome.page);
      return;
    }
    const page = outcome.page;
    this.mine.note(base.markdown ?? page.markdown, page.markdown);
    this.latestPage = page;
    this.base = { revisionId: page.revisionId, markdown: page.markdown, title: page.title, updatedAt: page.updatedAt };
    this.options.onStored(page);
    this.retryDelay = RETRY_FIRST_MS;
    if (this.disposed) {
      const draft = readDraft(this.options.userId, page.id);
      if (draft && draft.markdown === page.markdown && draft.title === page.title)
        clearDraft(this.options.userId, page.id);
      return;
    }
    this.update({ revisionId: page.revisionId, remote: null });
    if (this.dirty || this.timer !== undefined) {
      // Typed while it was on its way: that goes next, on top of the revision just made.
      if (this.timer === undefined) this.flush();
      return;
    }
    clearDraft(this.options.userId, page.id);
    this.update({ status: 'saved', message: undefined });
    this.resolveWaiters(page);
  }

  private failed(error: unknown, sent?: Side) {
    this.dirty = true;
    const failure = failureState(error, sent);
    this.update(failure);
    if (failure.status === 'offline') {
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => this.retry(), this.retryDelay);
      this.retryDelay = Math.min(RETRY_MAX_MS, this.retryDelay * 2);
    }
    this.rejectWaiters(error);
  }

  /** A stale base: merge when the edits do not overlap, or ask. */
  private async conflicted(sent: Side, theirs: WikiPage) {
    let baseMarkdown = this.base.markdown;
    if (baseMarkdown === null) {
      // A draft from an earlier visit, typed on an older revision: read that revision.
      const base = await this.options
        .loadRevision(this.base.revisionId)
        .catch(() => ({ markdown: '', title: this.base.title }));
      baseMarkdown = base.markdown;
      this.base = { ...this.base, markdown: base.markdown, title: base.title };
    }
    if (this.disposed || !this.port) return;
    const normalize = this.options.normalize ?? ((markdown: string) => markdown);
    baseMarkdown = normalize(baseMarkdown);
    const theirText = normalize(theirs.markdown);
    // What is on screen now (typed since the save left, too).
    const mine: Side = { markdown: this.port.getMarkdown(), title: this.title.trim() || sent.title };
    this.dirty = false;
    let merged = await this.options
      .merge({ markdown: baseMarkdown, title: this.base.title }, mine, { markdown: theirText, title: theirs.title })
      .catch(() => null);
    if (this.disposed || !this.port) return;
    // Typed while merging: merge that too (it is on top of `mine`).
    const now = this.port.getMarkdown();
    if (merged && now !== mine.markdown) {
      merged = await this.options.merge(mine, { markdown: now, title: mine.title }, merged).catch(() => null);
      if (this.disposed || !this.port) return;
      mine.markdown = now;
    }
    this.latestPage = theirs;
    if (merged) {
      this.base = {
        revisionId: theirs.revisionId,
        markdown: theirs.markdown,
        title: theirs.title,
        updatedAt: theirs.updatedAt,
      };
      if (merged.markdown !== mine.markdown) this.port.setMarkdown(merged.markdown);
      this.title = merged.title;
      this.update({
        title: merged.title,
        revisionId: theirs.revisionId,
        remote: null,
        merged: { with: theirs.updatedBy.name, at: Date.now() },
      });
      const snapshot = this.snapshot();
      if (snapshot) void this.send(snapshot);
      else {
        this.update({ status: 'saved' });
        this.resolveWaiters(theirs);
      }
      return;
    }
    writeDraft(this.options.userId, theirs.id, {
      baseRevisionId: this.base.revisionId,
      title: mine.title,
      markdown: mine.markdown,
    });
    this.update({
      status: 'conflict',
      conflict: {
        base: { markdown: baseMarkdown, title: this.base.title, revisionId: this.base.revisionId },
        mine,
        theirs: {
          markdown: theirText,
          title: theirs.title,
          revisionId: theirs.revisionId,
          updatedBy: theirs.updatedBy,
          updatedAt: theirs.updatedAt,
        },
      },
    });
    this.rejectWaiters(new Error('A colleague saved this page meanwhile: settle the conflict first.'));
  }

  /** Shows a page from the server in place (nothing unsaved here). */
  private show(page: WikiPage) {
    this.latestPage = page;
    this.base = { revisionId: page.revisionId, markdown: page.markdown, title: page.title, updatedAt: page.updatedAt };
    this.port?.setMarkdown(page.markdown);
    this.title = page.title;
    this.options.onStored(page);
    this.update({ status: 'saved', title: page.title, revisionId: page.revisionId, remote: null, conflict: null });
  }

  private resolveWaiters(page: WikiPage) {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((waiter) => waiter.resolve(page));
  }

  private rejectWaiters(error: unknown) {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((waiter) => waiter.reject(error));
  }

  private update(patch: Partial<SaverState>) {
    // Nothing new (a keystroke while "Saving…" already shows): no render.
    if ((Object.keys(patch) as (keyof SaverState)[]).every((key) => this.state[key] === patch[key])) return;
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((listener) => listener());
  }
}
