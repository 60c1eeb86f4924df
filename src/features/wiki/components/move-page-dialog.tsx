import { type FormEvent, useMemo, useState } from 'react';
import type { WikiPageSummary } from '@/api';
import { Button, Dialog, SelectField } from '@/ui';
import { childrenOf, flattenTree, subtreeOf, type MoveTarget } from '../tree';

/** Moving without dragging: pick the parent page (or the top level) and the place among its children. */
export function MovePageDialog({
  pages,
  page,
  onMove,
  onClose,
}: {
  pages: WikiPageSummary[];
  page: WikiPageSummary | null;
  onMove: (target: MoveTarget) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={page !== null} onClose={onClose} title={page ? `Move “${page.title}”` : ''}>
      {page && <MovePageForm key={page.id} pages={pages} page={page} onMove={onMove} onClose={onClose} />}
    </Dialog>
  );
}

const TOP = '';

function MovePageForm({
  pages,
  page,
  onMove,
  onClose,
}: {
  pages: WikiPageSummary[];
  page: WikiPageSummary;
  onMove: (target: MoveTarget) => void;
  onClose: () => void;
}) {
  // A page cannot go under itself or under a page of its own subtree.
  const parents = useMemo(() => {
    const excluded = subtreeOf(pages, page.id);
    return flattenTree(pages).filter((row) => !excluded.has(row.page.id));
  }, [pages, page.id]);
  const currentParent = page.parentId && pages.some((item) => item.id === page.parentId) ? page.parentId : TOP;
  const [parentId, setParentId] = useState(currentParent);
  const siblings = (childrenOf(pages).get(parentId || null) ?? []).filter((item) => item.id !== page.id);
  const [position, setPosition] = useState(String(parentId === currentParent ? page.position : siblings.length));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onMove({ parentId: parentId || null, position: Number(position) });
    onClose();
  }

  return (
    <form className="stack" onSubmit={handleSubmit}>
      <SelectField
        label="Inside"
        value={parentId}
        onChange={(event) => {
          const next = event.target.value;
          setParentId(next);
          setPosition(String((childrenOf(pages).get(next || null) ?? []).filter((item) => item.id !== page.id).length));
        }}
      >
        <option value={TOP}>Top level{currentParent === TOP ? ' (current)' : ''}</option>
        {parents.map((row) => (
          <option key={row.page.id} value={row.page.id}>
            {`${'\u2003'.repeat(row.depth + 1)}${row.page.title}${row.page.id === currentParent ? ' (current)' : ''}`}
          </option>
        ))}
      </SelectField>
      <SelectField label="Position" value={position} onChange={(event) => setPosition(event.target.value)}>
        {Array.from({ length: siblings.length + 1 }, (_, index) => (
          <option key={index} value={index}>
            {index + 1}
            {index === 0
              ? ' (first)'
              : index === siblings.length
                ? ' (last)'
                : ` (after “${siblings[index - 1]!.title}”)`}
          </option>
        ))}
      </SelectField>
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary">
          Move page
        </Button>
      </div>
    </form>
  );
}
