import { readableMarkdown } from '../diff';

/**
 * The blocks (as read, without comment syntax) that this person's saves here added, newest last:
 * when a colleague's save takes some of them out, the page says so.
 */
export class OwnBlocks {
  private blocks: string[] = [];

  /** Remembers the blocks a save of mine added (the last 100). */
  note(before: string, after: string) {
    const had = new Set(blocksOf(before));
    for (const block of blocksOf(after)) if (!had.has(block)) this.blocks.push(block);
    this.blocks = this.blocks.slice(-100);
  }

  /** The blocks of mine that `markdown` no longer has; they are forgotten. */
  takeLost(markdown: string): string[] {
    const now = new Set(blocksOf(markdown));
    const lost = this.blocks.filter((block) => !now.has(block));
    this.blocks = this.blocks.filter((block) => now.has(block));
    return lost;
  }
}

/** A page's blocks as people read them: paragraphs, items, … without comment or block-key syntax. */
function blocksOf(markdown: string): string[] {
  return readableMarkdown(markdown)
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => /[\p{L}\p{N}]/u.test(block));
}

/** A block on one line, cut to 80 characters. */
export function excerptOf(block: string): string {
  const flat = block.replace(/\s+/g, ' ');
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}
