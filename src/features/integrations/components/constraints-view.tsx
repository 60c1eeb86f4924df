import { constraintEntries } from '../constraints';

/** A grant's constraints as a readable list: each key and its value (nested values as compact JSON). */
export function ConstraintsView({ constraints }: { constraints: Record<string, unknown> }) {
  const entries = constraintEntries(constraints);
  if (entries.length === 0) return <span className="muted">None</span>;
  return (
    <dl className="constraints-view">
      {entries.map(({ key, value }) => (
        <div key={key} className="constraints-view-entry">
          <dt className="mono">{key}</dt>
          <dd className="mono">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
