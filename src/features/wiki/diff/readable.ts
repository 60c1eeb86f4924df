/**
 * Page Markdown as people read it in a diff: without the storage syntax of comment highlights
 * (`[comment id="…"]…[/comment]`, which names threads by id) and of block keys
 * (`<!-- block:KEY -->` lines). Escaped literal text (`\[comment`) is kept.
 */
export function readableMarkdown(markdown: string): string {
  return markdown
    .replace(/^[ \t>]*<!-- block:[A-Za-z0-9_-]{1,64} -->[ \t]*\r?\n/gm, '')
    .replace(/(?<!\\)\[comment id="[0-9A-Fa-f -]*"\]/g, '')
    .replace(/(?<!\\)\[\/comment\]/g, '');
}
