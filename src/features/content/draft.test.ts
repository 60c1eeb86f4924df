import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api';
import { afterSave, changedFields, serverErrors } from './draft';
import { draftErrors, normalizeTag, slugError, slugify, type ItemDraft } from './rules';

const saved: ItemDraft = {
  kind: 'article',
  title: 'Launch',
  slug: 'launch',
  excerpt: '',
  tags: ['news'],
  body: 'Hi',
};

describe('content drafts', () => {
  it('sends only the fields that changed (tags compared by value)', () => {
    expect(changedFields({ ...saved, tags: ['news'] }, saved)).toEqual({});
    expect(changedFields({ ...saved, title: 'Launch!', tags: ['news', 'v2'] }, saved)).toEqual({
      title: 'Launch!',
      tags: ['news', 'v2'],
    });
  });

  it('takes the server’s values after a save, but keeps what was typed meanwhile', () => {
    const sent = { title: ' Launch ', excerpt: 'Short' };
    const current = { ...saved, title: ' Launch ', excerpt: 'Shorter now' };
    const server = { ...saved, title: 'Launch', excerpt: 'Short' };
    expect(afterSave(current, sent, server)).toEqual({ ...saved, title: 'Launch', excerpt: 'Shorter now' });
  });

  it('puts a 409 at the address and a 400’s issues at their fields', () => {
    expect(serverErrors(new ApiError(409, 'Taken', 'CONFLICT')).fields).toEqual({ slug: 'Taken' });
    const invalid = new ApiError(400, 'Invalid', 'VALIDATION_ERROR', [
      { location: 'body', path: 'tags.1', message: 'Bad tag' },
      { location: 'body', path: 'excerpt', message: 'Too long' },
    ]);
    expect(serverErrors(invalid)).toEqual({ fields: { tags: 'Bad tag', excerpt: 'Too long' } });
    expect(serverErrors(new ApiError(503, 'Busy'))).toEqual({ fields: {}, general: 'Busy' });
  });

  it('checks the bounds the server checks', () => {
    expect(slugError('launch-week-2')).toBeUndefined();
    for (const bad of ['', 'Launch', 'two  words', '-edge', 'double--dash', 'a'.repeat(101)]) {
      expect(slugError(bad)).toBeDefined();
    }
    expect(normalizeTag('  Release Notes ')).toBe('release-notes');
    expect(slugify('Café au lait: v2.0!')).toBe('cafe-au-lait-v2-0');
    expect(draftErrors(saved)).toEqual({});
    expect(
      Object.keys(
        draftErrors({ ...saved, title: '  ', excerpt: 'x'.repeat(501), tags: ['Bad tag'], body: 'x'.repeat(200_001) }),
      ),
    ).toEqual(['title', 'excerpt', 'tags', 'body']);
  });
});
