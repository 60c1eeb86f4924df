import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { actorOf } from '../../http/actor.ts';
import { createCommentRoute, deleteCommentRoute, listCommentsRoute, updateCommentRoute } from './routes.ts';
import { addComment, deleteComment, listComments, updateComment } from './service.ts';

export function registerCommentRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listCommentsRoute, async (c) => {
    const { projectId, cardId } = c.req.valid('param');
    return c.json(await listComments(c.get('ctx'), actorOf(c), projectId, cardId, c.req.valid('query')), 200);
  });

  app.openapi(createCommentRoute, async (c) => {
    const { projectId, cardId } = c.req.valid('param');
    return c.json(await addComment(c.get('ctx'), actorOf(c), projectId, cardId, c.req.valid('json')), 201);
  });

  app.openapi(updateCommentRoute, async (c) => {
    const { projectId, cardId, commentId } = c.req.valid('param');
    return c.json(
      await updateComment(c.get('ctx'), actorOf(c), projectId, cardId, commentId, c.req.valid('json')),
      200,
    );
  });

  app.openapi(deleteCommentRoute, async (c) => {
    const { projectId, cardId, commentId } = c.req.valid('param');
    await deleteComment(c.get('ctx'), actorOf(c), projectId, cardId, commentId);
    return c.json({ success: true }, 200);
  });
}
