import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { stateByCode, type IndianState } from '@vastra/shared/tax/indian-states';

/**
 * India Post's PIN codes with their district and state (apps/api/data/pin-directory.tsv.gz, made
 * by scripts/build-pin-directory.mjs; docs/decisions/123-gst-invoices.md). Shipped with the
 * project and read once, on first use: nothing is fetched at run time. About 19,500 codes.
 */

export interface PinPlace {
  pin: string;
  district: string;
  state: IndianState;
}

const DIRECTORY_FILE = new URL('../../data/pin-directory.tsv.gz', import.meta.url);

let directory: Map<string, PinPlace> | undefined;

function load(): Map<string, PinPlace> {
  const places = new Map<string, PinPlace>();
  const text = gunzipSync(readFileSync(DIRECTORY_FILE)).toString('utf8');
  for (const line of text.split('\n')) {
    const [pin, district, code] = line.split('\t');
    const state = code ? stateByCode(code) : undefined;
    if (pin && district && state) places.set(pin, { pin, district, state });
  }
  return places;
}

/** Where a PIN code is, or undefined when India Post has no such code. */
export function lookUpPin(pin: string): PinPlace | undefined {
  directory ??= load();
  return directory.get(pin.trim());
}
