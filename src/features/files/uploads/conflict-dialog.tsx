import { useId, useState } from 'react';
import { Button, Dialog } from '@/ui';
import { resolveConflict } from './queue';
import { type ConflictChoice, isActive, useUploads } from './store';

/** "report.pdf" → "report (1).pdf": how "Keep both" names the new file (the server takes the next free number). */
export function keepBothName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (1)${name.slice(dot)}` : `${name} (1)`;
}

/** Asks about the first name clash waiting; the others wait their turn (one dialog at a time). */
export function ConflictPrompt() {
  const id = useUploads((store) => store.conflicts[0]);
  const item = useUploads((store) => (id ? store.byId[id] : undefined));
  // "For all" is offered while more files of the same drop may still clash.
  const more = useUploads((store) =>
    Boolean(
      item &&
      store.order.some((other) => {
        const candidate = store.byId[other];
        return (
          other !== item.id &&
          candidate?.batchId === item.batchId &&
          (isActive(candidate.state) || candidate.state === 'waiting-for-decision')
        );
      }),
    ),
  );
  if (!item?.conflict) return null;
  return (
    <ConflictDialog
      key={item.id}
      id={item.id}
      name={item.name}
      message={item.conflict.message}
      folderHoldsName={item.conflict.existingNodeType === 'folder'}
      offerApplyToAll={more}
    />
  );
}

function ConflictDialog({
  id,
  name,
  message,
  folderHoldsName,
  offerApplyToAll,
}: {
  id: string;
  name: string;
  message: string;
  folderHoldsName: boolean;
  offerApplyToAll: boolean;
}) {
  const [applyToAll, setApplyToAll] = useState(false);
  const checkboxId = useId();
  const decide = (choice: ConflictChoice) => resolveConflict(id, choice, applyToAll);
  return (
    <Dialog open onClose={() => decide('skip')} title={`“${name}” already exists`} description={message}>
      <div className="stack">
        <p>
          <strong>Keep both</strong> uploads this one as “{keepBothName(name)}”.{' '}
          {folderHoldsName ? (
            'A folder cannot be replaced by a file.'
          ) : (
            <>
              <strong>Replace</strong> puts its content into the existing file, which keeps its links and agent access.
              Members can replace only files they uploaded; admins can replace any.
            </>
          )}
        </p>
        {offerApplyToAll && (
          <div className="row" style={{ gap: 8 }}>
            <input
              id={checkboxId}
              type="checkbox"
              checked={applyToAll}
              onChange={(event) => setApplyToAll(event.currentTarget.checked)}
            />
            <label htmlFor={checkboxId}>Do this for all remaining conflicts</label>
          </div>
        )}
        <div className="dialog-actions">
          <Button onClick={() => decide('skip')}>Skip</Button>
          {!folderHoldsName && <Button onClick={() => decide('replace')}>Replace</Button>}
          <Button variant="primary" data-autofocus onClick={() => decide('rename')}>
            Keep both
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
