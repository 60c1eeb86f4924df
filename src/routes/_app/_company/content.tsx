import { createFileRoute } from '@tanstack/react-router';
import { useMe } from '@/features/auth';
import { ContentSection } from '@/features/content';

/**
 * The Content section: `/content` (the items) and, for admins, `/content/newsletter`. An item's
 * editor (`/content/$itemId`) has a page of its own (content_.$itemId.tsx).
 */
export const Route = createFileRoute('/_app/_company/content')({
  component: ContentRoute,
});

function ContentRoute() {
  return <ContentSection canManage={useMe().permissions.manageContent} />;
}
