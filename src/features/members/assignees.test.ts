import { describe, expect, it } from 'vitest';
import type { Member } from '@/api';
import { assigneeOptions, isAssignable } from './assignees';

const member = (id: string, kind: 'human' | 'agent', status?: 'active' | 'paused' | 'completed'): Member =>
  ({ id, kind, name: id, title: '', status: status ?? 'active' }) as unknown as Member;

const ada = member('ada', 'human');
const bot = member('bot', 'agent', 'active');
const paused = member('paused', 'agent', 'paused');
const forecaster = member('forecaster', 'agent', 'completed');

describe('assignees', () => {
  it('people and agents that are not completed can be assigned', () => {
    expect([ada, bot, paused, forecaster].map(isAssignable)).toEqual([true, true, true, false]);
  });

  it('offers the assignable members, people first, and leaves completed agents out', () => {
    expect(assigneeOptions([bot, forecaster, ada, paused]).map((item) => item.id)).toEqual(['ada', 'bot', 'paused']);
  });

  it('keeps a completed agent that is still assigned, so it shows and filters', () => {
    expect(assigneeOptions([bot, forecaster, ada], ['forecaster', undefined]).map((item) => item.id)).toEqual([
      'ada',
      'bot',
      'forecaster',
    ]);
  });
});
