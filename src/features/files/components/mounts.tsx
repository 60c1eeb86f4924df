import { lazy } from 'react';

/**
 * Where the Files page meets the uploads (`../uploads`), the preview and the grants (`../preview`,
 * `../grants`): the page uses them only through these names. The preview and the grant dialog
 * load when first opened (they bring a Markdown renderer and the agents list), not with the page.
 */
export { UploadButton, useUploadDropZone } from '../uploads';
export const FilePreviewPanel = lazy(() =>
  import('../preview').then((module) => ({ default: module.FilePreviewPanel })),
);
export const GrantDialog = lazy(() => import('../grants').then((module) => ({ default: module.GrantDialog })));
