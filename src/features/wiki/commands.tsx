import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { registerCommands } from '@/features/palette';
import { BookIcon } from '@/ui';
import { openCreatePage } from './create-page-store';

/** The wiki's palette commands: "Create page…" (in the project on screen, if any). */
export function useWikiCommands(enabled: boolean) {
  const router = useRouter();
  useEffect(() => {
    if (!enabled) return;
    return registerCommands([
      {
        id: 'create-wiki-page',
        label: 'Create page…',
        keywords: 'new wiki document doc note',
        icon: <BookIcon />,
        run: () => {
          const params = router.state.matches.at(-1)?.params as { projectId?: string } | undefined;
          openCreatePage({ projectId: params?.projectId });
        },
      },
    ]);
  }, [enabled, router]);
}
