import type { DeliverySettings } from '@vastra/shared/schemas/delivery';

/** A range as the form holds it: text as typed, the ticks as booleans. */
export interface ZoneDraft {
  pinFrom: string;
  pinTo: string;
  label: string;
  serviceable: boolean;
  cashOnDelivery: boolean;
  extraDays: string;
}

export interface HolidayDraft {
  day: string;
  name: string;
}

/** Both lists of the delivery screen, saved together (docs/decisions/132-delivery-check-screens.md). */
export interface DeliveryDraft {
  zones: ZoneDraft[];
  holidays: HolidayDraft[];
}

export const NEW_ZONE: ZoneDraft = {
  pinFrom: '',
  pinTo: '',
  label: '',
  serviceable: true,
  cashOnDelivery: true,
  extraDays: '0',
};

export const NEW_HOLIDAY: HolidayDraft = { day: '', name: '' };

export const draftOf = (settings: DeliverySettings): DeliveryDraft => ({
  zones: settings.zones.map((zone) => ({ ...zone, extraDays: String(zone.extraDays) })),
  holidays: settings.holidays.map((holiday) => ({ ...holiday })),
});

/**
 * The draft as the API takes it, key for key so the schema's errors land on their fields: extra
 * days as a number, or left for the schema to refuse in its own words (blank, "two", 1.5).
 */
export const settingsOf = (draft: DeliveryDraft) => ({
  zones: draft.zones.map((zone) => ({
    ...zone,
    extraDays: zone.extraDays.trim() === '' ? undefined : Number(zone.extraDays),
  })),
  holidays: draft.holidays,
});
