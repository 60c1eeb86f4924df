import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { decodeEntities, lexMarkdown, SafeMarkdown, safeHref } from './safe-markdown';

function renderMarkdown(markdown: string) {
  return render(<SafeMarkdown markdown={markdown} />).container;
}

describe('SafeMarkdown', () => {
  it('renders the Markdown itself: headings, emphasis, lists, code, tables, tasks', () => {
    const view = renderMarkdown(
      '# Plan\n\nSome **bold** and *em* and `a<b>`.\n\n- one\n- [x] done\n\n```js\nlet x = "<b>";\n```\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n',
    );
    expect(view.querySelector('h1')?.textContent).toBe('Plan');
    expect(view.querySelector('strong')?.textContent).toBe('bold');
    expect(view.querySelector('em')?.textContent).toBe('em');
    expect(view.querySelector('p code')?.textContent).toBe('a<b>');
    expect(view.querySelectorAll('ul li')).toHaveLength(2);
    expect(view.querySelector<HTMLInputElement>('li input[type="checkbox"]')?.checked).toBe(true);
    expect(view.querySelector('pre code')?.textContent).toBe('let x = "<b>";');
    expect(view.querySelectorAll('table td')).toHaveLength(2);
    expect(view.querySelector('b')).toBeNull();
  });

  it('shows raw HTML as text: no script, no image, no handler reaches the page', () => {
    const view = renderMarkdown(
      'Before <script>window.pwned = 1</script> after <img src=x onerror="window.pwned = 1">\n\n<div onclick="x()">block</div>\n\n<iframe src="https://evil.example"></iframe>\n',
    );
    expect(view.querySelector('script, img, iframe, div[onclick], [onerror]')).toBeNull();
    expect(view.textContent).toContain('<script>window.pwned = 1</script>');
    expect(view.textContent).toContain('<img src=x onerror="window.pwned = 1">');
    expect(view.textContent).toContain('<div onclick="x()">block</div>');
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('keeps http, https and mailto links, opened apart from the app, and neutralises any other', () => {
    const view = renderMarkdown(
      '[site](https://example.com) [mail](mailto:a@example.com) [js](javascript:alert(1)) [tab](java\tscript:alert(1)) [data](data:text/html,<script>x</script>) [rel](/settings) <https://auto.example>\n',
    );
    const links = [...view.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com',
      'mailto:a@example.com',
      'https://auto.example',
    ]);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    // The text of a refused link stays, without a link.
    expect(view.textContent).toContain('js');
    expect(view.textContent).toContain('rel');
  });

  it('loads no image: an image becomes a link to it (or text when its URL is refused)', () => {
    const view = renderMarkdown('![chart](https://example.com/c.png) ![x](javascript:alert(1))\n');
    expect(view.querySelector('img')).toBeNull();
    expect(view.querySelector('a')?.getAttribute('href')).toBe('https://example.com/c.png');
    expect(view.textContent).toContain('Image: chart');
    expect(view.textContent).toContain('Image: x');
  });

  it('decodes character references as text', () => {
    const view = renderMarkdown('Fish &amp; chips &lt;b&gt; &#169; &#x1F600; &bogus;\n');
    expect(view.querySelector('p')?.textContent).toBe('Fish & chips <b> © 😀 &bogus;');
    expect(view.querySelector('b')).toBeNull();
  });
});

describe('lexMarkdown', () => {
  it('lexes a long document in pieces without splitting a code fence', () => {
    const fence = '```\n' + 'line\n\n'.repeat(10_000) + '```\n';
    const markdown = `${'Paragraph text.\n\n'.repeat(3_000)}${fence}\nAfter.\n`;
    const tokens = lexMarkdown(markdown).filter((token) => token.type !== 'space');
    expect(tokens.filter((token) => token.type === 'code')).toHaveLength(1);
    expect(tokens.filter((token) => token.type === 'paragraph')).toHaveLength(3_001);
  });
});

describe('safeHref and decodeEntities', () => {
  it('accepts only absolute http(s) and mailto', () => {
    expect(safeHref('HTTPS://a.example/x')).toBe('HTTPS://a.example/x');
    expect(safeHref(' javascript:alert(1)')).toBeUndefined();
    expect(safeHref('vbscript:x')).toBeUndefined();
    expect(safeHref('//evil.example')).toBeUndefined();
    expect(safeHref('http:/relative')).toBeUndefined();
    expect(safeHref(undefined)).toBeUndefined();
  });

  it('leaves unknown references and surrogates harmless', () => {
    expect(decodeEntities('&#xD800; &nope; &#0;')).toBe('\ufffd &nope; \ufffd');
  });
});
