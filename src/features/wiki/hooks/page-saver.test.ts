import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type WikiPage } from '@/api';
import { tryAutoMerge } from '../diff';
import { readDraft, writeDraft } from '../drafts';
import { parseMarkdown, serializeMarkdown } from '../markdown';
import type { SaveBody, SaveOutcome } from '../mutations';
import { AUTOSAVE_MS, type AutoMerge, type EditorPort, PageSaver } from './page-saver';

const USER = 'u1';
let revision = 1;

function pageOf(markdown: string, patch: Partial<WikiPage> = {}): WikiPage {
  return {
    id: 'page',
    projectId: 'project',
    parentId: null,
    position: 0,
    title: 'Plan',
    revisionId: `rev-${revision++}`,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, revision)).toISOString(),
    updatedBy: { name: 'Max' },
    archivedAt: null,
    markdown,
    ...patch,
  };
}

/** An editor stand-in: its Markdown is whatever the test typed. */
function fakeEditor(initial: string) {
  let markdown = initial;
  const port: EditorPort = {
    getMarkdown: () => markdown,
    setMarkdown: vi.fn((next: string) => {
      markdown = next;
    }),
  };
  return { port, type: (next: string) => (markdown = next), text: () => markdown };
}

/** Joins paragraphs when the two sides changed different ones (enough for these tests). */
const merge: AutoMerge = (base, mine, theirs) => {
  const [b, m, t] = [base, mine, theirs].map((side) => side.markdown.split('\n\n'));
  if (b!.length !== m!.length || b!.length !== t!.length) return Promise.resolve(null);
  const out: string[] = [];
  for (let i = 0; i < b!.length; i++) {
    if (m![i] !== b![i] && t![i] !== b![i] && m![i] !== t![i]) return Promise.resolve(null);
    out.push(m![i] !== b![i] ? m![i]! : t![i]!);
  }
  return Promise.resolve({ markdown: out.join('\n\n'), title: theirs.title });
};

function setup(page: WikiPage, save: (body: SaveBody) => Promise<SaveOutcome>) {
  const stored: WikiPage[] = [];
  const saver = new PageSaver({
    page,
    userId: USER,
    merge,
    save,
    loadRevision: () => Promise.resolve({ markdown: page.markdown, title: page.title }),
    onStored: (item) => stored.push(item),
  });
  const editor = fakeEditor(saver.initial.markdown);
  saver.attach(editor.port);
  return { saver, editor, stored };
}

/** A server that accepts any save on top of its current revision and refuses a stale one. */
function fakeServer(initial: WikiPage) {
  let current = initial;
  const bodies: SaveBody[] = [];
  const save = vi.fn(async (body: SaveBody): Promise<SaveOutcome> => {
    bodies.push(body);
    await Promise.resolve();
    if (body.baseRevisionId !== current.revisionId) return { status: 'conflict', page: current };
    current = pageOf(body.markdown ?? current.markdown, { title: body.title ?? current.title });
    return { status: 'saved', page: current };
  });
  return {
    save,
    bodies,
    current: () => current,
    colleagueSaves: (markdown: string) => (current = pageOf(markdown, { updatedBy: { name: 'Ada' } })),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('PageSaver', () => {
  it('saves once after a pause in typing, on top of the revision it holds, and forgets the draft', async () => {
    const page = pageOf('One.\n');
    const server = fakeServer(page);
    const { saver, editor } = setup(page, server.save);
    editor.type('One. Two.\n');
    saver.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS / 2);
    editor.type('One. Two. Three.\n');
    saver.changed();
    expect(saver.state.status).toBe('saving');
    expect(readDraft(USER, 'page')).toBeNull();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    expect(server.bodies).toEqual([{ baseRevisionId: page.revisionId, markdown: 'One. Two. Three.\n' }]);
    expect(saver.state.status).toBe('saved');
    expect(saver.state.revisionId).toBe(server.current().revisionId);
    expect(readDraft(USER, 'page')).toBeNull();
  });

  it('sends what was typed during a save right after it, on the new revision', async () => {
    const page = pageOf('A\n');
    let finish!: () => void;
    const server = fakeServer(page);
    const save = vi.fn(async (body: SaveBody) => {
      if (save.mock.calls.length === 1) await new Promise<void>((resolve) => (finish = resolve));
      return server.save(body);
    });
    const { saver, editor } = setup(page, save);
    editor.type('AB\n');
    saver.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    editor.type('ABC\n');
    saver.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    expect(save).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(10);
    expect(server.bodies.map((body) => body.markdown)).toEqual(['AB\n', 'ABC\n']);
    // The second save builds on the revision the first one made: no conflict with itself.
    expect(server.bodies[1]!.baseRevisionId).not.toBe(page.revisionId);
    expect(saver.state.status).toBe('saved');
    expect(server.current().markdown).toBe('ABC\n');
  });

  it('keeps the edit as a draft while offline and sends it again', async () => {
    const page = pageOf('Mon\n');
    const server = fakeServer(page);
    let online = false;
    const save = vi.fn((body: SaveBody) =>
      online ? server.save(body) : Promise.reject(new ApiError(0, 'offline', 'NETWORK_ERROR')),
    );
    const { saver, editor } = setup(page, save);
    editor.type('Mon Tue\n');
    saver.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    expect(saver.state.status).toBe('offline');
    expect(readDraft(USER, 'page')).toMatchObject({ baseRevisionId: page.revisionId, markdown: 'Mon Tue\n' });
    online = true;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(saver.state.status).toBe('saved');
    expect(server.current().markdown).toBe('Mon Tue\n');
    expect(readDraft(USER, 'page')).toBeNull();
  });

  it('a page over the size limit says so, offers no retry, and saves again once it is shorter', async () => {
    const page = pageOf('Mon\n');
    const server = fakeServer(page);
    const save = vi.fn((body: SaveBody) =>
      (body.markdown?.length ?? 0) > 10
        ? Promise.reject(new ApiError(413, 'The page is over 2 MiB', 'PAYLOAD_TOO_LARGE'))
        : server.save(body),
    );
    const { saver, editor } = setup(page, save);
    editor.type('Mon Tue Wed Thu\n');
    saver.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    expect(saver.state).toMatchObject({ status: 'error', retryable: false });
    expect(saver.state.message).toMatch(/over the 2 MB a page can hold/);
    // Nothing is sent again by itself; the next (shorter) edit saves.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    editor.type('Mon Tue\n');
    saver.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    expect(saver.state.status).toBe('saved');
    expect(server.current().markdown).toBe('Mon Tue\n');
  });

  it('merges with a colleague’s newer revision when the edits do not overlap', async () => {
    const page = pageOf('Top\n\nBottom\n');
    const server = fakeServer(page);
    const { saver, editor } = setup(page, server.save);
    server.colleagueSaves('Top\n\nBottom!\n');
    editor.type('Top!\n\nBottom\n');
    saver.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    await vi.advanceTimersByTimeAsync(10);
    expect(server.current().markdown).toBe('Top!\n\nBottom!\n');
    expect(editor.text()).toBe('Top!\n\nBottom!\n');
    expect(saver.state).toMatchObject({ status: 'saved', conflict: null, merged: { with: 'Ada' } });
  });

  it('asks when the edits overlap; “keep mine” saves on top of theirs', async () => {
    const page = pageOf('Budget 100\n');
    const server = fakeServer(page);
    const { saver, editor } = setup(page, server.save);
    const theirs = server.colleagueSaves('Budget 90\n');
    editor.type('Budget 120\n');
    saver.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 10);
    expect(saver.state.status).toBe('conflict');
    expect(saver.state.conflict).toMatchObject({
      base: { markdown: 'Budget 100\n' },
      mine: { markdown: 'Budget 120\n' },
      theirs: { markdown: 'Budget 90\n', revisionId: theirs.revisionId },
    });
    // Typing goes on; nothing is sent while the conflict stands.
    saver.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS * 2);
    expect(server.save).toHaveBeenCalledTimes(1);
    saver.keepMine();
    await vi.advanceTimersByTimeAsync(10);
    expect(server.bodies[1]).toMatchObject({ baseRevisionId: theirs.revisionId, markdown: 'Budget 120\n' });
    expect(saver.state).toMatchObject({ status: 'saved', conflict: null });
  });

  it('compares texts in the editor’s normal form: on a long page written elsewhere, only the heading both changed differs', async () => {
    // Written through the API: soft line breaks and spaces at paragraph ends, which the editor's
    // normal form drops. Both change only the heading.
    const paragraphs = Array.from({ length: 400 }, (_, i) => `Paragraph ${i} wraps\nonto a second line.   `);
    const raw = (heading: string) => `# ${heading}  \n\n${paragraphs.join('\n\n')}\n`;
    const normalize = (markdown: string) => serializeMarkdown(parseMarkdown(markdown));
    const page = pageOf(raw('Plan'));
    const server = fakeServer(page);
    const saver = new PageSaver({
      page,
      userId: USER,
      merge: (base, mine, theirs) => {
        const result = tryAutoMerge(base, mine, theirs);
        return Promise.resolve(result.ok ? { markdown: result.markdown, title: result.title } : null);
      },
      normalize,
      save: server.save,
      loadRevision: () => Promise.resolve({ markdown: page.markdown, title: page.title }),
      onStored: () => undefined,
    });
    const editor = fakeEditor(normalize(saver.initial.markdown));
    saver.attach(editor.port);
    server.colleagueSaves(raw('Plan for Q3'));
    editor.type(normalize(raw('Plan for Q4')));
    saver.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 10);
    expect(saver.state.status).toBe('conflict');
    const conflict = saver.state.conflict!;
    const mineBlocks = conflict.mine.markdown.split('\n\n');
    const theirBlocks = conflict.theirs.markdown.split('\n\n');
    expect(theirBlocks).toHaveLength(401);
    expect(mineBlocks.flatMap((block, i) => (block === theirBlocks[i] ? [] : [i]))).toEqual([0]);
    const merged = tryAutoMerge(conflict.base, conflict.mine, conflict.theirs);
    expect(merged).toMatchObject({ ok: false, conflicts: [expect.anything()] });
  });

  it('“discard mine” shows their version', async () => {
    const page = pageOf('X\n');
    const server = fakeServer(page);
    const { saver, editor } = setup(page, server.save);
    server.colleagueSaves('Y\n');
    editor.type('Z\n');
    saver.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 10);
    saver.discardMine();
    expect(editor.text()).toBe('Y\n');
    expect(saver.state).toMatchObject({ status: 'saved', conflict: null, revisionId: server.current().revisionId });
    expect(readDraft(USER, 'page')).toBeNull();
  });

  it('starts from a draft kept in this browser and saves it', async () => {
    const page = pageOf('Old\n');
    writeDraft(USER, 'page', { baseRevisionId: page.revisionId, title: 'Plan', markdown: 'Old and new\n' });
    const server = fakeServer(page);
    const { saver } = setup(page, server.save);
    expect(saver.initial.markdown).toBe('Old and new\n');
    expect(saver.state.restoredDraft).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(server.current().markdown).toBe('Old and new\n');
    expect(readDraft(USER, 'page')).toBeNull();
  });

  it('merges a draft typed on an older revision with the current one, titles included', async () => {
    const base = pageOf('Top\n\nBottom\n', { title: 'Old title' });
    writeDraft(USER, 'page', { baseRevisionId: base.revisionId, title: 'Old title', markdown: 'Top!\n\nBottom\n' });
    const current = pageOf('Top\n\nBottom!\n', { title: 'New title' });
    const server = fakeServer(current);
    const saver = new PageSaver({
      page: current,
      userId: USER,
      merge,
      save: server.save,
      loadRevision: () => Promise.resolve({ markdown: base.markdown, title: base.title }),
      onStored: () => undefined,
    });
    const editor = fakeEditor(saver.initial.markdown);
    saver.attach(editor.port);
    await vi.advanceTimersByTimeAsync(10);
    expect(server.current()).toMatchObject({ markdown: 'Top!\n\nBottom!\n', title: 'New title' });
    expect(saver.state).toMatchObject({ status: 'saved', title: 'New title' });
  });

  it('shows a colleague’s save in place when nothing is unsaved, and only says so otherwise', async () => {
    const page = pageOf('A\n');
    const server = fakeServer(page);
    const { saver, editor } = setup(page, server.save);
    const newer = server.colleagueSaves('A B\n');
    saver.remoteSaved(newer.revisionId, newer.updatedBy, () => Promise.resolve(newer));
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.text()).toBe('A B\n');
    expect(saver.state.revisionId).toBe(newer.revisionId);

    editor.type('A B C\n');
    saver.changed();
    const newest = server.colleagueSaves('A B\n\nD\n');
    saver.remoteSaved(newest.revisionId, newest.updatedBy, () => Promise.resolve(newest));
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.text()).toBe('A B C\n');
    expect(saver.state.remote).toEqual({ name: 'Ada' });
  });

  it('tells the person when a colleague’s save takes out what they had just saved', async () => {
    const page = pageOf('Intro\n');
    const server = fakeServer(page);
    const { saver, editor } = setup(page, server.save);
    editor.type('Intro\n\nCalibrate the grinders (Ada)\n');
    saver.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    expect(saver.state.status).toBe('saved');

    // A colleague only adds a paragraph: nothing of mine is gone.
    const added = server.colleagueSaves('Intro\n\nCalibrate the grinders (Ada)\n\nBuy beans\n');
    saver.remoteSaved(added.revisionId, added.updatedBy, () => Promise.resolve(added));
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.state.replaced).toBeNull();

    // Then replaces my paragraph with theirs.
    const replaced = server.colleagueSaves('Intro\n\nCalibrate the grinders (Max)\n\nBuy beans\n');
    saver.remoteSaved(replaced.revisionId, replaced.updatedBy, () => Promise.resolve(replaced));
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.text()).toBe('Intro\n\nCalibrate the grinders (Max)\n\nBuy beans\n');
    expect(saver.state.replaced).toMatchObject({ by: 'Ada', excerpt: 'Calibrate the grinders (Ada)' });
  });
});
