import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileNode } from '@/api';
import { FilePreviewPanel } from './file-preview-panel';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

function fileNode(overrides: Partial<FileNode>): FileNode {
  return {
    id: id(1),
    clientId: id(2),
    type: 'file',
    name: 'notes.md',
    parentId: null,
    storagePath: `${id(2)}/${id(1)}/${id(3)}`,
    mimeType: 'text/markdown',
    fileSize: 3 * 1024 * 1024,
    agentTag: null,
    uploadSource: 'client',
    author: { name: 'Ada Lovelace', userId: id(9) },
    status: 'ready',
    trashedAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    ...overrides,
  };
}

type Answer = { status: number; body: BodyInit | null; headers?: Record<string, string> };

/** Stands in for the network: the API's download-url, and the storage URL it names. */
function serve(storage: (request: { url: URL; headers: Headers }) => Answer) {
  const fetchMock = vi.fn(async (input: Request | string, init?: RequestInit) => {
    const request = typeof input === 'string' ? new Request(new URL(input, location.href), init) : input;
    const url = new URL(request.url);
    if (url.pathname.endsWith('/download-url')) {
      const inline = url.searchParams.get('inline') === 'true';
      const signedUrl = `/api/storage/${id(2)}/${id(1)}/${id(3)}?disposition=${inline ? 'inline' : 'attachment'}`;
      return Response.json({ signedUrl, expiresIn: 300 });
    }
    const answer = storage({ url, headers: request.headers });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPanel(node: FileNode, props: { onPrevious?: () => void; onNext?: () => void } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <FilePreviewPanel node={node} onClose={onClose} {...props} />
    </QueryClientProvider>,
  );
  return { onClose, panel: screen.getByRole('complementary', { name: `Preview of ${node.name}` }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('FilePreviewPanel', () => {
  it('reads the first megabyte of a Markdown file with a Range request and says the rest is cut', async () => {
    const fetchMock = serve(({ headers }) => {
      expect(headers.get('range')).toBe('bytes=0-1048575');
      return {
        status: 206,
        body: '# Notes\n\n<script>window.pwned = 1</script>\n\nText',
        headers: { 'content-type': 'text/plain; charset=utf-8', 'content-range': 'bytes 0-1048575/3145728' },
      };
    });
    const { panel } = renderPanel(fileNode({}));
    expect(await within(panel).findByRole('heading', { name: 'Notes' })).toBeTruthy();
    expect(within(panel).getByText('<script>window.pwned = 1</script>')).toBeTruthy();
    expect(panel.querySelector('.file-preview-stage script')).toBeNull();
    expect(within(panel).getByText(/Showing the first 1 MB of 3 MB/)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // The facts beside it.
    expect(within(panel).getByText('Markdown · text/markdown')).toBeTruthy();
    expect(within(panel).getByText('3 MB')).toBeTruthy();
    expect(within(panel).getByText('Ada Lovelace')).toBeTruthy();
  });

  it('shows the storage’s own message when the file cannot be read, with a retry', async () => {
    serve(() => ({
      status: 404,
      body: JSON.stringify({ error: 'The file is not in storage', code: 'NOT_FOUND' }),
      headers: { 'content-type': 'application/json' },
    }));
    const { panel } = renderPanel(fileNode({ name: 'notes.txt', mimeType: 'text/plain' }));
    expect(await within(panel).findByText('The file is not in storage')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('asks for a new URL when an image fails, then shows why the storage refuses it', async () => {
    const fetchMock = serve(({ headers }) => {
      expect(headers.get('range')).toBe('bytes=0-0');
      return {
        status: 403,
        body: JSON.stringify({ error: 'This storage URL has expired; ask for a new one', code: 'SIGNATURE_EXPIRED' }),
        headers: { 'content-type': 'application/json' },
      };
    });
    const { panel } = renderPanel(fileNode({ name: 'photo.png', mimeType: 'image/png' }));
    const urlCalls = () =>
      fetchMock.mock.calls.filter(([input]) => String((input as Request).url).includes('download-url'));
    fireEvent.error(await within(panel).findByRole('img', { name: 'photo.png' }));
    await waitFor(() => expect(urlCalls()).toHaveLength(2));
    fireEvent.error(await within(panel).findByRole('img', { name: 'photo.png' }));
    expect(await within(panel).findByText('This storage URL has expired; ask for a new one')).toBeTruthy();
    expect(within(panel).queryByRole('img', { name: 'photo.png' })).toBeNull();
  });

  it('offers Download for a type it cannot show, through an attachment URL', async () => {
    const fetchMock = serve(() => ({ status: 500, body: null }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${new URL(this.href).search}`);
    });
    const { panel } = renderPanel(
      fileNode({
        name: 'archive.zip',
        mimeType: 'application/zip',
        uploadSource: 'agent',
        author: { name: 'Scribe', agentId: id(8) },
      }),
    );
    expect(within(panel).getByText('No preview for this type')).toBeTruthy();
    expect(within(panel).getByText('Agent')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicked).toEqual(['archive.zip ?disposition=attachment']));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('steps with ← and →, closes with Esc, and leaves arrows in fields alone', async () => {
    serve(() => ({ status: 200, body: 'plain' }));
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    const { panel, onClose } = renderPanel(fileNode({ name: 'a.txt', mimeType: 'text/plain' }), { onPrevious, onNext });
    expect(document.activeElement).toBe(panel);
    const user = userEvent.setup();
    await user.keyboard('{ArrowRight}');
    expect(onNext).toHaveBeenCalledTimes(1);
    await user.keyboard('{ArrowLeft}');
    expect(onPrevious).toHaveBeenCalledTimes(1);
    await user.click(within(panel).getByRole('button', { name: 'Next file' }));
    expect(onNext).toHaveBeenCalledTimes(2);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
