export { FilePreviewPanel, type FilePreviewPanelProps } from './file-preview-panel';
export { previewKind, type PreviewKind } from './preview-kind';
export { downloadFile } from './queries';
