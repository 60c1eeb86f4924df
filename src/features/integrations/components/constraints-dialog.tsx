import { type FormEvent, useState } from 'react';
import type { IntegrationGrantWithConnection } from '@/api';
import { Button, Dialog, FormError } from '@/ui';
import { constraintsText, parseConstraints } from '../constraints';
import { formErrors } from '../forms';
import { useUpdateGrantConstraints } from '../mutations';
import { ConstraintsEditor } from './constraints-editor';

/**
 * "Edit constraints": the grant's constraints as pretty JSON. Invalid JSON is named inline and
 * Save waits for a valid object; the server's refusal shows under the editor and the text stays.
 */
export function ConstraintsDialog({
  agentId,
  grant,
  onClose,
}: {
  agentId: string;
  grant: IntegrationGrantWithConnection;
  onClose: () => void;
}) {
  const [text, setText] = useState(() => constraintsText(grant.constraints));
  const update = useUpdateGrantConstraints(agentId);
  const parsed = parseConstraints(text);
  const errors = formErrors(update.error, ['constraints']);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!parsed.ok) return;
    update.mutate({ grant, constraints: parsed.value }, { onSuccess: onClose });
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="wide"
      title={`Constraints of ${grant.connection.displayName}`}
      description="The agent receives them with the credentials and keeps within them."
    >
      <form className="stack" onSubmit={handleSubmit} noValidate>
        {errors.form && !errors.fields.constraints && <FormError message={errors.form} />}
        <ConstraintsEditor
          value={text}
          onChange={(value) => {
            setText(value);
            // The server's refusal was about the text as it was.
            if (update.isError) update.reset();
          }}
          serverError={errors.fields.constraints}
        />
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={update.isPending} disabled={!parsed.ok}>
            Save constraints
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
