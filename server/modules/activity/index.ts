/**
 * What other modules may use of the activity module: the card activity of a person (Home) and of
 * an agent (its page), and the schemas of their pages; its other files are its own.
 */
export { ActivityPageQuery, ActivityPageSchema, ColumnRefSchema, ProjectRefSchema } from './schemas.ts';
export { agentActivity, recentActivity } from './service.ts';
