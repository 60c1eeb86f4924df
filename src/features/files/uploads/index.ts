/** Uploads: the queue outside React, the global tray, and the Files page's ways in. */
export { UploadTray } from './upload-tray';
export { UploadButton } from './upload-button';
export { useUploadDropZone } from './use-upload-drop-zone';
export { enqueueUploads, type UploadSource } from './queue';
