import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-rule';

const who = { email: 'zoe@example.com', name: 'Zoë Quinn' };

describe('passwordProblem', () => {
  it('accepts a long enough password with some variety', () => {
    expect(passwordProblem('correct horse battery', who)).toBeNull();
  });

  it('says how short a password is, counting characters as the server does', () => {
    expect(passwordProblem('short', who)).toBe('Use at least 10 characters (5 so far).');
    expect(passwordProblem('🙂🙂🙂🙂🙂ab', who)).toBe('Use at least 10 characters (7 so far).');
  });

  it('refuses one or two characters repeated', () => {
    expect(passwordProblem('aaaaaaaaaaaa', who)).toMatch(/three different/);
    expect(passwordProblem('abababababab', who)).toMatch(/three different/);
  });

  it('refuses the email or the name, whatever the case', () => {
    expect(passwordProblem('ZOE@example.com', who)).toMatch(/email or name/);
    expect(passwordProblem('zoe.quinn.1984', { ...who, email: 'zoe.quinn.1984@example.com' })).toMatch(/email or name/);
    expect(passwordProblem('zoë quinn!', { ...who, name: 'Zoë Quinn!' })).toMatch(/email or name/);
  });
});
