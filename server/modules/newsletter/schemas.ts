import { z } from '@hono/zod-openapi';
import { pageQuery } from '../../http/route.ts';

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
/** Longest address accepted (RFC 5321's path limit). */
export const EMAIL_MAX = 254;
export const SUBSCRIBER_PAGE_MAX = 100;
export const SUBSCRIBER_PAGE_DEFAULT = 50;

const Status = z.enum(NEWSLETTER_STATUSES).openapi({
  description:
    '`pending`: signed up, the confirmation link not opened yet. `confirmed`: receives the newsletter. `unsubscribed`: left through an unsubscribe link.',
});

export const NewsletterSchema = z
  .object({
    companyId: z.uuid(),
    companyName: z.string().openapi({ example: 'Acme Robotics' }),
  })
  .openapi('Newsletter');

export const SubscribeNewsletterInput = z
  .object({
    companyId: z.uuid().openapi({ description: 'The company whose newsletter to join.' }),
    email: z.email().max(EMAIL_MAX).openapi({
      description:
        'At most 254 characters; lowercased before use (addresses differing only in case are one subscriber).',
      example: 'reader@example.com',
    }),
  })
  .strict()
  .openapi('SubscribeNewsletterRequest');

export const NewsletterAcceptedSchema = z
  .object({
    message: z.string().openapi({
      example: 'Thanks! If this address is not subscribed yet, an email with a confirmation link is on its way.',
    }),
  })
  .openapi('NewsletterSignupAccepted');

const tokenField = (description: string) => z.string().min(1).max(200).openapi({ description });

export const ConfirmNewsletterInput = z
  .object({ token: tokenField('The token of the confirmation link (`/newsletter/confirm?token=…`).') })
  .strict()
  .openapi('ConfirmNewsletterRequest');

export const UnsubscribeNewsletterInput = z
  .object({ token: tokenField('The token of the unsubscribe link (`/newsletter/unsubscribe?token=…`).') })
  .strict()
  .openapi('UnsubscribeNewsletterRequest');

export const NewsletterSubscriptionSchema = z
  .object({
    companyName: z.string(),
    email: z.string(),
    status: Status,
  })
  .openapi('NewsletterSubscription');

export const NewsletterSubscriberSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    status: Status,
    createdAt: z.iso.datetime().openapi({ description: 'First signup.' }),
    requestedAt: z.iso.datetime().openapi({ description: 'When the last confirmation email was asked for.' }),
    confirmedAt: z.iso.datetime().nullable(),
    unsubscribedAt: z.iso.datetime().nullable(),
  })
  .openapi('NewsletterSubscriber');

const filters = {
  status: Status.optional().openapi({ param: { name: 'status', in: 'query' } }),
  q: z
    .string()
    .trim()
    .min(1)
    .max(EMAIL_MAX)
    .optional()
    .openapi({
      param: { name: 'q', in: 'query' },
      description: 'Case-insensitive substring of the email address.',
    }),
};

export const NewsletterSubscriberFilters = z.object(filters);

export const NewsletterSubscribersQuery = pageQuery(SUBSCRIBER_PAGE_MAX, SUBSCRIBER_PAGE_DEFAULT).extend(filters);

export type NewsletterSubscriberFilters = z.infer<typeof NewsletterSubscriberFilters>;
export type NewsletterSubscribersQuery = z.infer<typeof NewsletterSubscribersQuery>;
export type NewsletterSubscriber = z.infer<typeof NewsletterSubscriberSchema>;
