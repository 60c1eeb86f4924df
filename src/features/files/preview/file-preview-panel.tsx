import { type KeyboardEvent, useState } from 'react';
import { errorMessage, type FileNode } from '@/api';
import { formatDateTime } from '@/lib/format';
import { isTyping } from '@/lib/dom';
import { Avatar, Button, Icon, SidePanel, toast } from '@/ui';
import { formatBytes } from '../format';
import { ImagePreview, MediaPreview, PdfPreview } from './media-preview';
import { describeType, isTextKind, type PreviewKind, previewKind } from './preview-kind';
import { downloadFile } from './queries';
import { TextPreview } from './text-preview';
import './preview.css';

export type FilePreviewPanelProps = {
  node: FileNode;
  onClose: () => void;
  /** Shows the previous file of the list (← in the panel); absent at the first. */
  onPrevious?: () => void;
  /** Shows the next file of the list (→ in the panel); absent at the last. */
  onNext?: () => void;
};

const DownloadIcon = () => (
  <Icon>
    <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
  </Icon>
);
const PreviousIcon = () => (
  <Icon>
    <path d="m15 18-6-6 6-6" />
  </Icon>
);
const NextIcon = () => (
  <Icon>
    <path d="m9 18 6-6-6-6" />
  </Icon>
);
const FileIcon = () => (
  <Icon width="48" height="48" strokeWidth="1.5">
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
  </Icon>
);

/** Elements whose own keys the arrows drive (a video's seek, a field's caret). */
const OWN_ARROWS = 'audio, video, input, textarea, select, [contenteditable="true"], iframe';

/**
 * A file beside the list: its preview (image, PDF, text, Markdown, CSV, JSON, audio, video), what
 * it is, who uploaded it, and Download. Not modal; focus moves into it when it opens and back to
 * what opened it when it closes (SidePanel); Esc closes, ← and → step through the list.
 */
export function FilePreviewPanel({ node, onClose, onPrevious, onNext }: FilePreviewPanelProps) {
  const kind = previewKind(node.mimeType, node.name);
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target as HTMLElement;
    if (isTyping(target) || target.closest?.(OWN_ARROWS) || document.querySelector('dialog[open]')) return;
    const step = event.key === 'ArrowLeft' ? onPrevious : event.key === 'ArrowRight' ? onNext : undefined;
    if (!step) return;
    event.preventDefault();
    step();
  };
  return (
    // Catches the panel's keys as they bubble from anywhere inside it (the panel itself included).
    <div className="file-preview" onKeyDown={handleKeyDown}>
      <SidePanel
        label={`Preview of ${node.name}`}
        onClose={onClose}
        header={
          <>
            <h2 className="file-preview-title" title={node.name}>
              {node.name}
            </h2>
            {(onPrevious || onNext) && (
              <span className="row file-preview-steps">
                <Button
                  variant="ghost"
                  size="small"
                  aria-label="Previous file"
                  aria-keyshortcuts="ArrowLeft"
                  disabled={!onPrevious}
                  onClick={onPrevious}
                >
                  <PreviousIcon />
                </Button>
                <Button
                  variant="ghost"
                  size="small"
                  aria-label="Next file"
                  aria-keyshortcuts="ArrowRight"
                  disabled={!onNext}
                  onClick={onNext}
                >
                  <NextIcon />
                </Button>
              </span>
            )}
          </>
        }
      >
        {/* Keyed by the file's version: a new file or new bytes start with a fresh preview. */}
        <section className="file-preview-stage" aria-label="Preview" key={`${node.id}:${node.storagePath}`}>
          <PreviewBody node={node} kind={kind} />
        </section>
        <div className="row">
          <DownloadButton node={node} variant={kind === 'none' ? 'secondary' : 'primary'} />
        </div>
        <FileFacts node={node} />
      </SidePanel>
    </div>
  );
}

function PreviewBody({ node, kind }: { node: FileNode; kind: PreviewKind }) {
  if (node.type === 'folder') return <p className="muted">A folder: open it to see what it holds.</p>;
  if (node.status === 'pending') return <p className="muted">This file is still uploading.</p>;
  if (kind === 'image') return <ImagePreview node={node} />;
  if (kind === 'pdf') return <PdfPreview node={node} />;
  if (kind === 'audio' || kind === 'video') return <MediaPreview node={node} kind={kind} />;
  if (isTextKind(kind)) return <TextPreview node={node} kind={kind} />;
  return (
    <div className="file-preview-none">
      <FileIcon />
      <p>No preview for this type</p>
      <p className="muted">Download the file to open it.</p>
    </div>
  );
}

function DownloadButton({ node, variant }: { node: FileNode; variant: 'primary' | 'secondary' }) {
  const [busy, setBusy] = useState(false);
  if (node.type !== 'file' || node.status !== 'ready') return null;
  const handleDownload = async () => {
    setBusy(true);
    try {
      await downloadFile(node);
    } catch (error) {
      toast('error', `Could not download ${node.name}`, errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} busy={busy} onClick={() => void handleDownload()}>
      <DownloadIcon /> Download
    </Button>
  );
}

function FileFacts({ node }: { node: FileNode }) {
  const byAgent = node.uploadSource === 'agent' || Boolean(node.author.agentId);
  return (
    <dl className="file-preview-facts">
      {node.fileSize !== null && (
        <>
          <dt>Size</dt>
          <dd>{formatBytes(node.fileSize)}</dd>
        </>
      )}
      <dt>Type</dt>
      <dd>{node.type === 'folder' ? 'Folder' : describeType(node.mimeType, node.name)}</dd>
      <dt>{node.type === 'folder' ? 'Created by' : 'Uploaded by'}</dt>
      <dd className="row">
        <Avatar name={node.author.name} size={22} kind={byAgent ? 'agent' : 'human'} />
        <span>{node.author.name}</span>
        {byAgent && <span className="badge">Agent</span>}
      </dd>
      <dt>Modified</dt>
      <dd>
        <time dateTime={node.updatedAt}>{formatDateTime(node.updatedAt)}</time>
      </dd>
    </dl>
  );
}
