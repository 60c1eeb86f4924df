import { useEffect, useMemo, useRef, useState } from 'react';
import type { WikiAuthor } from '@/api';
import { formatDateTime, formatRelative } from '@/lib/format';
import { Button, CopyButton, Dialog, useNow } from '@/ui';
import { type MergeConflict, type PageText, readableMarkdown, tryAutoMerge } from '../diff';
import { RevisionDiff } from './revision-diff';
import './history.css';

export type ConflictDialogProps = {
  /** The revision my edit started from. */
  base: PageText;
  /** My edit, not saved. */
  mine: PageText;
  /** The page as a colleague saved it meanwhile (the 412's `page`). */
  theirs: PageText & { revisionId: string; updatedBy: WikiAuthor; updatedAt: string };
  /** Save the merge (my changes on top of theirs) on their revision. */
  onReapply: (markdown: string, title: string) => void;
  /** Save my version as it is on top of their revision (theirs stays in the history). */
  onKeepMine: () => void;
  /** Drop my edit and show their version. */
  onDiscardMine: () => void;
  /** Decide later: the dialog closes, my edit stays a draft. */
  onClose: () => void;
  /** While the caller saves the choice. */
  busy?: boolean;
};

type Step = 'choose' | 'keep' | 'discard';

const EXCERPT = 160;

function excerpt(text: string): string {
  const flat = readableMarkdown(text).replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
}

/**
 * Shown when a save answers 412: someone saved the page while I was editing. It shows what they
 * changed and what I changed since the revision I started from, then lets me choose — apply my
 * changes on top of theirs (offered first when they touch different blocks, with the result),
 * keep my version as a new revision after seeing what it changes in theirs, or discard mine after
 * a confirmation (with a way to copy it first). No choice drops text silently: theirs stays in the
 * history whatever I choose.
 */
export function ConflictDialog({
  base,
  mine,
  theirs,
  onReapply,
  onKeepMine,
  onDiscardMine,
  onClose,
  busy = false,
}: ConflictDialogProps) {
  const merge = useMemo(
    () =>
      tryAutoMerge(
        { markdown: base.markdown, title: base.title },
        { markdown: mine.markdown, title: mine.title },
        { markdown: theirs.markdown, title: theirs.title },
      ),
    [base.markdown, base.title, mine.markdown, mine.title, theirs.markdown, theirs.title],
  );
  const [step, setStep] = useState<Step>('choose');
  const previousStep = useRef<Step>('choose');
  const stepRef = useRef<HTMLDivElement>(null);
  const now = useNow();
  const who = theirs.updatedBy.name;

  // A step puts focus on its heading, and going back puts it on the button that left, so the
  // keyboard and screen readers follow the change.
  useEffect(() => {
    const from = previousStep.current;
    if (from === step) return;
    previousStep.current = step;
    const target = step === 'choose' ? `[data-step="${from}"]` : 'h3';
    stepRef.current?.querySelector<HTMLElement>(target)?.focus();
  }, [step]);

  const when = (
    <time dateTime={theirs.updatedAt} title={formatDateTime(theirs.updatedAt)}>
      {formatRelative(theirs.updatedAt, now)}
    </time>
  );

  return (
    <Dialog
      open
      size="wide"
      onClose={onClose}
      title={`${who} saved this page while you were editing`}
      description={
        <>
          Their version was saved {when}. Your changes are not lost: choose how to go on, or close this to decide later
          (your edit stays a draft).
        </>
      }
    >
      <div className="conflict-dialog" ref={stepRef}>
        {step === 'choose' && (
          <>
            {merge.ok ? (
              <p className="notice" data-tone="success">
                Your changes and {who}’s touch different parts of the page, so yours can be applied on top of theirs.
              </p>
            ) : (
              <Conflicts
                who={who}
                conflicts={merge.conflicts}
                titleConflict={merge.titleConflict}
                mine={mine}
                theirs={theirs}
              />
            )}
            {merge.ok && (
              <details open>
                <summary>Result: your changes on top of {who}’s version</summary>
                {merge.title !== theirs.title && (
                  <p>
                    Title: <del>{theirs.title}</del> → <ins>{merge.title}</ins>
                  </p>
                )}
                <RevisionDiff
                  before={theirs.markdown}
                  after={merge.markdown}
                  label={`Your changes applied on top of ${who}’s version`}
                  emptyMessage={`Your changes are already in ${who}’s version.`}
                />
              </details>
            )}
            <details open={!merge.ok}>
              <summary>What {who} changed</summary>
              <TitleChange before={base.title} after={theirs.title} />
              <RevisionDiff before={base.markdown} after={theirs.markdown} label={`What ${who} changed`} />
            </details>
            <details open={!merge.ok}>
              <summary>What you changed</summary>
              <TitleChange before={base.title} after={mine.title} />
              <RevisionDiff before={base.markdown} after={mine.markdown} label="What you changed" />
            </details>
            <div className="dialog-actions">
              <Button variant={merge.ok ? 'ghost' : 'secondary'} data-step="discard" onClick={() => setStep('discard')}>
                Discard my changes…
              </Button>
              <Button
                variant={merge.ok ? 'secondary' : 'primary'}
                data-step="keep"
                data-autofocus={merge.ok ? undefined : true}
                onClick={() => setStep('keep')}
              >
                Keep my version…
              </Button>
              {merge.ok && (
                <Button
                  variant="primary"
                  data-autofocus
                  busy={busy}
                  onClick={() => onReapply(merge.markdown, merge.title)}
                >
                  Apply my changes on top
                </Button>
              )}
            </div>
          </>
        )}

        {step === 'keep' && (
          <>
            <h3 tabIndex={-1}>Keep my version</h3>
            <p>
              Your version becomes the newest revision, on top of {who}’s. {who}’s text stays in the history and can be
              restored from there. Compared with {who}’s version, saving yours makes these changes:
            </p>
            <TitleChange before={theirs.title} after={mine.title} />
            <RevisionDiff
              before={theirs.markdown}
              after={mine.markdown}
              label={`Your version compared with ${who}’s`}
              emptyMessage={`Your version has the same text as ${who}’s.`}
            />
            <div className="dialog-actions">
              <Button onClick={() => setStep('choose')}>Back</Button>
              <Button variant="primary" busy={busy} onClick={onKeepMine}>
                Save my version
              </Button>
            </div>
          </>
        )}

        {step === 'discard' && (
          <>
            <h3 tabIndex={-1}>Discard my changes?</h3>
            <p>
              The page will show {who}’s version. Your changes since you started editing are gone for good — copy them
              first if you may need them.
            </p>
            <div className="row">
              <CopyButton value={mine.markdown} label="Copy my text" size="small" />
            </div>
            <div className="dialog-actions">
              <Button onClick={() => setStep('choose')}>Back</Button>
              <Button variant="danger" busy={busy} onClick={onDiscardMine}>
                Discard my changes
              </Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}

function TitleChange({ before, after }: { before: string; after: string }) {
  if (before === after) return null;
  return (
    <p>
      Title: <del>{before}</del> → <ins>{after}</ins>
    </p>
  );
}

/** Where both changed the same thing: each place, as the base had it, and as each side has it now. */
function Conflicts({
  who,
  conflicts,
  titleConflict,
  mine,
  theirs,
}: {
  who: string;
  conflicts: MergeConflict[];
  titleConflict: boolean;
  mine: PageText;
  theirs: PageText;
}) {
  const places = conflicts.length + (titleConflict ? 1 : 0);
  return (
    <div className="stack" style={{ gap: 8 }}>
      <p className="notice" data-tone="warning">
        You and {who} changed the same {places === 1 ? 'part' : `${places} parts`} of the page, so your changes cannot
        be applied on top of theirs by themselves. Keep your version (theirs stays in the history) or discard yours.
      </p>
      <ol className="conflict-places" aria-label="Parts you both changed">
        {titleConflict && (
          <li className="conflict-place">
            <span>The title</span>
            <Side label={`${who}’s`} side="theirs" text={theirs.title} />
            <Side label="Yours" side="mine" text={mine.title} />
          </li>
        )}
        {conflicts.map((conflict, index) => (
          <li key={index} className="conflict-place">
            <span>
              {conflict.base.text
                ? `${conflict.base.end - conflict.base.start === 1 ? 'The block' : 'The blocks'} at line ${conflict.base.startLine}: “${excerpt(conflict.base.text)}”`
                : `New text at line ${conflict.base.startLine}`}
            </span>
            <Side label={`${who}’s`} side="theirs" text={conflict.theirs.text} />
            <Side label="Yours" side="mine" text={conflict.mine.text} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function Side({ label, side, text }: { label: string; side: 'mine' | 'theirs'; text: string }) {
  return (
    <span className="conflict-excerpt" data-side={side}>
      <strong>{label}: </strong>
      {text ? `“${excerpt(text)}”` : <em>deleted</em>}
    </span>
  );
}

export default ConflictDialog;
