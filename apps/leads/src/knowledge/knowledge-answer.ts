import type { Language, ProjectFacts, ProjectUnitFacts } from '@app/contracts';
import type { KnowledgeCitation } from './knowledge-answerer';
import { topicWords } from './knowledge-crossing';
import { arabicWords, excerpt, sentences } from './knowledge-text';

/** A retrieved passage as the answer is composed from it. */
export interface AnswerPassage {
  source_id: string;
  /** The language the passage is written in, which may not be the visitor's. */
  language: Language;
  title: string;
  text: string;
  score: number;
}

/** Said before an offline answer taken from a passage in the other language: the visitor's language, honestly. */
export const WRITTEN_ONLY_IN: Record<Language, string> = {
  en: 'The project team wrote this only in Arabic:',
  ar: 'كتب فريق المشروع هذه المعلومة بالإنجليزية فقط:',
};

const PRICE_WORDS_EN =
  /\b(price[sd]?|prices|pricing|cost[s]?|how much|afford|cheapest|available|availability|vacant|sold|reserved|units? left|in stock)\b/i;
/** Folded, article off (knowledge-text's arabicWords). */
const PRICE_WORDS_AR = new Set([
  'سعر',
  'اسعار',
  'بسعر',
  'السعر',
  'بكم',
  'كم',
  'تكلفه',
  'ثمن',
  'يكلف',
  'تكلف',
  'متاح',
  'متاحه',
  'متوفر',
  'متوفره',
  'محجوز',
  'محجوزه',
  'مباع',
  'مباعه',
  'مبيعه',
  'شاغر',
  'شاغره',
  'ارخص',
]);

/**
 * Prices and availability are answered from the live unit list, never from knowledge-base
 * text (a brochure's price goes stale). "كم" alone is "how much"; "كم عدد" is "how many".
 */
export function isPriceQuestion(question: string, language: Language): boolean {
  if (language === 'en') return PRICE_WORDS_EN.test(question);
  const words = arabicWords(question);
  return words.some((word, i) => PRICE_WORDS_AR.has(word) && !(word === 'كم' && words[i + 1] === 'عدد'));
}

const UNITS_LISTED = 8;
const TYPE_AR: Record<string, string> = {
  apartment: 'شقة',
  villa: 'فيلا',
  townhouse: 'تاون هاوس',
  duplex: 'دوبلكس',
  penthouse: 'بنتهاوس',
  studio: 'استوديو',
  office: 'مكتب',
  shop: 'محل',
  land: 'أرض',
};

/** The answer to a price or availability question: the project's available units now, cheapest first. */
export function unitsAnswer(facts: ProjectFacts, language: Language): { text: string; citations: KnowledgeCitation[] } {
  const available = facts.units.filter((unit) => unit.status === 'available').sort((a, b) => a.price_sar - b.price_sar);
  const reserved = facts.units.filter((unit) => unit.status === 'reserved').length;
  const sold = facts.units.filter((unit) => unit.status === 'sold').length;
  const name = language === 'ar' ? facts.name_ar : facts.name_en;
  const lines = available.slice(0, UNITS_LISTED).map((unit) => unitLine(unit, language));
  let text: string;
  if (language === 'ar') {
    text =
      available.length === 0
        ? `لا توجد وحدات متاحة حالياً في ${name} (محجوزة: ${reserved}، مباعة: ${sold}).`
        : `الوحدات المتاحة الآن في ${name}: ${available.length} من ${facts.units.length}.\n${lines.join('\n')}` +
          (available.length > UNITS_LISTED ? `\nو${available.length - UNITS_LISTED} وحدات أخرى.` : '');
  } else {
    text =
      available.length === 0
        ? `No units are available at ${name} right now (${reserved} reserved, ${sold} sold).`
        : `Available now at ${name}: ${available.length} of ${facts.units.length} units.\n${lines.join('\n')}` +
          (available.length > UNITS_LISTED ? `\nAnd ${available.length - UNITS_LISTED} more.` : '');
  }
  const title = language === 'ar' ? `قائمة الوحدات الحالية — ${name}` : `Live unit list — ${name}`;
  return { text, citations: [{ source_id: 'units', title, excerpt: excerpt(text) }] };
}

function unitLine(unit: ProjectUnitFacts, language: Language): string {
  const price = `${Math.round(unit.price).toLocaleString('en-US')} ${unit.currency}`;
  if (language === 'ar') {
    const type = TYPE_AR[unit.unit_type] ?? unit.unit_type;
    const parts = [
      unit.unit_ref ? `${type} ${unit.unit_ref}` : type,
      unit.bedrooms !== null ? `${unit.bedrooms} غرف نوم` : null,
      `${unit.area_sqm} م²`,
      unit.floor !== null ? `الطابق ${unit.floor}` : null,
    ].filter(Boolean);
    return `- ${parts.join('، ')}: ${price}`;
  }
  const parts = [
    unit.unit_ref ? `${unit.unit_type} ${unit.unit_ref}` : unit.unit_type,
    unit.bedrooms !== null ? `${unit.bedrooms} bedroom${unit.bedrooms === 1 ? '' : 's'}` : null,
    `${unit.area_sqm} m²`,
    unit.floor !== null ? `floor ${unit.floor}` : null,
  ].filter(Boolean);
  return `- ${parts.join(', ')}: ${price}`;
}

const MAX_SENTENCES = 3;
const WHOLE_PASSAGE = 400;

/**
 * The offline answer: the sentences of the best passages that share the most words with the
 * question, in the passages' order (a short passage, an FAQ answer, is taken whole). Cites
 * every passage a sentence came from. Words are also compared by their lexicon concept, so a
 * sentence in the other language is chosen too; then a note in the visitor's `language` says
 * so, since nothing offline translates the passage.
 */
export function extractiveAnswer(
  question: string,
  passages: AnswerPassage[],
  language: Language,
): { text: string; citations: KnowledgeCitation[] } {
  const extracted = extract(question, passages);
  return passages[0].language === language
    ? extracted
    : { ...extracted, text: `${WRITTEN_ONLY_IN[language]}\n${extracted.text}` };
}

function extract(question: string, passages: AnswerPassage[]): { text: string; citations: KnowledgeCitation[] } {
  const asked = topicWords(question);
  const best = passages[0];
  if (best.text.length <= WHOLE_PASSAGE) {
    return { text: best.text.trim(), citations: [citationOf(best)] };
  }
  const candidates = passages.slice(0, 2).flatMap((passage, p) =>
    sentences(passage.text).map((sentence, s) => ({
      passage,
      order: p * 1000 + s,
      overlap: [...topicWords(sentence)].filter((word) => asked.has(word)).length,
    })),
  );
  const chosen = candidates
    .filter((candidate) => candidate.overlap > 0)
    .sort((a, b) => b.overlap - a.overlap || a.order - b.order)
    .slice(0, MAX_SENTENCES)
    .sort((a, b) => a.order - b.order);
  if (chosen.length === 0) return { text: excerpt(best.text, WHOLE_PASSAGE), citations: [citationOf(best)] };
  const cited = [...new Map(chosen.map((candidate) => [candidate.passage.source_id, candidate.passage])).values()];
  return {
    text: chosen.map((candidate) => sentences(candidate.passage.text)[candidate.order % 1000]).join(' '),
    citations: cited.map(citationOf),
  };
}

export function citationOf(passage: AnswerPassage): KnowledgeCitation {
  return { source_id: passage.source_id, title: passage.title, excerpt: excerpt(passage.text) };
}
