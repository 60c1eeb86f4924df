import { errorMessage } from '@/api';
import { toast, ArchiveIcon, LinkIcon, MenuButton, MoreIcon, type MenuItem } from '@/ui';
import { useShownCard } from '../hooks/use-shown-card';
import { useUpdateCard } from '../mutations';

/**
 * The card panel's sticky header: the card's title (visible while the panel scrolls) and its
 * menu (copy link, archive or restore). The panel adds the close button.
 */
export function CardPanelHeader({ projectId, cardId, link }: { projectId: string; cardId: string; link: string }) {
  const { card } = useShownCard(projectId, cardId);
  const update = useUpdateCard(projectId, cardId);
  if (!card) return null;
  const items: MenuItem[] = [
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
    card.archived
      ? { label: 'Restore', icon: <ArchiveIcon />, onSelect: () => update.mutate({ archived: false }) }
      : {
          label: 'Archive',
          icon: <ArchiveIcon />,
          tone: 'danger',
          onSelect: () =>
            update.mutate(
              { archived: true },
              { onError: (error) => toast('error', `Could not archive “${card.title}”`, errorMessage(error)) },
            ),
        },
  ];
  return (
    <>
      <p className="card-panel-title" title={card.title}>
        {card.title}
      </p>
      <MenuButton label={`Actions for ${card.title}`} items={items}>
        <MoreIcon />
      </MenuButton>
    </>
  );
}
