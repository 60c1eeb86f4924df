import type { Editor } from '@tiptap/core';
import { type FormEvent, useState } from 'react';
import { Button, Dialog, TextField } from '@/ui';
import { isAllowedLinkHref } from '../markdown';

/** Adds, changes or removes the link on the selection (or inserts a linked address). */
export function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Link">
      {open && <LinkForm editor={editor} onClose={onClose} />}
    </Dialog>
  );
}

function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [href, setHref] = useState(current);
  const [error, setError] = useState<string>();

  function close() {
    onClose();
    editor.commands.focus();
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    let value = href.trim();
    if (!value) return remove();
    if (!/^[a-z][a-z0-9+.-]*:/i.test(value) && !value.startsWith('/') && !value.startsWith('#'))
      value = `https://${value}`;
    if (!isAllowedLinkHref(value)) {
      setError('Use a web address (https://…), an email address (mailto:…) or a path on this site.');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: { href: value } }] }).run();
    else chain.setLink({ href: value }).run();
    onClose();
  }

  function remove() {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  }

  return (
    <form className="stack" onSubmit={handleSubmit} noValidate>
      <TextField
        label="Address"
        type="url"
        inputMode="url"
        placeholder="https://example.com"
        value={href}
        error={error}
        onChange={(event) => {
          setHref(event.target.value);
          setError(undefined);
        }}
      />
      <div className="dialog-actions">
        {current && (
          <Button variant="danger" onClick={remove}>
            Remove link
          </Button>
        )}
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" variant="primary">
          Save link
        </Button>
      </div>
    </form>
  );
}
