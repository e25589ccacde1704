import { z } from 'zod';
import { ADDRESS_MESSAGES } from './order';
import { text } from './common';

/**
 * The delivery check by PIN code and the admin's delivery settings
 * (docs/decisions/128-delivery-check.md).
 */

export const DELIVERY_MESSAGES = {
  pin: ADDRESS_MESSAGES.zipcode,
  unknownPin: 'We could not find this PIN code. Please check it.',
  notServed: 'We do not deliver to this PIN code yet',
  noCashOnDelivery: 'Cash on delivery is not available for this PIN code',
  zoneRange: 'A range must start at or before its end, both 6-digit PIN codes',
  zoneLabel: 'Please name the range (up to 60 characters)',
  extraDays: 'Extra days must be a whole number from 0 to 30',
  tooManyZones: 'At most 200 ranges',
  noAllIndia: 'Keep at least one range',
  holidayDay: 'Please enter a date as YYYY-MM-DD',
  holidayName: 'Please name the holiday (up to 60 characters)',
  tooManyHolidays: 'At most 200 holidays',
  holidayTwice: (day: string) => `${day} is listed twice`,
} as const;

const pinCode = text({ error: DELIVERY_MESSAGES.pin })
  .trim()
  .regex(/^[1-9][0-9]{5}$/, DELIVERY_MESSAGES.pin);

export const deliveryCheckParamsSchema = z.object({ pin: pinCode });

export const deliveryCheckSchema = z.object({
  pin: z.string(),
  /** From India Post's directory. */
  district: z.string(),
  state: z.string(),
  serviceable: z.boolean(),
  cashOnDelivery: z.boolean(),
  /** Earliest and latest delivery if ordered now (ms since the epoch); null when not served. */
  deliverBy: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
});
export type DeliveryCheck = z.infer<typeof deliveryCheckSchema>;

export const deliveryCheckResponseSchema = z.object({
  success: z.literal(true),
  check: deliveryCheckSchema,
});

export const deliveryZoneSchema = z
  .object({
    pinFrom: pinCode,
    pinTo: pinCode,
    label: text({ error: DELIVERY_MESSAGES.zoneLabel })
      .trim()
      .min(1, DELIVERY_MESSAGES.zoneLabel)
      .max(60, DELIVERY_MESSAGES.zoneLabel),
    serviceable: z.boolean(),
    cashOnDelivery: z.boolean(),
    extraDays: z
      .number({ error: DELIVERY_MESSAGES.extraDays })
      .int(DELIVERY_MESSAGES.extraDays)
      .min(0, DELIVERY_MESSAGES.extraDays)
      .max(30, DELIVERY_MESSAGES.extraDays),
  })
  .refine((z) => z.pinFrom <= z.pinTo, { message: DELIVERY_MESSAGES.zoneRange, path: ['pinTo'] });

const isRealDay = (day: string) => {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
};

export const holidaySchema = z.object({
  day: text({ error: DELIVERY_MESSAGES.holidayDay })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, DELIVERY_MESSAGES.holidayDay)
    .refine(isRealDay, DELIVERY_MESSAGES.holidayDay),
  name: text({ error: DELIVERY_MESSAGES.holidayName })
    .trim()
    .min(1, DELIVERY_MESSAGES.holidayName)
    .max(60, DELIVERY_MESSAGES.holidayName),
});

export const deliverySettingsSchema = z.object({
  zones: z
    .array(deliveryZoneSchema)
    .min(1, DELIVERY_MESSAGES.noAllIndia)
    .max(200, DELIVERY_MESSAGES.tooManyZones),
  holidays: z
    .array(holidaySchema)
    .max(200, DELIVERY_MESSAGES.tooManyHolidays)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      for (const [i, h] of list.entries()) {
        if (seen.has(h.day))
          ctx.addIssue({
            code: 'custom',
            message: DELIVERY_MESSAGES.holidayTwice(h.day),
            path: [i, 'day'],
          });
        seen.add(h.day);
      }
    }),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

export const deliverySettingsResponseSchema = z.object({
  success: z.literal(true),
  settings: deliverySettingsSchema,
});
