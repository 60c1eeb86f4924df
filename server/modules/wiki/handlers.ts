import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { actorOf } from '../../http/actor.ts';
import {
  archiveWikiPageRoute,
  createWikiCommentRoute,
  createWikiPageRoute,
  deleteWikiCommentRoute,
  getWikiPageRoute,
  getWikiRevisionRoute,
  listWikiCommentsRoute,
  listWikiPagesRoute,
  listWikiRevisionsRoute,
  moveWikiPageRoute,
  restoreWikiPageRoute,
  restoreWikiRevisionRoute,
  updateWikiCommentRoute,
  updateWikiPageRoute,
} from './routes.ts';
import { addWikiComment, deleteWikiComment, listWikiComments, updateWikiComment } from './page-comments.ts';
import { getRevision, listRevisions, restoreRevision } from './revisions.ts';
import { archivePage, createPage, getPage, listPages, movePage, restorePage, savePage } from './service.ts';

export function registerWikiRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listWikiPagesRoute, async (c) => {
    const { projectId } = c.req.valid('param');
    const archived = c.req.valid('query').archived === 'true';
    return c.json({ pages: await listPages(c.get('ctx'), actorOf(c), projectId, { archived }) }, 200);
  });

  app.openapi(createWikiPageRoute, async (c) => {
    const { projectId } = c.req.valid('param');
    return c.json(await createPage(c.get('ctx'), actorOf(c), projectId, c.req.valid('json')), 201);
  });

  app.openapi(getWikiPageRoute, async (c) => {
    const { projectId, pageId } = c.req.valid('param');
    return c.json(await getPage(c.get('ctx'), actorOf(c), projectId, pageId), 200);
  });

  app.openapi(updateWikiPageRoute, async (c) => {
    const { projectId, pageId } = c.req.valid('param');
    return c.json(await savePage(c.get('ctx'), actorOf(c), projectId, pageId, c.req.valid('json')), 200);
  });

  app.openapi(moveWikiPageRoute, async (c) => {
    const { projectId, pageId } = c.req.valid('param');
    return c.json({ pages: await movePage(c.get('ctx'), actorOf(c), projectId, pageId, c.req.valid('json')) }, 200);
  });

  app.openapi(archiveWikiPageRoute, async (c) => {
    const { projectId, pageId } = c.req.valid('param');
    return c.json({ pages: await archivePage(c.get('ctx'), actorOf(c), projectId, pageId) }, 200);
  });

  app.openapi(restoreWikiPageRoute, async (c) => {
    const { projectId, pageId } = c.req.valid('param');
    return c.json({ pages: await restorePage(c.get('ctx'), actorOf(c), projectId, pageId) }, 200);
  });

  app.openapi(listWikiRevisionsRoute, async (c) => {
    const { projectId, pageId } = c.req.valid('param');
    return c.json(await listRevisions(c.get('ctx'), actorOf(c), projectId, pageId, c.req.valid('query')), 200);
  });

  app.openapi(getWikiRevisionRoute, async (c) => {
    const { projectId, pageId, revisionId } = c.req.valid('param');
    return c.json(await getRevision(c.get('ctx'), actorOf(c), projectId, pageId, revisionId), 200);
  });

  app.openapi(restoreWikiRevisionRoute, async (c) => {
    const { projectId, pageId, revisionId } = c.req.valid('param');
    return c.json(await restoreRevision(c.get('ctx'), actorOf(c), projectId, pageId, revisionId), 201);
  });

  app.openapi(listWikiCommentsRoute, async (c) => {
    const { projectId, pageId } = c.req.valid('param');
    return c.json(await listWikiComments(c.get('ctx'), actorOf(c), projectId, pageId, c.req.valid('query')), 200);
  });

  app.openapi(createWikiCommentRoute, async (c) => {
    const { projectId, pageId } = c.req.valid('param');
    return c.json(await addWikiComment(c.get('ctx'), actorOf(c), projectId, pageId, c.req.valid('json')), 201);
  });

  app.openapi(updateWikiCommentRoute, async (c) => {
    const { projectId, pageId, commentId } = c.req.valid('param');
    return c.json(
      await updateWikiComment(c.get('ctx'), actorOf(c), projectId, pageId, commentId, c.req.valid('json')),
      200,
    );
  });

  app.openapi(deleteWikiCommentRoute, async (c) => {
    const { projectId, pageId, commentId } = c.req.valid('param');
    await deleteWikiComment(c.get('ctx'), actorOf(c), projectId, pageId, commentId);
    return c.json({ success: true }, 200);
  });
}
