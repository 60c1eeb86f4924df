import { describe, expect, it } from 'vitest';
import { describeType, fileExtension, previewKind } from './preview-kind';

describe('previewKind', () => {
  it('shows the image types the storage serves inline, and no other image', () => {
    expect(previewKind('image/png', 'a.png')).toBe('image');
    expect(previewKind('image/JPEG', 'a.jpg')).toBe('image');
    expect(previewKind('image/webp', 'a.webp')).toBe('image');
    expect(previewKind('image/avif', 'a.avif')).toBe('image');
    expect(previewKind('image/gif', 'a.gif')).toBe('image');
    // Served as an octet-stream attachment: an <img> would not draw it.
    expect(previewKind('image/bmp', 'a.bmp')).toBe('none');
    expect(previewKind('image/heic', 'a.heic')).toBe('none');
  });

  it('reads SVG and HTML as source text, never as an image or a document', () => {
    expect(previewKind('image/svg+xml', 'logo.svg')).toBe('text');
    expect(previewKind('text/html', 'page.html')).toBe('text');
    expect(previewKind('application/xhtml+xml', 'page.xhtml')).toBe('text');
    expect(previewKind('application/octet-stream', 'page.html')).toBe('text');
  });

  it('recognises PDF, audio and video by their type', () => {
    expect(previewKind('application/pdf', 'report.pdf')).toBe('pdf');
    expect(previewKind('audio/mpeg', 'a.mp3')).toBe('audio');
    expect(previewKind('video/mp4; codecs="avc1"', 'a.mp4')).toBe('video');
    // Not by the name alone: the storage would not serve them inline.
    expect(previewKind('application/octet-stream', 'report.pdf')).toBe('none');
    expect(previewKind('', 'clip.mp4')).toBe('none');
  });

  it('tells Markdown, CSV and JSON by type or, for vague types, by extension', () => {
    expect(previewKind('text/markdown', 'notes')).toBe('markdown');
    expect(previewKind('text/x-markdown', 'notes.txt')).toBe('markdown');
    expect(previewKind('text/plain', 'README.md')).toBe('markdown');
    expect(previewKind('application/octet-stream', 'notes.markdown')).toBe('markdown');
    expect(previewKind('text/csv', 'data')).toBe('csv');
    expect(previewKind(null, 'data.tsv')).toBe('csv');
    expect(previewKind('application/json', 'a')).toBe('json');
    expect(previewKind('application/ld+json', 'a')).toBe('json');
    expect(previewKind('', 'package.json')).toBe('json');
  });

  it('reads other text as text and leaves binaries without a preview', () => {
    expect(previewKind('text/plain', 'notes.txt')).toBe('text');
    expect(previewKind('text/plain', 'no-extension')).toBe('text');
    expect(previewKind('application/x-yaml', 'a.yaml')).toBe('text');
    expect(previewKind('', 'script.py')).toBe('text');
    expect(previewKind('', 'Makefile')).toBe('text');
    expect(previewKind('application/zip', 'a.zip')).toBe('none');
    expect(previewKind('application/octet-stream', 'a.bin')).toBe('none');
    expect(previewKind('application/vnd.ms-excel', 'a.xls')).toBe('none');
  });
});

describe('fileExtension and describeType', () => {
  it('lower-cases the last extension', () => {
    expect(fileExtension('Report.Final.PDF')).toBe('pdf');
    expect(fileExtension('.gitignore')).toBe('gitignore');
    expect(fileExtension('Makefile')).toBe('makefile');
  });

  it('names the kind and the declared type', () => {
    expect(describeType('application/pdf', 'a.pdf')).toBe('PDF document · application/pdf');
    expect(describeType('application/octet-stream', 'a.bin')).toBe('File');
  });
});
