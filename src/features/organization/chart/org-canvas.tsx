import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import {
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { MoreIcon } from '@/ui';
import { centerOf, CARD, type ChartLayout, fitTransform, hitTest } from '../chart-layout';
import { Minimap, type MinimapHandle } from './minimap';
import { drawChart, type DrawState, type Palette, readPalette, type TextCache, type Transform } from './render';

/** What a drop onto a node would do, in words, or why it cannot be done. */
export type DropPreview = { ok: true; label: string } | { ok: false; reason: string };

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
  /** A node that keeps its place on screen when the layout changes (the one just collapsed). */
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

const MIN_SCALE = 0.005;
const MAX_SCALE = 2.5;
/** The zoom a search result is shown at when the chart is smaller. */
const READABLE = 0.9;
const DRAG_THRESHOLD = 5;

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
  const tooltipRef = useRef<HTMLDivElement>(null);
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
  const pressRef = useRef<{
    x: number;
    y: number;
    key: string | null;
    part: 'toggle' | 'card' | null;
    drag: boolean;
    preview?: { targetKey: string | null; result: DropPreview | null };
  } | null>(null);
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
    const from = transformRef.current;
    const { width, height } = sizeRef.current;
    if (reducedMotion() || !width) {
      setTransform(target);
      return;
    }
    // Interpolate the centre of the view in chart units and the zoom geometrically.
    const c0 = { x: (width / 2 - from.x) / from.k, y: (height / 2 - from.y) / from.k };
    const c1 = { x: (width / 2 - target.x) / target.k, y: (height / 2 - target.y) / target.k };
    const started = clock();
    const duration = 380;
    const step = (now: number) => {
      const t = Math.min(1, (now - started) / duration);
      const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
      const k = from.k ** (1 - eased) * target.k ** eased;
      const cx = c0.x + (c1.x - c0.x) * eased;
      const cy = c0.y + (c1.y - c0.y) * eased;
      setTransform({ k, x: width / 2 - cx * k, y: height / 2 - cy * k });
      if (t < 1) animationRef.current = requestAnimationFrame(step);
    };
    animationRef.current = requestAnimationFrame(step);
  };

  const centreOn = (key: string, k: number): Transform | null => {
    const node = layoutRef.current.byKey.get(key);
    if (!node) return null;
    const { width, height } = sizeRef.current;
    const centre = centerOf(node);
    return { k, x: width / 2 - centre.x * k, y: height / 2 - centre.y * k };
  };

  const fitView = (): Transform => {
    const { width, height } = sizeRef.current;
    return fitTransform(layoutRef.current.bounds, width, height, { minScale: MIN_SCALE });
  };

  /** The first view: the deep-linked node, the whole chart when it is readable, else its top. */
  const initialView = (key: string | null): Transform => {
    const linked = key ? centreOn(key, 1) : null;
    if (linked) return linked;
    const fitted = fitView();
    if (fitted.k >= 0.45) return fitted;
    const top = layoutRef.current.nodes[0];
    if (!top) return fitted;
    const k = 0.75;
    const { width } = sizeRef.current;
    const centre = centerOf(top);
    return layoutRef.current.orientation === 'vertical'
      ? { k, x: width / 2 - centre.x * k, y: 40 - top.y * k }
      : { k, x: 40 - top.x * k, y: sizeRef.current.height / 2 - centre.y * k };
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

  // A new layout: keep the anchor node where it was, or set the first view; then draw.
  const initialKeyRef = useRef(initialKey);
  useLayoutEffect(() => {
    const previous = layoutRef.current;
    const first = !paintedRef.current && !sizeRef.current.width;
    layoutRef.current = layout;
    cacheRef.current.clear();
    measure();
    const canvas = canvasRef.current;
    if (canvas) minimapRef.current?.repaint(layout, (paletteRef.current ??= readPalette(canvas)));
    if (first || previous.orientation !== layout.orientation) {
      cancelAnimationFrame(animationRef.current);
      setTransform(first ? initialView(initialKeyRef.current) : fitView());
    } else if (anchorKey) {
      const before = previous.byKey.get(anchorKey);
      const after = layout.byKey.get(anchorKey);
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
      fit: () => animateTo(fitView()),
      zoomBy: (factor) => {
        const { width, height } = sizeRef.current;
        const { x, y, k } = transformRef.current;
        const next = Math.min(MAX_SCALE, Math.max(MIN_SCALE, k * factor));
        const cx = (width / 2 - x) / k;
        const cy = (height / 2 - y) / k;
        animateTo({ k: next, x: width / 2 - cx * next, y: height / 2 - cy * next });
      },
      flyTo: (key) => {
        const target = centreOn(key, Math.max(READABLE, transformRef.current.k));
        if (target) animateTo(target);
      },
      reveal: (key) => {
        const node = layoutRef.current.byKey.get(key);
        if (!node) return;
        const { width, height } = sizeRef.current;
        const { x, y, k } = transformRef.current;
        const margin = 24;
        const left = x + node.x * k;
        const top = y + node.y * k;
        const right = left + CARD.width * k;
        const bottom = top + CARD.height * k;
        let dx = 0;
        let dy = 0;
        if (left < margin) dx = margin - left;
        else if (right > width - margin) dx = width - margin - right;
        if (top < margin) dy = margin - top;
        else if (bottom > height - margin) dy = height - margin - bottom;
        if (dx || dy) animateTo({ k, x: x + dx, y: y + dy });
      },
      palette: () => (paletteRef.current ??= readPalette(canvasRef.current!)),
    };
    return () => {
      controllerRef.current = null;
    };
  });

  const setHover = (key: string | null) => {
    if (drawStateRef.current.hoverKey === key) return;
    drawStateRef.current = { ...drawStateRef.current, hoverKey: key };
    requestDraw();
  };

  const showTooltip = (text: string | null, event?: { clientX: number; clientY: number }, ok = true) => {
    const tooltip = tooltipRef.current;
    const container = containerRef.current;
    if (!tooltip || !container) return;
    if (!text || !event) {
      tooltip.hidden = true;
      return;
    }
    const box = container.getBoundingClientRect();
    tooltip.hidden = false;
    tooltip.textContent = text;
    tooltip.dataset.ok = String(ok);
    tooltip.style.transform = `translate(${event.clientX - box.left + 14}px, ${event.clientY - box.top + 18}px)`;
  };

  const cancelDrag = () => {
    pressRef.current = null;
    drawStateRef.current = { ...drawStateRef.current, drag: null };
    showTooltip(null);
    requestDraw();
  };

  function handlePointerDown(event: PointerEvent<HTMLCanvasElement>) {
    if (event.button !== 0) return;
    const hit = hitTest(layoutRef.current, pointAt(event));
    pressRef.current = {
      x: event.clientX,
      y: event.clientY,
      key: hit?.node.key ?? null,
      part: hit?.part ?? null,
      drag: false,
    };
    if (canEdit && hit?.part === 'card' && event.pointerType !== 'touch')
      event.currentTarget.setPointerCapture(event.pointerId);
  }

  function handlePointerMove(event: PointerEvent<HTMLCanvasElement>) {
    const press = pressRef.current;
    if (!press || !(event.buttons & 1)) {
      const hit = hitTest(layoutRef.current, pointAt(event));
      setHover(hit?.node.key ?? null);
      event.currentTarget.style.cursor = hit ? (hit.part === 'card' && canEdit ? 'grab' : 'pointer') : 'default';
      return;
    }
    const moved = Math.hypot(event.clientX - press.x, event.clientY - press.y) > DRAG_THRESHOLD;
    if (!canEdit || press.part !== 'card' || !press.key || (!press.drag && !moved)) return;
    press.drag = true;
    const at = pointAt(event);
    const hit = hitTest(layoutRef.current, at);
    const targetKey = hit && hit.node.key !== press.key ? hit.node.key : null;
    // Asked once per target, not on every move over it.
    if (!press.preview || press.preview.targetKey !== targetKey)
      press.preview = { targetKey, result: targetKey && planDrop ? planDrop(press.key, targetKey) : null };
    const preview = press.preview.result;
    drawStateRef.current = {
      ...drawStateRef.current,
      drag: { key: press.key, at, targetKey, ok: Boolean(preview?.ok) },
    };
    event.currentTarget.style.cursor = 'grabbing';
    showTooltip(
      preview ? (preview.ok ? preview.label : preview.reason) : 'Drop on a person, an agent or a team',
      event,
      Boolean(preview?.ok),
    );
    requestDraw();
  }

  function handlePointerUp(event: PointerEvent<HTMLCanvasElement>) {
    const press = pressRef.current;
    pressRef.current = null;
    if (!press) return;
    const drag = drawStateRef.current.drag;
    if (press.drag) {
      cancelDrag();
      if (drag?.targetKey && drag.ok) onDrop?.(drag.key, drag.targetKey);
      return;
    }
    if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > DRAG_THRESHOLD || !press.key) return;
    if (press.part === 'toggle') onToggle(press.key);
    else onSelect(press.key);
  }

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
          onPointerDown={handlePointerDown}
          onPointerMove={handlePointerMove}
          onPointerUp={handlePointerUp}
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
