import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { inviteByApi, openSignedIn, signUpByApi, uniqueEmail } from './pages/people-admin';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Company = {
  adminToken: string;
  adminName: string;
  memberToken: string;
  memberId: string;
  memberName: string;
  projectId: string;
  cards: { id: string; title: string }[];
};

/**
 * A company of the test's own: its admin (who writes the comments) and a member (who gets the
 * notifications), signed up through the API, and a board with two cards. The demo company's
 * people have a demo inbox of their own; here every notification is the test's.
 */
async function freshCompany(request: APIRequestContext): Promise<Company> {
  const adminName = unique('Ada Admin');
  const adminToken = await signUpByApi(request, {
    name: adminName,
    email: uniqueEmail('notif-admin'),
    companyName: unique('Inbox Co'),
  });
  const memberName = unique('Bea Member');
  const memberEmail = uniqueEmail('notif-member');
  const invitation = await inviteByApi(request, adminToken, memberEmail);
  const memberToken = await signUpByApi(request, {
    name: memberName,
    email: memberEmail,
    invitationToken: invitation.link.split('#')[1],
  });
  const me = (await (await request.get('/api/users/me', { headers: auth(memberToken) })).json()) as {
    user: { id: string };
  };
  const project = await request.post('/api/projects', { headers: auth(adminToken), data: { name: 'Launch' } });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { id: string }).id;
  const detail = (await (await request.get(`/api/projects/${projectId}`, { headers: auth(adminToken) })).json()) as {
    columns: { id: string }[];
  };
  const cards = [];
  for (const title of ['Book caterer', 'Print badges']) {
    const card = await request.post(`/api/projects/${projectId}/cards`, {
      headers: auth(adminToken),
      data: { columnId: detail.columns[0]!.id, title },
    });
    expect(card.status()).toBe(201);
    cards.push({ id: ((await card.json()) as { card: { id: string } }).card.id, title });
  }
  return { adminToken, adminName, memberToken, memberId: me.user.id, memberName, projectId, cards };
}

/** The mention syntax, typed as is (the picker has its own tests). */
const mention = (company: Company) => `@[${company.memberName}](person:${company.memberId})`;

async function commentByApi(request: APIRequestContext, company: Company, cardId: string, text: string) {
  const response = await request.post(`/api/projects/${company.projectId}/cards/${cardId}/comments`, {
    headers: auth(company.adminToken),
    data: { text },
  });
  expect(response.status()).toBe(201);
}

/** A second browser (its own storage), signed in as the member. */
async function memberPage(browser: Browser, company: Company, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignedIn(page, company.memberToken, path);
  return { context, page };
}

const badge = (page: Page, count: number) => page.getByRole('button', { name: `Inbox, ${count} unread` });
const anyBadge = (page: Page) => page.getByRole('button', { name: /^Inbox, \d+ unread$/ });

test.describe('notifications', () => {
  test('a mention reaches the colleague live; the badge’s popover opens the card at the comment', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const company = await freshCompany(request);
    const card = company.cards[0]!;
    const member = await memberPage(browser, company, '/projects');
    const memberPage_ = member.page;
    await expect(memberPage_.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
    await expect(anyBadge(memberPage_)).toHaveCount(0);

    // The admin mentions the member in a comment on the card.
    await openSignedIn(page, company.adminToken, `/projects/${company.projectId}?card=${card.id}`);
    const panel = page.getByRole('complementary', { name: 'Card details' });
    await panel.getByLabel('New comment').fill(`Can you confirm the menu, ${mention(company)}?`);
    await panel.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(panel.getByLabel('New comment')).toHaveValue('');

    // The member's badge and title follow without a reload.
    await expect(badge(memberPage_, 1)).toBeVisible();
    await expect(memberPage_).toHaveTitle(/^\(1\) /);

    // The badge opens the newest unread; the popover passes axe.
    await badge(memberPage_, 1).click();
    const popover = memberPage_.getByRole('dialog', { name: 'Newest unread' });
    const item = popover.getByRole('link', { name: new RegExp(`${company.adminName} mentioned you`) });
    await expect(item).toBeFocused();
    await expect(item).toContainText('Can you confirm the menu, @');
    await expect(popover.getByRole('link', { name: 'Open inbox' })).toBeVisible();
    await expectAccessible(memberPage_, '#inbox-popover');

    // Opening it marks it read and opens the card's panel at the comment.
    await item.click();
    await expect(memberPage_).toHaveURL(new RegExp(`/projects/${company.projectId}\\?card=${card.id}&comment=`));
    const memberPanel = memberPage_.getByRole('complementary', { name: 'Card details' });
    await expect(memberPanel.getByRole('textbox', { name: 'Title' })).toHaveValue(card.title);
    await expect(memberPanel.getByRole('article').filter({ hasText: 'Can you confirm the menu' })).toBeVisible();
    await expect(anyBadge(memberPage_)).toHaveCount(0);
    await expect(memberPage_).not.toHaveTitle(/^\(\d+\) /);
    await member.context.close();
  });

  test('the inbox: grouped, keys e/s/m, and “Mark all read” in one tab updates the other live', async ({
    browser,
    request,
  }) => {
    test.slow();
    const company = await freshCompany(request);
    const [caterer, badges] = company.cards as [Company['cards'][0], Company['cards'][0]];
    await commentByApi(request, company, caterer.id, `First: ${mention(company)} menu`);
    await commentByApi(request, company, badges.id, `Second: ${mention(company)} badges`);
    await commentByApi(request, company, caterer.id, `Third: ${mention(company)} dessert`);

    const member = await memberPage(browser, company, '/');
    const one = member.page;
    await expect(badge(one, 3)).toBeVisible();
    await one.keyboard.press('g');
    await one.keyboard.press('i');
    await expect(one).toHaveURL(/\/inbox$/);
    await expect(one.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    const two = await member.context.newPage();
    await two.goto('/inbox');
    await expect(badge(two, 3)).toBeVisible();

    // Grouped by card, the card with the newest notification first, newest first within.
    const groups = one.getByRole('region');
    await expect(groups.getByRole('heading', { level: 2 })).toHaveText([/Book caterer/, /Print badges/]);
    const caterers = one.getByRole('region', { name: /Book caterer/ }).getByRole('link');
    await expect(caterers).toHaveText([/Third/, /First/]);
    await expectAccessible(one, '.inbox');

    // e: read, and the other tab's badge follows; e again: unread.
    const third = one.getByRole('link', { name: /Third/ });
    await third.focus();
    await one.keyboard.press('e');
    await expect(third).not.toHaveAccessibleName(/^Unread: /);
    await expect(badge(two, 2)).toBeVisible();
    await one.keyboard.press('e');
    await expect(third).toHaveAccessibleName(/^Unread: /);
    await expect(badge(two, 3)).toBeVisible();

    // m: mute the card (and again: unmute).
    await one.keyboard.press('m');
    const catererGroup = one.getByRole('region', { name: /Book caterer/ });
    await expect(catererGroup.getByText('Muted')).toBeVisible();
    await one.keyboard.press('m');
    await expect(catererGroup.getByText('Muted')).toHaveCount(0);

    // j then s: snooze "First" for an hour; it leaves both tabs' inbox and the count, focus moves on.
    await one.keyboard.press('j');
    const first = one.getByRole('link', { name: /First/ });
    await expect(first).toBeFocused();
    await one.keyboard.press('s');
    const menu = one.getByRole('menu', { name: 'Snooze until' });
    await menu.getByRole('menuitem', { name: /^For 1 hour/ }).click();
    await expect(first).toHaveCount(0);
    await expect(one.getByRole('link', { name: /Second/ })).toBeFocused();
    await expect(badge(two, 2)).toBeVisible();
    await expect(two.getByRole('link', { name: /First/ })).toHaveCount(0);
    await one.getByRole('navigation', { name: 'Inbox filters' }).getByRole('link', { name: 'Snoozed' }).click();
    await expect(one.getByRole('link', { name: /First/ })).toBeVisible();
    await one.getByRole('navigation', { name: 'Inbox filters' }).getByRole('link', { name: 'All' }).click();

    // Mark all read in one tab: the other tab's badge goes and its rows read, without a reload.
    await one.getByRole('button', { name: 'Mark all read' }).click();
    await expect(anyBadge(two)).toHaveCount(0);
    await expect(anyBadge(one)).toHaveCount(0);
    await expect(two.getByRole('link', { name: /^Unread: / })).toHaveCount(0);
    await expect(two.getByRole('link', { name: /Third/ })).toBeVisible();
    await expect(two).not.toHaveTitle(/^\(\d+\) /);
    await member.context.close();
  });
});
