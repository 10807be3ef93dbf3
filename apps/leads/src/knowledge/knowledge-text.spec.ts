import {
  arabicWords,
  detectLanguage,
  excerpt,
  foldArabic,
  isEmptyQuestion,
  questionTerms,
  sentences,
  splitPassages,
  writtenLanguage,
} from './knowledge-text';

describe('knowledge text', () => {
  describe('foldArabic', () => {
    it('should fold alef and hamza forms, taa marbuta and alef maqsura', () => {
      expect(foldArabic('أإآٱ')).toBe('اااا');
      expect(foldArabic('مدرسة')).toBe('مدرسه');
      expect(foldArabic('مستشفى')).toBe('مستشفي');
      expect(foldArabic('مؤسسة شاطئ')).toBe('موسسه شاطي');
    });

    it('should drop diacritics and tatweel and read Arabic-Indic digits as ASCII', () => {
      expect(foldArabic('مَسْبَحٌ')).toBe('مسبح');
      expect(foldArabic('الـــمسبح')).toBe('المسبح');
      expect(foldArabic('٢٠٢٧ و۱۲')).toBe('2027 و12');
    });
  });

  describe('arabicWords', () => {
    it('should take the article and a glued preposition off, then fold', () => {
      expect(arabicWords('والمسبح بالحديقة للأطفال')).toEqual(['مسبح', 'حديقه', 'اطفال']);
      expect(arabicWords('بحراسة وحراسة حراسة')).toEqual(['حراسه', 'حراسه', 'حراسه']);
    });

    it('should never read the hamza of a root as the article', () => {
      // ألواح is a root with hamza, not ال + واح: with and without the article it is one word.
      expect(arabicWords('ألواح')).toEqual(arabicWords('الألواح'));
    });

    it('should keep short words whole', () => {
      expect(arabicWords('بنك وحدة')).toEqual(['بنك', 'وحده']);
    });
  });

  describe('questionTerms', () => {
    it('should drop Arabic question words and courtesies', () => {
      expect(questionTerms('هل يوجد مسبح للأطفال من فضلك؟', 'ar')).toEqual({
        language: 'ar',
        groups: [['مسبح'], ['اطفال']],
      });
    });

    it('should search the stem of a word ending in taa marbuta, so plurals match', () => {
      expect(questionTerms('ما هي الدفعة؟', 'ar')).toEqual({ language: 'ar', groups: [['دفع']] });
    });

    it('should hand English text to the english configuration without filler words', () => {
      expect(questionTerms('Please tell me exactly where the pool is', 'en')).toEqual({
        language: 'en',
        groups: [['me'], ['where'], ['the'], ['pool'], ['is']],
      });
    });

    it('should find nothing to search in a question of stop words only', () => {
      expect(isEmptyQuestion(questionTerms('هل يوجد؟', 'ar'))).toBe(true);
      expect(isEmptyQuestion(questionTerms('please', 'en'))).toBe(true);
      expect(isEmptyQuestion(questionTerms('pool', 'en'))).toBe(false);
    });
  });

  describe('detectLanguage', () => {
    it('should say ar when Arabic letters outnumber Latin ones', () => {
      expect(detectLanguage('هل يوجد مسبح؟')).toBe('ar');
      expect(detectLanguage('Is there a pool? مسبح')).toBe('en');
      expect(detectLanguage('2027')).toBe('en');
    });
  });

  describe('writtenLanguage', () => {
    it('should follow the letters of the message whatever the session language', () => {
      expect(writtenLanguage('Which amenities are there?', 'ar')).toBe('en');
      expect(writtenLanguage('ما هي المرافق المتوفرة؟', 'en')).toBe('ar');
    });

    it('should keep the session language when the message has no letters', () => {
      expect(writtenLanguage('٢٠٢٧؟', 'ar')).toBe('ar');
      expect(writtenLanguage('2027?', 'ar')).toBe('ar');
      expect(writtenLanguage('👍', 'en')).toBe('en');
    });
  });

  describe('splitPassages', () => {
    it('should keep short paragraphs together and start a new passage past the target size', () => {
      const long = 'A sentence that is long enough to matter. '.repeat(20).trim();
      const passages = splitPassages(`# Title\n\nShort one.\n\nShort two.\n\n${long}`);
      expect(passages[0]).toBe('Title\nShort one.\nShort two.');
      expect(passages[1]).toBe(long);
    });

    it("should keep a document's Arabic and English paragraphs in passages of their own", () => {
      expect(
        splitPassages('# موقف السيارات\n\nلكل شقة موقف.\n\n## Parking\n\nOne space each.', detectLanguage),
      ).toEqual(['موقف السيارات\nلكل شقة موقف.', 'Parking\nOne space each.']);
    });

    it('should cut a very long paragraph at sentence ends', () => {
      const paragraph = 'الجملة الأولى هنا. '.repeat(100).trim();
      const passages = splitPassages(paragraph);
      expect(passages.length).toBeGreaterThan(1);
      for (const passage of passages) expect(passage.length).toBeLessThanOrEqual(1200);
      expect(passages.join(' ')).toBe(paragraph);
    });
  });

  it('should cut sentences after Arabic and Latin end marks', () => {
    expect(sentences('متى التسليم؟ في ٢٠٢٧. Next one! Last')).toEqual([
      'متى التسليم؟',
      'في ٢٠٢٧.',
      'Next one!',
      'Last',
    ]);
  });

  it('should cut an excerpt at a word', () => {
    expect(excerpt('short')).toBe('short');
    expect(excerpt('word '.repeat(100), 22)).toBe('word word word word…');
  });
});
