import { type PointerEvent, type Ref, useImperativeHandle, useRef } from 'react';
import { CARD, type ChartLayout } from '../chart-layout';
import { teamHue } from '../chart-model';
import type { Palette, Transform } from './render';

const WIDTH = 180;
const HEIGHT = 120;
const PADDING = 6;

export type MinimapHandle = {
  /** Draws the whole chart small (once per layout or theme). */
  repaint: (layout: ChartLayout, palette: Palette) => void;
  /** Moves the frame showing what the main view shows. */
  view: (transform: Transform, size: { width: number; height: number }) => void;
};

/**
 * The whole chart in miniature with a frame around what is on screen; pressing or dragging in it
 * moves the view there. A pointer aid only (hidden from assistive technology): the outline and the
 * chart's keys do the same for keyboards.
 */
export function Minimap({
  ref,
  onCentre,
}: {
  ref: Ref<MinimapHandle>;
  onCentre: (point: { x: number; y: number }) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const scaleRef = useRef({ k: 1, x: 0, y: 0 });
  const draggingRef = useRef(false);

  useImperativeHandle(ref, () => ({
    repaint(layout, palette) {
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx) return;
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      canvas.width = WIDTH * ratio;
      canvas.height = HEIGHT * ratio;
      const { bounds } = layout;
      const k = Math.min(
        (WIDTH - 2 * PADDING) / Math.max(1, bounds.x1 - bounds.x0),
        (HEIGHT - 2 * PADDING) / Math.max(1, bounds.y1 - bounds.y0),
      );
      const x = (WIDTH - k * (bounds.x1 - bounds.x0)) / 2 - k * bounds.x0;
      const y = (HEIGHT - k * (bounds.y1 - bounds.y0)) / 2 - k * bounds.y0;
      scaleRef.current = { k, x, y };
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.clearRect(0, 0, WIDTH, HEIGHT);
      ctx.setTransform(ratio * k, 0, 0, ratio * k, ratio * x, ratio * y);
      // At this size a card is a few pixels: one rectangle each, at least one pixel big.
      const minimum = 1.5 / k;
      for (const node of layout.nodes) {
        const { teamId, kind } = node.info.node;
        ctx.fillStyle = teamId
          ? `hsl(${teamHue(teamId)} ${palette.dark ? '55% 60%' : '60% 50%'})`
          : kind === 'team'
            ? palette.muted
            : palette.borderStrong;
        ctx.fillRect(node.x, node.y, Math.max(minimum, CARD.width), Math.max(minimum, CARD.height));
      }
    },
    view(transform, size) {
      const frame = frameRef.current;
      if (!frame) return;
      const { k, x, y } = scaleRef.current;
      const left = x + (-transform.x / transform.k) * k;
      const top = y + (-transform.y / transform.k) * k;
      const width = (size.width / transform.k) * k;
      const height = (size.height / transform.k) * k;
      frame.style.transform = `translate(${left}px, ${top}px)`;
      frame.style.width = `${width}px`;
      frame.style.height = `${height}px`;
    },
  }));

  const centreAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const { k, x, y } = scaleRef.current;
    onCentre({ x: (event.clientX - box.left - x) / k, y: (event.clientY - box.top - y) / k });
  };

  return (
    <div
      className="org-minimap"
      aria-hidden="true"
      onPointerDown={(event) => {
        draggingRef.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        centreAt(event);
      }}
      onPointerMove={(event) => draggingRef.current && centreAt(event)}
      onPointerUp={() => (draggingRef.current = false)}
      onPointerCancel={() => (draggingRef.current = false)}
    >
      <canvas ref={canvasRef} style={{ width: WIDTH, height: HEIGHT }} />
      <div ref={frameRef} className="org-minimap-frame" />
    </div>
  );
}
