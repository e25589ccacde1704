import { stateByCode } from './indian-states';

/**
 * A GSTIN: the state code (2 digits), the holder's PAN (5 letters, 4 digits, a letter), the
 * registration's number within the PAN (1–9 or A–Z), the letter Z, and a check character
 * computed over the first fourteen (the GST Network's base-36 Luhn mod N).
 */
const GSTIN_SHAPE = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of the first fourteen characters of a GSTIN. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = ALPHABET.indexOf(first14[i] ?? '');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** Why `value` is not a GSTIN, or null when it is one. */
export function gstinProblem(value: string): string | null {
  const match = GSTIN_SHAPE.exec(value);
  if (!match) return 'must be 15 characters: state code, PAN, entity number, Z, check character';
  if (!stateByCode(match[1]!)) return `starts with ${match[1]}, which is not a state code`;
  if (gstinCheckCharacter(value.slice(0, 14)) !== value[14])
    return 'has a wrong check character (last character): please copy it again';
  return null;
}
