import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '@/ui';
import { type Block, blockDiff, type BlockDiff, type DiffEntry, readableMarkdown, type WordPart } from '../diff';
import './history.css';

/** Unchanged blocks shown beside a change, for context; longer runs fold away. */
const CONTEXT = 1;
/** Changed entries shown before "Show all changes" (a whole page rewritten stays quick to open). */
const FIRST_ENTRIES = 200;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "3 blocks changed: 1 edited, 1 added, 1 removed", or "No changes". */
export function diffSummary(diff: Pick<BlockDiff, 'added' | 'removed' | 'changed'>): string {
  const total = diff.added + diff.removed + diff.changed;
  if (total === 0) return 'No changes';
  const parts = [
    diff.changed && `${diff.changed} edited`,
    diff.added && `${diff.added} added`,
    diff.removed && `${diff.removed} removed`,
  ].filter(Boolean);
  return `${plural(total, 'block')} changed: ${parts.join(', ')}`;
}

/**
 * A readable diff of two Markdown texts, block by block, shown as Markdown source (text, never
 * HTML): unchanged runs folded ("12 unchanged blocks"), added blocks marked + and <ins>, removed
 * ones − and <del>, edited blocks with their word changes. Each change also says in words what it
 * is, for screen readers, and a summary line counts them.
 */
export function RevisionDiff({
  before,
  after,
  label,
  emptyMessage = 'The two versions are the same.',
}: {
  before: string;
  after: string;
  /** Names the diff for assistive technology ("Changes from revision 3 to revision 4"). */
  label?: string;
  emptyMessage?: string;
}) {
  // Read as people read the page: comment highlights and block keys are not text.
  const diff = useMemo(() => blockDiff(readableMarkdown(before), readableMarkdown(after)), [before, after]);
  const [showAll, setShowAll] = useState(false);
  const changes = diff.added + diff.removed + diff.changed;
  const entries = showAll ? diff.entries : firstEntries(diff.entries, FIRST_ENTRIES);
  const hidden = diff.entries.length - entries.length;

  return (
    <section className="revision-diff" aria-label={label}>
      <p className="revision-diff-summary">{diffSummary(diff)}</p>
      {changes === 0 ? (
        <p className="muted">{before !== after ? 'Only comment highlights changed.' : emptyMessage}</p>
      ) : (
        <div className="revision-diff-blocks">
          {entries.map((entry, index) => (
            <Entry key={index} entry={entry} isFirst={index === 0} isLast={index === diff.entries.length - 1} />
          ))}
          {hidden > 0 && (
            <Button size="small" className="revision-diff-more" onClick={() => setShowAll(true)}>
              Show the rest ({plural(hidden, 'more part')})
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

function firstEntries(entries: DiffEntry[], limit: number): DiffEntry[] {
  let changes = 0;
  for (let index = 0; index < entries.length; index++) {
    if (entries[index]!.type !== 'same' && ++changes > limit) return entries.slice(0, index);
  }
  return entries;
}

function Entry({ entry, isFirst, isLast }: { entry: DiffEntry; isFirst: boolean; isLast: boolean }) {
  switch (entry.type) {
    case 'same':
      return <UnchangedRun blocks={entry.blocks} contextBefore={!isFirst} contextAfter={!isLast} />;
    case 'added':
      return (
        <DiffBlock change="added" marker="+" block={entry.block}>
          <ins>
            <span className="visually-hidden">Added block: </span>
            {entry.block.text}
          </ins>
        </DiffBlock>
      );
    case 'removed':
      return (
        <DiffBlock change="removed" marker="−" block={entry.block}>
          <del>
            <span className="visually-hidden">Removed block: </span>
            {entry.block.text}
          </del>
        </DiffBlock>
      );
    case 'changed':
      return (
        <DiffBlock change="changed" marker="~" block={entry.after}>
          <span className="visually-hidden">Edited block: </span>
          <WordParts parts={entry.parts} />
        </DiffBlock>
      );
  }
}

function DiffBlock({
  change,
  marker,
  block,
  children,
}: {
  change: 'added' | 'removed' | 'changed' | 'same';
  marker: string;
  block: Block;
  children: ReactNode;
}) {
  return (
    <div className="diff-block" data-change={change} data-kind={block.kind}>
      <span className="diff-marker" aria-hidden="true">
        {marker}
      </span>
      <div className="diff-text">{children}</div>
    </div>
  );
}

/** The inline changes of an edited block. */
export function WordParts({ parts }: { parts: WordPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.type === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.type === 'added' ? (
          <ins key={index}>
            <span className="visually-hidden">[added: </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </ins>
        ) : (
          <del key={index}>
            <span className="visually-hidden">[removed: </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </del>
        ),
      )}
    </>
  );
}

/**
 * Unchanged blocks: a short run is shown, a long one keeps a block of context next to each
 * change and folds the middle behind a toggle (which stays where it is, keeping focus).
 */
function UnchangedRun({
  blocks,
  contextBefore,
  contextAfter,
}: {
  blocks: Block[];
  contextBefore: boolean;
  contextAfter: boolean;
}) {
  const [open, setOpen] = useState(false);
  const head = contextBefore ? CONTEXT : 0;
  const tail = contextAfter ? CONTEXT : 0;
  const folded = blocks.length - head - tail;
  if (folded <= 1) {
    return (
      <>
        {blocks.map((block, index) => (
          <Unchanged key={index} block={block} />
        ))}
      </>
    );
  }
  return (
    <>
      {blocks.slice(0, head).map((block, index) => (
        <Unchanged key={`head-${index}`} block={block} />
      ))}
      <Button variant="ghost" size="small" className="diff-fold" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? `Hide ${plural(folded, 'unchanged block')}` : plural(folded, 'unchanged block')}
      </Button>
      {open &&
        blocks
          .slice(head, blocks.length - tail)
          .map((block, index) => <Unchanged key={`middle-${index}`} block={block} />)}
      {blocks.slice(blocks.length - tail).map((block, index) => (
        <Unchanged key={`tail-${index}`} block={block} />
      ))}
    </>
  );
}

function Unchanged({ block }: { block: Block }) {
  return (
    <DiffBlock change="same" marker="" block={block}>
      {block.text}
    </DiffBlock>
  );
}
