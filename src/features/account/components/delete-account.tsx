import { useState } from 'react';
import { errorMessage, type Me } from '@/api';
import { Button, ConfirmDialog, FormError, TextField } from '@/ui';
import { useDeleteAccount } from '../mutations';

/** Deleting the account, confirmed by typing the email address. */
export function DeleteAccount({ me }: { me: Me }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const matches = typed.trim().toLowerCase() === me.user.email.toLowerCase();

  return (
    <section className="stack" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete account</h2>
      <p className="muted">
        Deletes your account, signs you out everywhere and revokes your API keys. This cannot be undone.
      </p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete account…
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        title="Delete your account?"
        description={`Type ${me.user.email} to confirm. Your sessions end and your API keys stop working at once.`}
        confirmLabel="Delete my account"
        busy={remove.isPending}
        confirmDisabled={!matches}
        onCancel={() => {
          setOpen(false);
          remove.reset();
        }}
        onConfirm={() => remove.mutate()}
      >
        {remove.error && <FormError message={errorMessage(remove.error)} />}
        <TextField
          label="Your email"
          autoComplete="off"
          data-autofocus
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </ConfirmDialog>
    </section>
  );
}
