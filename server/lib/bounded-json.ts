/**
 * Free-form JSON objects from clients (an integration grant's constraints, a connection's
 * credentials) are bounded: their size, depth, number of keys and string lengths, and keys that
 * could reach an object's prototype are refused. `boundedObject` is the zod schema; its issues
 * carry the path of the offending value, so the 400 names it (`constraints.repositories.0: …`).
 */
import { z } from '@hono/zod-openapi';

export type JsonBounds = {
  /** Bytes of the whole value as JSON. */
  maxBytes: number;
  /** Nesting: the object itself is depth 1. */
  maxDepth: number;
  /** Keys in all, nested ones included. */
  maxKeys: number;
  maxKeyLength: number;
  maxStringLength: number;
};

export const CONSTRAINT_BOUNDS: JsonBounds = {
  maxBytes: 8 * 1024,
  maxDepth: 6,
  maxKeys: 200,
  maxKeyLength: 100,
  maxStringLength: 2000,
};

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

type Problem = { path: (string | number)[]; message: string };

/** The first problem of `value` against `bounds`, or null. */
export function checkBoundedJson(value: unknown, bounds: JsonBounds): Problem | null {
  let keys = 0;
  const walk = (node: unknown, path: (string | number)[], depth: number): Problem | null => {
    if (node === null || typeof node === 'boolean') return null;
    if (typeof node === 'number') return Number.isFinite(node) ? null : { path, message: 'must be a finite number' };
    if (typeof node === 'string') {
      return node.length > bounds.maxStringLength
        ? { path, message: `is longer than ${bounds.maxStringLength} characters` }
        : null;
    }
    if (depth > bounds.maxDepth) return { path, message: `nests deeper than ${bounds.maxDepth} levels` };
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) {
        const problem = walk(item, [...path, index], depth + 1);
        if (problem) return problem;
      }
      return null;
    }
    if (typeof node !== 'object' || Object.getPrototypeOf(node) !== Object.prototype) {
      return { path, message: 'must be JSON' };
    }
    for (const key of Object.keys(node)) {
      keys += 1;
      if (keys > bounds.maxKeys) return { path, message: `has more than ${bounds.maxKeys} keys in all` };
      if (FORBIDDEN_KEYS.has(key)) return { path: [...path, key], message: 'is not an allowed key' };
      if (key.length === 0 || key.length > bounds.maxKeyLength) {
        return { path, message: `has a key that is empty or longer than ${bounds.maxKeyLength} characters` };
      }
      const problem = walk((node as Record<string, unknown>)[key], [...path, key], depth + 1);
      if (problem) return problem;
    }
    return null;
  };
  const problem = walk(value, [], 1);
  if (problem) return problem;
  const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
  return bytes > bounds.maxBytes ? { path: [], message: `is larger than ${bounds.maxBytes} bytes as JSON` } : null;
}

/**
 * A JSON object within `bounds`. The raw parsed body is checked before anything copies it:
 * JSON.parse keeps a `__proto__` key as an own property, which copying would turn into a
 * prototype.
 */
export function boundedObject(bounds: JsonBounds, description: string) {
  return z
    .unknown()
    .superRefine((value, context) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        context.addIssue({ code: 'custom', message: 'must be a JSON object' });
        return;
      }
      const problem = checkBoundedJson(value, bounds);
      if (problem) context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    })
    .transform((value) => value as Record<string, unknown>)
    .openapi({ type: 'object', additionalProperties: true, description });
}
