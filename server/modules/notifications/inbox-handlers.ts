import type { OpenAPIHono } from '@hono/zod-openapi';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../types.ts';
import {
  getPreferencesRoute,
  getUnreadCountRoute,
  listMutesRoute,
  listNotificationsRoute,
  markNotificationsReadRoute,
  muteRoute,
  unmuteRoute,
  updateNotificationRoute,
  updatePreferencesRoute,
} from './inbox-routes.ts';
import {
  getPreferences,
  listMutes,
  listNotifications,
  markRead,
  mute,
  unmute,
  unreadCount,
  updateNotification,
  updatePreferences,
} from './inbox-service.ts';

export function registerInboxRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listNotificationsRoute, async (c) =>
    c.json(await listNotifications(c.get('ctx'), actorOf(c), c.req.valid('query')), 200),
  );
  app.openapi(getUnreadCountRoute, async (c) => c.json({ count: await unreadCount(c.get('ctx'), actorOf(c)) }, 200));
  app.openapi(markNotificationsReadRoute, async (c) =>
    c.json(await markRead(c.get('ctx'), actorOf(c), c.req.valid('json')), 200),
  );
  app.openapi(updateNotificationRoute, async (c) =>
    c.json(
      await updateNotification(c.get('ctx'), actorOf(c), c.req.valid('param').notificationId, c.req.valid('json')),
      200,
    ),
  );
  app.openapi(listMutesRoute, async (c) => c.json(await listMutes(c.get('ctx'), actorOf(c)), 200));
  app.openapi(muteRoute, async (c) => {
    const { thingKind, thingId } = c.req.valid('param');
    return c.json(await mute(c.get('ctx'), actorOf(c), thingKind, thingId), 200);
  });
  app.openapi(unmuteRoute, async (c) => {
    const { thingKind, thingId } = c.req.valid('param');
    await unmute(c.get('ctx'), actorOf(c), thingKind, thingId);
    return c.body(null, 204);
  });
  app.openapi(getPreferencesRoute, async (c) => c.json(await getPreferences(c.get('ctx'), actorOf(c)), 200));
  app.openapi(updatePreferencesRoute, async (c) =>
    c.json(await updatePreferences(c.get('ctx'), actorOf(c), c.req.valid('json').email), 200),
  );
}
