import type { Language } from '@app/contracts';

/**
 * Text rules of the knowledge base, pure: the Arabic folds (the same letter folds as the
 * catalogue's search-text.ts and the gazetteer's location-text.ts, which an app cannot import),
 * the words a question is searched by, passages, and sentences for extractive answers.
 *
 * The folds must match the SQL of the passages' generated `search_vector`
 * (migration Knowledge1766000000000): أ إ آ ٱ → ا, ة → ه, ى → ي, ؤ → و, ئ → ي, diacritics
 * and tatweel dropped, and the article ال (with a glued و ب ك ف, or لل) taken off a word.
 */
/** The question as retrieval takes it: Arabic lexemes as they stand, or English text for the english configuration. */
export type SearchTerms = { language: 'ar'; terms: string[] } | { language: 'en'; text: string };

const DIACRITICS = /[\u064B-\u065F\u0670\u0640]/g;
const ARTICLE = /^(وال|بال|كال|فال|لل|ال)(?=[\p{L}\p{N}]{2,})/u;
const ARABIC_LETTER = /[\u0600-\u06FF]/;
const ARABIC_LETTERS = /[\u0600-\u06FF]/g;
const LATIN_LETTERS = /[A-Za-z]/g;

/** Arabic letter forms folded, diacritics and tatweel dropped, lower case. */
export function foldArabic(text: string): string {
  return text
    .toLowerCase()
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(DIACRITICS, '');
}

/** Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits as ASCII ones. */
export function asciiDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/**
 * Words that carry no topic in a question ("what", "is there", "please"), folded. English
 * stop words are PostgreSQL's (the `english` configuration); these are the Arabic ones plus
 * the question words and courtesies the english list keeps.
 */
const ARABIC_STOP_WORDS = new Set(
  [
    'ما',
    'ماذا',
    'هل',
    'كيف',
    'متي',
    'اين',
    'لماذا',
    'من',
    'في',
    'علي',
    'الي',
    'عن',
    'مع',
    'هو',
    'هي',
    'هذا',
    'هذه',
    'ذلك',
    'تلك',
    'هناك',
    'هنالك',
    'يوجد',
    'توجد',
    'او',
    'ام',
    'و',
    'ثم',
    'لا',
    'نعم',
    'ان',
    'انا',
    'نحن',
    'انت',
    'انتم',
    'لي',
    'لنا',
    'لكم',
    'به',
    'بها',
    'فيه',
    'فيها',
    'منه',
    'منها',
    'عند',
    'كل',
    'اي',
    'ايه',
    'شي',
    'شيء',
    'اريد',
    'ابي',
    'ابغي',
    'ممكن',
    'لو',
    'سمحت',
    'فضلك',
    'من فضلك',
    'رجاء',
    'شكرا',
    'عندكم',
    'لديكم',
    'لدي',
    'يكون',
    'تكون',
    'كان',
    'كانت',
    'قد',
    'لقد',
    'الذي',
    'التي',
    'ذي',
    'وش',
    'ايش',
    'مشروع',
    'المشروع',
    'اعرف',
    'اخبرني',
    'قل',
    'بخصوص',
    'حول',
    'يمكن',
    'يمكنني',
    'استطيع',
    'وهل',
    'فهل',
    'عليه',
    'عليها',
    'بعد',
    'قبل',
  ].map((word) => stripArticle(foldArabic(word))),
);
const ENGLISH_EXTRA_STOP_WORDS = new Set([
  'please',
  'tell',
  'know',
  'want',
  'like',
  'project',
  'thank',
  'thanks',
  'hi',
  'hello',
]);

function stripArticle(word: string): string {
  return word.replace(ARTICLE, '');
}

/** ar when the text has more Arabic letters than Latin ones. */
export function detectLanguage(text: string): Language {
  const arabic = text.match(ARABIC_LETTERS)?.length ?? 0;
  const latin = text.match(LATIN_LETTERS)?.length ?? 0;
  return arabic > latin ? 'ar' : 'en';
}

export function hasArabic(text: string): boolean {
  return ARABIC_LETTER.test(text);
}

/** The words of a text, folded, article off, in order (letters and digits only). */
export function arabicWords(text: string): string[] {
  return (foldArabic(asciiDigits(text)).match(/[\p{L}\p{N}]+/gu) ?? []).map(stripArticle);
}

/**
 * What a question is searched by. Arabic: its folded words without stop words (they are
 * lexemes of the `simple` configuration as they stand). English: the question itself, which
 * PostgreSQL's `english` configuration stems and strips of stop words; the extra words
 * here are taken out first.
 */
export function questionTerms(question: string, language: Language): SearchTerms {
  if (language === 'ar') {
    const words = arabicWords(question).filter((word) => word.length > 1 && !ARABIC_STOP_WORDS.has(word));
    return { language, terms: [...new Set(words)] };
  }
  const words = (asciiDigits(question).match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (word) => !ENGLISH_EXTRA_STOP_WORDS.has(word.toLowerCase()),
  );
  return { language, text: words.join(' ') };
}

/** Nothing to search by (only stop words). */
export function isEmptyQuestion(terms: SearchTerms): boolean {
  return terms.language === 'ar' ? terms.terms.length === 0 : terms.text.trim() === '';
}

const PASSAGE_TARGET = 700;
const PASSAGE_MAX = 1200;

/**
 * A body split into passages of a few sentences: paragraphs (blank lines, markdown headings)
 * kept together up to ~700 characters, a longer paragraph cut at sentence ends.
 */
export function splitPassages(body: string): string[] {
  const paragraphs = body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n|\n(?=#{1,6}\s)/)
    .map((paragraph) =>
      paragraph
        .replace(/^#{1,6}\s+/gm, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((paragraph) => paragraph.length > 0);
  const pieces = paragraphs.flatMap((paragraph) => (paragraph.length > PASSAGE_MAX ? cutLong(paragraph) : [paragraph]));
  const passages: string[] = [];
  for (const piece of pieces) {
    const last = passages.length - 1;
    if (last >= 0 && passages[last].length + piece.length + 1 <= PASSAGE_TARGET) passages[last] += `\n${piece}`;
    else passages.push(piece);
  }
  return passages;
}

function cutLong(paragraph: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const sentence of sentences(paragraph)) {
    if (current && current.length + sentence.length + 1 > PASSAGE_TARGET) {
      out.push(current);
      current = '';
    }
    current = current ? `${current} ${sentence}` : sentence;
    while (current.length > PASSAGE_MAX) {
      out.push(current.slice(0, PASSAGE_MAX));
      current = current.slice(PASSAGE_MAX);
    }
  }
  if (current) out.push(current);
  return out;
}

/** Sentences, cut after . ! ? ؟ ۔ or a line break. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?؟۔])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/** A passage's words for overlap counting: folded Arabic or lower-case English with a crude stem. */
export function overlapWords(text: string): Set<string> {
  return new Set(arabicWords(text).map(crudeStem));
}

function crudeStem(word: string): string {
  if (hasArabic(word)) return word;
  return word.replace(/(ing|ed|es|s)$/, '');
}

/** The excerpt a citation shows: the text cut at a word near `max` characters. */
export function excerpt(text: string, max = 240): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trim()}…`;
}
