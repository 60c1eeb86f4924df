import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../types';
import { setMentionsAside } from './agent-reply';
import { MessageView } from './message-view';

const PERSON = '0a0a0a0a-0000-4000-8000-000000000001';

function message(role: AgentMessage['role'], text: string): AgentMessage {
  return {
    id: '0c0c0c0c-0000-4000-8000-000000000001',
    sessionId: '0d0d0d0d-0000-4000-8000-000000000001',
    agentId: '0e0e0e0e-0000-4000-8000-000000000001',
    role,
    text,
    status: 'complete',
    activity: [],
    author: null,
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
  };
}

async function show(shown: AgentMessage) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <MessageView message={shown} agentName="Scout" mine={false} /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  return screen.findByRole('article');
}

describe('MessageView', () => {
  it('shows an agent’s reply as its Markdown: lists, emphasis and code, with mentions as chips', async () => {
    const reply = await show(
      message(
        'agent',
        `Here is the plan for @[Ada Lovelace](person:${PERSON}):\n\n- book the **hall**\n- send \`invites\`\n\n1. first\n2. second`,
      ),
    );
    expect([...reply.querySelectorAll('ul > li')].map((item) => item.textContent)).toEqual([
      'book the hall',
      'send invites',
    ]);
    expect(reply.querySelectorAll('ol > li')).toHaveLength(2);
    expect(reply.querySelector('strong')?.textContent).toBe('hall');
    expect(reply.querySelector('code')?.textContent).toBe('invites');
    expect(reply.textContent).not.toContain('- book');
    const ada = screen.getByRole('link', { name: '@Ada Lovelace' });
    expect(ada.getAttribute('href')).toBe(`/people?person=${PERSON}`);
  });

  it('lets no HTML of a reply reach the page', async () => {
    const reply = await show(message('agent', 'Done <img src=x onerror="window.pwned = 1"> [x](javascript:alert(1))'));
    expect(reply.querySelector('img, [onerror], a[href^="javascript"]')).toBeNull();
    expect(reply.textContent).toContain('<img src=x onerror="window.pwned = 1">');
  });

  it('keeps a person’s own message the plain text it is', async () => {
    const typed = await show(message('user', '- not a list\n**not bold**'));
    expect(typed.querySelector('ul, strong')).toBeNull();
    expect(typed.textContent).toContain('- not a list\n**not bold**');
  });
});

describe('setMentionsAside', () => {
  it('puts each mention back where it was, and takes no character of the reply for a placeholder', () => {
    const text = `a @[Ada](person:${PERSON}) b \uE0000\uE001 c`;
    const { markdown, restore } = setMentionsAside(text);
    expect(markdown).not.toContain('@[');
    expect(restore(markdown)).toBe(`a @[Ada](person:${PERSON}) b 0 c`);
  });
});
