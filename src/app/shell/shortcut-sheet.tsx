import { Dialog } from '@/ui';
import { closeShortcutSheet, shortcuts, useShortcutSheet } from '../shortcuts';

/** The "?" sheet: every keyboard shortcut. */
export function ShortcutSheet() {
  const open = useShortcutSheet((state) => state.open);
  return (
    <Dialog
      open={open}
      onClose={closeShortcutSheet}
      title="Keyboard shortcuts"
      description="Shortcuts work anywhere except while you type in a field."
    >
      <table className="shortcut-table">
        <tbody>
          {shortcuts.map((shortcut) => (
            <tr key={shortcut.keys.join(' ')}>
              <td>{shortcut.description}</td>
              <td className="shortcut-keys">
                {shortcut.keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && <span className="muted">{shortcut.together ? ' + ' : ' then '}</span>}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
            </tr>
          ))}
          <tr>
            <td>Close a dialog</td>
            <td className="shortcut-keys">
              <kbd>Esc</kbd>
            </td>
          </tr>
        </tbody>
      </table>
    </Dialog>
  );
}
