import type { Card, Member, UpdateCardRequest } from '@/api';
import { formatDate } from '@/lib/format';
import { Button } from '@/ui';
import { type CardField, FIELD_NAMES } from '../edit-conflict';
import { priorityLabel } from '../filters';

/** A field's value in words, for comparing two of them. */
function shown(field: CardField, value: unknown, members: Member[]): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  switch (field) {
    case 'priority':
      return priorityLabel[value as Card['priority']] ?? String(value);
    case 'assignee':
      return members.find((member) => member.id === value)?.name ?? 'Someone no longer here';
    case 'due':
      return formatDate(String(value));
    case 'labels':
      return (value as string[]).length > 0 ? (value as string[]).join(', ') : '(none)';
    case 'checklist':
      return (value as Card['checklist']).map((item) => `${item.done ? '☑' : '☐'} ${item.text}`).join('\n') || '(none)';
    default:
      return String(value);
  }
}

/** The card's value of a field, as an edit would send it. */
export function cardValue(card: Card, field: CardField): unknown {
  return field === 'assignee' ? card.assignee : card[field];
}

type Props = {
  fields: CardField[];
  /** The card as the server has it now. */
  card: Card;
  /** Your value of a field (what you typed, or the change that was refused). */
  mine: (field: CardField) => UpdateCardRequest[CardField];
  members: Member[];
  onChoose: (field: CardField, choice: 'mine' | 'theirs') => void;
};

/**
 * Fields someone else changed while you were editing them: their value beside yours, and a choice
 * of which to keep. Nothing is stored until you choose; "Keep mine" saves yours over theirs.
 */
export function EditConflictNotice({ fields, card, mine, members, onChoose }: Props) {
  return (
    <section className="notice card-conflict" data-tone="warning" role="alert" aria-label="Edit conflict">
      {fields.map((field) => {
        const name = FIELD_NAMES[field];
        // A long text scrolls in its box, which the keyboard can then reach.
        const long = field === 'description' || field === 'checklist';
        return (
          <div key={field} className="card-conflict-field">
            <p className="card-conflict-title">Someone else changed the {name} while you were editing it.</p>
            <dl className="card-conflict-values">
              <dt>Theirs</dt>
              <dd tabIndex={long ? 0 : undefined}>{shown(field, cardValue(card, field), members)}</dd>
              <dt>Yours</dt>
              <dd tabIndex={long ? 0 : undefined}>{shown(field, mine(field), members)}</dd>
            </dl>
            <div className="row">
              <Button size="small" onClick={() => onChoose(field, 'mine')} aria-label={`Keep my ${name}`}>
                Keep mine
              </Button>
              <Button
                size="small"
                variant="ghost"
                onClick={() => onChoose(field, 'theirs')}
                aria-label={`Keep their ${name}`}
              >
                Keep theirs
              </Button>
            </div>
          </div>
        );
      })}
    </section>
  );
}
