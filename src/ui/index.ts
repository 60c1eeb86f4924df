export { Avatar } from './avatar';
export { Button, type ButtonProps } from './button';
export { CopyButton } from './copy-button';
export { ConfirmDialog, Dialog } from './dialog';
export { ChoiceGroup, SelectField, TextField } from './field';
export * from './icons';
export { Spinner } from './spinner';
export { dismissToast, toast, Toaster } from './toast';
export { useDocumentTitle } from './use-document-title';
