import type { z } from '@hono/zod-openapi';
import type { Tool } from './tools.ts';

export type ArgumentIssue = { path: string; message: string };

function pick(args: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.filter((key) => args[key] !== undefined).map((key) => [key, args[key]]));
}

function issuesOf(schema: z.ZodType, value: unknown, prefix: string[] = []): ArgumentIssue[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const path = [...prefix, ...issue.path.map(String)];
    return { path: path.length > 0 ? path.join('.') : '(arguments)', message: issue.message };
  });
}

/**
 * Checks a tool call's arguments with the operation's own zod schemas (path parameters, query
 * parameters, and the JSON body under `body`), naming each refused field; an argument the tool
 * does not take is refused too, so a misspelled one is not silently dropped.
 */
export function checkArguments(tool: Tool, args: Record<string, unknown>): ArgumentIssue[] {
  const known = new Set([...tool.paramKeys, ...tool.queryKeys, ...(tool.body ? ['body'] : [])]);
  const issues: ArgumentIssue[] = Object.keys(args)
    .filter((key) => !known.has(key))
    .map((key) => ({ path: key, message: 'is not an argument of this tool' }));
  if (tool.params) issues.push(...issuesOf(tool.params, pick(args, tool.paramKeys)));
  // A path parameter of "." or ".." would be resolved away by the URL, reaching another operation.
  for (const key of tool.paramKeys) {
    if (args[key] === '.' || args[key] === '..') issues.push({ path: key, message: 'must not be "." or ".."' });
  }
  if (tool.query) issues.push(...issuesOf(tool.query, pick(args, tool.queryKeys)));
  if (tool.body) {
    if (args.body === undefined) {
      if (tool.bodyRequired) issues.push({ path: 'body', message: 'is required' });
    } else {
      issues.push(...issuesOf(tool.body, args.body, ['body']));
    }
  }
  return issues;
}
