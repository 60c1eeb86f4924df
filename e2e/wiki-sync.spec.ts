import type { Browser, Page, Route } from '@playwright/test';
import { ADMIN, MEMBER, apiSignIn, expect, expectAccessible, openPalette, test } from './fixtures';
import {
  createPage,
  createProject,
  editor,
  expectSaved,
  saveState,
  savePageAsColleague,
  serverPage,
  openWikiPage,
  treeItem,
  wikiUrl,
} from './pages/wiki';
import { composer, createThread, createWikiPage, highlight, marginThread, selectInEditor } from './pages/wiki-comments';

/** A second person in their own browser context, signed in and on `path`. */
async function openAs(browser: Browser, token: string, path: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((value) => localStorage.setItem('workspace.session', value), token);
  const page = await context.newPage();
  await page.goto(path);
  await expect(editor(page)).toBeVisible({ timeout: 20_000 });
  return page;
}

/** Holds the page's saves (PATCH) until `release` is called; other requests pass. */
async function holdSaves(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/projects/*/wiki/*', async (route: Route) => {
    if (route.request().method() === 'PATCH') await released;
    await route.fallback();
  });
  return release;
}

/** Puts the cursor at the end of the paragraph containing `text`. */
async function clickEndOf(page: Page, text: string) {
  const paragraph = editor(page).locator('p', { hasText: text });
  await paragraph.click();
  await page.keyboard.press('End');
}

test.describe('wiki pages edited together', () => {
  test('two people edit different paragraphs at once: both edits end up in the page', async ({
    page,
    signedIn,
    request,
    browser,
  }) => {
    // Two browsers typing at once: slow on a busy machine.
    test.setTimeout(60_000);
    const max = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, max, `Together ${Date.now()}`);
    const created = await createPage(request, max, projectId, {
      title: 'Agenda',
      markdown: 'Opening words.\n\nClosing words.\n',
    });
    await openWikiPage(page, projectId, created.id);
    const ada = await openAs(browser, await apiSignIn(request, ADMIN), wikiUrl(projectId, created.id));
    await expect(editor(ada)).toContainText('Closing words.');
    await expect(editor(page)).toContainText('Opening words.');

    // Ada types first, but her save reaches the server after Max's.
    const release = await holdSaves(ada);
    await clickEndOf(ada, 'Closing words.');
    await ada.keyboard.type(' Ada was here.');
    await clickEndOf(page, 'Opening words.');
    await page.keyboard.type(' Max was here.');
    await expectSaved(page);
    release();

    await expect(ada.getByText('Merged with Max Mustermann’s changes')).toBeVisible();
    await expectSaved(ada);
    await expect
      .poll(async () => (await serverPage(request, max, projectId, created.id)).markdown)
      .toBe('Opening words. Max was here.\n\nClosing words. Ada was here.\n');
    await expect(editor(ada)).toContainText('Opening words. Max was here.');
    // Max had nothing unsaved: Ada's save shows in place.
    await expect(editor(page)).toContainText('Closing words. Ada was here.');
    await ada.context().close();
  });

  test('two people edit the same paragraph: the second sees the conflict and keeps both versions', async ({
    page,
    signedIn,
    request,
    browser,
  }) => {
    // Two browsers typing at once: slow on a busy machine.
    test.setTimeout(60_000);
    const max = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, max, `Conflict ${Date.now()}`);
    const created = await createPage(request, max, projectId, { title: 'Budget', markdown: 'The budget is 100.\n' });
    await openWikiPage(page, projectId, created.id);
    const ada = await openAs(browser, await apiSignIn(request, ADMIN), wikiUrl(projectId, created.id));
    await expect(editor(ada)).toContainText('The budget is 100.');

    const release = await holdSaves(ada);
    await clickEndOf(ada, 'The budget is 100.');
    await ada.keyboard.type(' Ada says 120.');
    await clickEndOf(page, 'The budget is 100.');
    await page.keyboard.type(' Max says 90.');
    await expectSaved(page);
    release();

    const dialog = ada.getByRole('dialog', { name: 'Max Mustermann saved this page while you were editing' });
    await expect(dialog).toBeVisible();
    await expect(saveState(ada)).toContainText('Conflict');
    await expect(dialog).toContainText('Max says 90.');
    await dialog.getByRole('button', { name: 'Keep my version…' }).click();
    await dialog.getByRole('button', { name: 'Save my version' }).click();
    await expect(dialog).toBeHidden();
    await expectSaved(ada);
    await expect
      .poll(async () => (await serverPage(request, max, projectId, created.id)).markdown)
      .toBe('The budget is 100. Ada says 120.\n');
    // Max sees Ada's version, and is told that his sentence was replaced.
    await expect(editor(page)).toContainText('Ada says 120.');
    await expect(page.getByText('Ada Lovelace replaced your recent edit')).toBeVisible();
    await expect(
      page.getByText('“The budget is 100. Max says 90.” is no longer in the page.', { exact: false }),
    ).toBeVisible();
    // Max's text is not lost: it is the revision before.
    const revisions = await request.get(`/api/projects/${projectId}/wiki/${created.id}/revisions`, {
      headers: { authorization: `Bearer ${max}` },
    });
    const { revisions: list } = (await revisions.json()) as { revisions: { id: string }[] };
    const previous = await request.get(`/api/projects/${projectId}/wiki/${created.id}/revisions/${list[1]!.id}`, {
      headers: { authorization: `Bearer ${max}` },
    });
    expect(((await previous.json()) as { markdown: string }).markdown).toBe('The budget is 100. Max says 90.\n');
    await ada.context().close();
  });

  test('a colleague’s save updates the page in place, or says so while there are unsaved edits', async ({
    page,
    signedIn,
    request,
  }) => {
    const max = await signedIn(MEMBER, '/projects');
    const ada = await apiSignIn(request, ADMIN);
    const projectId = await createProject(request, max, `Live ${Date.now()}`);
    const created = await createPage(request, max, projectId, { title: 'Notes', markdown: 'One.\n' });
    await openWikiPage(page, projectId, created.id);
    await expect(editor(page)).toContainText('One.');

    await savePageAsColleague(request, ada, projectId, created.id, (markdown) => `${markdown}\nTwo.\n`);
    await expect(editor(page)).toContainText('Two.');
    await expect(saveState(page)).toHaveText('Saved');

    // The cursor stays on its text when a colleague's save adds a paragraph above it.
    await clickEndOf(page, 'Two.');
    await savePageAsColleague(request, ada, projectId, created.id, (markdown) => `Zero.\n\n${markdown}`);
    await expect(editor(page)).toContainText('Zero.');
    await page.keyboard.type(' And a half.');
    await expect(editor(page).locator('p', { hasText: 'Two. And a half.' })).toBeVisible();
    await expectSaved(page);

    // A page created by a colleague shows in the tree.
    await createPage(request, ada, projectId, { title: 'From Ada' });
    await expect(treeItem(page, 'From Ada')).toBeVisible();

    // With unsaved edits (saves held), a colleague's save is announced and merged when the edits save.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/projects/*/wiki/*', async (route) => {
      if (route.request().method() === 'PATCH') await released;
      await route.fallback();
    });
    await clickEndOf(page, 'One.');
    await page.keyboard.type(' Max adds.');
    await expect(saveState(page)).toHaveText(/Saving/);
    await savePageAsColleague(request, ada, projectId, created.id, (markdown) => `${markdown}\nThree.\n`);
    await expect(page.getByText('Ada Lovelace saved a newer version while you were editing')).toBeVisible();
    release();
    await expectSaved(page);
    await expect
      .poll(async () => (await serverPage(request, max, projectId, created.id)).markdown)
      .toBe('Zero.\n\nOne. Max adds.\n\nTwo. And a half.\n\nThree.\n');
    await expect(editor(page)).toContainText('Three.');
  });

  test('a page opens on every full load: reloads never show a broken editor', async ({ page, signedIn, request }) => {
    // Several full loads: slow on a busy machine.
    test.setTimeout(60_000);
    const max = await signedIn(MEMBER, '/projects');
    // A demo page (with comment threads in its margin) and a long one.
    const headers = { authorization: `Bearer ${max}` };
    const projects = (await (await request.get('/api/projects', { headers })).json()) as {
      projects: { id: string; name: string }[];
    };
    const cafe = projects.projects.find((project) => project.name === 'Café roadmap')!;
    const demo = (
      (await (await request.get(`/api/projects/${cafe.id}/wiki`, { headers })).json()) as {
        pages: { id: string; title: string }[];
      }
    ).pages[0]!;
    const projectId = await createProject(request, max, `Reload ${Date.now()}`);
    const body = Array.from({ length: 300 }, (_, index) => `Paragraph ${index + 1} of a long page.`).join('\n\n');
    const created = await createPage(request, max, projectId, { title: 'Long page', markdown: `${body}\n` });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The editor used to be destroyed before its first effects whenever the first render took
    // longer than a millisecond to reach them (about half of all full loads).
    for (let load = 0; load < 4; load++) {
      if (load === 0) await page.goto(wikiUrl(cafe.id, demo.id));
      else await page.reload();
      await expect(editor(page)).toHaveAttribute('contenteditable', 'true', { timeout: 20_000 });
      await expect(page.getByRole('textbox', { name: 'Page title' })).toHaveValue(demo.title);
      await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
    }
    for (let load = 0; load < 3; load++) {
      if (load === 0) await openWikiPage(page, projectId, created.id);
      else await page.reload();
      await expect(editor(page)).toContainText('Paragraph 300 of a long page.', { timeout: 20_000 });
      await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
    }
    await clickEndOf(page, 'Paragraph 1 of a long page.');
    await page.keyboard.type(' Still editable.');
    await expectSaved(page);
    expect(errors).toEqual([]);
  });

  test('a project renamed elsewhere is renamed on its wiki tab at once', async ({ page, signedIn, request }) => {
    const max = await signedIn(MEMBER, '/projects');
    const name = `Rename ${Date.now()}`;
    const projectId = await createProject(request, max, name);
    const created = await createPage(request, max, projectId, { title: 'Notes', markdown: 'Hello.\n' });
    await openWikiPage(page, projectId, created.id);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const renamed = await request.patch(`/api/projects/${projectId}`, {
      headers: { authorization: `Bearer ${max}` },
      data: { name: `${name} (renamed)` },
    });
    expect(renamed.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} (renamed)`);
  });

  test('a paste larger than a page can hold is refused with the sizes, and nothing is lost', async ({
    page,
    signedIn,
    request,
  }) => {
    const max = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, max, `Paste ${Date.now()}`);
    const created = await createPage(request, max, projectId, { title: 'Paste', markdown: 'Kept.\n' });
    await openWikiPage(page, projectId, created.id);
    await clickEndOf(page, 'Kept.');
    await editor(page).evaluate((element) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'x'.repeat(2_200_000));
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(page.getByText('That is too much to paste into one page')).toBeVisible();
    await expect(page.getByText(/The pasted text is 2\.1 MB; a page holds up to 2 MB/)).toBeVisible();
    await expect(editor(page)).toHaveText('Kept.');
    await page.keyboard.type(' More.');
    await expectSaved(page);
    expect((await serverPage(request, max, projectId, created.id)).markdown).toBe('Kept. More.\n');
  });

  test('a title near its 200-character limit shows a counter; a longer paste says it stopped at 200', async ({
    page,
    signedIn,
    request,
  }) => {
    const max = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, max, `Title ${Date.now()}`);
    const created = await createPage(request, max, projectId, { title: 'Short', markdown: 'Body.\n' });
    await openWikiPage(page, projectId, created.id);
    const title = page.getByRole('textbox', { name: 'Page title' });
    await title.fill('');
    await title.pressSequentially('t'.repeat(10));
    await expect(page.getByText(/characters$/)).toHaveCount(0);
    await title.fill('x'.repeat(201));
    await expect(title).toHaveValue('x'.repeat(200));
    await expect(title).toHaveAccessibleDescription('200/200 characters');
    await expectSaved(page);
    expect((await serverPage(request, max, projectId, created.id)).title).toBe('x'.repeat(200));
  });

  test('opening a thread from its passage keeps the page where it was scrolled', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(MEMBER, '/projects');
    const anchor = '2d9c6e3f-4f5b-4c7d-8e9f-0a1b2c3d4e5f';
    const filler = Array.from({ length: 60 }, (_, index) => `Filler paragraph ${index + 1}.`).join('\n\n');
    const wiki = await createWikiPage(
      request,
      token,
      'Scroll plan',
      `${filler}\n\nThe [comment id="${anchor}"]deadline is Friday[/comment] for everyone.\n`,
    );
    await createThread(request, token, wiki, anchor, 'Which Friday?');
    await page.goto(wikiUrl(wiki.projectId, wiki.pageId));
    const passage = highlight(page, 'deadline is Friday');
    await passage.scrollIntoViewIfNeeded();
    const scrolled = () =>
      page.evaluate(() => document.scrollingElement!.scrollTop + document.querySelector('#main')!.scrollTop);
    const before = await scrolled();
    expect(before).toBeGreaterThan(200);
    await passage.click();
    await expect(page).toHaveURL(/[?&]thread=/);
    await expect(passage).toHaveClass(/is-active/);
    expect(Math.abs((await scrolled()) - before)).toBeLessThan(50);
  });

  test('after posting a comment, the next click puts the caret where it lands', async ({ page, signedIn, request }) => {
    // The click used to be lost: a highlight change dispatched while ProseMirror handled it wrote the
    // old selection back.
    const token = await signedIn(MEMBER, '/projects');
    const wiki = await createWikiPage(
      request,
      token,
      'Caret plan',
      'Order the grinders today.\n\nPrint menus for the week.\n\nHire two baristas.\n',
    );
    await page.goto(wikiUrl(wiki.projectId, wiki.pageId));
    await selectInEditor(page, 'Order the grinders');
    await page.keyboard.press('Control+Alt+m');
    const box = composer(page).getByRole('textbox', { name: 'Comment on the selection' });
    await expect(box).toBeFocused();
    await box.fill('Which brand?');
    // The thread shows as soon as the server has it, while the page's threads are read again; hold
    // that read until the person has clicked on and typed (the answer coming late put the caret back
    // on the commented passage, and the typing after it went there).
    let posted = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/projects/*/wiki/*/comments*', async (route) => {
      if (route.request().method() === 'POST') posted = true;
      else if (posted) await held;
      await route.fallback();
    });
    await page.keyboard.press('Control+Enter');
    await expect(marginThread(page, 'Order the grinders')).toBeVisible();
    await editor(page).locator('p', { hasText: 'Hire two baristas.' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' X1');
    await expect(editor(page).locator('p', { hasText: 'Hire two baristas. X1' })).toBeVisible();
    release();
    await expect(box).toBeHidden();
    await page.keyboard.type(' X2');
    await expect(editor(page).locator('p', { hasText: 'Hire two baristas. X1 X2' })).toBeVisible();
    await expect(editor(page).locator('p', { hasText: 'Order the grinders today.' })).not.toContainText('X');
  });

  test('an unsaved draft survives a reload and saves once the server can be reached', async ({
    page,
    signedIn,
    request,
  }) => {
    // Three page loads: slow on a busy machine.
    test.setTimeout(60_000);
    const max = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, max, `Draft ${Date.now()}`);
    const created = await createPage(request, max, projectId, { title: 'Diary', markdown: 'Monday.\n' });
    await openWikiPage(page, projectId, created.id);
    await expect(editor(page)).toContainText('Monday.');

    // The connection is gone for saves: the edit is kept, and retried.
    await page.route('**/api/projects/*/wiki/*', (route) =>
      route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await clickEndOf(page, 'Monday.');
    await page.keyboard.type(' Tuesday.');
    await expect(saveState(page)).toContainText('Offline — will retry');
    await page.reload();
    await expect(editor(page)).toContainText('Monday. Tuesday.');
    await expect(page.getByText('Your unsaved changes from this browser were restored.')).toBeVisible();
    expect((await serverPage(request, max, projectId, created.id)).markdown).toBe('Monday.\n');

    // Back online: it saves.
    await page.unroute('**/api/projects/*/wiki/*');
    await page.getByRole('button', { name: 'Retry now' }).click();
    await expectSaved(page);
    await expect
      .poll(async () => (await serverPage(request, max, projectId, created.id)).markdown)
      .toBe('Monday. Tuesday.\n');
    await page.reload();
    await expect(editor(page)).toContainText('Monday. Tuesday.');
    await expect(page.getByText('Your unsaved changes from this browser were restored.')).toHaveCount(0);
  });

  test('a draft typed offline merges with a newer revision saved meanwhile', async ({ page, signedIn, request }) => {
    const max = await signedIn(MEMBER, '/projects');
    const ada = await apiSignIn(request, ADMIN);
    const projectId = await createProject(request, max, `Offline ${Date.now()}`);
    const created = await createPage(request, max, projectId, { title: 'Plan', markdown: 'Top.\n\nBottom.\n' });
    await openWikiPage(page, projectId, created.id);
    await expect(editor(page)).toContainText('Bottom.');

    await page.context().setOffline(true);
    await clickEndOf(page, 'Top.');
    await page.keyboard.type(' Offline edit.');
    await expect(saveState(page)).toContainText('Offline — will retry');
    await savePageAsColleague(request, ada, projectId, created.id, (markdown) =>
      markdown.replace('Bottom.', 'Bottom!'),
    );
    await page.context().setOffline(false);
    await expectSaved(page);
    await expect
      .poll(async () => (await serverPage(request, max, projectId, created.id)).markdown)
      .toBe('Top. Offline edit.\n\nBottom!\n');
    await expect(editor(page)).toContainText('Bottom!');
  });

  test('restore an earlier revision from the history', async ({ page, signedIn, request }) => {
    const max = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, max, `History ${Date.now()}`);
    const created = await createPage(request, max, projectId, { title: 'Policy', markdown: 'Version one.\n' });
    await savePageAsColleague(request, max, projectId, created.id, () => 'Version two.\n');
    await openWikiPage(page, projectId, created.id);
    await expect(editor(page)).toContainText('Version two.');

    await page.getByRole('button', { name: 'History' }).click();
    const panel = page.getByRole('complementary', { name: 'Page history' });
    // The panel shows the latest change as a diff: the removed and the added text.
    await expect(panel.locator('del').filter({ hasText: 'one' }).first()).toBeVisible();
    await expect(panel.locator('ins').filter({ hasText: 'two' }).first()).toBeVisible();
    await expectAccessible(page, '.side-panel');
    await panel.getByRole('button', { name: 'Restore revision 1' }).click();
    await page
      .getByRole('alertdialog', { name: 'Restore revision 1?' })
      .getByRole('button', { name: 'Restore revision 1' })
      .click();
    await expect(editor(page)).toContainText('Version one.');
    await expect
      .poll(async () => (await serverPage(request, max, projectId, created.id)).markdown)
      .toBe('Version one.\n');
    // Editing goes on from the restored revision.
    await clickEndOf(page, 'Version one.');
    await page.keyboard.type(' Amended.');
    await expectSaved(page);
    await expect
      .poll(async () => (await serverPage(request, max, projectId, created.id)).markdown)
      .toBe('Version one. Amended.\n');
  });

  test('the palette finds a page and opens it; “Create page…” creates one', async ({ page, signedIn, request }) => {
    const max = await signedIn(MEMBER, '/projects');
    const projectId = await createProject(request, max, `Palette ${Date.now()}`);
    const unique = `Runbook ${Date.now()}`;
    const created = await createPage(request, max, projectId, { title: unique, markdown: 'Steps.\n' });
    await page.goto(`/projects/${projectId}`);

    const input = await openPalette(page);
    await input.fill(unique);
    const option = page.getByRole('option', { name: new RegExp(unique) });
    await expect(option).toBeVisible();
    await expect(page.getByRole('group', { name: 'Wiki pages' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(wikiUrl(projectId, created.id));
    await expect(editor(page)).toContainText('Steps.', { timeout: 20_000 });

    const again = await openPalette(page);
    await again.fill('Create page');
    await page.getByRole('option', { name: /Create page…/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a page' });
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await dialog.getByLabel('Title').fill('Checklist');
    await dialog.getByLabel('Inside').selectOption({ label: `\u2003${unique}` });
    await dialog.getByRole('button', { name: 'Create page' }).click();
    await expect(page.getByRole('textbox', { name: 'Page title' })).toHaveValue('Checklist');
    await expect(treeItem(page, 'Checklist')).toHaveAttribute('aria-level', '2');
    await expect(page).toHaveTitle(/^(\(\d+\) )?Checklist · Workspace$/);
  });
});
