import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../types.ts';
import { ApiError, ErrorCode } from '../../http/errors.ts';
import { mcpRoute } from './routes.ts';
import { checkHost } from './hosts.ts';
import { handleMcpRequest } from './server.ts';
import { buildCatalog, type Catalog, DEFAULT_TOOLSETS, parseToolsets } from './tools.ts';

/**
 * `POST /mcp`: the API's operations as Model Context Protocol tools. `version` is the API's, which
 * the endpoint reports as its server version.
 */
export function registerMcpRoutes(app: OpenAPIHono<AppEnv>, version = '0.0.0') {
  // Built at the first request, once every module has registered its operations.
  let catalog: Catalog | undefined;
  const catalogOf = (c: Context<AppEnv>) => {
    if (!catalog) {
      catalog = buildCatalog(app.openAPIRegistry);
      if (catalog.unplaced.length > 0) {
        c.get('ctx').logger.warn('MCP: operations whose tags are in no toolset are no tools', {
          operations: catalog.unplaced,
        });
      }
    }
    return catalog;
  };

  // DNS-rebinding protection before anything else, whatever the method.
  app.use('/mcp', async (c, next) => {
    checkHost(c);
    await next();
  });
  app.openapi(mcpRoute, async (c) => {
    const parsed = parseToolsets(c.req.valid('query').toolsets);
    const toolsets = 'toolsets' in parsed ? parsed.toolsets : [...DEFAULT_TOOLSETS];
    return handleMcpRequest(c, { api: app, catalog: catalogOf(c), toolsets, version, body: c.req.valid('json') });
  });
  const noSessions = () => {
    throw new ApiError(
      405,
      'The MCP endpoint is stateless: POST JSON-RPC messages to it (it opens no event stream and keeps no session to delete)',
      ErrorCode.methodNotAllowed,
      {},
      { Allow: 'POST' },
    );
  };
  app.on(['GET', 'PUT', 'PATCH', 'DELETE'], '/mcp', noSessions);
}
