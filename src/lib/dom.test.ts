import { describe, expect, it } from 'vitest';
import { isTyping } from './dom';

describe('isTyping', () => {
  it('is true in fields, selects and editable content, false elsewhere', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const select = document.createElement('select');
    const editor = document.createElement('div');
    editor.contentEditable = 'true';
    document.body.append(editor);
    const button = document.createElement('button');
    expect([input, textarea, select, editor].map(isTyping)).toEqual([true, true, true, true]);
    expect(isTyping(button)).toBe(false);
    expect(isTyping(null)).toBe(false);
    expect(isTyping(window)).toBe(false);
  });
});
