import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Agent, CronJob, LiveEvent, LiveEventType, WebhookDelivery, WebhookEndpoint } from '@/api';
import { Toaster } from '@/ui';
import { AgentSchedules } from './agent-schedules';
import { AgentWebhooks } from './agent-webhooks';

// The live stream, by hand: the sections subscribe here, and the tests emit.
const live = vi.hoisted(() => new Map<string, Set<(event: unknown) => void>>());
vi.mock('@/api', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  onLiveEvent: (type: string, handler: (event: unknown) => void) => {
    if (!live.has(type)) live.set(type, new Set());
    live.get(type)!.add(handler);
    return () => live.get(type)?.delete(handler);
  },
  onLiveResync: () => () => {},
}));

function emit<T extends LiveEventType>(event: T, data: LiveEvent<T>['data']) {
  act(() => live.get(event)?.forEach((handler) => handler({ id: '1', event, data })));
}

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const agent: Agent = {
  id: id(40),
  version: 1,
  name: 'Scout',
  role: '',
  description: '',
  status: 'active',
  archived: false,
  teamId: null,
  responsible: { kind: 'human', id: id(1), name: 'Ada Lovelace' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastActiveAt: null,
  canManage: true,
};
const job: CronJob = {
  id: id(50),
  version: 1,
  agentId: agent.id,
  name: 'Morning digest',
  expression: '0 9 * * 1-5',
  timeZone: 'Europe/Berlin',
  instruction: 'Summarise yesterday’s cards',
  enabled: true,
  description: 'At 09:00, Monday through Friday',
  nextRunAt: '2026-11-30T08:00:00.000Z',
  lastRun: null,
  createdBy: id(1),
  createdAt: '2026-11-26T00:00:00.000Z',
  updatedAt: '2026-11-26T00:00:00.000Z',
};
const endpoint: WebhookEndpoint = {
  id: id(60),
  agentId: agent.id,
  name: 'CI builds',
  url: `http://localhost/api/hooks/${id(60)}`,
  secretPrefix: 'whsec_Xk3p',
  status: 'active',
  createdBy: id(1),
  createdAt: '2026-11-26T00:00:00.000Z',
  rotatedAt: null,
  revokedAt: null,
  lastDeliveryAt: null,
};
const delivery: WebhookDelivery = {
  id: id(70),
  endpointId: endpoint.id,
  agentId: agent.id,
  receivedAt: '2026-11-26T06:00:00.000Z',
  status: 'delivered',
  payload: { build: 42, html: '<b>green</b>' },
  sizeBytes: 36,
  attempts: 1,
  lastDeliveredAt: '2026-11-26T06:00:00.000Z',
  outcomeStatus: null,
  outcome: null,
  reportedAt: null,
};

type Answer = { status: number; body: unknown };

function serve(route: (method: string, path: string, body: unknown) => Answer | Promise<Answer> | undefined) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace(/^\/api/, '');
      const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
      sent.push({ method: request.method, path, body });
      const answer = (await route(request.method, path, body)) ?? { status: 404, body: { error: 'Not found' } };
      return Response.json(answer.body, { status: answer.status });
    }),
  );
  return sent;
}

function renderSections(who: Agent) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AgentSchedules agent={who} />
      <AgentWebhooks agent={who} />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  live.clear();
});

const schedules = () => screen.getByRole('region', { name: 'Schedules' });
const webhooks = () => screen.getByRole('region', { name: 'Webhooks' });

describe('AgentSchedules', () => {
  it('switches a schedule off at once, and back on with the server’s reason when it refuses', async () => {
    let refuse: (answer: Answer) => void = () => {};
    const sent = serve((method, path) => {
      if (method === 'GET' && path === `/agents/${agent.id}/cron-jobs`) return { status: 200, body: [job] };
      if (method === 'GET' && path === `/agents/${agent.id}/webhook-endpoints`) return { status: 200, body: [] };
      if (method === 'PATCH') return new Promise<Answer>((resolve) => (refuse = resolve));
      return undefined;
    });
    renderSections(agent);
    const toggle = await within(schedules()).findByRole('switch', { name: 'Enabled: Morning digest' });
    expect(within(schedules()).getByText(/· next: /)).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('true');

    await userEvent.setup().click(toggle);
    // Shown at once, while the server has not answered.
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(within(schedules()).getByText(/· Disabled/)).toBeTruthy();
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: `/agents/${agent.id}/cron-jobs/${job.id}`,
        body: { enabled: false },
      }),
    );

    refuse({ status: 409, body: { error: 'The agent is completed: its schedules stay off.', code: 'CONFLICT' } });
    expect(await screen.findByText('The agent is completed: its schedules stay off.')).toBeTruthy();
    expect(screen.getByText('Could not disable “Morning digest”')).toBeTruthy();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(within(schedules()).getByText(/· next: /)).toBeTruthy();
  });

  it('reads a run recorded elsewhere (live) into the schedule’s last run', async () => {
    let jobs = [job];
    serve((method, path) => {
      if (method === 'GET' && path === `/agents/${agent.id}/cron-jobs`) return { status: 200, body: jobs };
      if (method === 'GET' && path === `/agents/${agent.id}/webhook-endpoints`) return { status: 200, body: [] };
      return undefined;
    });
    renderSections(agent);
    expect(await within(schedules()).findByText('Not run yet')).toBeTruthy();
    const run = {
      id: id(80),
      cronJobId: job.id,
      agentId: agent.id,
      scheduledFor: '2026-11-26T08:00:00.000Z',
      firedAt: '2026-11-26T08:00:01.000Z',
      status: 'failed' as const,
      outcome: 'The wiki was down',
      reportedAt: '2026-11-26T08:01:00.000Z',
      manual: false,
    };
    jobs = [{ ...job, lastRun: run }];
    // Another agent's run is none of this page's business.
    emit('cron.run.recorded', { agentId: id(41), cronJobId: id(51), run: { ...run, agentId: id(41) } });
    emit('cron.run.recorded', { agentId: agent.id, cronJobId: job.id, run });
    expect(await within(schedules()).findByText('Failed')).toBeTruthy();
  });
});

describe('AgentWebhooks', () => {
  it('shows a delivery that comes in while the deliveries are open, and its payload as text', async () => {
    let deliveries: WebhookDelivery[] = [];
    serve((method, path) => {
      if (method === 'GET' && path === `/agents/${agent.id}/cron-jobs`) return { status: 200, body: [] };
      if (method === 'GET' && path === `/agents/${agent.id}/webhook-endpoints`)
        return { status: 200, body: [endpoint] };
      if (method === 'GET' && path === `/agents/${agent.id}/webhook-endpoints/${endpoint.id}/deliveries`)
        return { status: 200, body: deliveries };
      return undefined;
    });
    renderSections(agent);
    const user = userEvent.setup();
    await user.click(await within(webhooks()).findByRole('button', { name: 'Deliveries to CI builds' }));
    expect(await within(webhooks()).findByText(/No deliveries yet/)).toBeTruthy();

    deliveries = [delivery];
    emit('webhook.delivery.recorded', {
      agentId: agent.id,
      endpointId: endpoint.id,
      deliveryId: delivery.id,
      status: 'delivered',
      receivedAt: delivery.receivedAt,
      sizeBytes: delivery.sizeBytes,
    });
    const table = await within(webhooks()).findByRole('table', { name: 'Deliveries to CI builds' });
    expect(within(table).getByText('36 B')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: /^Payload received/ }));
    const dialog = screen.getByRole('dialog', { name: 'Payload' });
    const pre = within(dialog).getByRole('region', { name: 'Payload JSON' });
    expect(pre.textContent).toBe('{\n  "build": 42,\n  "html": "<b>green</b>"\n}');
    // Markup in a payload stays text.
    expect(pre.querySelector('b')).toBeNull();
  });
});

describe('for a member who may not manage the agent', () => {
  it('shows both sections without any control that writes', async () => {
    serve((method, path) => {
      if (method === 'GET' && path === `/agents/${agent.id}/cron-jobs`) return { status: 200, body: [job] };
      if (method === 'GET' && path === `/agents/${agent.id}/webhook-endpoints`)
        return { status: 200, body: [endpoint] };
      return undefined;
    });
    renderSections({ ...agent, canManage: false });
    expect(await within(schedules()).findByText('Morning digest')).toBeTruthy();
    expect(await within(webhooks()).findByText('CI builds')).toBeTruthy();
    expect(within(schedules()).getByText('Enabled')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    for (const name of [
      /New schedule/,
      /^Run now/,
      /^Edit /,
      /^Delete /,
      /New webhook/,
      /^Rotate/,
      /^Revoke/,
      /^Deliveries/,
    ])
      expect(screen.queryByRole('button', { name })).toBeNull();
    // Reading the schedule's history is for everyone.
    expect(within(schedules()).getByRole('button', { name: 'Runs of Morning digest' })).toBeTruthy();
  });
});
