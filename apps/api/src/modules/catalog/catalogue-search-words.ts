/*
 * The shopper's search text as words to look for (docs/decisions/139-catalogue-query.md). The
 * text arrives already in search normal form (vastra_search_norm, migration 0018: lower case, no
 * accents, hyphens joined, crude singular), so these words compare with the products' own.
 */

/** More words than this are not a search a shopper types; the rest are ignored. */
export const SEARCH_WORDS_MAX = 8;

/**
 * Words shoppers use for the same garment, in search normal form (singular, no hyphen). Data, not
 * code: add a line when the search log shows shoppers missing products. A synonym ranks a little
 * below the word itself ("chinos" shows Chinos before Trousers).
 */
export const SEARCH_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  tee: ['tshirt'],
  tshirt: ['tee'],
  chino: ['pant', 'trouser'],
  pant: ['trouser', 'chino'],
  trouser: ['pant', 'chino'],
  jean: ['denim'],
  denim: ['jean'],
  shirt: ['tshirt'],
};

/**
 * The words of normalised search text: a single letter is joined to what follows it ("t shirt"
 * → "tshirt", "u s polo" → "us polo"), each word once, at most SEARCH_WORDS_MAX.
 */
export function searchWords(normalised: string): string[] {
  const parts = normalised.split(' ').filter((w) => w !== '');
  const words: string[] = [];
  let letters = '';
  for (const part of parts) {
    if (part.length === 1) {
      letters += part;
      continue;
    }
    if (letters.length === 1) words.push(letters + part);
    else {
      if (letters) words.push(letters);
      words.push(part);
    }
    letters = '';
  }
  if (letters) words.push(letters);
  return [...new Set(words)].slice(0, SEARCH_WORDS_MAX);
}

/**
 * Whether two words are at most one typo apart: one letter missing, extra, wrong, or two
 * neighbours swapped ("chnio" → "chino").
 */
export function oneTypoApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) {
    const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    return swapped || a.slice(i + 1) === b.slice(i + 1);
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(i + 1) === shorter.slice(i);
}

/** Words of fewer letters are not corrected: one typo there makes another word. */
export const TYPO_MIN_LENGTH = 4;

/** What one search word stands for: itself or its corrections, and its synonyms. */
export interface SearchTerm {
  /** The word as typed, or the catalogue words one typo from it when no product has it. */
  literal: string[];
  synonyms: string[];
}

export function searchTerm(literal: readonly string[]): SearchTerm {
  const own = new Set(literal);
  const synonyms = new Set(literal.flatMap((w) => SEARCH_SYNONYMS[w] ?? []));
  return { literal: [...own], synonyms: [...synonyms].filter((w) => !own.has(w)) };
}
