export { GrantDialog, type GrantDialogProps } from './grant-dialog';
export { grantQueries } from './queries';
