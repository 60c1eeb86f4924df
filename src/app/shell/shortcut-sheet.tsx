import { Dialog } from '@/ui';
import { closeShortcutSheet, pageShortcuts, type Shortcut, shortcuts, useShortcutSheet } from '../shortcuts';

/** The "?" sheet: every keyboard shortcut. */
export function ShortcutSheet() {
  const open = useShortcutSheet((state) => state.open);
  return (
    <Dialog
      open={open}
      onClose={closeShortcutSheet}
      title="Keyboard shortcuts"
      description="The first ones work anywhere except while you type in a field; the others where they are named."
    >
      <table className="shortcut-table">
        <tbody>
          {shortcuts.map((shortcut) => (
            <ShortcutRow key={shortcut.keys.join(' ')} shortcut={shortcut} />
          ))}
          <tr>
            <td>Close a dialog</td>
            <td className="shortcut-keys">
              <kbd>Esc</kbd>
            </td>
          </tr>
        </tbody>
      </table>
      {pageShortcuts.map((group) => (
        <table key={group.title} className="shortcut-table">
          <caption>{group.title}</caption>
          <tbody>
            {group.shortcuts.map((shortcut) => (
              <ShortcutRow key={shortcut.keys.join(' ')} shortcut={shortcut} />
            ))}
          </tbody>
        </table>
      ))}
    </Dialog>
  );
}

function ShortcutRow({ shortcut }: { shortcut: Shortcut }) {
  const joiner = shortcut.together ? ' + ' : shortcut.either ? ' or ' : ' then ';
  return (
    <tr>
      <td>{shortcut.description}</td>
      <td className="shortcut-keys">
        {shortcut.keys.map((key, index) => (
          <span key={key}>
            {index > 0 && <span className="muted">{joiner}</span>}
            <kbd>{key}</kbd>
          </span>
        ))}
      </td>
    </tr>
  );
}
