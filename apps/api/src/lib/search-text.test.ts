import { describe, expect, it } from 'vitest';
import { escapeLike, foldSearchText, searchTerms } from './search-text.js';

describe('foldSearchText', () => {
  it('removes Latin accents and case', () => {
    expect(foldSearchText('Caftan BRODÉ à la Main')).toBe('caftan brode a la main');
    expect(foldSearchText('Cœur de Fès')).toBe('coeur de fes');
  });

  it('folds Arabic vowel marks, hamza carriers, taa marbuta and alef maqsura', () => {
    expect(foldSearchText('قُفْطَان')).toBe('قفطان');
    expect(foldSearchText('أميرة')).toBe(foldSearchText('اميره'));
    expect(foldSearchText('مستوحى')).toBe('مستوحي');
    expect(foldSearchText('جـــلابة')).toBe('جلابه');
  });

  it('turns punctuation and control characters into single spaces', () => {
    expect(foldSearchText("  velvet--caftan's\tgold  ")).toBe('velvet caftan s gold');
  });
});

describe('searchTerms', () => {
  it('keeps distinct words, bounded', () => {
    expect(searchTerms('Gold gold GOLD velvet')).toEqual(['gold', 'velvet']);
    expect(searchTerms('a b c d e f g h i j', 3)).toEqual(['a', 'b', 'c']);
    expect(searchTerms(' %%% ')).toEqual([]);
  });
});

describe('escapeLike', () => {
  it('escapes wildcards and the escape character', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });
});
