/**
 * Where the shop delivers (docs/decisions/128-delivery-check.md): ranges of PIN codes, each saying
 * whether the shop delivers there, whether cash on delivery is offered, and how many business
 * days more the parcel takes. The admin edits them; the narrowest range holding a PIN code decides
 * for it, so "all of India" can be one row and a remote island another inside it.
 */

export interface DeliveryZone {
  /** First and last PIN code of the range, inclusive, as 6-digit strings. */
  pinFrom: string;
  pinTo: string;
  /** What the admin calls it: "North-East", "Andaman & Nicobar". */
  label: string;
  serviceable: boolean;
  cashOnDelivery: boolean;
  extraDays: number;
}

/** How cautious a zone is: not served > no cash on delivery > more extra days. */
const caution = (z: DeliveryZone) =>
  (z.serviceable ? 0 : 1000) + (z.cashOnDelivery ? 0 : 100) + z.extraDays;

/**
 * The zone that decides for `pin`: the narrowest range holding it; of two equally narrow ones, the
 * more cautious (the order the admin listed them in never matters). Undefined when none holds it.
 */
export function zoneOfPin<Z extends DeliveryZone>(pin: string, zones: readonly Z[]): Z | undefined {
  let best: Z | undefined;
  let bestSpan = Infinity;
  for (const zone of zones) {
    if (pin < zone.pinFrom || pin > zone.pinTo) continue;
    const span = Number(zone.pinTo) - Number(zone.pinFrom);
    if (span < bestSpan || (span === bestSpan && best && caution(zone) > caution(best))) {
      best = zone;
      bestSpan = span;
    }
  }
  return best;
}

/** The zones a new shop starts with: all of India, and the remote regions' exceptions. */
export const DEFAULT_DELIVERY_ZONES: readonly DeliveryZone[] = [
  {
    pinFrom: '110000',
    pinTo: '999999',
    label: 'All India',
    serviceable: true,
    cashOnDelivery: true,
    extraDays: 0,
  },
  {
    pinFrom: '180000',
    pinTo: '194999',
    label: 'Jammu & Kashmir and Ladakh',
    serviceable: true,
    cashOnDelivery: true,
    extraDays: 2,
  },
  {
    pinFrom: '194100',
    pinTo: '194499',
    label: 'Ladakh',
    serviceable: true,
    cashOnDelivery: false,
    extraDays: 2,
  },
  {
    pinFrom: '737000',
    pinTo: '737999',
    label: 'Sikkim',
    serviceable: true,
    cashOnDelivery: true,
    extraDays: 2,
  },
  {
    pinFrom: '744000',
    pinTo: '744999',
    label: 'Andaman & Nicobar Islands',
    serviceable: true,
    cashOnDelivery: false,
    extraDays: 2,
  },
  {
    pinFrom: '682550',
    pinTo: '682559',
    label: 'Lakshadweep',
    serviceable: true,
    cashOnDelivery: false,
    extraDays: 2,
  },
  {
    pinFrom: '780000',
    pinTo: '799999',
    label: 'North-East',
    serviceable: true,
    cashOnDelivery: true,
    extraDays: 2,
  },
];
