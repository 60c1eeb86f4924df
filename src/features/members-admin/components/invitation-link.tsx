import { useId, useState } from 'react';
import { CopyButton } from '@/ui';

/** An invitation link in a read-only field, selected on focus, with a Copy button beside it. */
export function InvitationLink({ link, email }: { link: string; email: string }) {
  const id = useId();
  const [copyFailed, setCopyFailed] = useState(false);
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        Invitation link for {email}
      </label>
      <div className="row" style={{ flexWrap: 'nowrap' }}>
        <input id={id} className="input mono" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        <CopyButton value={link} variant="primary" label="Copy link" onCopyFailed={() => setCopyFailed(true)} />
      </div>
      {copyFailed && <p className="field-error">Copying was blocked. Select the link and copy it by hand.</p>}
    </div>
  );
}
