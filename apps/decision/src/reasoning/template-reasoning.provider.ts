import { Injectable } from '@nestjs/common';
import type { DecisionReasoning, PropertyType, ScoreBucket, Verdict } from '@app/contracts';
import {
  NEW_BUILDING_YEARS,
  OLD_BUILDING_YEARS,
  THIN_BENCHMARK_SALES,
  bucketsByStatus,
  hasBuilding,
  reasoningFacts,
  trendOf,
} from './reasoning-facts';
import type { BenchmarkFacts, ComparableFacts, ReasoningFacts } from './reasoning-facts';
import { NEUTRAL_SCORE } from '../scoring/scoring-formula';
import { MAX_KEY_FACTORS } from './reasoning-output';
import type { ReasoningInput, ReasoningProvider } from './reasoning.provider';

/** The default provider: the same facts always give the same sentences, with no outside call. */
@Injectable()
export class TemplateReasoningProvider implements ReasoningProvider {
  readonly name = 'template';

  explain(input: ReasoningInput): Promise<DecisionReasoning> {
    return Promise.resolve(templateReasoning(input));
  }
}

export function templateReasoning(input: ReasoningInput): DecisionReasoning {
  const facts = reasoningFacts(input);
  return {
    reasoning_en: [summaryEn(facts), priceEn(facts), outlookEn(facts)].join(' '),
    reasoning_ar: [summaryAr(facts), priceAr(facts), outlookAr(facts)].join(' '),
    key_factors: keyFactors(facts).slice(0, MAX_KEY_FACTORS),
    risk_flags: riskFlags(facts),
    model: 'template',
  };
}

type Status = 'pass' | 'warn' | 'fail';

// ---------- numbers ----------

const EN_NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
// Arabic-Indic digits with Arabic separators (٤٬٢٠٠ and ٦٫٢), fixed so the ICU default cannot change them.
const AR_NUMBER = new Intl.NumberFormat('ar-SA', { numberingSystem: 'arab', maximumFractionDigits: 1 });
const AR_YEAR = new Intl.NumberFormat('ar-SA', { numberingSystem: 'arab', useGrouping: false });

const numEn = (n: number): string => EN_NUMBER.format(n);
const numAr = (n: number): string => AR_NUMBER.format(n);
const sarEn = (n: number): string => `SAR ${numEn(n)}`;
const sarAr = (n: number): string => `${numAr(n)} ريال`;
const pctEn = (n: number): string => `${numEn(Math.abs(n))}%`;
const pctAr = (n: number): string => `${numAr(Math.abs(n))}٪`;

/** Arabic counted noun for "transactions": the form depends on the number (1, 2, 3–10, 11+). */
function salesCountAr(n: number): string {
  if (n === 1) return 'صفقة واحدة';
  if (n === 2) return 'صفقتين';
  const lastTwo = n % 100;
  return lastTwo >= 3 && lastTwo <= 10 ? `${numAr(n)} صفقات` : `${numAr(n)} صفقة`;
}

/** "and 3 bedrooms" in the genitive, agreeing with the number; nothing when unknown or zero. */
function bedroomsAr(bedrooms: number | undefined): string {
  if (!bedrooms) return '';
  if (bedrooms === 1) return ' وغرفة نوم واحدة';
  if (bedrooms === 2) return ' وغرفتي نوم';
  const lastTwo = bedrooms % 100;
  return lastTwo >= 3 && lastTwo <= 10 ? ` و${numAr(bedrooms)} غرف نوم` : ` و${numAr(bedrooms)} غرفة نوم`;
}

// ---------- words ----------

const TYPE_EN: Record<PropertyType, { noun: string; adjective: string; plural: string }> = {
  apartment: { noun: 'apartment', adjective: 'apartment', plural: 'apartments' },
  villa: { noun: 'villa', adjective: 'villa', plural: 'villas' },
  land: { noun: 'plot of land', adjective: 'land', plural: 'land plots' },
  commercial: { noun: 'commercial unit', adjective: 'commercial', plural: 'commercial units' },
  office: { noun: 'office', adjective: 'office', plural: 'offices' },
};

const TYPE_AR: Record<PropertyType, { noun: string; plural: string }> = {
  apartment: { noun: 'شقة', plural: 'الشقق' },
  villa: { noun: 'فيلا', plural: 'الفلل' },
  land: { noun: 'أرض', plural: 'الأراضي' },
  commercial: { noun: 'محل تجاري', plural: 'المحلات التجارية' },
  office: { noun: 'مكتب', plural: 'المكاتب' },
};

/**
 * The buckets as a reader understands them. `size` is named by what it measures (spec 2.2: the
 * price per sqm against the market average), so "size falls short" never reads as "too small".
 */
const BUCKET_EN: Record<ScoreBucket, string> = {
  price: 'price',
  location: 'location',
  size: 'price per sqm against the market average',
  details: 'details',
};
const BUCKET_AR: Record<ScoreBucket, string> = {
  price: 'السعر',
  location: 'الموقع',
  // معدل, not متوسط: the warn status reads "متوسطًا", and "بالمتوسط متوسطًا" would stumble.
  size: 'سعر المتر مقارنةً بمعدل السوق',
  details: 'المواصفات',
};

const VERDICT_EN: Record<Verdict, string> = {
  match: 'a good match',
  partial: 'a partial match',
  no_match: 'not a match',
};
const VERDICT_AR: Record<Verdict, string> = {
  match: 'مطابقًا للمعايير',
  partial: 'مطابقًا جزئيًا للمعايير',
  no_match: 'غير مطابق للمعايير',
};

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** "a", "a and b", "a, b and c". */
function listEn(items: string[]): string {
  return items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Arabic repeats "و" before every item after the first: "السعر والموقع والمساحة". */
const listAr = (items: string[]): string => items.join(' و');

// ---------- English ----------

function summaryEn({ property, place, verdict, score }: ReasoningFacts): string {
  const bedrooms =
    property.bedrooms === undefined || property.type === 'land'
      ? ''
      : property.bedrooms === 0
        ? 'studio '
        : `${numEn(property.bedrooms)}-bedroom `;
  return (
    `This ${numEn(property.area_sqm)} sqm ${bedrooms}${TYPE_EN[property.type].noun} in ` +
    `${place.district_name_en}, ${place.city_name_en}, priced at ${sarEn(property.price_sar)}, ` +
    `is ${VERDICT_EN[verdict]} with a score of ${score} out of 100.`
  );
}

function salesEn(facts: ReasoningFacts, benchmark: BenchmarkFacts): string {
  const where =
    benchmark.scope === 'district' ? `in ${facts.place.district_name_en}` : `across ${facts.place.city_name_en}`;
  return `${benchmark.year} ${TYPE_EN[facts.property.type].adjective} sales ${where}`;
}

function priceEn(facts: ReasoningFacts): string {
  const { property, place, benchmark } = facts;
  const perSqm = `${sarEn(property.price_per_sqm_sar)} per sqm`;
  if (!benchmark) {
    return (
      `No price benchmark exists for ${TYPE_EN[property.type].plural} in ${place.district_name_en}, ` +
      `${place.city_name_en}, so its ${perSqm} could not be compared with recent sales or their average` +
      `${neutralEn(facts)}.`
    );
  }
  const sales = salesEn(facts, benchmark);
  const position = {
    at_or_below_p25: `it is in the cheapest quarter of ${sales}`,
    below_median:
      benchmark.pct_vs_median === 0
        ? `it is at the median of ${sales}`
        : `it is ${pctEn(benchmark.pct_vs_median)} below the median of ${sales}`,
    above_median: `it is ${pctEn(benchmark.pct_vs_median)} above the median of ${sales}, within the usual range`,
    above_p75: `it is in the most expensive quarter of ${sales}`,
  }[benchmark.price_position];
  const cityWide = benchmark.scope === 'city' ? `; city-wide, as ${place.district_name_en} has too few sales` : '';
  return (
    `At ${perSqm}, ${position} (median ${sarEn(benchmark.median_sqm)}; 25th to 75th percentile ` +
    `${sarEn(benchmark.p25_sqm)} to ${numEn(benchmark.p75_sqm)}; ${numEn(benchmark.transaction_count)} sales${cityWide})` +
    `${averageEn(facts)}${comparablesEn(facts)}.`
  );
}

/** The buckets scored neutral for want of a benchmark (their `no_benchmark` factors), as a clause. */
function neutralEn({ neutral_buckets: buckets }: ReasoningFacts): string {
  if (buckets.length === 0) return '';
  const each = buckets.length > 1 ? 'each score' : buckets[0] === 'details' ? 'score' : 'scores';
  return `, and ${listEn(buckets.map((b) => BUCKET_EN[b]))} ${each} a neutral ${NEUTRAL_SCORE}`;
}

/** The size fact (spec 2.2): the price per sqm against the sales' average, or their median standing in for it. */
function averageEn({ average }: ReasoningFacts): string {
  if (!average) return '';
  if (average.kind === 'median') return '; with no mean price on record, the median stands in for their average';
  const at = sarEn(average.average_sqm);
  if (average.pct_vs_average === 0) return ` and at their average of ${at}`;
  const side = average.pct_vs_average < 0 ? 'below' : 'above';
  return ` and ${pctEn(average.pct_vs_average)} ${side} their average of ${at}`;
}

/** The details fact on the area: where it falls among the areas of the same sales. */
function areaEn({ area, property }: ReasoningFacts): string | null {
  if (!area) return null;
  const sold = `${TYPE_EN[property.type].plural} sold there`;
  const middle = `${numEn(area.p25_sqm)} to ${numEn(area.p75_sqm)} sqm`;
  const at = `at ${numEn(area.area_sqm)} sqm it is`;
  switch (area.position) {
    case 'below':
      return `${at} smaller than most ${sold} (middle half ${middle})`;
    case 'within':
      return `${at} in the middle half of ${sold} by area (${middle})`;
    case 'above':
      return `${at} larger than most ${sold} (middle half ${middle})`;
    case 'far_above':
      return `${at} far larger than most ${sold} (middle half ${middle}), which narrows its buyers`;
  }
}

/** "a to b", or "a" when both are the same. */
const rangeEn = (low: number, high: number): string => (low === high ? numEn(low) : `${numEn(low)} to ${numEn(high)}`);

/** The comparable sales, cited inside the price sentence (the text keeps to 2-3 sentences). */
function comparablesEn(facts: ReasoningFacts): string {
  const sales: ComparableFacts | null = facts.comparables;
  if (!sales) return '';
  const where =
    sales.scope === 'district' ? `in ${facts.place.district_name_en}` : `across ${facts.place.city_name_en}`;
  const { latest } = sales;
  const latestAt = `SAR ${numEn(latest.price_per_sqm)} per sqm for ${numEn(latest.area_sqm)} sqm on ${latest.date}`;
  if (sales.count === 1) return `; the one recent sale of a comparable size ${where} went for ${latestAt}`;
  return (
    `; ${numEn(sales.count)} recent sales of ${rangeEn(sales.area_min_sqm, sales.area_max_sqm)} sqm ${where} ` +
    `went for SAR ${rangeEn(sales.price_per_sqm_min, sales.price_per_sqm_max)} per sqm, the latest ${latestAt}`
  );
}

function trendEn(benchmark: BenchmarkFacts | null): string | null {
  const trend = trendOf(benchmark);
  if (!trend) return null;
  switch (trend.direction) {
    case 'rising':
      return `Prices there rose ${pctEn(trend.pct)} on the previous year`;
    case 'falling':
      return `Prices there fell ${pctEn(trend.pct)} on the previous year`;
    case 'steady':
      return 'Prices there held steady on the previous year';
  }
}

const STATUS_EN: Record<Status, { singular: string; plural: string; all: string }> = {
  pass: { singular: 'scores well', plural: 'score well', all: 'all four criteria score well' },
  warn: { singular: 'is borderline', plural: 'are borderline', all: 'all four criteria are borderline' },
  fail: { singular: 'falls short', plural: 'fall short', all: 'all four criteria fall short' },
};

function breakdownEn(facts: ReasoningFacts): string {
  const groups = Object.entries(bucketsByStatus(facts.breakdown)).filter(([, buckets]) => buckets.length > 0) as [
    Status,
    ScoreBucket[],
  ][];
  const clauses = groups.map(([status, buckets]) => {
    if (buckets.length === 4) return STATUS_EN[status].all;
    // "details" is a plural noun: "details fall short".
    const plural = buckets.length > 1 || buckets[0] === 'details';
    return `${listEn(buckets.map((b) => BUCKET_EN[b]))} ${plural ? STATUS_EN[status].plural : STATUS_EN[status].singular}`;
  });
  if (clauses.length === 2) return `${clauses[0]}, while ${clauses[1]}`;
  return listEn(clauses);
}

/**
 * The price that makes a match, when the verdict is not one: the price that reaches it, or, when none
 * does, the bucket that holds it back (and the price for a partial match, when the verdict is below it).
 * Nothing without a benchmark: the price sentence already says the price was not compared.
 */
function guidanceEn({ verdict, price_guidance: guidance }: ReasoningFacts): string | null {
  if (!guidance || verdict === 'match') return null;
  if (guidance.price_to_match_sar !== null) {
    return `at ${sarEn(guidance.price_to_match_sar)} or less it would be ${VERDICT_EN.match}`;
  }
  const limit = guidance.limited_by;
  if (limit !== 'location' && limit !== 'details') return null;
  const heldBack = `no asking price would make it ${VERDICT_EN.match}, as its ${BUCKET_EN[limit]} ${limit === 'details' ? 'hold' : 'holds'} it back`;
  if (verdict === 'no_match' && guidance.price_to_partial_sar !== null) {
    return `at ${sarEn(guidance.price_to_partial_sar)} or less it would be ${VERDICT_EN.partial}, but ${heldBack}`;
  }
  return heldBack;
}

function outlookEn(facts: ReasoningFacts): string {
  const clauses = [trendEn(facts.benchmark), areaEn(facts), breakdownEn(facts), guidanceEn(facts)].filter(
    (clause): clause is string => clause !== null,
  );
  return `${capitalise(clauses.join('; '))}.`;
}

// ---------- Arabic ----------

const placeAr = ({ place }: ReasoningFacts): string => `${place.district_name_ar} بمدينة ${place.city_name_ar}`;

function summaryAr(facts: ReasoningFacts): string {
  const { property, verdict, score } = facts;
  const bedrooms = property.type === 'land' ? '' : bedroomsAr(property.bedrooms);
  return (
    `حصل هذا العقار، وهو ${TYPE_AR[property.type].noun} بمساحة ${numAr(property.area_sqm)} م²${bedrooms} ` +
    `في ${placeAr(facts)} بسعر ${sarAr(property.price_sar)}، على درجة ${numAr(score)} من ${numAr(100)}، ` +
    `ما يجعله ${VERDICT_AR[verdict]}.`
  );
}

function salesAr(facts: ReasoningFacts, benchmark: BenchmarkFacts): string {
  const where =
    benchmark.scope === 'district'
      ? `في ${facts.place.district_name_ar}`
      : `على مستوى مدينة ${facts.place.city_name_ar}`;
  return `صفقات ${TYPE_AR[facts.property.type].plural} ${where} لعام ${AR_YEAR.format(benchmark.year)}`;
}

function priceAr(facts: ReasoningFacts): string {
  const { property, place, benchmark } = facts;
  if (!benchmark) {
    return (
      `لا يتوفر مؤشر لأسعار ${TYPE_AR[property.type].plural} في ${placeAr(facts)}، لذا تعذّرت مقارنة ` +
      `سعر المتر المربع البالغ ${sarAr(property.price_per_sqm_sar)} بأسعار الصفقات الأخيرة ومتوسطها${neutralAr(facts)}.`
    );
  }
  const sales = salesAr(facts, benchmark);
  const position = {
    at_or_below_p25: `وهو ضمن الربع الأرخص من ${sales}`,
    below_median:
      benchmark.pct_vs_median === 0
        ? `وهو مساوٍ لوسيط ${sales}`
        : `وهو أقل بنسبة ${pctAr(benchmark.pct_vs_median)} من وسيط ${sales}`,
    above_median: `وهو أعلى بنسبة ${pctAr(benchmark.pct_vs_median)} من وسيط ${sales}، لكنه ضمن النطاق المعتاد`,
    above_p75: `وهو ضمن الربع الأغلى من ${sales}`,
  }[benchmark.price_position];
  const cityWide = benchmark.scope === 'city' ? `، لقلة الصفقات في ${place.district_name_ar}` : '';
  return (
    `يبلغ سعر المتر المربع ${sarAr(property.price_per_sqm_sar)}، ${position} (الوسيط ${sarAr(benchmark.median_sqm)}، ` +
    `والنطاق المعتاد بين ${numAr(benchmark.p25_sqm)} و${sarAr(benchmark.p75_sqm)}، ` +
    `من واقع ${salesCountAr(benchmark.transaction_count)}${cityWide})${averageAr(facts)}${comparablesAr(facts)}.`
  );
}

/** "فجاء تقييم معايير السعر والموقع … محايدًا (٥٠ من ١٠٠)": the buckets scored neutral for want of a benchmark. */
function neutralAr(facts: ReasoningFacts): string {
  if (facts.neutral_buckets.length === 0) return '';
  return `، فجاء تقييم ${criteriaAr(facts.neutral_buckets)} محايدًا (${numAr(NEUTRAL_SCORE)} من ${numAr(100)})`;
}

/** The size fact: the price per sqm against the sales' average ("متوسطها"), or their median standing in for it. */
function averageAr({ average }: ReasoningFacts): string {
  if (!average) return '';
  if (average.kind === 'median') return '، ومع عدم توفر متوسط مسجّل للأسعار يحلّ الوسيط محلّ المتوسط';
  const at = `متوسطها البالغ ${sarAr(average.average_sqm)}`;
  if (average.pct_vs_average === 0) return `، ومساوٍ ل${at}`;
  const side = average.pct_vs_average < 0 ? 'أقل' : 'أعلى';
  return `، و${side} بنسبة ${pctAr(average.pct_vs_average)} من ${at}`;
}

/** The details fact on the area, as a clause: "تقع مساحته البالغة … ضمن النصف الأوسط …". */
function areaAr({ area, property }: ReasoningFacts): string | null {
  if (!area) return null;
  const sold = `${TYPE_AR[property.type].plural} المبيعة هناك`;
  const middle = `(النصف الأوسط منها بين ${numAr(area.p25_sqm)} و${numAr(area.p75_sqm)} م²)`;
  const its = `مساحته البالغة ${numAr(area.area_sqm)} م²`;
  switch (area.position) {
    case 'below':
      return `${its} أصغر من معظم ${sold} ${middle}`;
    case 'within':
      return `تقع ${its} ضمن النصف الأوسط لمساحات ${sold} (بين ${numAr(area.p25_sqm)} و${numAr(area.p75_sqm)} م²)`;
    case 'above':
      return `${its} أكبر من معظم ${sold} ${middle}`;
    case 'far_above':
      return `${its} أكبر بكثير من معظم ${sold} ${middle}، ما يقلّل عدد المشترين المحتملين`;
  }
}

const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
/** 2025-12-27 → ٢٠٢٥-١٢-٢٧. */
const dateAr = (isoDate: string): string => isoDate.replace(/\d/g, (digit) => ARABIC_DIGITS[Number(digit)]);

/** "من a إلى b", or "a" when both are the same. */
const rangeAr = (low: number, high: number): string =>
  low === high ? numAr(low) : `من ${numAr(low)} إلى ${numAr(high)}`;

/** The comparable sales, cited inside the price sentence (the text keeps to 2-3 sentences). */
function comparablesAr(facts: ReasoningFacts): string {
  const sales = facts.comparables;
  if (!sales) return '';
  const where =
    sales.scope === 'district' ? `في ${facts.place.district_name_ar}` : `على مستوى مدينة ${facts.place.city_name_ar}`;
  const { latest } = sales;
  const latestAt =
    `بسعر ${sarAr(latest.price_per_sqm)} للمتر المربع لمساحة ${numAr(latest.area_sqm)} م² ` +
    `بتاريخ ${dateAr(latest.date)}`;
  if (sales.count === 1) return `، وسُجّلت مؤخرًا صفقة واحدة لعقار مماثل في المساحة ${where} ${latestAt}`;
  return (
    `، وسُجّلت مؤخرًا ${salesCountAr(sales.count)} لعقارات مماثلة ${where} بمساحات ` +
    `${rangeAr(sales.area_min_sqm, sales.area_max_sqm)} م² بأسعار ${rangeAr(sales.price_per_sqm_min, sales.price_per_sqm_max)} ` +
    `ريال للمتر المربع، آخرها ${latestAt}`
  );
}

function trendAr(benchmark: BenchmarkFacts | null): string | null {
  const trend = trendOf(benchmark);
  if (!trend) return null;
  switch (trend.direction) {
    case 'rising':
      return `ارتفعت الأسعار هناك بنسبة ${pctAr(trend.pct)} مقارنةً بالعام السابق`;
    case 'falling':
      return `انخفضت الأسعار هناك بنسبة ${pctAr(trend.pct)} مقارنةً بالعام السابق`;
    case 'steady':
      return 'استقرت الأسعار هناك تقريبًا مقارنةً بالعام السابق';
  }
}

const STATUS_AR: Record<Status, string> = { pass: 'جيدًا', warn: 'متوسطًا', fail: 'ضعيفًا' };

/** "معيار السعر", dual "معياري السعر والموقع", plural "معايير السعر والموقع والمساحة". */
function criteriaAr(buckets: ScoreBucket[]): string {
  const names = listAr(buckets.map((b) => BUCKET_AR[b]));
  if (buckets.length === 4) return 'المعايير الأربعة';
  if (buckets.length === 1) return `معيار ${names}`;
  return buckets.length === 2 ? `معياري ${names}` : `معايير ${names}`;
}

/** "جاء تقييم معياري السعر والموقع جيدًا، وتقييم معيار المساحة ضعيفًا". */
function breakdownAr(facts: ReasoningFacts): string {
  const clauses = Object.entries(bucketsByStatus(facts.breakdown))
    .filter(([, buckets]) => buckets.length > 0)
    .map(([status, buckets]) => `تقييم ${criteriaAr(buckets)} ${STATUS_AR[status as Status]}`);
  return `جاء ${clauses.join('، و')}`;
}

/** The price that makes a match, as guidanceEn says it: "يصبح العقار مطابقًا للمعايير بسعر … أو أقل". */
function guidanceAr({ verdict, price_guidance: guidance }: ReasoningFacts): string | null {
  if (!guidance || verdict === 'match') return null;
  if (guidance.price_to_match_sar !== null) {
    return `يصبح العقار ${VERDICT_AR.match} بسعر ${sarAr(guidance.price_to_match_sar)} أو أقل`;
  }
  const limit = guidance.limited_by;
  if (limit !== 'location' && limit !== 'details') return null;
  const heldBack = `لن يجعله أي سعر ${VERDICT_AR.match}، إذ يحول معيار ${BUCKET_AR[limit]} دون ذلك`;
  if (verdict === 'no_match' && guidance.price_to_partial_sar !== null) {
    return `يصبح العقار ${VERDICT_AR.partial} بسعر ${sarAr(guidance.price_to_partial_sar)} أو أقل، لكن ${heldBack}`;
  }
  return heldBack;
}

function outlookAr(facts: ReasoningFacts): string {
  const clauses = [trendAr(facts.benchmark), areaAr(facts), breakdownAr(facts), guidanceAr(facts)].filter(
    (clause): clause is string => clause !== null,
  );
  return `${clauses.join('، و')}.`;
}

// ---------- factors and flags (English, like the rest of the API's codes and labels) ----------

function keyFactors(facts: ReasoningFacts): string[] {
  const { property, benchmark, breakdown } = facts;
  const factors: string[] = [];
  const perSqm = `${sarEn(property.price_per_sqm_sar)} per sqm`;
  if (benchmark?.price_position === 'at_or_below_p25') {
    factors.push(`Priced in the cheapest quarter of ${salesEn(facts, benchmark)} (${perSqm})`);
  } else if (benchmark?.price_position === 'below_median' && benchmark.pct_vs_median < 0) {
    factors.push(
      `Priced ${pctEn(benchmark.pct_vs_median)} below the median of ${salesEn(facts, benchmark)} (${perSqm})`,
    );
  }
  const pricedWell = factors.length > 0;
  const passing = bucketsByStatus(breakdown)
    .pass.filter((bucket) => !(bucket === 'price' && pricedWell))
    .sort((a, b) => breakdown[b].score - breakdown[a].score);
  for (const bucket of passing) {
    const verb = bucket === 'details' ? 'score' : 'scores';
    factors.push(`${capitalise(BUCKET_EN[bucket])} ${verb} well (${breakdown[bucket].score}/100)`);
  }
  const trend = trendOf(benchmark);
  if (trend?.direction === 'rising') factors.push(`Prices rose ${pctEn(trend.pct)} year on year`);
  if (hasBuilding(property.type) && property.age_years !== undefined && property.age_years <= NEW_BUILDING_YEARS) {
    factors.push(
      property.age_years === 0 ? 'New building' : `Recent building (${numEn(property.age_years)} years old)`,
    );
  }
  if (property.parking === true) factors.push('Includes parking');
  if (property.furnished === true) factors.push('Furnished');
  return factors;
}

function riskFlags(facts: ReasoningFacts): string[] {
  const { property, place, benchmark, breakdown } = facts;
  const flags: string[] = [];
  if (!benchmark) {
    flags.push(
      `No price benchmark for ${TYPE_EN[property.type].plural} in ${place.district_name_en}, ${place.city_name_en}: ` +
        'the price could not be checked against sales',
    );
  } else {
    if (benchmark.price_position === 'above_p75') {
      flags.push(
        `Priced above the 75th percentile (${sarEn(property.price_per_sqm_sar)} against ${sarEn(benchmark.p75_sqm)} per sqm)`,
      );
    }
    const trend = trendOf(benchmark);
    if (trend?.direction === 'falling') flags.push(`Prices fell ${pctEn(trend.pct)} year on year`);
    if (benchmark.transaction_count < THIN_BENCHMARK_SALES) {
      flags.push(`Benchmark rests on only ${numEn(benchmark.transaction_count)} sales`);
    }
  }
  for (const bucket of bucketsByStatus(breakdown).fail) {
    const verb = bucket === 'details' ? 'fall' : 'falls';
    flags.push(`${capitalise(BUCKET_EN[bucket])} ${verb} short (${breakdown[bucket].score}/100)`);
  }
  if (hasBuilding(property.type) && property.age_years !== undefined && property.age_years >= OLD_BUILDING_YEARS) {
    flags.push(`Old building (${numEn(property.age_years)} years)`);
  }
  if (hasBuilding(property.type) && property.parking === false) flags.push('No parking');
  for (const factor of facts.factors) {
    if (factor.code === 'bedrooms_cramped') {
      flags.push(`Too many bedrooms for the area (${numEn(Number(factor.values.sqm_per_bedroom))} sqm a bedroom)`);
    }
    if (factor.code === 'area_unusual_for_type') {
      const { area, min_area: min, max_area: max } = factor.values;
      flags.push(
        `Unusual area for ${TYPE_EN[property.type].plural} (${numEn(Number(area))} sqm; ` +
          `usually ${numEn(Number(min))} to ${numEn(Number(max))} sqm)`,
      );
    }
  }
  return flags;
}
