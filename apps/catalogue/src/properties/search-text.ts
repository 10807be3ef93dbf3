/**
 * Free-text matching for `q`: one normalisation applied to the listing's text (in SQL) and to
 * the words searched (here), so أ/إ/آ match ا, ة matches ه, ى matches ي, and diacritics,
 * tatweel and case are ignored, in Arabic as in English.
 */
const ARABIC_FOLDS: [RegExp, string][] = [
  [/[أإآٱ]/g, 'ا'],
  [/ة/g, 'ه'],
  [/ى/g, 'ي'],
  [/[\u064B-\u0652\u0670\u0640]/g, ''], // tashkeel, superscript alef, tatweel
];

export function normalizeSearchText(text: string): string {
  let folded = text.toLowerCase();
  for (const [pattern, replacement] of ARABIC_FOLDS) folded = folded.replace(pattern, replacement);
  return folded.replace(/\s+/g, ' ').trim();
}

/** The words of `q`, normalised; at most 8, so a query stays cheap. */
export function searchWords(q: string): string[] {
  return normalizeSearchText(q).split(' ').filter(Boolean).slice(0, 8);
}

/**
 * The same folds in SQL, over the listing's searchable text in both languages: the stored
 * generated column `search_text` (migration ListingSearchText1765200000000), computed once per write.
 */
export const SEARCHABLE_TEXT_SQL = 'l.search_text';

/** `%`, `_` and `\\` in a word are literal, not LIKE wildcards. */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
