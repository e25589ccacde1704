/**
 * An amount in words with Indian numbering (thousand, lakh, crore), as invoices write totals:
 * "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only".
 */

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1–99. */
function twoDigits(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]}-${ONES[unit]}`;
}

/** A whole number ≥ 0 in words; 0 is "Zero". */
export function wholeInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole amount: ${n}`);
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  let rest = n % 10_000_000;
  // Above 99 crore the crores are themselves counted in lakhs and thousands ("One Hundred Crore").
  if (crore > 0) parts.push(`${wholeInWords(crore)} Crore`);
  const groups: [number, string][] = [
    [100_000, 'Lakh'],
    [1_000, 'Thousand'],
    [100, 'Hundred'],
  ];
  for (const [size, name] of groups) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${twoDigits(count)} ${name}`);
    rest %= size;
  }
  if (rest > 0) parts.push(twoDigits(rest));
  return parts.join(' ');
}

/** Paise in words: "Rupees Forty-Nine Only", "Rupees Two Thousand and Fifty Paise Only". */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = `Rupees ${wholeInWords(rupees)}`;
  return rest === 0 ? `${words} Only` : `${words} and ${twoDigits(rest)} Paise Only`;
}
