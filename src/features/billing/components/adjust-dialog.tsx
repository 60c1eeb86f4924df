import { useState } from 'react';
import { errorMessage, isApiError } from '@/api';
import { Button, ChoiceGroup, Dialog, FormError, SelectField, TextAreaField, TextField } from '@/ui';
import { type AdjustmentInput, useAdjustCredits } from '../mutations';

/**
 * "Adjust credits…": a grant (purchased credits, kept until used) or an adjustment of either
 * balance, either way, with a required note. The server's refusal is shown beside the field it
 * concerns; what was typed stays.
 */
export function AdjustDialog({ onClose }: { onClose: () => void }) {
  const adjust = useAdjustCredits();
  const [type, setType] = useState<AdjustmentInput['type']>('grant');
  const [amount, setAmount] = useState('');
  const [bucket, setBucket] = useState<'included' | 'purchased'>('purchased');
  const [note, setNote] = useState('');
  const error = adjust.error;
  const issue = (field: string) => (isApiError(error) ? error.fieldError(field) : undefined);
  // A balance that would go below zero (409) concerns the amount.
  const amountError = issue('amount') ?? (isApiError(error) && error.status === 409 ? errorMessage(error) : undefined);
  const noteError = issue('note');
  const placed = Boolean(amountError || noteError || issue('bucket') || issue('type'));
  const value = Number(amount);
  const valid = amount.trim() !== '' && Number.isInteger(value) && value !== 0 && note.trim() !== '';

  return (
    <Dialog
      open
      onClose={onClose}
      title="Adjust credits"
      description="Recorded in the ledger with your name and the note."
    >
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid) return;
          adjust.mutate(
            { type, amount: value, note: note.trim(), ...(type === 'adjustment' ? { bucket } : {}) },
            { onSuccess: onClose },
          );
        }}
      >
        <ChoiceGroup
          legend="Kind"
          name="adjustment-type"
          value={type}
          onChange={setType}
          options={[
            {
              value: 'grant',
              title: 'Grant',
              description: 'adds purchased credits, kept until used (goodwill, a refund)',
            },
            { value: 'adjustment', title: 'Adjustment', description: 'corrects either balance, up or down' },
          ]}
        />
        <TextField
          label="Amount"
          inputMode="numeric"
          description={type === 'grant' ? 'Credits to add.' : 'Credits to add, or to remove with a minus sign (−50).'}
          value={amount}
          onChange={(event) => setAmount(event.target.value.replace('−', '-'))}
          error={amountError ?? issue('bucket')}
          required
        />
        {type === 'adjustment' && (
          <SelectField
            label="Balance"
            value={bucket}
            onChange={(event) => setBucket(event.target.value as typeof bucket)}
          >
            <option value="purchased">Purchased credits</option>
            <option value="included">Included credits</option>
          </SelectField>
        )}
        <TextAreaField
          label="Note"
          description="Why (required): shown in the ledger and the export."
          value={note}
          maxLength={500}
          showCounter
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          error={noteError}
          required
        />
        {error && !placed && <FormError message={errorMessage(error)} />}
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={adjust.isPending} disabled={!valid}>
            Record
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
