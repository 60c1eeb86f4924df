import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import { type KeyboardEvent, type RefObject, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { MoreIcon } from '@/ui';
import { CARD, type ChartLayout, hitTest } from '../chart-layout';
import { Minimap, type MinimapHandle } from './minimap';
import { drawChart, type DrawState, type Palette, readPalette, type TextCache, type Transform } from './render';
import { type DropPreview, useCardDrag } from './use-card-drag';
import { centreOn, fitView, glide, initialView, MAX_SCALE, MIN_SCALE, READABLE, revealing, zoomedBy } from './viewport';

export type { DropPreview } from './use-card-drag';

/** Commands the page gives the chart: fit, zoom, go to a node. */
export type ChartController = {
  fit: () => void;
  zoomBy: (factor: number) => void;
  /** Centres a node, zooming in to a readable size if the chart is smaller. */
  flyTo: (key: string) => void;
  /** Brings a node on screen if it is not, moving as little as possible. */
  reveal: (key: string) => void;
  palette: () => Palette;
};

type OrgCanvasProps = {
  layout: ChartLayout;
  selectedKey: string | null;
  issueKeys: ReadonlySet<string>;
  /** Admins drag nodes onto other nodes. */
  canEdit: boolean;
  /**
   * A node that keeps its place on screen when the layout changes (the one just collapsed); without
   * one, the selected node does, so a change someone else makes does not slide it away.
   */
  anchorKey: string | null;
  /** The node the first view centres (a deep link), else the chart is fitted. */
  initialKey: string | null;
  controllerRef: RefObject<ChartController | null>;
  onSelect: (key: string) => void;
  onToggle: (key: string) => void;
  onOpen: (key: string) => void;
  onMenu: (key: string, anchor: HTMLElement) => void;
  planDrop?: (draggedKey: string, targetKey: string) => DropPreview;
  onDrop?: (draggedKey: string, targetKey: string) => void;
};

/** The clock frames are timed with (outside the component: it only runs in event handlers and frames). */
const clock = () => performance.now();

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * The organization chart on a canvas: only what is on screen is drawn, with less detail as it gets
 * smaller, so 5,000 cards pan and zoom smoothly. d3-zoom handles the wheel, pinch and drag; the
 * keys (+, −, 0, arrows) are handled here. Admins drag a card onto another to move it. Every frame
 * is measured (`org-chart-frame` performance entries) and the first paint marked
 * (`org-chart-painted`), for the benchmarks.
 */
export function OrgCanvas({
  layout,
  selectedKey,
  issueKeys,
  canEdit,
  anchorKey,
  initialKey,
  controllerRef,
  onSelect,
  onToggle,
  onOpen,
  onMenu,
  planDrop,
  onDrop,
}: OrgCanvasProps) {
  const helpId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const selectionRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLButtonElement>(null);
  const minimapRef = useRef<MinimapHandle>(null);
  const layoutRef = useRef(layout);
  const transformRef = useRef<Transform>({ x: 0, y: 0, k: 1 });
  const sizeRef = useRef({ width: 0, height: 0, ratio: 1 });
  const paletteRef = useRef<Palette | null>(null);
  const cacheRef = useRef<TextCache>(new Map());
  const drawStateRef = useRef<DrawState>({ selectedKey, hoverKey: null, issueKeys, drag: null });
  const zoomRef = useRef<ZoomBehavior<HTMLCanvasElement, unknown> | null>(null);
  const frameRef = useRef(0);
  const paintedRef = useRef(false);
  const animationRef = useRef(0);
  // The latest callbacks, for listeners installed once.
  const propsRef = useRef({ canEdit, onSelect, onToggle, onOpen, onMenu, planDrop, onDrop });
  useEffect(() => {
    propsRef.current = { canEdit, onSelect, onToggle, onOpen, onMenu, planDrop, onDrop };
  });

  const draw = () => {
    frameRef.current = 0;
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d', { desynchronized: true });
    if (!canvas || !ctx) return;
    const start = clock();
    const palette = (paletteRef.current ??= readPalette(canvas));
    const current = layoutRef.current;
    const transform = transformRef.current;
    drawChart(ctx, current, transform, sizeRef.current, palette, drawStateRef.current, cacheRef.current);
    placeSelection();
    minimapRef.current?.view(transform, sizeRef.current);
    // The zoom, for tests and anyone inspecting the page.
    if (containerRef.current) containerRef.current.dataset.zoom = transform.k.toFixed(3);
    const end = clock();
    performance.measure('org-chart-frame', { start, end });
    if (!paintedRef.current && current.nodes.length) {
      paintedRef.current = true;
      performance.mark('org-chart-painted');
    }
  };
  const requestDraw = () => {
    if (!frameRef.current) frameRef.current = requestAnimationFrame(draw);
  };

  /** Keeps the selected card's outline element (and its Actions button) over the card. */
  const placeSelection = () => {
    const element = selectionRef.current;
    if (!element) return;
    const key = drawStateRef.current.selectedKey;
    const node = key ? layoutRef.current.byKey.get(key) : undefined;
    const { x, y, k } = transformRef.current;
    if (!node) {
      element.hidden = true;
      return;
    }
    element.hidden = false;
    element.style.transform = `translate(${x + node.x * k}px, ${y + node.y * k}px)`;
    element.style.width = `${CARD.width * k}px`;
    element.style.height = `${CARD.height * k}px`;
  };

  const setTransform = (next: Transform) => {
    const canvas = canvasRef.current;
    const behavior = zoomRef.current;
    if (!canvas || !behavior) return;
    behavior.transform(select(canvas), zoomIdentity.translate(next.x, next.y).scale(next.k));
  };

  /** Moves the view to `target`, gliding unless motion is reduced. */
  const animateTo = (target: Transform) => {
    cancelAnimationFrame(animationRef.current);
    const { width } = sizeRef.current;
    if (reducedMotion() || !width) {
      setTransform(target);
      return;
    }
    const at = glide(transformRef.current, target, sizeRef.current);
    const started = clock();
    const duration = 380;
    const step = (now: number) => {
      const t = Math.min(1, (now - started) / duration);
      setTransform(at(t));
      if (t < 1) animationRef.current = requestAnimationFrame(step);
    };
    animationRef.current = requestAnimationFrame(step);
  };

  const measure = () => {
    const container = containerRef.current;
    const canvas = canvasRef.current;
    if (!container || !canvas) return;
    const width = container.clientWidth;
    const height = container.clientHeight;
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    if (width === sizeRef.current.width && height === sizeRef.current.height && ratio === sizeRef.current.ratio) return;
    sizeRef.current = { width, height, ratio };
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
  };

  const pointAt = (event: { clientX: number; clientY: number }) => {
    const box = canvasRef.current!.getBoundingClientRect();
    const { x, y, k } = transformRef.current;
    return { x: (event.clientX - box.left - x) / k, y: (event.clientY - box.top - y) / k };
  };

  // d3-zoom on the canvas; the size follows the container; the palette follows the theme. A layout
  // effect, so the first layout below can already set the view through it.
  useLayoutEffect(() => {
    const canvas = canvasRef.current!;
    const container = containerRef.current!;
    const behavior = zoom<HTMLCanvasElement, unknown>()
      .scaleExtent([MIN_SCALE, MAX_SCALE])
      .filter((event: MouseEvent | WheelEvent | TouchEvent) => {
        if ('button' in event && event.button) return false;
        if (event.ctrlKey && event.type !== 'wheel') return false;
        // An admin's press on a card starts a drag of that card, not a pan.
        if (event.type === 'mousedown' && propsRef.current.canEdit) {
          const hit = hitTest(layoutRef.current, pointAt(event as MouseEvent));
          if (hit?.part === 'card') return false;
        }
        return true;
      })
      .on('zoom', (event: { transform: Transform }) => {
        const { x, y, k } = event.transform;
        transformRef.current = { x, y, k };
        requestDraw();
      });
    zoomRef.current = behavior;
    const selection = select(canvas).call(behavior).on('dblclick.zoom', null);
    const observer = new ResizeObserver(() => {
      measure();
      requestDraw();
    });
    observer.observe(container);
    const themeObserver = new MutationObserver(() => {
      paletteRef.current = readPalette(canvas);
      minimapRef.current?.repaint(layoutRef.current, paletteRef.current);
      requestDraw();
    });
    themeObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      selection.on('.zoom', null);
      observer.disconnect();
      themeObserver.disconnect();
      cancelAnimationFrame(frameRef.current);
      cancelAnimationFrame(animationRef.current);
      frameRef.current = 0;
    };
    // Installed once: the listeners read the latest layout and props through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new layout: keep the anchor node (else the selected one) where it was, or set the first view; then draw.
  const initialKeyRef = useRef(initialKey);
  useLayoutEffect(() => {
    const previous = layoutRef.current;
    const first = !paintedRef.current && !sizeRef.current.width;
    const steady = anchorKey ?? selectedKey;
    layoutRef.current = layout;
    cacheRef.current.clear();
    measure();
    const canvas = canvasRef.current;
    if (canvas) minimapRef.current?.repaint(layout, (paletteRef.current ??= readPalette(canvas)));
    if (first || previous.orientation !== layout.orientation) {
      cancelAnimationFrame(animationRef.current);
      setTransform(
        first ? initialView(layout, sizeRef.current, initialKeyRef.current) : fitView(layout, sizeRef.current),
      );
    } else if (steady) {
      const before = previous.byKey.get(steady);
      const after = layout.byKey.get(steady);
      if (before && after && (before.x !== after.x || before.y !== after.y)) {
        const { x, y, k } = transformRef.current;
        setTransform({ k, x: x + (before.x - after.x) * k, y: y + (before.y - after.y) * k });
      }
    }
    requestDraw();
    // Only a new layout moves the view; the anchor is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layout]);

  useEffect(() => {
    drawStateRef.current = { ...drawStateRef.current, selectedKey, issueKeys };
    requestDraw();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedKey, issueKeys]);

  useEffect(() => {
    controllerRef.current = {
      fit: () => animateTo(fitView(layoutRef.current, sizeRef.current)),
      zoomBy: (factor) => animateTo(zoomedBy(transformRef.current, sizeRef.current, factor)),
      flyTo: (key) => {
        const target = centreOn(layoutRef.current, sizeRef.current, key, Math.max(READABLE, transformRef.current.k));
        if (target) animateTo(target);
      },
      reveal: (key) => {
        const target = revealing(layoutRef.current, transformRef.current, sizeRef.current, key);
        if (target) animateTo(target);
      },
      palette: () => (paletteRef.current ??= readPalette(canvasRef.current!)),
    };
    return () => {
      controllerRef.current = null;
    };
  });

  const { tooltipRef, setHover, cancelDrag, onPointerDown, onPointerMove, onPointerUp } = useCardDrag({
    layoutRef,
    drawStateRef,
    containerRef,
    pointAt,
    requestDraw,
    canEdit,
    planDrop,
    onDrop,
    onToggle,
    onSelect,
  });

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return;
    const controller = controllerRef.current;
    const behavior = zoomRef.current;
    const canvas = canvasRef.current;
    if (!controller || !behavior || !canvas) return;
    const pan = (dx: number, dy: number) => {
      const { x, y, k } = transformRef.current;
      setTransform({ k, x: x + dx, y: y + dy });
    };
    switch (event.key) {
      case '+':
      case '=':
        controller.zoomBy(1.25);
        break;
      case '-':
      case '_':
        controller.zoomBy(0.8);
        break;
      case '0':
        controller.fit();
        break;
      case 'ArrowLeft':
        pan(80, 0);
        break;
      case 'ArrowRight':
        pan(-80, 0);
        break;
      case 'ArrowUp':
        pan(0, 80);
        break;
      case 'ArrowDown':
        pan(0, -80);
        break;
      case 'Enter':
        if (!selectedKey) return;
        onOpen(selectedKey);
        break;
      case 'Escape':
        if (!drawStateRef.current.drag) return;
        cancelDrag();
        break;
      case 'ContextMenu':
      case '.':
        if (!selectedKey || !actionsRef.current) return;
        onMenu(selectedKey, actionsRef.current);
        break;
      case 'F10':
        if (!event.shiftKey || !selectedKey || !actionsRef.current) return;
        onMenu(selectedKey, actionsRef.current);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  const selectedName = selectedKey ? layout.byKey.get(selectedKey)?.info.node.name : undefined;
  return (
    <div className="org-canvas" ref={containerRef}>
      <div
        className="org-canvas-surface"
        role="application"
        aria-roledescription="organization chart"
        aria-label={selectedName ? `Organization chart, ${selectedName} selected` : 'Organization chart'}
        aria-describedby={helpId}
        tabIndex={0}
        onKeyDown={handleKeyDown}
      >
        <canvas
          ref={canvasRef}
          aria-hidden="true"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={cancelDrag}
          onPointerLeave={() => setHover(null)}
          onDoubleClick={(event) => {
            const hit = hitTest(layoutRef.current, pointAt(event));
            if (hit?.part === 'card') onOpen(hit.node.key);
          }}
          onContextMenu={(event) => {
            const hit = hitTest(layoutRef.current, pointAt(event));
            if (hit?.part !== 'card') return;
            event.preventDefault();
            onSelect(hit.node.key);
            // The Actions button moves over the card once it is selected.
            requestAnimationFrame(() => actionsRef.current && onMenu(hit.node.key, actionsRef.current));
          }}
        />
      </div>
      <p id={helpId} hidden>
        Drag or use the arrow keys to move around, the wheel or plus and minus to zoom, 0 to fit the whole chart.
        {canEdit ? ' Drag a card onto a person or a team to move it there.' : ''} The outline lists the same people as a
        tree.
      </p>
      <div ref={selectionRef} className="org-selection" data-node-key={selectedKey ?? undefined} hidden>
        {selectedKey && (
          <button
            ref={actionsRef}
            type="button"
            className="org-selection-actions"
            aria-label={`Actions for ${selectedName ?? 'the selected node'}`}
            onClick={(event) => onMenu(selectedKey, event.currentTarget)}
          >
            <MoreIcon />
          </button>
        )}
      </div>
      <div ref={tooltipRef} className="org-drop-tooltip" role="status" hidden />
      <Minimap
        ref={minimapRef}
        onCentre={(point) => {
          const canvas = canvasRef.current;
          if (canvas && zoomRef.current) zoomRef.current.translateTo(select(canvas), point.x, point.y);
        }}
      />
    </div>
  );
}
