import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mentionSegments, mentionsAsText, mentionSyntax } from '../syntax';
import { MentionText } from './mention-text';

const PERSON = '0a0a0a0a-0000-4000-8000-000000000001';
const AGENT = '0b0b0b0b-0000-4000-8000-000000000001';

async function renderText(text: string) {
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <p data-testid="text">
          <MentionText text={text} />
        </p>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  return screen.findByTestId('text');
}

describe('MentionText', () => {
  it('shows mentions as chips that open the profile, and the rest as it was', async () => {
    const text = await renderText(
      `Hi @[Ada Lovelace](person:${PERSON}), ask @[Cafébot](agent:${AGENT.toUpperCase()})\nline two`,
    );
    const ada = screen.getByRole('link', { name: '@Ada Lovelace' });
    expect(ada.getAttribute('href')).toBe(`/people?person=${PERSON}`);
    const bot = screen.getByRole('link', { name: '@Cafébot' });
    expect(bot.getAttribute('href')).toBe(`/agents/${AGENT}`);
    expect(text.textContent).toBe('Hi @Ada Lovelace, ask @Cafébot\nline two');
  });

  it('never reads a name or the text around it as markup', async () => {
    const text = await renderText(
      `<b>bold</b> @[<img src=x onerror="alert(1)">](person:${PERSON}) <script>alert(2)</script>`,
    );
    expect(text.querySelector('img, b, script')).toBeNull();
    expect(screen.getByRole('link').textContent).toBe('@<img src=x onerror="alert(1)">');
    expect(text.textContent).toBe('<b>bold</b> @<img src=x onerror="alert(1)"> <script>alert(2)</script>');
  });

  it('leaves what only looks like a mention as text', async () => {
    const text = await renderText('@[Ada](person:not-an-id) and [Ada](person:x) and @Ada');
    expect(screen.queryByRole('link')).toBeNull();
    expect(text.textContent).toBe('@[Ada](person:not-an-id) and [Ada](person:x) and @Ada');
  });
});

describe('mention syntax', () => {
  it('cuts a text into runs and mentions, and back to plain text for labels', () => {
    const text = `a @[Ada](person:${PERSON}) b`;
    expect(mentionSegments(text)).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'mention', kind: 'person', id: PERSON, name: 'Ada' },
      { type: 'text', text: ' b' },
    ]);
    expect(mentionsAsText(text)).toBe('a @Ada b');
  });

  it('writes a name that would break the syntax (brackets, line breaks) so it still reads back', () => {
    const written = mentionSyntax('person', PERSON, 'Ada [ops]\nLovelace');
    expect(written).toBe(`@[Ada ops Lovelace](person:${PERSON})`);
    expect(mentionSegments(written)).toEqual([
      { type: 'mention', kind: 'person', id: PERSON, name: 'Ada ops Lovelace' },
    ]);
  });
});
