import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';
import './button.css';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'normal' | 'small';
  /** Shows a spinner and blocks clicks while an action runs; stays focusable and announced. */
  busy?: boolean;
};

export function Button({
  variant = 'secondary',
  size = 'normal',
  busy = false,
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={className ? `button ${className}` : 'button'}
      data-variant={variant}
      data-size={size}
      data-busy={busy}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      {...rest}
    >
      {busy && <Spinner size={14} />}
      {children}
    </button>
  );
}
