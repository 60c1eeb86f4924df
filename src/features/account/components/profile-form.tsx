import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError, type Me } from '@/api';
import { Button, FormError, TextField, toast } from '@/ui';
import { useUpdateProfile } from '../mutations';

const MAX = 100;

/** Display name and title. Keeps what was typed when saving fails. */
export function ProfileForm({ me }: { me: Me }) {
  const [name, setName] = useState(me.user.name);
  const [title, setTitle] = useState(me.user.title);
  const update = useUpdateProfile();
  const error = update.error;
  const changed = name.trim() !== me.user.name || title.trim() !== me.user.title;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ name: name.trim(), title: title.trim() }, { onSuccess: () => toast('success', 'Profile saved') });
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
