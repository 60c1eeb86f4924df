import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from './button';
import { CheckIcon, CopyIcon } from './icons';

async function writeClipboard(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  throw new Error('clipboard unavailable');
}

/** Copies `value`; says "Copied" for a moment, or tells the person to copy by hand. */
export function CopyButton({
  value,
  label = 'Copy',
  onCopyFailed,
  ...rest
}: Omit<ButtonProps, 'onClick' | 'value'> & {
  value: string;
  label?: string;
  onCopyFailed?: () => void;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <>
      <Button
        {...rest}
        onClick={() =>
          writeClipboard(value).then(
            () => setState('copied'),
            () => {
              setState('failed');
              onCopyFailed?.();
            },
          )
        }
      >
        {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
        {state === 'copied' ? 'Copied' : label}
      </Button>
      <span role="status" className="visually-hidden">
        {state === 'copied'
          ? 'Copied to the clipboard'
          : state === 'failed'
            ? 'Could not copy; select the text and copy it by hand'
            : ''}
      </span>
    </>
  );
}
