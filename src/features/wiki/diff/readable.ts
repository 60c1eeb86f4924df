/**
 * Page Markdown as people read it in a diff: without the storage syntax of comment highlights
 * (`[comment id="…"]…[/comment]`, which names threads by id) and of block keys
 * (`<!-- block:KEY -->` lines), and without the backslashes that keep literal text literal
 * (`2\\. two` reads `2. two`, `\\[comment` reads `[comment`), outside code. `&nbsp;` is a
 * no-break space.
 */
export function readableMarkdown(markdown: string): string {
  const stripped = markdown
    .replace(/^[ \t>]*<!-- block:[A-Za-z0-9_-]{1,64} -->[ \t]*\r?\n/gm, '')
    .replace(/(?<!\\)\[comment id="[0-9A-Fa-f -]*"\]/g, '')
    .replace(/(?<!\\)\[\/comment\]/g, '');
  let fence: string | null = null;
  return stripped
    .split('\n')
    .map((line) => {
      const marker = /^[ \t>-]*(?:\d+[.)][ \t]*)?(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence) {
        if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
        return line;
      }
      if (marker) {
        fence = marker;
        return line;
      }
      return readableLine(line);
    })
    .join('\n');
}

/** A line outside code blocks: escapes dropped and `&nbsp;` a no-break space, outside code spans. */
function readableLine(line: string): string {
  return line
    .split(/((?<!\\)`+[^`]*?`+)/)
    .map((part, i) => (i % 2 ? part : part.replace(/\\([!-/:-@[-`{-~])/g, '$1').replace(/&nbsp;/g, '\u00a0')))
    .join('');
}
