import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError, type Me, changedFrom, useEditBase } from '@/api';
import { Button, FormError, TextField, toast } from '@/ui';
import { useUpdateProfile } from '../mutations';

const MAX = 100;

/** Display name and title. Keeps what was typed when saving fails. */
export function ProfileForm({ me }: { me: Me }) {
  const [name, setName] = useState(me.user.name);
  const [title, setTitle] = useState(me.user.title);
  // What this form last saved (or was opened on), and its version: a save sends what changed
  // since, on that version, so a change made in another tab meanwhile is shown, not overwritten.
  const [saved, setSaved] = useState({ name: me.user.name, title: me.user.title });
  const [base, adopt, setBase] = useEditBase(me.user.version);
  const update = useUpdateProfile();
  const error = update.error;
  const changes = changedFrom(saved, { name: name.trim(), title: title.trim() });
  const changed = Object.keys(changes).length > 0;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { ...changes, baseVersion: base },
      {
        onSuccess: (stored) => {
          setSaved({ name: stored.user.name, title: stored.user.title });
          setBase(stored.user.version);
          toast('success', 'Profile saved');
        },
        onError: adopt,
      },
    );
  }

  return (
    <form className="stack" onSubmit={handleSubmit} aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      {error && <FormError message={errorMessage(error)} />}
      <TextField
        label="Display name"
        required
        maxLength={MAX}
        showCounter
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={isApiError(error) ? error.fieldError('name') : undefined}
      />
      <TextField
        label="Title"
        placeholder="e.g. Product Designer"
        maxLength={MAX}
        showCounter
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={isApiError(error) ? error.fieldError('title') : undefined}
      />
      <TextField
        label="Email"
        value={me.user.email}
        readOnly
        description="Your sign-in email cannot be changed here."
      />
      <div>
        <Button type="submit" variant="primary" busy={update.isPending} disabled={!changed || name.trim() === ''}>
          Save profile
        </Button>
      </div>
    </form>
  );
}
