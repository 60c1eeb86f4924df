import { useState } from 'react';
import { Button } from '@/ui';

/** Labels one card may carry (the server's limit). */
const MAX_LABELS = 20;

/** A card's labels: remove one, or add one (Enter or Add; the same label twice is ignored). */
export function LabelEditor({ labels, onChange }: { labels: string[]; onChange: (labels: string[]) => void }) {
  const [newLabel, setNewLabel] = useState('');
  const add = () => {
    const value = newLabel.trim();
    if (!value) return;
    setNewLabel('');
    if (!labels.some((label) => label.toLowerCase() === value.toLowerCase())) onChange([...labels, value]);
  };
  return (
    <fieldset className="card-editor-section">
      <legend>Labels</legend>
      <ul className="card-face-labels">
        {labels.map((label) => (
          <li key={label} className="label-chip label-chip-removable">
            {label}
            <button
              type="button"
              aria-label={`Remove label ${label}`}
              onClick={() => onChange(labels.filter((item) => item !== label))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="row" style={{ flexWrap: 'nowrap' }}>
        <label className="visually-hidden" htmlFor="card-new-label">
          New label
        </label>
        <input
          id="card-new-label"
          className="input"
          maxLength={40}
          placeholder="Add a label"
          value={newLabel}
          onChange={(event) => setNewLabel(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        <Button size="small" onClick={add} disabled={!newLabel.trim() || labels.length >= MAX_LABELS}>
          Add
        </Button>
      </div>
    </fieldset>
  );
}
