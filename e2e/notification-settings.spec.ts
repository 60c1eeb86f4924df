import type { APIRequestContext } from '@playwright/test';
import { ADMIN, MEMBER, apiSignIn, expect, expectAccessible, openPalette, test } from './fixtures';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new board (default columns) with one card, made by an admin; every member sees it. */
async function createCard(request: APIRequestContext, title: string) {
  const admin = await apiSignIn(request, ADMIN);
  const project = await request.post('/api/projects', { headers: auth(admin), data: { name: `Muting ${Date.now()}` } });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { id: string }).id;
  const detail = (await (await request.get(`/api/projects/${projectId}`, { headers: auth(admin) })).json()) as {
    columns: { id: string }[];
  };
  const card = await request.post(`/api/projects/${projectId}/cards`, {
    headers: auth(admin),
    data: { columnId: detail.columns[0]!.id, title },
  });
  expect(card.status()).toBe(201);
  return { projectId, cardId: ((await card.json()) as { card: { id: string } }).card.id };
}

test.describe('Settings → Notifications', () => {
  test('the palette opens it; an email choice saves at once and is still set after a reload; axe', async ({
    page,
    signedIn,
    request,
  }) => {
    const token = await signedIn(MEMBER, '/');
    const palette = await openPalette(page);
    await palette.fill('Notification settings');
    await page.getByRole('option', { name: /Notification settings/ }).click();
    await expect(page).toHaveURL(/\/settings\/notifications$/);
    await expect(
      page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Notifications' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(/Email is sent when the workspace has a mail server/)).toBeVisible();

    const box = page.getByRole('checkbox', { name: 'Email me about replies to your threads' });
    await expect(box).toBeVisible();
    // Flip whatever is set now (a retry finds the first attempt's choice).
    const wanted = !(await box.isChecked());
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/notifications/preferences') && response.request().method() === 'PUT',
    );
    // A click, not setChecked: the checkbox shows the cache, which the optimistic update changes a
    // moment after the click (setChecked wants the state changed at once).
    await box.click();
    expect((await saved).status()).toBe(200);
    await expect(box).toBeChecked({ checked: wanted });

    await page.reload();
    await expect(box).toBeChecked({ checked: wanted });
    const preferences = (await (
      await request.get('/api/notifications/preferences', { headers: auth(token) })
    ).json()) as { type: string; email: boolean }[];
    expect(preferences.find((preference) => preference.type === 'reply')?.email).toBe(wanted);
    await expectAccessible(page, '#main');
  });

  test('a card muted through the API is listed with a link to it and unmuted from the page; axe', async ({
    page,
    signedIn,
    request,
  }) => {
    const title = `Noisy card ${Date.now()}`;
    const { projectId, cardId } = await createCard(request, title);
    const token = await apiSignIn(request, MEMBER);
    expect((await request.put(`/api/notifications/mutes/card/${cardId}`, { headers: auth(token) })).status()).toBe(200);

    await signedIn(MEMBER, '/settings/notifications');
    const muted = page.getByRole('table', { name: 'Muted' });
    const row = muted.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Card');
    await expect(row.getByRole('link', { name: title })).toHaveAttribute(
      'href',
      `/projects/${projectId}?card=${cardId}`,
    );
    await expectAccessible(page, '#main');

    await row.getByRole('button', { name: `Unmute “${title}”` }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByText(`Unmuted “${title}”`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Muted' })).toBeFocused();
    await expect
      .poll(async () =>
        (
          (await (await request.get('/api/notifications/mutes', { headers: auth(token) })).json()) as {
            thingId: string;
          }[]
        ).map((mute) => mute.thingId),
      )
      .not.toContain(cardId);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Muted' })).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);
  });
});
