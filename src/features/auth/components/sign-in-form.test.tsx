import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInForm } from './sign-in-form';

afterEach(() => vi.unstubAllGlobals());

/** What the field's description (its error, its hint) says. */
function described(label: string): string {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ');
}

function renderForm() {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ error: 'Wrong email or password', code: 'INVALID_CREDENTIALS' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <SignInForm reason={null} />
    </QueryClientProvider>,
  );
  return { fetch, user: userEvent.setup() };
}

describe('SignInForm', () => {
  it('says what to enter at each empty field, in its words, and sends nothing', async () => {
    const { fetch, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(described('Email')).toContain('Enter your email address.');
    expect(described('Password')).toContain('Enter your password.');
    expect(document.body.textContent).not.toContain('Invalid body');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for a whole address before sending, and then sends, showing the server’s answer above the fields', async () => {
    const { fetch, user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'ada@');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(described('Email')).toContain('like name@company.com');
    expect(fetch).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Email'), 'acme.example');
    expect(described('Email')).not.toContain('like name@company.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong email or password');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@acme.example');
  });
});
