import { createContext, type ReactNode, type RefObject, useContext, useEffect } from 'react';

const HighlightContext = createContext<string | undefined>(undefined);

/**
 * The comment a link points at (`?comment=<id>`): the comment views below show it highlighted,
 * bring it into view and move focus to it. Routes provide it; any thread UI under it follows.
 */
export function CommentHighlight({ commentId, children }: { commentId: string | undefined; children: ReactNode }) {
  return <HighlightContext.Provider value={commentId}>{children}</HighlightContext.Provider>;
}

/** The id of the comment a link points at, if any. */
export function useHighlightedComment(): string | undefined {
  return useContext(HighlightContext);
}

/**
 * For a comment view: whether it is the linked comment. Once it shows, its element (`ref`) is
 * scrolled into view and focused, after everything else that moves focus on opening (a panel
 * focusing itself) has run.
 */
export function useCommentHighlight(commentId: string, ref: RefObject<HTMLElement | null>): boolean {
  const highlighted = useHighlightedComment() === commentId;
  useEffect(() => {
    if (!highlighted) return;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const element = ref.current;
      if (!element) return;
      if (tries === 0) {
        const animate = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        element.scrollIntoView?.({ block: 'center', behavior: animate ? 'smooth' : 'auto' });
      }
      element.focus({ preventScroll: true });
      // A host may still be placing it (a wiki margin card is hidden until measured): a few more frames.
      if (document.activeElement !== element && ++tries < 30) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [highlighted, ref]);
  return highlighted;
}
