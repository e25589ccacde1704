import { endpointGroup } from '../endpoint';
import { lateRoutes } from '../late-routes';

const tags = ['Development'] as const;

/** Pages that exist only outside production (decisions 094, 100). */
export const development = endpointGroup({
  outbox: {
    ...lateRoutes.development.outbox,
    schema: {
      summary: 'The mails the shop would have sent, newest first (HTML)',
      description:
        'Only without SMTP_URL, only on the computer running the shop, never in production (decision 094).',
      tags,
      produces: ['text/html'],
    },
  },
  outboxJson: {
    ...lateRoutes.development.outboxJson,
    schema: {
      summary:
        'The same mails as JSON: `{ success, mails: [{ to, from, subject, text, sentAt }] }`',
      description: 'Same conditions as /dev/outbox.',
      tags,
      produces: ['application/json'],
    },
  },
  docs: {
    ...lateRoutes.development.docs,
    schema: {
      summary: 'This API reference (HTML), generated from the endpoint table',
      tags,
      produces: ['text/html'],
    },
  },
  openapi: {
    ...lateRoutes.development.openapi,
    schema: {
      summary: 'The API reference as an OpenAPI 3 document',
      tags,
      produces: ['application/json'],
    },
  },
});
