import type { Language } from '@app/contracts';
import { asciiDigits, foldArabic as foldSpelling, stripDiacritics } from '@app/search-text';

export { asciiDigits };

/**
 * Text rules of the knowledge base, pure: the Arabic folds (shared with the catalogue's and the
 * gazetteer's search in @app/search-text), the words a question is searched by, passages, and sentences for extractive answers.
 *
 * The folds must match the SQL of the passages' generated `search_vector`
 * (migration Knowledge1766000000000): أ إ آ ٱ → ا, ة → ه, ى → ي, ؤ → و, ئ → ي, diacritics
 * and tatweel dropped, the article ال (with a glued و ب ك ف, or لل) taken off a word, then a
 * glued و ب ل ف ك off a word still five letters long.
 */
/**
 * The question as retrieval takes it: the passages' language to search, and groups of words;
 * a group is one term of the question, matched by any of its alternatives (one word, or the
 * words of a translation: amenities ~ مرافق | منشآت). Arabic words are folded as the index
 * folds them; English ones go to the `english` configuration, which stems and drops stop words.
 */
export interface SearchTerms {
  language: Language;
  groups: string[][];
}
const ARTICLE = /^(وال|بال|كال|فال|لل|ال)(?=[\p{L}\p{N}]{2,})/u;
/** A glued conjunction or preposition (و ب ل ف ك) on a word of five letters or more: وحراسة ~ بحراسة ~ حراسة. */
const PROCLITIC = /^[وبلفك](?=[\p{L}\p{N}]{4,})/u;
const ARABIC_LETTER = /[\u0600-\u06FF]/;
const ARABIC_LETTERS = /[\u0600-\u06FF]/g;
const LATIN_LETTERS = /[A-Za-z]/g;

/** Diacritics and tatweel dropped, lower case: the form the article and clitics are read from. */
function bare(text: string): string {
  return stripDiacritics(text.toLowerCase());
}

/** Arabic letter forms folded (أ إ آ ٱ → ا, ة → ه, ى → ي, ؤ → و, ئ → ي), digits ASCII. */
export function foldArabic(text: string): string {
  return asciiDigits(foldSpelling(text.toLowerCase()));
}

/**
 * Words that carry no topic in a question ("what", "is there", "please"), folded. English
 * stop words are PostgreSQL's (the `english` configuration); these are the Arabic ones plus
 * the question words and courtesies the english list keeps.
 */
const ARABIC_STOP_WORDS = new Set(
  arabicWords(
    'ما ماذا هل كيف متى أين لماذا من في على إلى عن مع هو هي هذا هذه ذلك تلك هناك هنالك يوجد توجد أو أم و ثم لا نعم أن إن أنا نحن أنت أنتم لي لنا لكم به بها فيه فيها منه منها عند كل أي ايه شي شيء أريد ابي ابغى ممكن لو سمحت فضلك رجاء شكرا عندكم لديكم لدي لديه عندي يكون تكون كان كانت قد لقد الذي التي ذي وش ايش مشروع اعرف أخبرني قل بخصوص حول يمكن يمكنني أستطيع وهل فهل عليه عليها بعد قبل يتم تم إذا لكن كذلك أيضا جدا بالضبط تحديدا داخل خارج',
  ),
);
const ENGLISH_EXTRA_STOP_WORDS = new Set(
  'please tell know want like project thank thanks hi hello exactly also really'.split(' '),
);
/** English words too common to say that a sentence answers a question (the extractive answer's overlap). */
const ENGLISH_COMMON_WORDS = new Set(
  (
    'a an the is are was were be been am do does did i me my we our you your it its they their this that these ' +
    'there here what when where which who whom why how can could will would shall should may might have has had ' +
    'of in on at to for from by with about into over and or not no yes any some all'
  ).split(' '),
);

function stripArticle(word: string): string {
  return word.replace(ARTICLE, '').replace(PROCLITIC, '');
}

/** ar when the text has more Arabic letters than Latin ones. */
export function detectLanguage(text: string): Language {
  const arabic = text.match(ARABIC_LETTERS)?.length ?? 0;
  const latin = text.match(LATIN_LETTERS)?.length ?? 0;
  return arabic > latin ? 'ar' : 'en';
}

/**
 * The language a visitor wrote a message in: detectLanguage's when it has letters, else
 * `fallback` (the session's language: "٣؟" or "2027" say nothing about it).
 */
export function writtenLanguage(text: string, fallback: Language): Language {
  const letters = (text.match(ARABIC_LETTERS)?.length ?? 0) + (text.match(LATIN_LETTERS)?.length ?? 0);
  return letters === 0 ? fallback : detectLanguage(text);
}

export function hasArabic(text: string): boolean {
  return ARABIC_LETTER.test(text);
}

/** The words of a text as the index holds them: article and clitic off, then folded (letters and digits only). */
export function arabicWords(text: string): string[] {
  return (bare(text).match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => foldArabic(stripArticle(word)));
}

/**
 * What a question is searched by in its own language, a group per word. Arabic: its folded
 * words without stop words (lexemes of the `simple` configuration as they stand). English:
 * its words without the extra filler words here; PostgreSQL's `english` configuration stems
 * them and drops its own stop words.
 */
export function questionTerms(question: string, language: Language): SearchTerms {
  const words = language === 'ar' ? arabicContentWords(question).map(arabicStem) : englishContentWords(question);
  return { language, groups: [...new Set(words)].map((word) => [word]) };
}

/** A question's Arabic words as the index holds them, without stop words and single letters. */
export function arabicContentWords(question: string): string[] {
  return arabicWords(question).filter((word) => word.length > 1 && !ARABIC_STOP_WORDS.has(word));
}

/** A final ه (ta marbuta) off, so the stem also finds the plural: دفعه ~ دفعات. */
export function arabicStem(word: string): string {
  return word.length >= 4 ? word.replace(/ه$/, '') : word;
}

/** A question's English words (digits ASCII) without the filler words PostgreSQL keeps. */
export function englishContentWords(question: string): string[] {
  return (asciiDigits(question).match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (word) => !ENGLISH_EXTRA_STOP_WORDS.has(word.toLowerCase()),
  );
}

/** Nothing to search by (only stop words). */
export function isEmptyQuestion(terms: SearchTerms): boolean {
  return terms.groups.length === 0;
}

const PASSAGE_TARGET = 700;
const PASSAGE_MAX = 1200;

/**
 * A body split into passages of a few sentences: paragraphs (blank lines, markdown headings)
 * kept together up to ~700 characters when `groupOf` puts them in one group (a document's
 * language), a longer paragraph cut at sentence ends.
 */
export function splitPassages(body: string, groupOf: (piece: string) => string = () => ''): string[] {
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
    const joins =
      last >= 0 &&
      passages[last].length + piece.length + 1 <= PASSAGE_TARGET &&
      groupOf(passages[last]) === groupOf(piece);
    if (joins) passages[last] += `\n${piece}`;
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

/** The words that say what a text is about, for overlap counting: no stop words, a crude English stem. */
export function overlapWords(text: string): Set<string> {
  return new Set(
    arabicWords(text)
      .filter(
        (word) =>
          !ARABIC_STOP_WORDS.has(word) && !ENGLISH_COMMON_WORDS.has(word) && !ENGLISH_EXTRA_STOP_WORDS.has(word),
      )
      .map(crudeStem),
  );
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
