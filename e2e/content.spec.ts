import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, MEMBER, apiSignIn, expect, expectAccessible, openPalette, test } from './fixtures';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A unique suffix: other specs write to the same demo company at the same time. */
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

type Item = { id: string; slug: string; title: string };

/** A draft made by an admin through the API. */
async function createItem(request: APIRequestContext, title: string, extra: Record<string, unknown> = {}) {
  const admin = await apiSignIn(request, ADMIN);
  const response = await request.post('/api/content-items', {
    headers: auth(admin),
    data: { kind: 'article', title, ...extra },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Item;
}

/** The published item as the site reads it with a content key. */
const fetchPublished = (request: APIRequestContext, slug: string, secret: string) =>
  request.get(`/api/content/items/${slug}`, { headers: auth(secret) });

const editorStatus = (page: Page) => page.locator('.content-editor-title .badge');

test.describe('Content', () => {
  test('an admin writes an article, publishes it, and a site reads it with a content key until it is unpublished', async ({
    page,
    signedIn,
    request,
  }) => {
    test.setTimeout(120_000);
    const title = `Launch notes ${unique()}`;
    await signedIn(ADMIN, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Content' }).click();
    await expect(page).toHaveURL(/\/content$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'Newsletter' }),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Content items' }).or(page.getByText('No content yet'))).toBeVisible();
    await expectAccessible(page, '#main');

    await page.getByRole('button', { name: 'New article…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New article' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('button', { name: 'Create draft' }).click();
    await expect(page).toHaveURL(/\/content\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(editorStatus(page)).toHaveText('Draft');

    const slug = await page.getByLabel('URL path').inputValue();
    expect(slug).toMatch(/^launch-notes-\d+$/);
    await page.getByLabel('Excerpt').fill('What we shipped this week.');
    await page.getByLabel('Tags').fill('release');
    await page.getByLabel('Tags').press('Enter');
    await expect(page.getByRole('list', { name: 'Tags' })).toHaveText('release');
    const body = page.getByRole('textbox', { name: 'Body' });
    await body.click();
    await page.keyboard.type('Read the release notes carefully.');
    // Ctrl+S from inside the body saves what was just typed.
    await page.keyboard.press('Control+s');
    await expect(page.getByText('All changes saved')).toBeVisible();
    await expect(body).toBeFocused();
    await expectAccessible(page, '#main');

    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('button', { name: 'Preview' })).toHaveAttribute('aria-pressed', 'true');
    const preview = page.getByRole('article', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: title })).toBeVisible();
    await expect(preview.getByRole('region', { name: 'Body' })).toContainText('Read the release notes carefully.');
    await expectAccessible(page, '#main');
    await page.getByRole('button', { name: 'Preview' }).click();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(editorStatus(page)).toHaveText('Published');
    await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
    const editorUrl = page.url();

    // A content key from Settings.
    await page.goto('/settings/content-keys');
    await expect(
      page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Content keys' }),
    ).toHaveAttribute('aria-current', 'page');
    const keyName = `Site ${unique()}`;
    await page.getByLabel('Name').fill(keyName);
    await page.getByRole('button', { name: 'Create key' }).click();
    const secretDialog = page.getByRole('dialog', { name: `Copy your new content key “${keyName}”` });
    const secret = await secretDialog.getByLabel('Content key').inputValue();
    expect(secret).toMatch(/^cak_/);
    await expect(secretDialog.getByText(`curl -H "Authorization: Bearer ${secret}"`)).toContainText(
      '/api/content/items',
    );
    await expectAccessible(page, 'dialog');
    await secretDialog.getByRole('button', { name: 'I have stored it' }).click();
    const keyRow = page.getByRole('table', { name: 'Content keys' }).getByRole('row').filter({ hasText: keyName });
    await expect(keyRow).toContainText('Live');
    await expectAccessible(page, '#main');

    const published = await fetchPublished(request, slug, secret);
    expect(published.status()).toBe(200);
    expect(await published.json()).toMatchObject({
      title,
      slug,
      kind: 'article',
      excerpt: 'What we shipped this week.',
      tags: ['release'],
    });
    expect(((await published.json()) as { body: string }).body).toContain('Read the release notes carefully.');

    // Unpublished: the site gets 404.
    await page.goto(editorUrl);
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await expect(editorStatus(page)).toHaveText('Draft');
    await expect.poll(async () => (await fetchPublished(request, slug, secret)).status()).toBe(404);

    // Revoked: the key no longer reads anything.
    await page.goto('/settings/content-keys');
    await keyRow.getByRole('button', { name: `Revoke ${keyName}` }).click();
    await page
      .getByRole('alertdialog', { name: `Revoke “${keyName}”?` })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await expect(keyRow).toContainText('Revoked');
    const revoked = await request.get('/api/content/items', { headers: auth(secret) });
    expect(revoked.status()).toBe(401);
  });

  test('a member reads content but cannot change it, and sees no keys', async ({ page, signedIn, request }) => {
    test.setTimeout(60_000);
    const title = `Member view ${unique()}`;
    const item = await createItem(request, title, { body: '## Heading\n\nSome **bold** words.', tags: ['guide'] });
    await signedIn(MEMBER, `/content?q=${encodeURIComponent(title)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Content' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^New/ })).toHaveCount(0);
    await page.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/content/${item.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Only admins edit content.')).toBeVisible();
    const body = page.getByRole('region', { name: 'Body' });
    await expect(body.getByRole('heading', { name: 'Heading' })).toBeVisible();
    await expect(body.locator('strong')).toHaveText('bold');
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Save|Publish|Delete/ })).toHaveCount(0);
    await expectAccessible(page, '#main');

    // The API agrees: a member's write is refused.
    const member = await apiSignIn(request, MEMBER);
    const write = await request.patch(`/api/content-items/${item.id}`, { headers: auth(member), data: { title: 'x' } });
    expect(write.status()).toBe(403);

    await page.goto('/settings/content-keys');
    await expect(page.getByText(/Only admins of .* create and revoke them/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create key' })).toHaveCount(0);
    await expectAccessible(page, '#main');
  });

  test('keyboard: the palette’s New article, a taken address shown at its field, filters, and the leave guard', async ({
    page,
    signedIn,
    request,
  }) => {
    test.setTimeout(90_000);
    const taken = await createItem(request, `Taken address ${unique()}`);
    const title = `Keyboard article ${unique()}`;
    await signedIn(ADMIN, '/');
    const palette = await openPalette(page);
    await palette.fill('New article');
    await page.getByRole('group', { name: 'Commands' }).getByRole('option', { name: 'New article' }).click();
    const dialog = page.getByRole('dialog', { name: 'New article' });
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await page.keyboard.type(title);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // The address another item has: refused by the server, shown at the field, text kept.
    const slugField = page.getByLabel('URL path');
    await slugField.fill(taken.slug);
    await slugField.press('Control+s');
    await expect(slugField).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.field:has(input[aria-invalid]) .field-error')).toContainText(/./);
    await expect(slugField).toHaveValue(taken.slug);
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    // Leaving with unsaved changes asks first; staying keeps them.
    await page.getByRole('link', { name: '← Content' }).click();
    const guard = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(guard).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(guard).toBeHidden();
    await expect(slugField).toHaveValue(taken.slug);

    // A good address saves with the keyboard.
    await slugField.fill(`${taken.slug}-kb`);
    await slugField.press('Control+s');
    await expect(page.getByText('All changes saved')).toBeVisible();
    await expect(slugField).not.toHaveAttribute('aria-invalid', 'true');

    // The list: search and the kind switch from the keyboard.
    await page.getByRole('link', { name: '← Content' }).click();
    await expect(page).toHaveURL(/\/content$/);
    const search = page.getByRole('searchbox', { name: 'Search titles' });
    await search.fill(title);
    await expect(page).toHaveURL(/q=Keyboard/);
    await expect(page.getByRole('table', { name: 'Content items' }).getByRole('row')).toHaveCount(2);
    await page.getByRole('group', { name: 'Kind' }).getByRole('button', { name: 'Changelog' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/kind=changelog/);
    await expect(page.getByText(/Nothing matches/)).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).press('Enter');
    await expect(page).toHaveURL(/\/content$/);
    await expectAccessible(page, '#main');
  });
});
