import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { errorMessage, type FileNode } from '@/api';
import { Button, QueryNotice } from '@/ui';
import { parseDelimited } from './csv';
import { formatBytes } from '../format';
import { SafeMarkdown } from '@/ui/safe-markdown';
import { fileExtension, mimeEssence } from './preview-kind';
import { previewQueries, TEXT_PREVIEW_BYTES, type TextPreview as TextContent } from './queries';

type TextKind = 'markdown' | 'csv' | 'json' | 'text';

/**
 * A text file read by us (the first megabyte) and shown as text: Markdown rendered safely (with
 * its source one choice away), CSV as a table, JSON indented, anything else verbatim.
 */
export function TextPreview({ node, kind }: { node: FileNode; kind: TextKind }) {
  const query = useQuery(previewQueries.text(node));
  if (query.isPending) return <QueryNotice status="loading" label="Loading preview…" />;
  if (query.isError) {
    return <QueryNotice status="error" message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  const content = query.data;
  return (
    <div className="file-preview-text">
      {content.truncated && (
        <p className="notice file-preview-cut">
          Showing the first {formatBytes(TEXT_PREVIEW_BYTES)}
          {content.totalBytes !== undefined ? ` of ${formatBytes(content.totalBytes)}` : ''}. Download the file to see
          all of it.
        </p>
      )}
      {content.text === '' ? (
        <p className="muted">This file is empty.</p>
      ) : kind === 'markdown' ? (
        <MarkdownPreview text={content.text} />
      ) : kind === 'csv' ? (
        <CsvPreview content={content} tabs={isTabSeparated(node)} />
      ) : kind === 'json' ? (
        <JsonPreview content={content} />
      ) : (
        <SourceText text={content.text} />
      )}
    </div>
  );
}

function SourceText({ text }: { text: string }) {
  return (
    <pre className="file-preview-source" tabIndex={0} role="region" aria-label="File contents">
      {text}
    </pre>
  );
}

function MarkdownPreview({ text }: { text: string }) {
  const [source, setSource] = useState(false);
  return (
    <>
      <div className="row file-preview-text-tools">
        <Button size="small" variant="ghost" aria-pressed={source} onClick={() => setSource((shown) => !shown)}>
          Show Markdown source
        </Button>
      </div>
      {source ? <SourceText text={text} /> : <SafeMarkdown markdown={text} />}
    </>
  );
}

const isTabSeparated = (node: FileNode) =>
  mimeEssence(node.mimeType) === 'text/tab-separated-values' || fileExtension(node.name) === 'tsv';

/** Rows shown of a CSV file; the rest is in the download. */
const CSV_ROWS = 500;

function CsvPreview({ content, tabs }: { content: TextContent; tabs: boolean }) {
  const captionId = useId();
  const { rows, more } = useMemo(
    () => parseDelimited(content.text, { delimiter: tabs ? '\t' : ',', maxRows: CSV_ROWS, partial: content.truncated }),
    [content, tabs],
  );
  if (rows.length === 0) return <SourceText text={content.text} />;
  const [header, ...body] = rows;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table>
        <caption id={captionId} className="muted">
          {more ? `The first ${body.length} rows` : `${body.length} ${body.length === 1 ? 'row' : 'rows'}`}
        </caption>
        <thead>
          <tr>
            {header!.map((cell, index) => (
              <th key={index} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function JsonPreview({ content }: { content: TextContent }) {
  const text = useMemo(() => {
    if (content.truncated) return content.text;
    try {
      return JSON.stringify(JSON.parse(content.text), null, 2);
    } catch {
      return content.text;
    }
  }, [content]);
  return <SourceText text={text} />;
}
