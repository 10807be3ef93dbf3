import request from 'supertest';
import { SCORE_BUCKETS, SCORE_WEIGHTS } from '@app/contracts';
import type { DecisionBatchResponse, DecisionFactor, DecisionResponse, ScoreBucket } from '@app/contracts';
import { fundedWorkspace } from '../harness/billing-fixtures';
import { describeE2e } from '../harness/mode';
import { sharedPlatform, startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

/**
 * Issue 25, points 1 and 2: `breakdown.size` is what spec 2.2 says (the price per sqm against
 * the market average for the type and place), the area is evidence in `details`, and every
 * decision carries the `factors` behind its sub-scores, so a neutral one always says why
 * (`no_benchmark` whenever `benchmark` is null), with or without reasoning.
 */
const apartment = (price: number, reasoning = false) => ({
  property: { type: 'apartment', price, area: 150, bedrooms: 3, floor: 4, age: 5, parking: true },
  location: { city: 'Riyadh', district: 'Al Olaya' },
  reasoning,
});

const of = (body: DecisionResponse, bucket: ScoreBucket): DecisionFactor[] =>
  (body.factors ?? []).filter((factor) => factor.bucket === bucket);
const codesOf = (body: DecisionResponse, bucket: ScoreBucket) => of(body, bucket).map((factor) => factor.code);

describeE2e('breakdown.size: the price per sqm against the market average (issue 25)', () => {
  let platform: Platform;
  let key: string;

  beforeAll(async () => {
    platform = await sharedPlatform({ env: { DEMO_TRANSACTIONS: 'true' } });
    ({ key } = await fundedWorkspace(platform, 30));
  });

  afterAll(async () => {
    await platform?.close();
  });

  const decide = async (body: unknown): Promise<DecisionResponse> =>
    (
      await request(platform.baseUrl)
        .post('/v1/decisions')
        .set('authorization', `Bearer ${key}`)
        .send(body as object)
        .expect(200)
    ).body as DecisionResponse;

  it('should score size on the mean price per sqm of Al Olaya apartments and move the area to details', async () => {
    const body = await decide(apartment(1_200_000));
    // Demo data, Al Olaya apartments 2025: mean 6,270 per sqm; 8,000 is 27.6 % above it → 31 (fail).
    expect(body.breakdown.size).toEqual({ score: 31, status: 'fail' });
    expect(of(body, 'size')).toEqual([
      {
        code: 'sqm_price_above_average',
        bucket: 'size',
        effect: 'negative',
        values: { price_per_sqm: 8000, average_sqm: 6270, average: 'mean', vs_average_pct: 27.6, score: 31 },
      },
    ]);
    // The area judgement is evidence in details, with its own codes: an ordinary size, rooms that fit it.
    expect(codesOf(body, 'details')).toEqual([
      'area_within_market_range',
      'bedrooms_fit_area',
      'mid_floor',
      'new_building',
      'parking',
    ]);
    expect(body.breakdown.details).toEqual({ score: 100, status: 'pass' });
    // The published weights (30/25/15/30) recompute the score from the breakdown.
    const weighted = SCORE_BUCKETS.reduce(
      (sum, bucket) => sum + SCORE_WEIGHTS[bucket] * body.breakdown[bucket].score,
      0,
    );
    expect(body.score).toBe(Math.round(weighted / 100));
    expect(body).toMatchObject({ score: 53, verdict: 'partial' });
  });

  it('should never raise size as the price rises, and move nothing but price and size with it', async () => {
    const answers: DecisionResponse[] = [];
    for (const price of [600_000, 900_000, 1_000_000, 1_200_000, 1_500_000])
      answers.push(await decide(apartment(price)));
    const sizes = answers.map((body) => body.breakdown.size.score);
    expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
    expect(sizes[0]).toBeGreaterThan(sizes[sizes.length - 1]);
    for (const body of answers.slice(1)) {
      expect(body.breakdown.location).toEqual(answers[0].breakdown.location);
      expect(body.breakdown.details).toEqual(answers[0].breakdown.details);
      expect(of(body, 'details')).toEqual(of(answers[0], 'details'));
    }
  });

  it('should say in both languages how the price per sqm compares with the average', async () => {
    const body = await decide(apartment(1_200_000, true));
    expect(codesOf(body, 'size')).toEqual(['sqm_price_above_average']);
    expect(body.reasoning!.reasoning_en).toContain('27.6% above their average of SAR 6,270');
    expect(body.reasoning!.reasoning_en).toContain('at 150 sqm it is in the middle half of apartments sold there');
    expect(body.reasoning!.reasoning_ar).toContain('وأعلى بنسبة ٢٧٫٦٪ من متوسطها البالغ ٦٬٢٧٠ ريال');
    expect(body.reasoning!.reasoning_ar).toContain('ضمن النصف الأوسط لمساحات الشقق المبيعة هناك');
    expect(body.reasoning!.risk_flags).toContain('Price per sqm against the market average falls short (31/100)');
  });

  it('should return the same factors from GET /v1/decisions/{id}', async () => {
    const body = await decide(apartment(1_000_000));
    const read = await request(platform.baseUrl)
      .get(`/v1/decisions/${body.id}`)
      .set('authorization', `Bearer ${key}`)
      .expect(200);
    expect((read.body as DecisionResponse).factors).toEqual(body.factors);
  });
});

describeE2e('a neutral sub-score says why: no_benchmark in factors, with or without reasoning (issue 25)', () => {
  // A platform of its own with no transactions loaded: no place and type has a benchmark.
  let platform: Platform;
  let key: string;

  beforeAll(async () => {
    platform = await startPlatform({ env: { DEMO_TRANSACTIONS: 'false' } });
    ({ key } = await fundedWorkspace(platform, 30));
  });

  afterAll(async () => {
    await platform?.close();
  });

  const decide = async (body: unknown): Promise<DecisionResponse> =>
    (
      await request(platform.baseUrl)
        .post('/v1/decisions')
        .set('authorization', `Bearer ${key}`)
        .send(body as object)
        .expect(200)
    ).body as DecisionResponse;

  /** Price, location and size: a neutral 50, each with exactly one `no_benchmark` factor. */
  function expectNeutralAndSaysWhy(body: DecisionResponse): void {
    expect(body.benchmark).toBeNull();
    for (const bucket of ['price', 'location', 'size'] as const) {
      expect(body.breakdown[bucket]).toEqual({ score: 50, status: 'warn' });
      expect(of(body, bucket)).toEqual([{ code: 'no_benchmark', bucket, effect: 'neutral', values: {} }]);
    }
    // Details counts what needs no benchmark; the area, which does, is not compared and says so.
    expect(of(body, 'details')).toContainEqual({
      code: 'area_not_compared',
      bucket: 'details',
      effect: 'neutral',
      values: { area: 150, points: 0 },
    });
  }

  it('should carry a no_benchmark factor for price, location and size without reasoning', async () => {
    const body = await decide(apartment(1_200_000));
    expectNeutralAndSaysWhy(body);
    expect(body.reasoning).toBeUndefined();
  });

  it('should carry the same factors with reasoning, and say in both languages which sub-scores are neutral', async () => {
    const without = await decide(apartment(1_200_000));
    const body = await decide(apartment(1_200_000, true));
    expectNeutralAndSaysWhy(body);
    expect(body.factors).toEqual(without.factors);
    expect(body.reasoning!.reasoning_en).toContain(
      'and price, location and price per sqm against the market average each score a neutral 50.',
    );
    expect(body.reasoning!.reasoning_ar).toContain(
      'فجاء تقييم معايير السعر والموقع وسعر المتر مقارنةً بمعدل السوق محايدًا (٥٠ من ١٠٠).',
    );
  });

  it('should carry them on every decision of a batch too', async () => {
    const res = await request(platform.baseUrl)
      .post('/v1/decisions/batch')
      .set('authorization', `Bearer ${key}`)
      .send({ items: [apartment(900_000), apartment(900_000, true)] })
      .expect(200);
    const decisions = (res.body as DecisionBatchResponse).results.map((result) =>
      'decision' in result ? result.decision : undefined,
    );
    expect(decisions).toHaveLength(2);
    for (const decision of decisions) expectNeutralAndSaysWhy(decision!);
  });
});
