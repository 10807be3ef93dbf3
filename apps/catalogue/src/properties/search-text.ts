import { foldLetterForms } from '@app/search-text';

/**
 * Free-text matching for `q`: one normalisation applied to the listing's text (in SQL) and to
 * the words searched (here), so أ/إ/آ match ا, ة matches ه, ى matches ي, and diacritics,
 * tatweel and case are ignored, in Arabic as in English.
 */
/** Tashkeel (to sukun), superscript alef and tatweel: the range the SQL column drops. */
const MARKS = /[\u064B-\u0652\u0670\u0640]/g;

export function normalizeSearchText(text: string): string {
  return foldLetterForms(text.toLowerCase()).replace(MARKS, '').replace(/\s+/g, ' ').trim();
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
