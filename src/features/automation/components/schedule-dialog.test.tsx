import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Agent } from '@/api';
import { ScheduleDialog } from './schedule-dialog';

const agent: Agent = {
  id: '00000000-0000-4000-8000-000000000040',
  version: 1,
  name: 'Scout',
  role: '',
  description: '',
  status: 'active',
  archived: false,
  teamId: null,
  responsible: { kind: 'human', id: '00000000-0000-4000-8000-000000000001', name: 'Ada Lovelace' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastActiveAt: null,
  canManage: true,
};

const weekdays = {
  description: 'At 09:00, Monday through Friday',
  nextRuns: [
    '2026-11-30T08:00:00.000Z',
    '2026-12-01T08:00:00.000Z',
    '2026-12-02T08:00:00.000Z',
    '2026-12-03T08:00:00.000Z',
    '2026-12-04T08:00:00.000Z',
  ],
};

type Answer = { status: number; body: unknown };
type Sent = { method: string; path: string; query: Record<string, string>; body: unknown };

function serve(route: (request: Sent) => Answer | undefined) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const entry = {
        method: request.method,
        path: url.pathname.replace(/^\/api/, ''),
        query: Object.fromEntries(url.searchParams),
        body: request.method === 'GET' ? undefined : await request.json(),
      };
      sent.push(entry);
      const answer = route(entry) ?? { status: 404, body: { error: 'Not found' } };
      return Response.json(answer.body, { status: answer.status });
    }),
  );
  return sent;
}

const previews = (sent: Sent[]) => sent.filter((request) => request.path === '/schedules/preview');

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ScheduleDialog agent={agent} job={null} onClose={onClose} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog');
  return { dialog, onClose, expression: within(dialog).getByLabelText('Cron expression') as HTMLInputElement };
}

beforeAll(() => {
  // happy-dom's <dialog> lacks showModal/close.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

afterEach(() => vi.unstubAllGlobals());

// Some 400 time zones make each render of the dialog slow in happy-dom.
describe('ScheduleDialog preview', { timeout: 20_000 }, () => {
  it('asks the server once typing pauses, for what was typed last, and shows what it means and the next runs', async () => {
    const sent = serve((request) =>
      request.path === '/schedules/preview' ? { status: 200, body: weekdays } : undefined,
    );
    const { dialog, expression } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Time zone'), { target: { value: 'Europe/Berlin' } });
    for (const typed of ['0', '0 9', '0 9 *', '0 9 * * 1-5'])
      fireEvent.change(expression, { target: { value: typed } });
    // Nothing is asked while typing.
    expect(previews(sent)).toEqual([]);

    expect(await within(dialog).findByText('At 09:00, Monday through Friday', {}, { timeout: 5000 })).toBeTruthy();
    expect(previews(sent).map((request) => request.query)).toEqual([
      { expression: '0 9 * * 1-5', timeZone: 'Europe/Berlin' },
    ]);
    const runs = within(within(dialog).getByRole('list', { name: 'Next runs' })).getAllByRole('listitem');
    expect(runs).toHaveLength(5);
    expect(runs[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-30T08:00:00.000Z');
    expect(expression.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the server’s refusal under the expression, and clears it for a valid one', async () => {
    serve((request) => {
      if (request.path !== '/schedules/preview') return undefined;
      if (request.query.expression === '0 0 9 * * 1-5')
        return {
          status: 400,
          body: {
            error:
              'Invalid query: expression: Use five fields (minute hour day month weekday); seconds are not supported',
            code: 'VALIDATION_ERROR',
            issues: [
              {
                location: 'query',
                path: 'expression',
                message: 'has 6 fields: seconds are not supported',
              },
            ],
          },
        };
      return { status: 200, body: weekdays };
    });
    const { dialog, expression } = renderDialog();
    fireEvent.change(expression, { target: { value: '0 0 9 * * 1-5' } });
    // The server's message, with the field it names.
    const message = await within(dialog).findByText(
      'expression: has 6 fields: seconds are not supported',
      {},
      { timeout: 5000 },
    );
    expect(expression.getAttribute('aria-invalid')).toBe('true');
    expect(expression.getAttribute('aria-describedby')).toContain(message.id);
    expect(within(dialog).queryByText('At 09:00, Monday through Friday')).toBeNull();

    fireEvent.change(expression, { target: { value: '0 9 * * 1-5' } });
    expect(await within(dialog).findByText('At 09:00, Monday through Friday', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).queryByText(/seconds are not supported/)).toBeNull();
    expect(expression.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a refusal about the time zone under the time zone', async () => {
    serve((request) =>
      request.path === '/schedules/preview'
        ? {
            status: 400,
            body: {
              error: 'Invalid query: timeZone: Unknown time zone',
              code: 'VALIDATION_ERROR',
              issues: [{ location: 'query', path: 'timeZone', message: 'Unknown time zone' }],
            },
          }
        : undefined,
    );
    const { dialog, expression } = renderDialog();
    fireEvent.change(expression, { target: { value: '0 9 * * 1-5' } });
    await within(dialog).findByText('timeZone: Unknown time zone', {}, { timeout: 5000 });
    expect(within(dialog).getByLabelText('Time zone').getAttribute('aria-invalid')).toBe('true');
    expect(expression.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('ScheduleDialog save', { timeout: 20_000 }, () => {
  it('sends the schedule, and on a refusal shows it beside its field and keeps what was typed', async () => {
    let answer: Answer = {
      status: 400,
      body: {
        error: 'Invalid body: name: A schedule of this agent already has this name',
        code: 'VALIDATION_ERROR',
        issues: [{ location: 'body', path: 'name', message: 'A schedule of this agent already has this name' }],
      },
    };
    const sent = serve((request) =>
      request.path === '/schedules/preview'
        ? { status: 200, body: weekdays }
        : request.method === 'POST'
          ? answer
          : { status: 200, body: [] },
    );
    const { dialog, onClose, expression } = renderDialog();
    const user = userEvent.setup();
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    await user.type(name, 'Morning digest');
    // Long values arrive in one change each: the test is about the refusal, not the typing.
    fireEvent.change(expression, { target: { value: '0 9 * * 1-5' } });
    await user.selectOptions(within(dialog).getByLabelText('Time zone'), 'Europe/Berlin');
    const instruction = within(dialog).getByLabelText(/^Instruction/) as HTMLTextAreaElement;
    fireEvent.change(instruction, { target: { value: 'Summarise yesterday’s cards' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create schedule' }));

    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'), { timeout: 5000 });
    expect(within(dialog).getByText('A schedule of this agent already has this name')).toBeTruthy();
    expect(name.value).toBe('Morning digest');
    expect(expression.value).toBe('0 9 * * 1-5');
    expect(instruction.value).toBe('Summarise yesterday’s cards');
    expect((within(dialog).getByLabelText('Time zone') as HTMLSelectElement).value).toBe('Europe/Berlin');
    expect(onClose).not.toHaveBeenCalled();
    expect(sent.find((request) => request.method === 'POST')).toMatchObject({
      path: `/agents/${agent.id}/cron-jobs`,
      body: {
        name: 'Morning digest',
        expression: '0 9 * * 1-5',
        timeZone: 'Europe/Berlin',
        instruction: 'Summarise yesterday’s cards',
        enabled: true,
      },
    });

    answer = {
      status: 201,
      body: {
        id: '00000000-0000-4000-8000-000000000050',
        agentId: agent.id,
        name: 'Morning digest 2',
        expression: '0 9 * * 1-5',
        timeZone: 'Europe/Berlin',
        instruction: 'Summarise yesterday’s cards',
        enabled: true,
        ...weekdays,
        nextRunAt: weekdays.nextRuns[0],
        lastRun: null,
        createdBy: null,
        createdAt: '2026-11-26T00:00:00.000Z',
        updatedAt: '2026-11-26T00:00:00.000Z',
      },
    };
    await user.type(name, ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
  });

  it('counts the instruction’s characters near its limit of 4000', () => {
    serve(() => undefined);
    const { dialog } = renderDialog();
    const instruction = within(dialog).getByLabelText(/^Instruction/);
    expect(instruction.getAttribute('maxLength')).toBe('4000');
    expect(within(dialog).queryByText(/\/4000$/)).toBeNull();
    fireEvent.change(instruction, { target: { value: 'x'.repeat(3300) } });
    expect(within(dialog).getByText('3300/4000')).toBeTruthy();
  });
});
