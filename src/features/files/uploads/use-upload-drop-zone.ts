import { type DragEvent, useEffect, useMemo, useRef, useState } from 'react';
import { readDrop } from './entries';
import { enqueueUploads } from './queue';

/** Whether a drag carries files from outside the page (internal drags of rows or text do not). */
const carriesFiles = (event: { dataTransfer: DataTransfer | null }) =>
  Array.from(event.dataTransfer?.types ?? []).includes('Files');

/** Typing targets keep their own paste. */
function isEditable(target: EventTarget | null) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)
  );
}

/**
 * Makes an element a drop target for files and folders uploaded into `parentId` (null = root);
 * spread `dropProps` on it and show `isOver`. While mounted, files pasted onto the page upload
 * there too, and files dropped beside the target do not make the browser leave the app to open them.
 */
export function useUploadDropZone(parentId: string | null) {
  const [isOver, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them.
  const depth = useRef(0);

  useEffect(() => {
    function handlePaste(event: ClipboardEvent) {
      if (isEditable(event.target)) return;
      const files = Array.from(event.clipboardData?.files ?? []);
      if (!files.length) return;
      event.preventDefault();
      enqueueUploads(files, parentId);
    }
    // Outside the drop target (which handled the event already): refuse the drop rather than
    // let the browser open the file in place of the app.
    function handleStrayDrag(event: globalThis.DragEvent) {
      if (!carriesFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
      if (event.type === 'drop') {
        depth.current = 0;
        setOver(false);
      }
    }
    document.addEventListener('paste', handlePaste);
    window.addEventListener('dragover', handleStrayDrag);
    window.addEventListener('drop', handleStrayDrag);
    return () => {
      document.removeEventListener('paste', handlePaste);
      window.removeEventListener('dragover', handleStrayDrag);
      window.removeEventListener('drop', handleStrayDrag);
    };
  }, [parentId]);

  const dropProps = useMemo(
    () => ({
      onDragEnter(event: DragEvent<HTMLElement>) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setOver(true);
      },
      onDragOver(event: DragEvent<HTMLElement>) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave(event: DragEvent<HTMLElement>) {
        if (!carriesFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      },
      onDrop(event: DragEvent<HTMLElement>) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        void readDrop(event.dataTransfer).then(({ sources, directories }) => {
          if (sources.length || directories.length) enqueueUploads(sources, parentId, directories);
        });
      },
    }),
    [parentId],
  );

  return { dropProps, isOver };
}
