import { create } from 'zustand';

/** Whether "Create card…" is open, and whether its code was ever needed. */
export const useCreateCardDialog = create<{ open: boolean; loaded: boolean }>(() => ({ open: false, loaded: false }));
/** Opens "Create card…" from anywhere (the palette's command). */
export const openCreateCard = () => useCreateCardDialog.setState({ open: true, loaded: true });
export const closeCreateCard = () => useCreateCardDialog.setState({ open: false });
