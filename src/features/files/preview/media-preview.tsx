import { useQuery } from '@tanstack/react-query';
import { type ReactNode, type SyntheticEvent, useRef, useState } from 'react';
import { errorMessage, type FileNode } from '@/api';
import { Dialog, QueryNotice } from '@/ui';
import { diagnoseUrl, previewQueries } from './queries';

/**
 * The inline URL of a file for an element that loads it itself (img, iframe, video). When the
 * element fails, the URL is fetched anew once (it may have expired); if that fails too, the
 * storage's own message is shown.
 */
function useInlineUrl(node: FileNode) {
  const query = useQuery(previewQueries.inlineUrl(node));
  const [failure, setFailure] = useState<string>();
  const refreshed = useRef(false);
  const url = query.data?.url;

  const handleBroken = async (fallback: string) => {
    if (!url) return;
    if (!refreshed.current) {
      refreshed.current = true;
      await query.refetch();
      return;
    }
    const error = await diagnoseUrl(url);
    setFailure(error ? errorMessage(error) : fallback);
  };
  // A URL that worked may still expire later (a long video): one fresh URL per failure again.
  const handleLoaded = () => {
    refreshed.current = false;
  };
  const retry = () => {
    refreshed.current = false;
    setFailure(undefined);
    void query.refetch();
  };

  let notice: ReactNode = null;
  if (query.isPending) notice = <QueryNotice status="loading" label="Loading preview…" />;
  else if (query.isError) notice = <QueryNotice status="error" message={errorMessage(query.error)} onRetry={retry} />;
  else if (failure) notice = <QueryNotice status="error" message={failure} onRetry={retry} />;
  return { url: notice ? undefined : url, notice, handleBroken, handleLoaded };
}

/** An image fitted to the panel; choosing it shows it full size. */
export function ImagePreview({ node }: { node: FileNode }) {
  const { url, notice, handleBroken, handleLoaded } = useInlineUrl(node);
  const [full, setFull] = useState(false);
  if (!url) return notice;
  return (
    <>
      <button
        type="button"
        className="file-preview-image-button"
        aria-label={`Show ${node.name} full size`}
        onClick={() => setFull(true)}
      >
        <img
          className="file-preview-image"
          src={url}
          alt={node.name}
          onLoad={handleLoaded}
          onError={() => void handleBroken('This image could not be shown.')}
        />
      </button>
      <Dialog open={full} onClose={() => setFull(false)} title={node.name} size="wide">
        <div className="file-preview-lightbox">
          <img src={url} alt={node.name} />
        </div>
      </Dialog>
    </>
  );
}

/**
 * A PDF in the browser's own viewer. The frame has no `sandbox` attribute: with one (any tokens,
 * even `allow-scripts allow-same-origin`) Chromium refuses to start its viewer and shows an error
 * page. Safety comes from what the storage serves: only PDFs go inline in a frame (HTML, SVG and
 * any other document are `application/octet-stream` attachments), as `application/pdf` with
 * `nosniff` and a `default-src 'none'` policy, so the frame never runs script in our origin.
 */
export function PdfPreview({ node }: { node: FileNode }) {
  const { url, notice } = useInlineUrl(node);
  if (!url) return notice;
  return <iframe className="file-preview-pdf" src={url} title={`${node.name} (PDF preview)`} />;
}

/** Audio or video with the browser's controls; seeking reads byte ranges of the file. */
export function MediaPreview({ node, kind }: { node: FileNode; kind: 'audio' | 'video' }) {
  const { url, notice, handleBroken, handleLoaded } = useInlineUrl(node);
  if (!url) return notice;
  const handleError = (event: SyntheticEvent<HTMLMediaElement>) => {
    const unsupported = event.currentTarget.error?.code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED;
    void handleBroken(
      unsupported ? 'Your browser cannot play this file. Download it to open it.' : 'This file could not be played.',
    );
  };
  return kind === 'audio' ? (
    <audio
      className="file-preview-audio"
      src={url}
      controls
      preload="metadata"
      onLoadedMetadata={handleLoaded}
      onError={handleError}
    />
  ) : (
    <video
      className="file-preview-video"
      src={url}
      controls
      preload="metadata"
      onLoadedMetadata={handleLoaded}
      onError={handleError}
    />
  );
}
