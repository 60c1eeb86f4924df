import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IntegrationGrantWithConnection } from '@/api';
import { integrationQueries } from '../queries';
import { ConstraintsDialog } from './constraints-dialog';

const agentId = '00000000-0000-4000-8000-000000000040';
const grant: IntegrationGrantWithConnection = {
  id: '00000000-0000-4000-8000-000000000050',
  agentId,
  connectionId: '00000000-0000-4000-8000-000000000060',
  scope: 'read',
  createdAt: '2026-01-01T00:00:00.000Z',
  allowedTools: [],
  constraints: { repositories: ['acme/web'] },
  grantedBy: null,
  expiresAt: null,
  status: 'active',
  lastUsedAt: null,
  connection: { providerKey: 'github', displayName: 'GitHub (acme)', status: 'active' },
};

type Answer = { status: number; body: unknown };

function serve(answer: (body: unknown) => Answer) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      // The raw text: a `__proto__` key must reach the server as typed.
      const text = await request.text();
      sent.push(text);
      const { status, body } = answer(text);
      return Response.json(body, { status });
    }),
  );
  return sent;
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(integrationQueries.grants(agentId).queryKey, [grant]);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ConstraintsDialog agentId={agentId} grant={grant} onClose={onClose} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog');
  return {
    client,
    onClose,
    editor: within(dialog).getByLabelText('Constraints (JSON)') as HTMLTextAreaElement,
    save: within(dialog).getByRole('button', { name: 'Save constraints' }) as HTMLButtonElement,
  };
}

const describedText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

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

describe('ConstraintsDialog', () => {
  it('starts with the constraints as pretty JSON; invalid JSON is named inline and Save waits', async () => {
    const sent = serve(() => ({ status: 500, body: { error: 'unexpected' } }));
    const { editor, save } = renderDialog();
    expect(editor.value).toBe('{\n  "repositories": [\n    "acme/web"\n  ]\n}');
    expect(save.disabled).toBe(false);
    const user = userEvent.setup();
    await user.clear(editor);
    await user.type(editor, '{{"a": x}');
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    // user-event reads `{{` as one brace: the text is {"a": x}.
    expect(describedText(editor)).toContain('Line 1, column 7: Unexpected token “x”: expected a value');
    expect(save.disabled).toBe(true);
    await user.clear(editor);
    await user.type(editor, '[[1]');
    expect(describedText(editor)).toContain('Constraints must be a JSON object');
    expect(save.disabled).toBe(true);
    await user.click(save);
    expect(sent).toHaveLength(0);
  });

  it('shows the server’s refusal under the editor, keeps the text, and clears it once the text changes', async () => {
    const refusal = {
      error: 'Invalid body: constraints.__proto__: is not an allowed key',
      code: 'VALIDATION_ERROR',
      issues: [{ location: 'body', path: 'constraints.__proto__', message: 'is not an allowed key' }],
    };
    const sent = serve(() => ({ status: 400, body: refusal }));
    const { editor, save, onClose } = renderDialog();
    const user = userEvent.setup();
    await user.clear(editor);
    await user.click(editor);
    await user.paste('{"__proto__": {"admin": true}}');
    await user.click(save);
    await waitFor(() => expect(describedText(editor)).toContain('constraints.__proto__: is not an allowed key'));
    expect(sent).toEqual(['{"constraints":{"__proto__":{"admin":true}}}']);
    expect(editor.value).toBe('{"__proto__": {"admin": true}}');
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
    await user.type(editor, ' ');
    expect(describedText(editor)).not.toContain('is not an allowed key');
    expect(editor.getAttribute('aria-invalid')).toBeNull();
  });

  it('saves a valid object, puts the server’s grant in the list with its connection, and closes', async () => {
    const saved = { ...grant, connection: undefined, constraints: { maxPerDay: 5 } };
    const sent = serve(() => ({ status: 200, body: saved }));
    const { editor, save, onClose, client } = renderDialog();
    const user = userEvent.setup();
    await user.clear(editor);
    await user.click(editor);
    await user.paste('{ "maxPerDay": 5 }');
    await user.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual(['{"constraints":{"maxPerDay":5}}']);
    expect(client.getQueryData(integrationQueries.grants(agentId).queryKey)).toEqual([
      { ...grant, constraints: { maxPerDay: 5 } },
    ]);
  });
});
