import type { BoardCard } from '@/api';
import { ArchiveIcon, LinkIcon, Menu, MoveIcon, OpenIcon, toast } from '@/ui';
import { useArchiveCard } from '../mutations';

type CardMenuProps = {
  projectId: string;
  card: BoardCard;
  anchor: HTMLElement;
  /** The card panel's address (a path on this origin). */
  link: string;
  onOpen: (cardId: string) => void;
  onMoveTo: (card: BoardCard) => void;
  onClose: () => void;
};

/** A card's actions on the board: open it, move it without dragging, copy its link, archive it. */
export function CardMenu({ projectId, card, anchor, link, onOpen, onMoveTo, onClose }: CardMenuProps) {
  const archive = useArchiveCard(projectId);
  return (
    <Menu
      anchor={anchor}
      label={`Actions for ${card.title}`}
      onClose={onClose}
      items={[
        { label: 'Open', icon: <OpenIcon />, hint: '↵', onSelect: () => onOpen(card.id) },
        { label: 'Move to…', icon: <MoveIcon />, onSelect: () => onMoveTo(card) },
        {
          label: 'Copy link',
          icon: <LinkIcon />,
          onSelect: () => {
            const url = new URL(link, window.location.origin).href;
            navigator.clipboard.writeText(url).then(
              () => toast('success', 'Link copied', card.title),
              () => toast('error', 'Could not copy the link', url),
            );
          },
        },
        {
          label: 'Archive',
          icon: <ArchiveIcon />,
          tone: 'danger',
          onSelect: () => {
            // The card leaves the board: focus goes to its neighbour (or the column's quick add).
            const face = anchor.closest<HTMLElement>('[data-card-id]');
            const list = face?.closest<HTMLElement>('[data-column-list]');
            const faces = list ? [...list.querySelectorAll<HTMLElement>('[data-card-id]')] : [];
            const at = face ? faces.indexOf(face) : -1;
            const neighbour = faces[at + 1] ?? faces[at - 1];
            const column = list?.closest<HTMLElement>('.board-column');
            archive.mutate({ cardId: card.id, title: card.title });
            requestAnimationFrame(() => {
              const next = neighbour?.isConnected ? neighbour.querySelector<HTMLElement>('.card-face-title') : null;
              (next ?? column?.querySelector<HTMLElement>('.quick-add-open'))?.focus();
            });
          },
        },
      ]}
    />
  );
}
