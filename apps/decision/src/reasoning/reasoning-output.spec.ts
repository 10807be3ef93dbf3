import { checkReasoningOutput, countSentences } from './reasoning-output';

const GOOD = {
  reasoning_en: 'The apartment is priced 16% below the Al Olaya median. Demand in the district is strong.',
  reasoning_ar: 'سعر الشقة أقل من وسيط حي العليا بنسبة ١٦٪. والطلب في الحي مرتفع.',
  key_factors: ['Below the district median', 'Strong demand'],
  risk_flags: [],
};

describe('countSentences', () => {
  it.each([
    ['Prices rose 6.2% last year. Demand is strong!', 2],
    ['Is it a good buy? Yes. It is well priced.', 3],
    ['هل السعر مناسب؟ نعم، فهو أقل من الوسيط.', 2],
    ['ارتفعت الأسعار بنسبة ٦٫٢٪. الطلب مرتفع. الموقع ممتاز. المساحة جيدة.', 4],
    ['One sentence without a full stop', 1],
    ['  Trailing spaces.  ', 1],
  ])('should count %j as %i sentences', (text, expected) => {
    expect(countSentences(text)).toBe(expected);
  });
});

describe('checkReasoningOutput', () => {
  it('should accept and trim a well-formed answer', () => {
    const result = checkReasoningOutput(JSON.stringify({ ...GOOD, key_factors: ['  Strong demand '] }));

    expect(result).toEqual({ reasoning: { ...GOOD, key_factors: ['Strong demand'] } });
  });

  it('should accept the JSON when a server wraps it in a Markdown fence', () => {
    expect(checkReasoningOutput('```json\n' + JSON.stringify(GOOD) + '\n```')).toEqual({ reasoning: GOOD });
  });

  it.each([
    ['not JSON', 'Sure! Here is the reasoning.', 'the answer is not JSON'],
    ['an array', '[]', 'the answer is not a JSON object'],
    [
      'five English sentences',
      JSON.stringify({ ...GOOD, reasoning_en: 'One. Two. Three. Four. Five.' }),
      'reasoning_en must be 2-3 sentences (got 5)',
    ],
    [
      'one Arabic sentence',
      JSON.stringify({ ...GOOD, reasoning_ar: 'السعر مناسب.' }),
      'reasoning_ar must be 2-3 sentences (got 1)',
    ],
    [
      'English in reasoning_ar',
      JSON.stringify({ ...GOOD, reasoning_ar: GOOD.reasoning_en }),
      'reasoning_ar must be written in Arabic',
    ],
    [
      'four key factors',
      JSON.stringify({ ...GOOD, key_factors: ['a', 'b', 'c', 'd'] }),
      'key_factors must hold at most 3 items (got 4)',
    ],
    [
      'risk flags that are not strings',
      JSON.stringify({ ...GOOD, risk_flags: [{ flag: 'old' }] }),
      'risk_flags must be an array of non-empty strings',
    ],
    [
      'a missing field',
      JSON.stringify({ ...GOOD, reasoning_en: undefined }),
      'reasoning_en must be a non-empty string',
    ],
  ])('should reject %s', (_case, content, problem) => {
    const result = checkReasoningOutput(content);

    expect(result).toHaveProperty('problems');
    expect((result as { problems: string[] }).problems).toContain(problem);
  });
});
