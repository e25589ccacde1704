import {
  deliveryCheckParamsSchema,
  deliveryCheckResponseSchema,
  deliverySettingsResponseSchema,
  deliverySettingsSchema,
} from '../../schemas/delivery';
import { ADMIN_SESSION, endpointGroup, refusals } from '../endpoint';
import { lateRoutes } from '../late-routes';

/** The delivery check by PIN code and the admin's delivery settings (docs/decisions/128-delivery-check.md). */
export const delivery = endpointGroup({
  check: {
    ...lateRoutes.delivery.check,
    schema: {
      summary:
        'Whether, by when, and with cash on delivery or not, the shop delivers to a PIN code',
      description:
        'A PIN code India Post does not know is a 404; one the shop does not serve is answered with serviceable: false.',
      tags: ['Delivery'],
      params: deliveryCheckParamsSchema,
      response: { 200: deliveryCheckResponseSchema, ...refusals(400, 404) },
    },
  },
  settings: {
    ...lateRoutes.delivery.settings,
    schema: {
      summary:
        'The PIN-code ranges the shop serves, with cash on delivery and extra days, and its holidays',
      tags: ['Admin: delivery'],
      security: ADMIN_SESSION,
      response: { 200: deliverySettingsResponseSchema, ...refusals(401, 403) },
    },
  },
  saveSettings: {
    ...lateRoutes.delivery.saveSettings,
    schema: {
      summary: 'Replace the PIN-code ranges and the holidays (both lists, whole)',
      tags: ['Admin: delivery'],
      security: ADMIN_SESSION,
      body: deliverySettingsSchema,
      response: { 200: deliverySettingsResponseSchema, ...refusals(400, 401, 403) },
    },
  },
});
