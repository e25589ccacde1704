import { describe, expect, it } from 'vitest';
import { oneTypoApart, SEARCH_WORDS_MAX, searchTerm, searchWords } from './catalogue-search-words';

describe('searchWords', () => {
  it.each([
    ['t shirt', ['tshirt']],
    ['polo tshirt', ['polo', 'tshirt']],
    ['us polo', ['us', 'polo']],
    ['u s polo', ['us', 'polo']],
    ['shirt t', ['shirt', 't']],
    ['polo polo', ['polo']],
    ['', []],
  ])('%j → %j', (text, words) => {
    expect(searchWords(text)).toEqual(words);
  });

  it(`keeps at most ${SEARCH_WORDS_MAX} words`, () => {
    const many = Array.from({ length: 20 }, (_, i) => `word${i}`).join(' ');
    expect(searchWords(many)).toHaveLength(SEARCH_WORDS_MAX);
  });
});

describe('oneTypoApart', () => {
  it.each([
    ['chino', 'chino', true],
    ['chnio', 'chino', true],
    ['chin', 'chino', true],
    ['chinoo', 'chino', true],
    ['chimo', 'chino', true],
    ['trousres', 'trouser', false],
    ['trousre', 'trouser', true],
    ['tshrit', 'tshirt', true],
    ['cihno', 'chino', true],
    ['cinho', 'chino', false],
    ['chinos', 'chi', false],
    ['jeens', 'jean', false],
    ['jeen', 'jean', true],
  ])('%s ~ %s: %s', (a, b, near) => {
    expect(oneTypoApart(a, b)).toBe(near);
    expect(oneTypoApart(b, a)).toBe(near);
  });
});

describe('searchTerm', () => {
  it('adds the synonyms of a word, never the word itself', () => {
    expect(searchTerm(['chino'])).toEqual({ literal: ['chino'], synonyms: ['pant', 'trouser'] });
    expect(searchTerm(['pant', 'trouser'])).toEqual({
      literal: ['pant', 'trouser'],
      synonyms: ['chino'],
    });
    expect(searchTerm(['polo'])).toEqual({ literal: ['polo'], synonyms: [] });
  });
});
