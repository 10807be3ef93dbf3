import type { ProjectFacts } from '@app/contracts';
import { WRITTEN_ONLY_IN, extractiveAnswer, isPriceQuestion, unitsAnswer } from './knowledge-answer';
import { checkWritten, documentPassages, documentTitle, writtenPassages } from './knowledge-passages';

const facts: ProjectFacts = {
  id: 'p1',
  workspace_id: 'w1',
  name_en: 'Al Nakheel Gardens',
  name_ar: 'حدائق النخيل',
  city_en: 'Riyadh',
  city_ar: 'الرياض',
  district_en: 'Al Narjis',
  district_ar: 'النرجس',
  handover_date: '2027-12-31',
  units: [
    {
      id: 'u1',
      unit_ref: 'A-101',
      unit_type: 'apartment',
      bedrooms: 3,
      area_sqm: 150,
      floor: 1,
      price: 1_450_000,
      currency: 'SAR',
      price_sar: 1_450_000,
      status: 'available',
    },
    {
      id: 'u2',
      unit_ref: 'A-102',
      unit_type: 'apartment',
      bedrooms: 2,
      area_sqm: 110,
      floor: 1,
      price: 990_000,
      currency: 'SAR',
      price_sar: 990_000,
      status: 'available',
    },
    {
      id: 'u3',
      unit_ref: 'T-1',
      unit_type: 'townhouse',
      bedrooms: 4,
      area_sqm: 260,
      floor: null,
      price: 2_600_000,
      currency: 'SAR',
      price_sar: 2_600_000,
      status: 'sold',
    },
  ],
};

describe('knowledge answers', () => {
  describe('isPriceQuestion', () => {
    it.each([
      ['How much is a two-bedroom apartment?', 'en'],
      ['What are the prices?', 'en'],
      ['Which units are still available?', 'en'],
      ['كم سعر الشقة؟', 'ar'],
      ['بكم الفيلا؟', 'ar'],
      ['هل توجد وحدات متاحة؟', 'ar'],
      ['ما الأسعار؟', 'ar'],
    ] as const)('should send %s to the live units', (question, language) => {
      expect(isPriceQuestion(question, language)).toBe(true);
    });

    it.each([
      ['What is the payment plan?', 'en'],
      ['When is handover?', 'en'],
      ['كم عدد غرف النوم في التاون هاوس؟', 'ar'],
      ['متى موعد التسليم؟', 'ar'],
    ] as const)('should answer %s from the knowledge base', (question, language) => {
      expect(isPriceQuestion(question, language)).toBe(false);
    });
  });

  describe('unitsAnswer', () => {
    it('should list the available units cheapest first in English, citing the live unit list', () => {
      const answer = unitsAnswer(facts, 'en');
      expect(answer.text).toBe(
        'Available now at Al Nakheel Gardens: 2 of 3 units.\n' +
          '- apartment A-102, 2 bedrooms, 110 m², floor 1: 990,000 SAR\n' +
          '- apartment A-101, 3 bedrooms, 150 m², floor 1: 1,450,000 SAR',
      );
      expect(answer.citations).toEqual([
        { source_id: 'units', title: 'Live unit list — Al Nakheel Gardens', excerpt: expect.any(String) as string },
      ]);
    });

    it('should answer in Arabic, and say when nothing is available', () => {
      expect(unitsAnswer(facts, 'ar').text).toContain('الوحدات المتاحة الآن في حدائق النخيل: 2 من 3.');
      expect(unitsAnswer(facts, 'ar').text).toContain('- شقة A-102، 2 غرف نوم، 110 م²، الطابق 1: 990,000 SAR');
      const soldOut = { ...facts, units: facts.units.map((unit) => ({ ...unit, status: 'sold' as const })) };
      expect(unitsAnswer(soldOut, 'en').text).toBe(
        'No units are available at Al Nakheel Gardens right now (0 reserved, 3 sold).',
      );
      expect(unitsAnswer(soldOut, 'ar').text).toBe('لا توجد وحدات متاحة حالياً في حدائق النخيل (محجوزة: 0، مباعة: 3).');
    });
  });

  describe('extractiveAnswer', () => {
    it('should answer with a short passage whole and cite it', () => {
      const answer = extractiveAnswer(
        'Is there a pool?',
        [
          { source_id: 'article:a', language: 'en', title: 'Amenities', text: 'A pool and a gym.', score: 1 },
          { source_id: 'article:b', language: 'en', title: 'Other', text: 'Something else.', score: 0.5 },
        ],
        'en',
      );
      expect(answer).toEqual({
        text: 'A pool and a gym.',
        citations: [{ source_id: 'article:a', title: 'Amenities', excerpt: 'A pool and a gym.' }],
      });
    });

    it("should pick a long passage's sentences that share the question's words, in their order", () => {
      const filler = 'The lobby has marble floors and high ceilings with natural light. '.repeat(6);
      const text = `${filler}The swimming pool is heated in winter. ${filler}Children have their own pool with shade.`;
      const answer = extractiveAnswer(
        'Is the swimming pool heated for children?',
        [{ source_id: 'article:a', language: 'en', title: 'Amenities', text, score: 0.9 }],
        'en',
      );
      expect(answer.text).toBe('The swimming pool is heated in winter. Children have their own pool with shade.');
      expect(answer.citations.map((c) => c.source_id)).toEqual(['article:a']);
    });

    /** A long Arabic passage whose last sentence is about the children's pool. */
    const longArabicPassage = {
      source_id: 'article:a',
      language: 'ar' as const,
      title: 'المرافق',
      text: `${'يطل المجمع على حديقة مركزية واسعة ومنسقة بعناية. '.repeat(8)}يوجد مسبح للأطفال بجانب النادي الرياضي.`,
      score: 0.9,
    };

    it('should work on Arabic passages', () => {
      const answer = extractiveAnswer('هل يوجد مسبح للأطفال؟', [longArabicPassage], 'ar');
      expect(answer.text).toBe('يوجد مسبح للأطفال بجانب النادي الرياضي.');
    });

    it("should pick an Arabic passage's sentence for an English question and say, in English, that it is Arabic", () => {
      const answer = extractiveAnswer('Is there a pool for children?', [longArabicPassage], 'en');
      expect(answer.text).toBe(`${WRITTEN_ONLY_IN.en}\nيوجد مسبح للأطفال بجانب النادي الرياضي.`);
    });

    it('should say in Arabic that an English passage is in English', () => {
      const answer = extractiveAnswer(
        'هل يوجد مسبح؟',
        [{ source_id: 'article:a', language: 'en', title: 'Amenities', text: 'A pool and a gym.', score: 1 }],
        'ar',
      );
      expect(answer.text).toBe('كتب فريق المشروع هذه المعلومة بالإنجليزية فقط:\nA pool and a gym.');
    });
  });

  describe('entry passages', () => {
    it('should refuse an entry with no complete language, or a title without its body', () => {
      const empty = { title_en: null, title_ar: null, body_en: null, body_ar: null };
      expect(() => checkWritten(empty)).toThrow(
        expect.objectContaining({ error: 'validation_error', extras: expect.objectContaining({ field: 'title_en' }) }),
      );
      expect(() => checkWritten({ ...empty, title_ar: 'عنوان' })).toThrow(
        expect.objectContaining({ extras: expect.objectContaining({ field: 'body_ar' }) }),
      );
      expect(() => checkWritten({ ...empty, title_ar: 'عنوان', body_ar: 'نص' })).not.toThrow();
    });

    it('should index each language under its own title', () => {
      expect(writtenPassages({ title_en: 'Pool', body_en: 'A pool.', title_ar: 'المسبح', body_ar: 'مسبح.' })).toEqual([
        { language: 'en', title: 'Pool', text: 'A pool.' },
        { language: 'ar', title: 'المسبح', text: 'مسبح.' },
      ]);
    });

    it("should give each passage of a document the language of its letters and the file's name as title", () => {
      expect(documentTitle('C:\\brochures\\Price list.v2.pdf')).toBe('Price list.v2');
      expect(
        documentPassages('Brochure', `${'English text here. '.repeat(40)}\n\n${'نص عربي هنا. '.repeat(60)}`).map(
          (p) => p.language,
        ),
      ).toEqual(['en', 'ar']);
    });
  });
});
