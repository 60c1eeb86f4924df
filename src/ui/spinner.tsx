import './spinner.css';

/** A decorative spinner; the busy state itself is announced by the control that shows it. */
export function Spinner({ size = 16 }: { size?: number }) {
  return <span className="spinner" aria-hidden="true" style={{ width: size, height: size }} />;
}
