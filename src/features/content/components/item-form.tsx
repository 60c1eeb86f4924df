import { Suspense, useId } from 'react';
import { MarkdownField } from '@/features/wiki';
import { QueryNotice, SelectField, TextAreaField, TextField } from '@/ui';
import { BODY_MAX, EXCERPT_MAX, KIND_LABELS, KINDS, SLUG_MAX, TITLE_MAX, type ContentKind } from '../rules';
import type { DraftErrors, ItemDraft } from '../rules';
import { TagInput } from './tag-input';

type ItemFormProps = {
  draft: ItemDraft;
  errors: DraftErrors;
  onChange: (patch: Partial<ItemDraft>) => void;
};

/** An item's fields: title, address, kind, excerpt, tags and the Markdown body (the wiki's editor). */
export function ItemForm({ draft, errors, onChange }: ItemFormProps) {
  const bodyId = useId();
  return (
    <div className="stack content-form">
      <TextField
        label="Title"
        required
        maxLength={TITLE_MAX}
        showCounter
        value={draft.title}
        onChange={(event) => onChange({ title: event.target.value })}
        error={errors.title}
      />
      <div className="content-form-row">
        <TextField
          label="URL path"
          required
          maxLength={SLUG_MAX}
          className="input mono"
          value={draft.slug}
          spellCheck={false}
          autoCapitalize="off"
          onChange={(event) => onChange({ slug: event.target.value })}
          description={
            <>
              Where your site shows it: <span className="mono">/{draft.slug || '…'}</span> (and{' '}
              <span className="mono">/api/content/items/{draft.slug || '…'}</span> in the content API). Lowercase
              letters, digits and dashes.
            </>
          }
          error={errors.slug}
        />
        <SelectField
          label="Kind"
          value={draft.kind}
          onChange={(event) => onChange({ kind: event.target.value as ContentKind })}
          error={errors.kind}
        >
          {KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label="Excerpt"
        rows={2}
        maxLength={EXCERPT_MAX}
        showCounter
        value={draft.excerpt}
        onChange={(event) => onChange({ excerpt: event.target.value })}
        description="A sentence or two for lists and link previews."
        error={errors.excerpt}
      />
      <TagInput label="Tags" tags={draft.tags} onChange={(tags) => onChange({ tags })} error={errors.tags} />
      <div className="field">
        {/* The editor is named by its own aria-label: a <label> cannot point at a contenteditable. */}
        <span className="field-label" aria-hidden="true">
          Body
        </span>
        <Suspense fallback={<QueryNotice status="loading" label="Loading the editor…" />}>
          <MarkdownField
            id={bodyId}
            label="Body"
            value={draft.body}
            placeholder="Write the text here: headings, lists, links, code…"
            maxLength={BODY_MAX}
            onChange={(body) => onChange({ body })}
          />
        </Suspense>
        {errors.body && <p className="field-error">{errors.body}</p>}
      </div>
    </div>
  );
}
