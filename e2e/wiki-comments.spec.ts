import { ADMIN, expect, expectAccessible, test } from './fixtures';
import {
  composer,
  createThread,
  createWikiPage,
  editor,
  highlight,
  marginThread,
  reply,
  selectInEditor,
  serverMarkdown,
} from './pages/wiki-comments';

const TEXT = 'We launch on Monday, weather permitting.\n\nThe venue is the old boat house by the river.\n';
const ANCHOR = '0b7a4c1e-2f3d-4a5b-8c6d-7e8f9a0b1c2d';

test.describe('wiki anchored comments', () => {
  test('comment on a selection, reply, resolve, reopen by reply; after a reload it is all still there', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/projects');
    const wiki = await createWikiPage(request, token, 'Launch plan', TEXT);
    await page.goto(`/projects/${wiki.projectId}/wiki/${wiki.pageId}`);
    await expect(editor(page)).toContainText('weather permitting');

    await selectInEditor(page, 'on Monday');
    await page.getByRole('toolbar').getByRole('button', { name: 'Comment' }).click();
    await composer(page).getByRole('textbox', { name: 'Comment on the selection' }).fill('Is this date realistic?');
    await composer(page).getByRole('button', { name: 'Comment' }).click();

    const thread = marginThread(page, 'on Monday');
    await expect(thread).toBeVisible();
    await expect(thread).toContainText('Is this date realistic?');
    await expect(highlight(page, 'on Monday')).toHaveText('on Monday');
    await expect(highlight(page, 'on Monday')).toHaveClass(/is-open/);
    await expect
      .poll(() => serverMarkdown(request, token, wiki))
      .toMatch(/\[comment id="[0-9a-f-]{36}"\]on Monday\[\/comment\]/);
    // The card sits level with its passage. The margin places its cards in a layout pass after
    // the composer closes and the passages are measured: read the two once that has happened.
    await expect
      .poll(async () => {
        const [passageBox, cardBox] = [await highlight(page, 'on Monday').boundingBox(), await thread.boundingBox()];
        return Math.abs(passageBox!.y - cardBox!.y);
      })
      .toBeLessThan(40);

    await reply(thread, 'Yes, the venue confirmed.');
    await expect(thread).toContainText('Yes, the venue confirmed.');

    await thread.getByRole('button', { name: 'Resolve' }).click();
    await expect(thread.getByText(/^Resolved/)).toBeVisible();
    await expect(highlight(page, 'on Monday')).toHaveClass(/is-resolved/);

    await reply(thread, 'Actually, the forecast changed.');
    await expect(thread.getByRole('button', { name: 'Resolve' })).toBeVisible();
    await expect(highlight(page, 'on Monday')).toHaveClass(/is-open/);

    await page.reload();
    await expect(highlight(page, 'on Monday')).toHaveClass(/is-open/);
    const after = marginThread(page, 'on Monday');
    await expect(after).toBeVisible();
    await expect(after).toContainText('Is this date realistic?');
    await expect(after).toContainText('Actually, the forecast changed.');
  });

  test('threads stack without overlapping; a passage and its thread focus each other; axe on both views', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/projects');
    const second = '1c8b5d2f-3e4a-4b6c-9d7e-8f9a0b1c2d3e';
    const wiki = await createWikiPage(
      request,
      token,
      'Two threads',
      `We [comment id="${ANCHOR}"]launch on Monday[/comment], [comment id="${second}"]weather permitting[/comment].\n`,
    );
    await createThread(request, token, wiki, ANCHOR, 'Which Monday?');
    const secondId = await createThread(request, token, wiki, second, 'And if it rains?');
    await page.goto(`/projects/${wiki.projectId}/wiki/${wiki.pageId}`);

    const first = marginThread(page, 'launch on Monday');
    const other = marginThread(page, 'weather permitting');
    await expect(first).toBeVisible();
    await expect(other).toBeVisible();
    const [a, b] = [(await first.boundingBox())!, (await other.boundingBox())!];
    expect(b.y).toBeGreaterThanOrEqual(a.y + a.height);

    // The passage focuses its thread (and the link names it) …
    await highlight(page, 'weather permitting').click();
    await expect(other).toHaveAttribute('data-active', 'true');
    await expect(page).toHaveURL(new RegExp(`[?&]thread=${secondId}`));
    // … and the thread its passage.
    await first.getByText('Which Monday?', { exact: true }).click();
    await expect(first).toHaveAttribute('data-active', 'true');
    await expect(highlight(page, 'launch on Monday')).toHaveClass(/is-active/);
    await expect(highlight(page, 'weather permitting')).not.toHaveClass(/is-active/);

    // The page with its margin threads (in both themes), and the all-comments panel, pass axe.
    await expectAccessible(page, '#main');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectAccessible(page, '#main');
    await page.getByRole('button', { name: /^All comments/ }).click();
    const panel = page.getByRole('complementary', { name: 'Comments on this page' });
    await expect(panel.getByRole('button', { name: 'Open (2)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByRole('listitem', { name: /^Comment on “weather permitting”/ })).toBeVisible();
    await expectAccessible(page, '.side-panel');
  });

  test('keyboard only: select with Shift+arrows, Ctrl+Alt+M, write, Ctrl+Enter', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(ADMIN, '/projects');
    const wiki = await createWikiPage(request, token, 'Keyboard plan', TEXT);
    await page.goto(`/projects/${wiki.projectId}/wiki/${wiki.pageId}`);
    await expect(editor(page)).toContainText('weather permitting');

    await editor(page).focus();
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 'We '.length; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 'launch'.length; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Control+Alt+m');
    const box = composer(page).getByRole('textbox', { name: 'Comment on the selection' });
    await expect(box).toBeFocused();
    await page.keyboard.type('Which time zone?');
    await page.keyboard.press('Control+Enter');

    const thread = marginThread(page, 'launch');
    await expect(thread).toContainText('Which time zone?');
    await expect(highlight(page, 'launch')).toHaveText('launch');
    // Focus is back in the text.
    await expect(editor(page)).toBeFocused();

    // Escape closes a composer without marking anything.
    await page.keyboard.press('Control+End');
    for (let i = 0; i < 'river.'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Control+Alt+m');
    await expect(box).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(composer(page)).toHaveCount(0);
    await expect(editor(page).locator('.wiki-comment-hl')).toHaveCount(1);
  });

  test('a comment asked for before the margin has loaded opens when it has', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/projects');
    const wiki = await createWikiPage(request, token, 'Early plan', TEXT);
    // The margin's code loads beside the editor's: hold it back until the shortcut is pressed.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route(/\/assets\/wiki-comments-[\w-]+\.js$/, async (route) => {
      held = true;
      await released;
      await route.continue();
    });
    await page.goto(`/projects/${wiki.projectId}/wiki/${wiki.pageId}`);
    await expect(editor(page)).toContainText('weather permitting');
    expect(held).toBe(true);

    await selectInEditor(page, 'on Monday');
    await page.keyboard.press('Control+Alt+m');
    release();
    const box = composer(page).getByRole('textbox', { name: 'Comment on the selection' });
    await expect(box).toBeFocused();
    await page.keyboard.type('Too early?');
    await page.keyboard.press('Control+Enter');
    await expect(marginThread(page, 'on Monday')).toContainText('Too early?');
  });

  test('a code block is commented as a whole, through its block key', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/projects');
    const wiki = await createWikiPage(request, token, 'Code plan', 'Start it with:\n\n```\nnpm start\n```\n');
    await page.goto(`/projects/${wiki.projectId}/wiki/${wiki.pageId}`);
    await selectInEditor(page, 'npm');
    await page.keyboard.press('Control+Alt+m');
    await composer(page).getByRole('textbox', { name: 'Comment on the selection' }).fill('Which port?');
    await page.keyboard.press('Control+Enter');

    await expect(marginThread(page, 'npm start')).toContainText('Which port?');
    await expect(editor(page).locator('pre.wiki-comment-hl')).toHaveClass(/is-open/);
    await expect.poll(() => serverMarkdown(request, token, wiki)).toMatch(/<!-- block:[A-Za-z0-9_-]{8} -->\n```/);
    await page.reload();
    await expect(marginThread(page, 'npm start')).toContainText('Which port?');
  });

  test('a deep link to a thread scrolls to its passage and highlights it', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/projects');
    const filler = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of the long introduction.`).join('\n\n');
    const wiki = await createWikiPage(
      request,
      token,
      'Long plan',
      `${filler}\n\nThe budget is [comment id="${ANCHOR}"]twelve thousand euros[/comment] in total.\n`,
    );
    const threadId = await createThread(request, token, wiki, ANCHOR, 'Including the catering?');
    await page.goto(`/projects/${wiki.projectId}/wiki/${wiki.pageId}?thread=${threadId}`);

    const passage = highlight(page, 'twelve thousand euros');
    await expect(passage).toHaveClass(/is-active/);
    await expect(passage).toBeInViewport();
    const thread = marginThread(page, 'twelve thousand euros');
    await expect(thread).toHaveAttribute('data-active', 'true');
    await expect(thread).toContainText('Including the catering?');
  });

  test('deleting the passage detaches its thread, which keeps its quote', async ({ page, signedIn, request }) => {
    const token = await signedIn(ADMIN, '/projects');
    const wiki = await createWikiPage(
      request,
      token,
      'Detach plan',
      `Keep this line.\n\nThe [comment id="${ANCHOR}"]caterer is booked[/comment] already.\n`,
    );
    await createThread(request, token, wiki, ANCHOR, 'Which caterer?');
    await page.goto(`/projects/${wiki.projectId}/wiki/${wiki.pageId}`);
    await expect(marginThread(page, 'caterer is booked')).toBeVisible();

    await selectInEditor(page, 'The caterer is booked already.');
    await page.keyboard.press('Backspace');
    await expect(marginThread(page, 'caterer is booked')).toHaveCount(0);
    await expect.poll(() => serverMarkdown(request, token, wiki)).not.toContain(ANCHOR);

    await page.getByRole('button', { name: /^All comments/ }).click();
    const panel = page.getByRole('complementary', { name: 'Comments on this page' });
    await panel.getByRole('button', { name: 'Detached (1)' }).click();
    const detached = panel.getByRole('listitem', { name: /^Comment on “caterer is booked” by .*, passage removed$/ });
    await expect(detached).toContainText('The commented passage was removed from the page.');
    await expect(detached.getByRole('blockquote')).toHaveText('caterer is booked');
    await expect(detached).toContainText('Which caterer?');
    await expectAccessible(page, '.side-panel');
  });

  test('on a narrow screen the threads open in a panel', async ({ page, signedIn, request }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    const token = await signedIn(ADMIN, '/projects');
    const wiki = await createWikiPage(
      request,
      token,
      'Narrow plan',
      `The [comment id="${ANCHOR}"]caterer is booked[/comment] already.\n\nAnother line.\n`,
    );
    await createThread(request, token, wiki, ANCHOR, 'Which caterer?');
    await page.goto(`/projects/${wiki.projectId}/wiki/${wiki.pageId}`);
    await expect(page.getByRole('button', { name: 'Comments (1 open)' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Threads beside the text' })).toHaveCount(0);

    await highlight(page, 'caterer is booked').click();
    const panel = page.getByRole('complementary', { name: 'Comments on this page' });
    const thread = panel.getByRole('listitem', { name: /^Comment on “caterer is booked”/ });
    await expect(thread).toBeFocused();
    await expect(thread).toContainText('Which caterer?');
    await expectAccessible(page, '.side-panel');

    await thread.getByRole('button', { name: 'Show in text' }).click();
    await expect(panel).toHaveCount(0);
    await expect(editor(page)).toBeFocused();
    await expect(highlight(page, 'caterer is booked')).toHaveClass(/is-active/);
  });
});
