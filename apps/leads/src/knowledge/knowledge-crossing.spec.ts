import { conceptKeys, crossLanguageTerms, englishKey } from './knowledge-crossing';

describe('knowledge crossing', () => {
  describe('englishKey', () => {
    it('should key singular and plural, and a verb and its past, alike', () => {
      expect(englishKey('amenities')).toBe(englishKey('amenity'));
      expect(englishKey('Pools')).toBe(englishKey('pool'));
      expect(englishKey('licensed')).toBe(englishKey('license'));
    });
  });

  describe('crossLanguageTerms', () => {
    it('should search an English question about amenities with the Arabic words for them', () => {
      const crossed = crossLanguageTerms('Which amenities are there?', 'en');
      expect(crossed.terms.language).toBe('ar');
      expect(crossed.concepts).toHaveLength(1);
      expect(crossed.terms.groups).toContainEqual(expect.arrayContaining(['مرافق']));
    });

    it('should search an Arabic question with the English words, a phrase before its words', () => {
      const crossed = crossLanguageTerms('هل يوجد حمام سباحة للأطفال؟', 'ar');
      expect(crossed.terms.language).toBe('en');
      // حمام سباحة is a pool, not a bathroom and a swim.
      expect(crossed.terms.groups).toEqual([
        expect.arrayContaining(['pool', 'swimming pool']),
        expect.arrayContaining(['children']),
      ]);
    });

    it('should keep the words the lexicon does not know, so they still weigh against the passages', () => {
      const crossed = crossLanguageTerms('Is there a golf course in the community?', 'en');
      expect(crossed.terms.groups).toContainEqual(['golf']);
      expect(crossed.terms.groups).toContainEqual(['course']);
      expect(crossed.terms.groups).toContainEqual(expect.arrayContaining(['مجمع']));
    });

    it('should find no concept in a question the property domain does not cover', () => {
      expect(crossLanguageTerms('ما هي عاصمة فرنسا؟', 'ar').concepts).toEqual([]);
      expect(crossLanguageTerms('Write me a poem about the sea', 'en').concepts).toEqual([]);
    });

    it('should match a form holding a stop word (على الخارطة) and fold Arabic alternatives as the index does', () => {
      expect(crossLanguageTerms('هل البيع على الخارطة؟', 'ar').terms.groups).toContainEqual(
        expect.arrayContaining(['off-plan']),
      );
      expect(crossLanguageTerms('Is it sold off-plan?', 'en').terms.groups).toContainEqual(
        expect.arrayContaining(['علي خارطه']),
      );
    });
  });

  describe('conceptKeys', () => {
    it('should give an English sentence and its Arabic translation shared keys', () => {
      const english = conceptKeys('Residents have a swimming pool with a separate children pool.');
      const arabic = conceptKeys('يتمتع السكان بمسبح مع مسبح منفصل للأطفال.');
      expect(english.filter((key) => arabic.includes(key)).length).toBeGreaterThanOrEqual(2);
    });
  });
});
