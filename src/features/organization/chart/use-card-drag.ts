import { type PointerEvent, type RefObject, useRef } from 'react';
import { type ChartLayout, hitTest } from '../chart-layout';
import type { DrawState } from './render';

/** What a drop onto a node would do, in words, or why it cannot be done. */
export type DropPreview = { ok: true; label: string } | { ok: false; reason: string };

/** How far (in pixels) a press moves before it is a drag rather than a click. */
const DRAG_THRESHOLD = 5;

type Point = { x: number; y: number };

/**
 * The pointer on the chart's canvas: hover, clicks on a card (select) or its toggle (collapse),
 * and, for admins, dragging a card onto another, with the drop's outcome in a tooltip
 * (`tooltipRef`) as it is dragged. The drag is drawn through `drawStateRef`.
 */
export function useCardDrag({
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
}: {
  layoutRef: RefObject<ChartLayout>;
  drawStateRef: RefObject<DrawState>;
  containerRef: RefObject<HTMLDivElement | null>;
  /** A pointer's position in chart units. */
  pointAt: (event: { clientX: number; clientY: number }) => Point;
  requestDraw: () => void;
  canEdit: boolean;
  planDrop?: (draggedKey: string, targetKey: string) => DropPreview;
  onDrop?: (draggedKey: string, targetKey: string) => void;
  onToggle: (key: string) => void;
  onSelect: (key: string) => void;
}) {
  const tooltipRef = useRef<HTMLDivElement>(null);
  const pressRef = useRef<{
    x: number;
    y: number;
    key: string | null;
    part: 'toggle' | 'card' | null;
    drag: boolean;
    preview?: { targetKey: string | null; result: DropPreview | null };
  } | null>(null);

  const setHover = (key: string | null) => {
    if (drawStateRef.current.hoverKey === key) return;
    drawStateRef.current = { ...drawStateRef.current, hoverKey: key };
    requestDraw();
  };

  const showTooltip = (text: string | null, event?: { clientX: number; clientY: number }, ok = true) => {
    const tooltip = tooltipRef.current;
    const element = containerRef.current;
    if (!tooltip || !element) return;
    if (!text || !event) {
      tooltip.hidden = true;
      return;
    }
    const box = element.getBoundingClientRect();
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

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
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

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
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

  function onPointerUp(event: PointerEvent<HTMLCanvasElement>) {
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

  return { tooltipRef, setHover, cancelDrag, onPointerDown, onPointerMove, onPointerUp };
}
