import { type ChangeEvent, useRef, useState } from 'react';
import { Button, FolderIcon, Menu } from '@/ui';
import { readInput } from './entries';
import { FileIcon, UploadIcon } from './icons';
import { enqueueUploads } from './queue';

/**
 * "Upload" with a menu: files (several at once) or a whole folder, whose structure is recreated
 * inside `parentId` (null = the drive's root).
 */
export function UploadButton({ parentId }: { parentId: string | null }) {
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const filesInput = useRef<HTMLInputElement | null>(null);
  const folderInput = useRef<HTMLInputElement | null>(null);

  function handlePicked(event: ChangeEvent<HTMLInputElement>) {
    const { sources } = readInput(event.currentTarget.files);
    // Cleared, so picking the same files again fires `change` again.
    event.currentTarget.value = '';
    if (sources.length) enqueueUploads(sources, parentId);
  }

  return (
    <>
      <Button
        variant="primary"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(anchor ? null : event.currentTarget)}
      >
        <UploadIcon />
        Upload
      </Button>
      {anchor && (
        <Menu
          anchor={anchor}
          label="Upload"
          onClose={() => setAnchor(null)}
          items={[
            { label: 'Upload files', icon: <FileIcon />, onSelect: () => filesInput.current?.click() },
            { label: 'Upload a folder', icon: <FolderIcon />, onSelect: () => folderInput.current?.click() },
          ]}
        />
      )}
      <input ref={filesInput} type="file" multiple hidden aria-label="Files to upload" onChange={handlePicked} />
      <input
        ref={(input) => {
          folderInput.current = input;
          // Not a React prop: the browser's own property asks for a folder instead of files.
          if (input) input.webkitdirectory = true;
        }}
        type="file"
        hidden
        aria-label="Folder to upload"
        onChange={handlePicked}
      />
    </>
  );
}
