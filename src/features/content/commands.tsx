import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Me } from '@/api';
import { registerCommands } from '@/features/palette';
import { PlusIcon } from '@/ui';
import { ContentIcon } from './components/item-bits';

/** The Content section's palette commands: "Go to Content" (members), "New article" (admins). */
export function useContentCommands(me: Me) {
  const navigate = useNavigate();
  const company = Boolean(me.company);
  const canWrite = me.permissions.manageContent;
  useEffect(() => {
    if (!company) return;
    return registerCommands([
      {
        id: 'go-content',
        label: 'Go to Content',
        keywords: 'articles changelog help pages site blog publish',
        icon: <ContentIcon />,
        run: () => void navigate({ to: '/content' }),
      },
      ...(canWrite
        ? [
            {
              id: 'new-content-article',
              label: 'New article',
              keywords: 'content write blog post site publish create',
              icon: <PlusIcon />,
              run: () => void navigate({ to: '/content', search: { new: 'article' } }),
            },
          ]
        : []),
    ]);
  }, [navigate, company, canWrite]);
}
