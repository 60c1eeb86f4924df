import { describe, expect, it } from 'vitest';
import { readDrop, readInput } from './entries';

type FakeEntry = { name: string; isFile: boolean; isDirectory: boolean } & Record<string, unknown>;

const fileEntry = (name: string): FakeEntry => ({
  name,
  isFile: true,
  isDirectory: false,
  file: (resolve: (file: File) => void) => resolve(new File([name], name)),
});

/** A directory whose reader answers in batches of two, then an empty batch (as browsers do, in hundreds). */
const directoryEntry = (name: string, children: FakeEntry[]): FakeEntry => ({
  name,
  isFile: false,
  isDirectory: true,
  createReader: () => {
    let offset = 0;
    return {
      readEntries: (resolve: (entries: FakeEntry[]) => void) => {
        const batch = children.slice(offset, offset + 2);
        offset += batch.length;
        setTimeout(() => resolve(batch));
      },
    };
  },
});

function dataTransfer(entries: (FakeEntry | File)[]): DataTransfer {
  const items = entries.map((entry) => {
    const file: File | null = entry instanceof File ? entry : null;
    const asEntry: FakeEntry | null = entry instanceof File ? null : entry;
    return { kind: 'file', webkitGetAsEntry: () => asEntry, getAsFile: () => file };
  });
  return { items, files: [] } as unknown as DataTransfer;
}

describe('reading a drop', () => {
  it('walks folders to the end of every listing, keeping paths and empty folders', async () => {
    const drop = dataTransfer([
      directoryEntry('Photos', [
        fileEntry('a.jpg'),
        fileEntry('b.jpg'),
        fileEntry('c.jpg'),
        directoryEntry('2024', [fileEntry('d.jpg')]),
        directoryEntry('empty', []),
      ]),
      fileEntry('notes.txt'),
      new File(['x'], 'pasted.png'),
    ]);
    const { sources, directories } = await readDrop(drop);
    expect(sources.map((source) => source.path ?? source.file.name)).toEqual([
      'pasted.png',
      'Photos/a.jpg',
      'Photos/b.jpg',
      'Photos/c.jpg',
      'Photos/2024/d.jpg',
      'notes.txt',
    ]);
    expect(directories).toEqual(['Photos', 'Photos/2024', 'Photos/empty']);
  });

  it('reads a folder pick by each file’s relative path', () => {
    const file = new File(['x'], 'a.txt');
    Object.defineProperty(file, 'webkitRelativePath', { value: 'Docs/a.txt' });
    const { sources } = readInput([file] as unknown as FileList);
    expect(sources).toEqual([{ file, path: 'Docs/a.txt' }]);
  });
});
