import type { FileNode } from '@/api';
import type { MenuItem } from '@/ui';

/** What a node's menu offers; actions that change it appear only for those who may change it. */
export function nodeMenuItems({
  node,
  nodes,
  canChange,
  onOpen,
  onDownload,
  onRename,
  onMove,
  onGrant,
  onDelete,
}: {
  node: FileNode;
  /** The selection the menu acts on for Move and Delete (the node alone, or all selected with it). */
  nodes: FileNode[];
  canChange: (node: FileNode) => boolean;
  onOpen: () => void;
  onDownload: () => void;
  onRename: () => void;
  onMove: (nodes: FileNode[]) => void;
  onGrant: () => void;
  onDelete: (nodes: FileNode[]) => void;
}): MenuItem[] {
  const changeable = nodes.filter(canChange);
  const several = changeable.length > 1 ? ` ${changeable.length} items` : '';
  const items: MenuItem[] = [{ label: 'Open', onSelect: onOpen }];
  if (node.type === 'file') items.push({ label: 'Download', onSelect: onDownload });
  if (canChange(node)) {
    items.push({ label: 'Rename', hint: 'F2', onSelect: onRename });
  }
  if (changeable.length > 0) items.push({ label: `Move${several} to…`, onSelect: () => onMove(changeable) });
  if (canChange(node)) items.push({ label: 'Grant to agent…', onSelect: onGrant });
  if (changeable.length > 0)
    items.push({ label: `Delete${several}`, hint: 'Del', tone: 'danger', onSelect: () => onDelete(changeable) });
  return items;
}
