import { describe, expect, it } from 'vitest';
import { ApiError, type Agent, type Member } from '@/api';
import { formErrors, initialValues, responsibleChoices, toCreateBody, toUpdateBody } from './agent-form';

const agent: Agent = {
  id: 'a1',
  version: 1,
  name: 'Cafébot',
  role: 'Answers customers',
  description: '',
  status: 'active',
  archived: false,
  teamId: 't1',
  responsible: { kind: 'human', id: 'u1', name: 'Priya Raman' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastActiveAt: null,
  canManage: true,
};

describe('agent form', () => {
  it('starts a new agent with the creating admin responsible, and sends trimmed text', () => {
    const values = { ...initialValues(null, 'me'), name: '  Scout ', role: ' Finds things ' };
    expect(values.responsible).toBe('human:me');
    expect(toCreateBody(values)).toEqual({
      name: 'Scout',
      role: 'Finds things',
      description: '',
      responsible: { kind: 'human', id: 'me' },
    });
  });

  it('sends only what changed on edit, null for no team, and nothing when nothing changed', () => {
    const values = initialValues(agent, '');
    expect(toUpdateBody(values, agent)).toBeNull();
    expect(toUpdateBody({ ...values, name: 'Cafébot ' }, agent)).toBeNull();
    expect(toUpdateBody({ ...values, teamId: '', responsible: 'agent:a2' }, agent)).toEqual({
      teamId: null,
      responsible: { kind: 'agent', id: 'a2' },
    });
  });

  it('places a 400’s issues by field, a 409 ORG_NO_HUMAN_MANAGER under Responsible, the rest above', () => {
    const invalid = new ApiError(400, 'Invalid body', 'VALIDATION_ERROR', [
      { location: 'body', path: 'name', message: 'Too long' },
      { location: 'body', path: 'responsible.id', message: 'Not a member of the company' },
    ]);
    expect(formErrors(invalid)).toEqual({
      name: 'Too long',
      responsible: 'Not a member of the company',
      form: 'Some fields need a change: see below.',
    });
    const loop = new ApiError(409, 'Nobody is responsible for Scribe', 'ORG_NO_HUMAN_MANAGER');
    expect(formErrors(loop)).toEqual({ responsible: 'Nobody is responsible for Scribe' });
    expect(formErrors(new ApiError(403, 'Only admins manage agents', 'FORBIDDEN'))).toEqual({
      form: 'Only admins manage agents',
    });
    expect(formErrors(null)).toEqual({});
  });

  it('offers every person, and the other agents still at work', () => {
    const member = (id: string, kind: Member['kind'], name: string, status: Member['status'] = 'active'): Member => ({
      id,
      kind,
      name,
      status,
      title: '',
      manager: null,
      teamId: null,
    });
    const members = [
      member('u2', 'human', 'Zoë'),
      member('u1', 'human', 'Ada'),
      member('a1', 'agent', 'Cafébot'),
      member('a2', 'agent', 'Triage', 'paused'),
      member('a3', 'agent', 'Forecaster', 'completed'),
    ];
    const choices = responsibleChoices(members, 'a1', 'human:u1');
    expect(choices.people.map((each) => each.name)).toEqual(['Ada', 'Zoë']);
    expect(choices.agents.map((each) => each.name)).toEqual(['Triage']);
    expect(responsibleChoices(members, 'a1', 'agent:a3').agents.map((each) => each.name)).toEqual([
      'Forecaster',
      'Triage',
    ]);
  });
});
