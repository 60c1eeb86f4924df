import type { UploadSource } from './queue';

/** What a drop or a folder pick holds: files with their paths, and every folder (empty ones too). */
export type PickedFiles = { sources: UploadSource[]; directories: string[] };

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** One `readEntries` call; a directory answers in batches (Chromium: 100) until an empty one. */
const readBatch = (reader: FileSystemDirectoryReader) =>
  new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));

async function walk(entry: FileSystemEntry, prefix: string, out: PickedFiles) {
  const path = `${prefix}${entry.name}`;
  if (entry.isFile) {
    out.sources.push({ file: await fileOf(entry as FileSystemFileEntry), path });
    return;
  }
  if (!entry.isDirectory) return;
  out.directories.push(path);
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  for (let batch = await readBatch(reader); batch.length; batch = await readBatch(reader)) {
    for (const child of batch) await walk(child, `${path}/`, out);
  }
}

/**
 * The files and folders of a drop. Call it inside the drop handler: the items can be read only
 * during the event (the walk itself continues after it).
 */
export function readDrop(dataTransfer: DataTransfer): Promise<PickedFiles> {
  const entries: FileSystemEntry[] = [];
  const loose: File[] = [];
  for (const item of Array.from(dataTransfer.items)) {
    if (item.kind !== 'file') continue;
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) loose.push(file);
    }
  }
  if (!entries.length && !loose.length) loose.push(...Array.from(dataTransfer.files));
  return (async () => {
    const out: PickedFiles = { sources: loose.map((file) => ({ file })), directories: [] };
    for (const entry of entries) await walk(entry, '', out);
    return out;
  })();
}

/** The files of a file input; a folder pick (`webkitdirectory`) carries each file's relative path. */
export function readInput(files: FileList | null): PickedFiles {
  const sources = Array.from(files ?? [], (file) => ({ file, path: file.webkitRelativePath || file.name }));
  return { sources, directories: [] };
}
