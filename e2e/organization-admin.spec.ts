import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiSignIn, expect, expectAccessible, test } from './fixtures';
import { inviteByApi, signUpByApi, uniqueEmail } from './pages/people-admin';

/** A name no other test (or run) uses. */
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

type MemberRef = { kind: 'human' | 'agent'; id: string };
type Chart = {
  issues: { kind: string; id: string }[];
  teams: { id: string; name: string; parentId: string | null; lead: MemberRef | null }[];
  agents: { id: string; name: string; teamId: string | null; manager: MemberRef | null }[];
  humans: { id: string; name: string; teamId: string | null; managerUserId: string | null }[];
};

async function chartOf(request: APIRequestContext, token: string): Promise<Chart> {
  const response = await request.get('/api/organization/chart', { headers: auth(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as Chart;
}

/** A team of this test's own (no lead, no members), made through the API. */
async function createTeam(request: APIRequestContext, token: string, name: string, parentId: string | null = null) {
  const response = await request.post('/api/organization/teams', { headers: auth(token), data: { name, parentId } });
  expect(response.status()).toBe(201);
  const team = (await chartOf(request, token)).teams.find((candidate) => candidate.name === name);
  expect(team).toBeTruthy();
  return team!;
}

async function deleteTeamIfThere(request: APIRequestContext, token: string, teamId: string) {
  await request.delete(`/api/organization/teams/${teamId}`, { headers: auth(token) });
}

/** A new person in the admin's company (invited, signed up), so a test can move them freely. */
async function newPerson(request: APIRequestContext, token: string, name: string) {
  const email = uniqueEmail('org-admin');
  const invitation = await inviteByApi(request, token, email);
  await signUpByApi(request, { name, email, invitationToken: invitation.link.split('#')[1] });
  const person = (await chartOf(request, token)).humans.find((human) => human.name === name);
  expect(person).toBeTruthy();
  return person!;
}

/** Opens the chart on one node: its details (and the admin's actions) show beside the chart. */
async function openNode(page: Page, key: string, name: string) {
  await page.goto(`/organization?node=${encodeURIComponent(key)}`);
  const details = page.getByRole('region', { name, exact: true });
  await expect(details.getByRole('heading', { level: 2, name })).toBeVisible();
  return details.getByRole('group', { name: 'Change the structure' });
}

const warnings = (page: Page) => page.getByRole('region', { name: /^Structure warnings/ });

test.describe('Organization administration', () => {
  // Each test is a whole flow over several page loads (the chart page is heavy on a busy machine).
  test.describe.configure({ timeout: 60_000 });

  test('making an agent nobody is responsible for a team lead shows the refusal, and the way out', async ({
    page,
    request,
    signedIn,
  }) => {
    const token = await apiSignIn(request, ADMIN);
    const team = await createTeam(request, token, unique('Notes'));
    const before = await chartOf(request, token);
    const scribe = before.agents.find((agent) => agent.name === 'Scribe')!;
    const responsible = scribe.manager;
    try {
      // Nobody is responsible for Scribe now.
      const cleared = await request.patch(`/api/organization/agents/${scribe.id}`, {
        headers: auth(token),
        data: { manager: null },
      });
      expect(cleared.status()).toBe(200);

      await signedIn(ADMIN, '/');
      const actions = await openNode(page, `team:${team.id}`, team.name);
      await actions.getByRole('button', { name: 'Make team lead…' }).click();
      const dialog = page.getByRole('dialog', { name: `Make a lead of ${team.name}` });
      await dialog.getByRole('combobox', { name: 'Find a person or agent' }).fill('Scribe');
      const option = dialog.getByRole('option', { name: /Scribe/ });
      await expect(option).toContainText('Nobody is responsible for this agent yet');
      await option.click();
      await dialog.getByRole('button', { name: 'Make Scribe lead' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        'Nobody is responsible for Scribe: set a responsible person first.',
      );
      // Nothing changed on the server.
      expect((await chartOf(request, token)).teams.find((candidate) => candidate.id === team.id)?.lead).toBeNull();

      // The way out: give Scribe a responsible person, then it can lead.
      await dialog.getByRole('button', { name: 'Set responsible person…' }).click();
      const responsibleDialog = page.getByRole('dialog', { name: 'Set the person responsible for Scribe' });
      await responsibleDialog.getByRole('combobox', { name: 'Find a person' }).fill('Ada Lovelace');
      await responsibleDialog.getByRole('option', { name: /Ada Lovelace/ }).click();
      await responsibleDialog.getByRole('button', { name: 'Make Ada Lovelace responsible' }).click();
      await expect(page.getByRole('status').getByText('Ada Lovelace is now responsible for Scribe')).toBeVisible();
      await actions.getByRole('button', { name: 'Make team lead…' }).click();
      await dialog.getByRole('combobox', { name: 'Find a person or agent' }).fill('Scribe');
      await dialog.getByRole('option', { name: /Scribe/ }).click();
      await dialog.getByRole('button', { name: 'Make Scribe lead' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').getByText(`Scribe now leads ${team.name}`)).toBeVisible();
      expect((await chartOf(request, token)).teams.find((candidate) => candidate.id === team.id)?.lead).toEqual({
        kind: 'agent',
        id: scribe.id,
      });
    } finally {
      await deleteTeamIfThere(request, token, team.id);
      await request.patch(`/api/organization/agents/${scribe.id}`, {
        headers: auth(token),
        data: { manager: responsible },
      });
    }
  });

  test('a warning is fixed in one click and leaves the list', async ({ page, request, signedIn }) => {
    const token = await apiSignIn(request, ADMIN);
    const team = await createTeam(request, token, unique('Empty'));
    try {
      await signedIn(ADMIN, '/organization');
      const panel = warnings(page);
      const empty = panel.getByRole('listitem').filter({ hasText: `${team.name} has no people or agents` });
      const noLead = panel.getByRole('listitem').filter({ hasText: `${team.name} has no lead` });
      await expect(empty).toBeVisible();
      await expect(noLead).toBeVisible();

      // "Show on chart" selects the team.
      await empty.getByRole('button', { name: 'Show on chart' }).click();
      await expect(page).toHaveURL(new RegExp(`node=team(%3A|:)${team.id}`));

      await empty.getByRole('button', { name: 'Delete team' }).click();
      await expect(empty).toHaveCount(0);
      await expect(noLead).toHaveCount(0);
      await expect(
        page.getByRole('status').getByText(`Deleted ${team.name}; its members are unassigned`),
      ).toBeVisible();
      expect((await chartOf(request, token)).teams.some((candidate) => candidate.id === team.id)).toBe(false);
      // Focus stayed in the panel rather than falling to the page.
      await expect(page.locator(':focus')).not.toHaveJSProperty('tagName', 'BODY');
    } finally {
      await deleteTeamIfThere(request, token, team.id);
    }
  });

  test('create, rename, nest and delete a team', async ({ page, request, signedIn }) => {
    const token = await apiSignIn(request, ADMIN);
    const parent = await createTeam(request, token, unique('Parent'));
    const name = unique('Guild');
    const renamed = `${name} renamed`;
    try {
      await signedIn(ADMIN, '/organization');
      await page.getByRole('button', { name: 'New team…' }).click();
      const create = page.getByRole('dialog', { name: 'New team' });
      await expect(create.getByRole('textbox', { name: 'Name' })).toBeFocused();
      await create.getByRole('textbox', { name: 'Name' }).fill(name);
      await create.getByRole('button', { name: 'Create team' }).click();
      await expect(create).toBeHidden();
      await expect(page.getByRole('status').getByText(`Created the team “${name}”`)).toBeVisible();
      const team = (await chartOf(request, token)).teams.find((candidate) => candidate.name === name)!;
      expect(team).toMatchObject({ parentId: null, lead: null });

      let actions = await openNode(page, `team:${team.id}`, name);
      await actions.getByRole('button', { name: 'Rename team…' }).click();
      const rename = page.getByRole('dialog', { name: `Rename ${name}` });
      await rename.getByRole('textbox', { name: 'Name' }).fill(renamed);
      await rename.getByRole('button', { name: 'Rename' }).click();
      await expect(rename).toBeHidden();
      await expect(page.getByRole('region', { name: renamed }).getByRole('heading', { name: renamed })).toBeVisible();

      actions = page.getByRole('region', { name: renamed }).getByRole('group', { name: 'Change the structure' });
      await actions.getByRole('button', { name: 'Nest under…' }).click();
      const nest = page.getByRole('dialog', { name: `Nest ${renamed} under another team` });
      await nest.getByRole('combobox', { name: 'Find a team' }).fill(parent.name);
      await nest.getByRole('option', { name: new RegExp(parent.name) }).click();
      await nest.getByRole('button', { name: `Nest under ${parent.name}` }).click();
      await expect(nest).toBeHidden();
      await expect
        .poll(async () => (await chartOf(request, token)).teams.find((t) => t.id === team.id)?.parentId)
        .toBe(parent.id);

      // The parent can no longer go inside it: listed, but not choosable.
      await openNode(page, `team:${parent.id}`, parent.name);
      await page
        .getByRole('region', { name: parent.name })
        .getByRole('group', { name: 'Change the structure' })
        .getByRole('button', { name: 'Nest under…' })
        .click();
      const loop = page.getByRole('dialog', { name: `Nest ${parent.name} under another team` });
      await loop.getByRole('combobox', { name: 'Find a team' }).fill(renamed);
      await expect(loop.getByRole('option', { name: new RegExp(renamed) })).toHaveAttribute('aria-disabled', 'true');
      await loop.getByRole('button', { name: 'Cancel' }).click();

      actions = await openNode(page, `team:${team.id}`, renamed);
      await actions.getByRole('button', { name: 'Delete team…' }).click();
      const confirm = page.getByRole('alertdialog', { name: `Delete ${renamed}?` });
      await expect(confirm).toContainText('has no members');
      await confirm.getByRole('button', { name: 'Delete team' }).click();
      await expect(confirm).toBeHidden();
      expect((await chartOf(request, token)).teams.some((candidate) => candidate.id === team.id)).toBe(false);
    } finally {
      const left = (await chartOf(request, token)).teams.filter((t) => t.name === name || t.name === renamed);
      for (const team of left) await deleteTeamIfThere(request, token, team.id);
      await deleteTeamIfThere(request, token, parent.id);
    }
  });

  test('change a manager from the keyboard, with the people who move along', async ({ page, request, signedIn }) => {
    const token = await apiSignIn(request, ADMIN);
    const lead = await newPerson(request, token, unique('Rosa Lead'));
    const report = await newPerson(request, token, unique('Omar Report'));
    const placed = await request.patch(`/api/organization/humans/${report.id}`, {
      headers: auth(token),
      data: { managerUserId: lead.id },
    });
    expect(placed.status()).toBe(200);
    const priya = (await chartOf(request, token)).humans.find((human) => human.name === 'Priya Raman')!;

    await signedIn(ADMIN, '/');
    const actions = await openNode(page, `human:${lead.id}`, lead.name);
    await actions.getByRole('button', { name: 'Change manager…' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Change manager of ${lead.name}` });
    const filter = dialog.getByRole('combobox', { name: 'Find a person' });
    await expect(filter).toBeFocused();
    await expect(dialog.getByRole('note')).toHaveText(`Moving ${lead.name} also moves the 1 person under them.`);
    // The person below cannot become the manager: that would be a loop.
    await page.keyboard.type(report.name);
    await expect(dialog.getByRole('option', { name: new RegExp(report.name) })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await filter.fill('');
    await page.keyboard.type('Priya');
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('option', { name: /Priya Raman/ })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').getByText(`${lead.name} now reports to Priya Raman`)).toBeVisible();
    const after = await chartOf(request, token);
    expect(after.humans.find((human) => human.id === lead.id)?.managerUserId).toBe(priya.id);
    expect(after.humans.find((human) => human.id === report.id)?.managerUserId).toBe(lead.id);
    // Focus came back to where it was.
    await expect(actions.getByRole('button', { name: 'Change manager…' })).toBeFocused();
  });

  test('a refused move rolls back with the reason in words', async ({ page, request, signedIn }) => {
    const token = await apiSignIn(request, ADMIN);
    const person = await newPerson(request, token, unique('Lea Rollback'));
    await signedIn(ADMIN, '/');
    const actions = await openNode(page, `human:${person.id}`, person.name);
    // The server refuses this one change (as it would a loop made meanwhile by someone else).
    await page.route('**/api/organization/humans/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: 'This change would make a loop',
              code: 'ORG_LOOP',
              path: [
                { kind: 'human', id: person.id, name: person.name },
                { kind: 'human', id: 'x', name: 'Priya Raman' },
              ],
            }),
          })
        : route.fallback(),
    );
    await actions.getByRole('button', { name: 'Change manager…' }).click();
    const dialog = page.getByRole('dialog', { name: `Change manager of ${person.name}` });
    await dialog.getByRole('combobox', { name: 'Find a person' }).fill('Priya');
    await dialog.getByRole('option', { name: /Priya Raman/ }).click();
    await dialog.getByRole('button', { name: 'Report to Priya Raman' }).click();
    const alert = page.getByRole('alert').filter({ hasText: `Could not change ${person.name}'s manager` });
    await expect(alert).toContainText(
      `That would make a loop: ${person.name} would report to Priya Raman, who reports to ${person.name}.`,
    );
    // The person is back where the server keeps them.
    await expect(page.getByRole('region', { name: person.name, exact: true })).toContainText('No manager');
  });

  test('every admin dialog and the warnings panel pass an accessibility scan', async ({ page, request, signedIn }) => {
    // Nine scans of a full page's dialogs.
    test.setTimeout(90_000);
    const token = await apiSignIn(request, ADMIN);
    const team = await createTeam(request, token, unique('Scanned'));
    const chart = await chartOf(request, token);
    const max = chart.humans.find((human) => human.name === 'Max Mustermann')!;
    const cafebot = chart.agents.find((agent) => agent.name === 'Cafébot')!;
    try {
      await signedIn(ADMIN, '/organization');
      await expect(warnings(page)).toBeVisible();
      await expectAccessible(page, '.org-warnings');

      /** Opens a dialog from the node's actions, scans it, and closes it unchanged. */
      const scan = async (key: string, name: string, action: string, dialogName: string | RegExp) => {
        const actions = page.url().includes(encodeURIComponent(key))
          ? page.getByRole('region', { name, exact: true }).getByRole('group', { name: 'Change the structure' })
          : await openNode(page, key, name);
        await actions.getByRole('button', { name: action }).click();
        const dialog = page.getByRole(action.startsWith('Delete') ? 'alertdialog' : 'dialog', { name: dialogName });
        await expect(dialog).toBeVisible();
        await expectAccessible(page, 'dialog[open]');
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      };
      await scan(`human:${max.id}`, 'Max Mustermann', 'Change manager…', 'Change manager of Max Mustermann');
      await scan(`human:${max.id}`, 'Max Mustermann', 'Move to team…', 'Move Max Mustermann to a team');
      await scan(`agent:${cafebot.id}`, 'Cafébot', 'Set responsible person…', 'Set the person responsible for Cafébot');
      await scan(`team:${team.id}`, team.name, 'Make team lead…', `Make a lead of ${team.name}`);
      await scan(`team:${team.id}`, team.name, 'Rename team…', `Rename ${team.name}`);
      await scan(`team:${team.id}`, team.name, 'Nest under…', `Nest ${team.name} under another team`);
      await scan(`team:${team.id}`, team.name, 'Delete team…', `Delete ${team.name}?`);

      await page.getByRole('button', { name: 'New team…' }).click();
      await expect(page.getByRole('dialog', { name: 'New team' })).toBeVisible();
      await expectAccessible(page, 'dialog[open]');
      await page.keyboard.press('Escape');
    } finally {
      await deleteTeamIfThere(request, token, team.id);
    }
  });
});
