import { formatRelative } from '@/lib/format';
import { Button } from './button';
import { useNow } from './use-now';

type DraftOfferProps = {
  /** What the field is, as the sentence names it ("the description"). */
  field: string;
  /** When the draft was last written (ms since the epoch). */
  at: number;
  /** The beginning of the kept text, shown so the person knows which text it is. */
  text: string;
  onRestore: () => void;
  onDiscard: () => void;
};

/**
 * The offer of a draft kept in this browser for a field (see lib/drafts): "Restore your unsaved
 * text" puts it back in the field, Discard forgets it. Shown above the field it belongs to.
 */
export function DraftOffer({ field, at, text, onRestore, onDiscard }: DraftOfferProps) {
  const now = useNow();
  const preview = text.replace(/\s+/g, ' ').trim();
  return (
    <div className="notice draft-offer" role="status">
      <p>
        You have unsaved text in {field} from {formatRelative(new Date(at).toISOString(), now)}:{' '}
        <q className="draft-offer-preview">{preview.length > 80 ? `${preview.slice(0, 80)}…` : preview}</q>
      </p>
      <div className="row">
        <Button size="small" onClick={onRestore}>
          Restore your unsaved text
        </Button>
        <Button size="small" variant="ghost" onClick={onDiscard}>
          Discard it
        </Button>
      </div>
    </div>
  );
}
