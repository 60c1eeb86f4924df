import { FolderIcon, Icon } from '@/ui';
import type { FileKind } from '../format';

const FileIcon = () => (
  <Icon>
    <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" />
    <path d="M14 3v5h5" />
  </Icon>
);
const ImageIcon = () => (
  <Icon>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 16-5-5-9 9" />
  </Icon>
);
const VideoIcon = () => (
  <Icon>
    <rect x="3" y="5" width="13" height="14" rx="2" />
    <path d="m16 10 5-3v10l-5-3" />
  </Icon>
);
const AudioIcon = () => (
  <Icon>
    <path d="M9 18V5l11-2v13" />
    <circle cx="6" cy="18" r="3" />
    <circle cx="17" cy="16" r="3" />
  </Icon>
);
const TextIcon = () => (
  <Icon>
    <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" />
    <path d="M14 3v5h5M9 13h6M9 17h6" />
  </Icon>
);
const PdfIcon = () => (
  <Icon>
    <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" />
    <path d="M14 3v5h5M8 16h1.5a1.5 1.5 0 0 0 0-3H8v5" />
  </Icon>
);
const SheetIcon = () => (
  <Icon>
    <rect x="4" y="3" width="16" height="18" rx="1" />
    <path d="M4 9h16M4 15h16M10 3v18" />
  </Icon>
);
const ArchiveFileIcon = () => (
  <Icon>
    <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" />
    <path d="M10 4v2M10 8v2M10 12v2M9 16h2v3H9z" />
  </Icon>
);

/** A node's icon by its kind (decorative: the row says the kind in words). */
export function KindIcon({ kind }: { kind: FileKind }) {
  switch (kind) {
    case 'folder':
      return <FolderIcon />;
    case 'image':
      return <ImageIcon />;
    case 'video':
      return <VideoIcon />;
    case 'audio':
      return <AudioIcon />;
    case 'pdf':
      return <PdfIcon />;
    case 'text':
      return <TextIcon />;
    case 'sheet':
      return <SheetIcon />;
    case 'archive':
      return <ArchiveFileIcon />;
    default:
      return <FileIcon />;
  }
}
