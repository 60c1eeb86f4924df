import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, MEMBER, apiSignIn, expect, expectAccessible, test } from './fixtures';

type AgentSummary = { id: string; name: string };

/**
 * A new agent of the tests' own (the demo agents have live runners that would answer), created
 * by the admin, who is then responsible for it.
 */
async function createAgent(request: APIRequestContext, prefix: string) {
  const headers = { authorization: `Bearer ${await apiSignIn(request, ADMIN)}` };
  const created = await request.post('/api/agents', {
    headers,
    data: { name: `${prefix} ${Date.now()} ${Math.floor(Math.random() * 1e4)}` },
  });
  expect(created.status()).toBe(201);
  return { agent: (await created.json()) as AgentSummary, headers };
}

async function openAgent(
  page: Page,
  signedIn: (email: string, path?: string) => Promise<string>,
  email: string,
  agent: AgentSummary,
  hash = '',
) {
  await signedIn(email, `/agents/${agent.id}${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: agent.name })).toBeVisible();
}

/**
 * An hour of the day (UTC) half a day away from now: a schedule at that hour cannot fire while a
 * test runs (the server's scheduler is live), so its history holds only what the test did.
 */
function quietHour(): string {
  return String((new Date().getUTCHours() + 12) % 24).padStart(2, '0');
}

/** A POST to a webhook URL signed as the contract says: HMAC-SHA256 over "<timestamp>.<body>". */
function signedDelivery(secret: string, body: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return {
    headers: {
      'content-type': 'application/json',
      'webhook-timestamp': timestamp,
      'webhook-signature': `v1=${signature}`,
    },
    data: body,
  };
}

test.describe('Schedules and webhooks of an agent', () => {
  test('an admin creates a schedule with a live preview, runs it now and reads its history', async ({
    page,
    request,
    signedIn,
  }) => {
    // Two dialogs, a reload and two axe scans: more than the default on a loaded machine.
    test.setTimeout(90_000);
    const { agent } = await createAgent(request, 'Digest');
    await openAgent(page, signedIn, ADMIN, agent);
    const schedules = page.getByRole('region', { name: 'Schedules' });
    await expect(schedules).toContainText(`${agent.name} has no schedules yet.`);

    await schedules.getByRole('button', { name: 'New schedule…' }).click();
    const dialog = page.getByRole('dialog', { name: `New schedule for ${agent.name}` });
    await dialog.getByLabel('Name').fill('Morning digest');
    await dialog.getByLabel('Time zone').selectOption('Europe/Berlin');
    const expression = dialog.getByLabel('Cron expression');

    // A refused expression: the server's message under the field.
    await expression.fill('0 0 9 * * 1-5');
    await expect(dialog.getByText(/^expression: has 6 fields: seconds are not supported/)).toBeVisible();
    await expect(expression).toHaveAttribute('aria-invalid', 'true');

    // A good one: what it means and when it fires next.
    await expression.fill('0 9 * * 1-5');
    await expect(dialog.getByText('At 09:00, Monday through Friday')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Next runs' }).getByRole('listitem')).toHaveCount(5);
    await expect(expression).not.toHaveAttribute('aria-invalid');
    // Saved at an hour that cannot come while the test runs (the scheduler would add a run).
    const hour = quietHour();
    await dialog.getByLabel('Time zone').selectOption('UTC');
    await expression.fill(`0 ${Number(hour)} * * 1-5`);
    await expect(dialog.getByText(`At ${hour}:00, Monday through Friday`)).toBeVisible();
    await dialog.getByLabel(/^Instruction/).fill('Summarise yesterday’s cards for the team.');
    await expectAccessible(page, 'dialog');
    await dialog.getByRole('button', { name: 'Create schedule' }).click();
    await expect(dialog).toBeHidden();

    const job = schedules.getByRole('listitem', { name: 'Morning digest' });
    await expect(job).toContainText(`At ${hour}:00, Monday through Friday (UTC) · next: `);
    await expect(job.getByRole('switch', { name: 'Enabled: Morning digest' })).toHaveAttribute('aria-checked', 'true');
    await expect(job).toContainText('Not run yet');

    // Run now: the run is in its history, marked manual, and is the last run.
    await job.getByRole('button', { name: 'Run now: Morning digest' }).click();
    const runs = job.getByRole('table', { name: 'Runs of Morning digest' });
    await expect(runs.getByRole('row')).toHaveCount(2);
    await expect(runs).toContainText('manual');
    await expect(runs).toContainText('Delivered');
    await expect(job).toContainText('Last run');

    // Off: no next run; and it stays off after a reload.
    await job.getByRole('switch', { name: 'Enabled: Morning digest' }).click();
    await expect(job).toContainText('(UTC) · Disabled');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Enabled: Morning digest' })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    // Delete, after a confirmation.
    await page.getByRole('button', { name: 'Delete Morning digest' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete “Morning digest”?' });
    await confirm.getByRole('button', { name: 'Delete schedule' }).click();
    await expect(schedules).toContainText(`${agent.name} has no schedules yet.`);
  });

  test('a signed delivery to a new webhook shows on the page live; its payload reads as text and it can be redelivered', async ({
    page,
    request,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    const { agent } = await createAgent(request, 'Hooked');
    await openAgent(page, signedIn, ADMIN, agent);
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await webhooks.getByRole('button', { name: 'New webhook…' }).click();
    const dialog = page.getByRole('dialog', { name: `New webhook for ${agent.name}` });
    await dialog.getByLabel('Name').fill('CI builds');
    await dialog.getByRole('button', { name: 'Create webhook' }).click();

    // The secret, once, with how to sign.
    const secretDialog = page.getByRole('dialog', { name: 'Copy the secret of “CI builds”' });
    const secret = await secretDialog.getByLabel('Signing secret for CI builds').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expect(secretDialog).toContainText('Webhook-Timestamp: <unix seconds>');
    await expect(secretDialog).toContainText('Webhook-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>');
    await expect(secretDialog.getByRole('region', { name: /^Example: sign and send/ })).toContainText('curl -X POST');
    await expectAccessible(page, 'dialog');
    await secretDialog.getByRole('button', { name: 'I have stored it' }).click();
    await expect(secretDialog).toBeHidden();

    const endpoint = webhooks.getByRole('listitem', { name: 'CI builds' });
    await expect(endpoint).toContainText(secret.slice(0, 10));
    const url = (await endpoint.getByText(/\/api\/hooks\//).textContent())!;
    expect(url).toMatch(/^https?:\/\/.+\/api\/hooks\/[0-9a-f-]{36}$/);
    await endpoint.getByRole('button', { name: 'Deliveries to CI builds' }).click();
    await expect(endpoint).toContainText('No deliveries yet');

    // From outside: a correctly signed POST. It appears without a reload.
    const body = JSON.stringify({ event: 'build.finished', build: 42, note: '<img src=x onerror=alert(1)>' });
    const response = await request.post(url, signedDelivery(secret, body));
    expect(response.status()).toBe(202);
    const deliveries = endpoint.getByRole('table', { name: 'Deliveries to CI builds' });
    await expect(deliveries.getByRole('row')).toHaveCount(2);
    await expect(deliveries).toContainText(`${Buffer.byteLength(body)} B`);
    await expect(deliveries).toContainText('Delivered');
    await expect(endpoint).not.toContainText('None yet');

    // Its payload, indented, as text.
    await deliveries.getByRole('button', { name: /^Payload received/ }).click();
    const payload = page.getByRole('dialog', { name: 'Payload' });
    // As stored (a JSON object's keys may come back in another order), two-space indented.
    const json = payload.getByRole('region', { name: 'Payload JSON' });
    await expect(json).toContainText('\n  "build": 42');
    expect(JSON.parse((await json.textContent())!)).toEqual(JSON.parse(body));
    await expect(payload.locator('img')).toHaveCount(0);
    await payload.getByRole('button', { name: 'Done' }).click();
    await expect(payload).toBeHidden();

    // Redeliver: a second attempt.
    await deliveries.getByRole('button', { name: /^Redeliver/ }).click();
    await expect(deliveries).toContainText('Redelivered');
    await expect(deliveries.getByRole('cell', { name: '2', exact: true })).toBeVisible();

    // The page with both sections, open, passes axe.
    await expectAccessible(page, '#main');

    // Rotate: a new secret, shown once; the old one is refused from then on.
    await endpoint.getByRole('button', { name: 'Rotate the secret of CI builds' }).click();
    await page
      .getByRole('alertdialog', { name: 'Rotate the secret of “CI builds”?' })
      .getByRole('button', { name: 'Rotate secret' })
      .click();
    const rotated = page.getByRole('dialog', { name: 'Copy the new secret of “CI builds”' });
    const newSecret = await rotated.getByLabel('Signing secret for CI builds').inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole('button', { name: 'I have stored it' }).click();
    const later = JSON.stringify({ event: 'build.finished', build: 43 });
    expect((await request.post(url, signedDelivery(secret, later))).status()).toBe(401);
    expect((await request.post(url, signedDelivery(newSecret, later))).status()).toBe(202);
    await expect(deliveries.getByRole('row')).toHaveCount(3);

    // Revoke: its URL answers 404, and the page says so.
    await endpoint.getByRole('button', { name: 'Revoke CI builds' }).click();
    await page
      .getByRole('alertdialog', { name: 'Revoke “CI builds”?' })
      .getByRole('button', { name: 'Revoke webhook' })
      .click();
    await expect(endpoint).toContainText('Revoked');
    await expect(endpoint.getByRole('button', { name: /^Redeliver/ })).toHaveCount(0);
    expect((await request.post(url, signedDelivery(newSecret, later))).status()).toBe(404);
  });

  test('a member sees the schedules and webhooks without any control that writes', async ({
    page,
    request,
    signedIn,
  }) => {
    const { agent, headers } = await createAgent(request, 'Watched');
    const job = await request.post(`/api/agents/${agent.id}/cron-jobs`, {
      headers,
      data: {
        name: 'Nightly check',
        expression: `30 ${Number(quietHour())} * * *`,
        timeZone: 'UTC',
        instruction: 'Check the build.',
      },
    });
    expect(job.status()).toBe(201);
    const hook = await request.post(`/api/agents/${agent.id}/webhook-endpoints`, { headers, data: { name: 'Alerts' } });
    expect(hook.status()).toBe(201);

    // A link to the section (the palette's) lands on it.
    await openAgent(page, signedIn, MEMBER, agent, '#webhooks');
    const schedules = page.getByRole('region', { name: 'Schedules' });
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await expect(webhooks.getByRole('heading', { name: 'Webhooks' })).toBeInViewport();
    await expect(schedules.getByRole('listitem', { name: 'Nightly check' })).toContainText(
      `At ${quietHour()}:30 (UTC) · next: `,
    );
    await expect(schedules).toContainText('Enabled');
    await expect(webhooks.getByRole('listitem', { name: 'Alerts' })).toContainText('/api/hooks/');
    await expect(page.getByRole('switch')).toHaveCount(0);
    for (const name of [
      /^New schedule/,
      /^Run now/,
      /^Edit /,
      /^Delete /,
      /^New webhook/,
      /^Rotate/,
      /^Revoke/,
      /^Deliveries/,
    ])
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    // The history is for everyone.
    await schedules.getByRole('button', { name: 'Runs of Nightly check' }).click();
    await expect(schedules).toContainText('It has not run yet.');
    await expectAccessible(page, '#main');
  });
});
