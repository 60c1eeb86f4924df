import { describe, expect, it } from 'vitest';
import contract from '../../contract/openapi.json' with { type: 'json' };

const ids = Object.values(contract.paths as Record<string, Record<string, { operationId?: string }>>).flatMap(
  (methods) => Object.values(methods).flatMap((operation) => (operation.operationId ? [operation.operationId] : [])),
);

describe('operation ids', () => {
  it('are a verb and a noun (lowerCamelCase: `listProjects`, `callMcp`), each once', () => {
    expect(ids.filter((id) => !/^[a-z]+[A-Z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(ids.length).toBe(new Set(ids).size);
  });
});
