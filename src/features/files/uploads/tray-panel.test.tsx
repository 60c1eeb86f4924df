import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type UploadItem, useUploads } from './store';
import TrayPanel from './tray-panel';

const MB = 1024 * 1024;

function upload(id: string, change: Partial<UploadItem>): UploadItem {
  return {
    id,
    batchId: 'batch',
    file: new File([], `${id}.pdf`),
    name: `${id}.pdf`,
    baseParentId: null,
    dir: '',
    parentId: null,
    state: 'queued',
    sent: 0,
    total: 10 * MB,
    speed: null,
    secondsLeft: null,
    error: null,
    nodeId: null,
    onConflict: 'fail',
    conflict: null,
    ...change,
  };
}

function show(...items: UploadItem[]) {
  useUploads.setState({
    byId: Object.fromEntries(items.map((item) => [item.id, item])),
    order: items.map((item) => item.id),
    conflicts: [],
  });
}

afterEach(() => useUploads.setState({ byId: {}, order: [], conflicts: [], announcement: '' }));

describe('the uploads tray', () => {
  it('shows each upload’s progress with speed and time left, and names its buttons after the file', () => {
    show(
      upload('report', { state: 'uploading', sent: 4.5 * MB, speed: 3.2 * MB, secondsLeft: 12 }),
      upload('photo', { state: 'failed', error: 'The storage had a hiccup', dir: 'Trip' }),
      upload('done', { state: 'done' }),
    );
    render(<TrayPanel />);
    const region = screen.getByRole('region', { name: 'Uploads' });
    expect(within(region).getByText('Uploading 2 of 3 — 1 failed')).toBeTruthy();
    const bar = within(region).getByRole('progressbar', { name: 'report.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(bar.getAttribute('aria-valuetext')).toBe('45%, 3.2 MB/s, 12 s left');
    expect(within(region).getByRole('button', { name: 'Cancel upload of report.pdf' })).toBeTruthy();
    expect(within(region).getByText('The storage had a hiccup')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Retry upload of Trip/photo.pdf' })).toBeTruthy();
    expect(within(region).queryByRole('button', { name: /upload of done\.pdf/ })).toBeNull();

    fireEvent.click(within(region).getByRole('button', { name: 'Clear finished' }));
    expect(within(region).queryByText('done.pdf')).toBeNull();

    fireEvent.click(within(region).getByRole('button', { name: 'Hide uploads' }));
    expect(within(region).getByRole('button', { name: 'Show uploads' }).getAttribute('aria-expanded')).toBe('false');
    expect(within(region).queryByRole('list')).toBeNull();
  });
});
