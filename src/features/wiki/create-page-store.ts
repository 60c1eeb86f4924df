import { create } from 'zustand';

type CreatePageState = {
  open: boolean;
  /** Whether its code was ever needed (it loads then, and stays). */
  loaded: boolean;
  projectId?: string;
  parentId?: string | null;
  /** The page just created: its editor takes focus when it opens. */
  created?: string;
};

/** "Create page…": whether it is open, for which project and parent. */
export const useCreatePageDialog = create<CreatePageState>(() => ({ open: false, loaded: false }));

/** Opens "Create page…" (the Wiki tab, a page's menu, the palette), preset to a project and parent. */
export const openCreatePage = (preset: { projectId?: string; parentId?: string | null } = {}) =>
  useCreatePageDialog.setState({ open: true, loaded: true, projectId: preset.projectId, parentId: preset.parentId });
export const closeCreatePage = (created?: string) => useCreatePageDialog.setState({ open: false, created });

/** Whether `pageId` was just created here (asked once: the answer is forgotten). */
export function takeJustCreated(pageId: string): boolean {
  if (useCreatePageDialog.getState().created !== pageId) return false;
  useCreatePageDialog.setState({ created: undefined });
  return true;
}
