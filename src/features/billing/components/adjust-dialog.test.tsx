import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdjustDialog } from './adjust-dialog';

function serve(status: number, body: unknown) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      sent.push(await request.json());
      return Response.json(body, { status });
    }),
  );
  return sent;
}

/** What a field's description and error say (its `aria-describedby`). */
const described = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const disabled = (button: HTMLElement) => (button as HTMLButtonElement).disabled;
const value = (field: HTMLElement) => (field as HTMLInputElement).value;

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <AdjustDialog onClose={onClose} />
    </QueryClientProvider>,
  );
  return { dialog: within(screen.getByRole('dialog', { name: 'Adjust credits' })), onClose };
}

describe('AdjustDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a refusal beside the amount and keeps what was typed', async () => {
    const message = 'The included balance has 40 credits left: a change of -50 would take it below zero';
    const sent = serve(409, { error: message, code: 'CREDITS_INSUFFICIENT' });
    const { dialog, onClose } = renderDialog();
    const user = userEvent.setup();
    await user.click(dialog.getByRole('radio', { name: /Adjustment/ }));
    await user.type(dialog.getByLabelText('Amount'), '−50');
    await user.selectOptions(dialog.getByLabelText('Balance'), 'included');
    await user.type(dialog.getByLabelText('Note'), 'Correction of a double grant');
    await user.click(dialog.getByRole('button', { name: 'Record' }));

    const amount = dialog.getByLabelText('Amount');
    await waitFor(() => expect(described(amount)).toContain(message));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([
      { type: 'adjustment', amount: -50, bucket: 'included', note: 'Correction of a double grant' },
    ]);
    expect(value(amount)).toBe('-50');
    expect(value(dialog.getByLabelText('Note'))).toBe('Correction of a double grant');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts a 400 on the field it names, and sends a grant without a bucket', async () => {
    const sent = serve(400, {
      error: 'Invalid request',
      code: 'VALIDATION_ERROR',
      issues: [{ location: 'body', path: 'note', message: 'Too long' }],
    });
    const { dialog } = renderDialog();
    const user = userEvent.setup();
    await user.type(dialog.getByLabelText('Amount'), '25');
    await user.type(dialog.getByLabelText('Note'), 'Goodwill');
    expect(dialog.queryByLabelText('Balance')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(described(dialog.getByLabelText('Note'))).toContain('Too long'));
    expect(sent).toEqual([{ type: 'grant', amount: 25, note: 'Goodwill' }]);
  });

  it('records nothing without a note or a whole, non-zero amount', async () => {
    serve(201, {});
    const { dialog } = renderDialog();
    const user = userEvent.setup();
    const record = dialog.getByRole('button', { name: 'Record' });
    await user.type(dialog.getByLabelText('Amount'), '0');
    await user.type(dialog.getByLabelText('Note'), 'Why');
    expect(disabled(record)).toBe(true);
    await user.clear(dialog.getByLabelText('Amount'));
    await user.type(dialog.getByLabelText('Amount'), '2.5');
    expect(disabled(record)).toBe(true);
  });
});
