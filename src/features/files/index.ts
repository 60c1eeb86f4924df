export { FilesLayout } from './components/files-layout';
export { FilesPage } from './components/files-page';
export { FilesTrash } from './components/trash-view';
export { fileQueries, folderKey, type FileOrder, type FileSort } from './queries';
export { isUuid, parseFilesSearch, type FilesSearch } from './search';
export { UploadTray } from './uploads';
