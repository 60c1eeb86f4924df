import './avatar.css';

function initials(name: string) {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** A stable hue per name, so the same person always has the same colour. */
function hue(name: string) {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/** Initials in a circle. Decorative: the name is always written next to it. */
export function Avatar({ name, size = 28, kind = 'human' }: { name: string; size?: number; kind?: 'human' | 'agent' }) {
  return (
    <span
      className="avatar"
      data-kind={kind}
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4), ['--avatar-hue' as string]: hue(name) }}
    >
      {initials(name)}
    </span>
  );
}
