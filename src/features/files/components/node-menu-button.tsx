import type { FileNode } from '@/api';
import { MoreIcon } from '@/ui';

/**
 * A node's "Actions" button. Not a tab stop (the list has one: its focused row); from the
 * keyboard the menu opens with Shift+F10 or the menu key on the row.
 */
export function NodeMenuButton({
  node,
  onMenu,
}: {
  node: FileNode;
  /** Opens the node's menu beside the button (selecting the node first). */
  onMenu: (node: FileNode, anchor: HTMLElement) => void;
}) {
  return (
    <button
      type="button"
      className="button files-menu-button"
      data-variant="ghost"
      data-size="small"
      tabIndex={-1}
      aria-label={`Actions for ${node.name}`}
      aria-haspopup="menu"
      data-menu-for={node.id}
      onClick={(event) => {
        event.stopPropagation();
        onMenu(node, event.currentTarget);
      }}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      <MoreIcon />
    </button>
  );
}
