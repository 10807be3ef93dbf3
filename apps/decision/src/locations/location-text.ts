/**
 * Text keys for the gazetteer search: pure functions, no I/O.
 *
 * - `normalizeName`: the canonical form (Arabic letter forms unified, markers and articles
 *   dropped, spaces/hyphens/apostrophes ignored, lower case).
 * - `skeletonKey`: a transliteration key for Latin names (vowels and doubled letters
 *   collapsed, q→k, ph→f…), so unseen spellings such as Jiddah/Jeddah or Hittin/Hiteen meet.
 */

import { asciiDigits, foldHamzaSeats, foldLetterForms } from '@app/search-text';

const TASHKEEL = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const TATWEEL = /\u0640/g;
const ARABIC_LETTER = /[\u0600-\u06FF]/;
/** Latin article forms, including the sun-letter assimilations used in Saudi names. */
const LATIN_ARTICLES = new Set(['al', 'el', 'ar', 'as', 'at', 'ad', 'an', 'az', 'ash', 'adh', 'ath', 'az']);

/** Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits as ASCII digits. */
export const arabicIndicDigits = asciiDigits;

/** Letter forms only: alef/hamza forms, ta marbuta, alef maqsura, tashkeel, tatweel, digits. */
export function normalizeArabicLetters(text: string): string {
  const marksOff = asciiDigits(text).replace(TASHKEEL, '').replace(TATWEEL, '');
  // The lone hamza goes too: a name is written with or without it.
  return foldLetterForms(foldHamzaSeats(marksOff)).replace(/ء/g, '');
}

/** Words of a name: markers ("حي", " Dist.") removed, lower case, punctuation as spaces. */
export function nameWords(raw: string): string[] {
  let text = normalizeArabicLetters(raw.normalize('NFKC'))
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
  text = text.replace(/^حي\s+/, '');
  text = text.replace(/\s+(dist\.?|district)$/, '');
  // Apostrophes (ʿayn, hamza) vanish; hyphens, dots, commas separate words.
  text = text.replace(/['’‘`ʿʼ]/g, '').replace(/[-_.,/()]+/g, ' ');
  return text.split(/\s+/).filter((word) => word.length > 0);
}

function stripArticle(word: string): string {
  if (ARABIC_LETTER.test(word)) {
    // ال, and the glued prepositional forms are left alone.
    return word.length > 3 && word.startsWith('ال') ? word.slice(2) : word;
  }
  // Assimilated and glued forms: "Assafarat", "Arrawdah" → "safarat", "rawdah".
  const doubled = /^a([tdrzsnl])\1(?=[a-z]{3,})/.exec(word);
  if (doubled) return word.slice(2);
  if (word.length >= 5 && word.startsWith('al')) return word.slice(2);
  return word;
}

/** The canonical key: words without articles, joined. Empty input gives an empty key. */
export function normalizeName(raw: string): string {
  const words = nameWords(raw);
  const kept = words.filter((word, index) => !(LATIN_ARTICLES.has(word) && index < words.length - 1));
  const stripped = kept.map(stripArticle).join('');
  return stripped.length > 0 ? stripped : words.join('');
}

/** The name with its articles kept, joined: what a search box holds while "Al Ol…" or "الع…" is typed. */
export function fullKey(raw: string): string {
  return nameWords(raw).join('');
}

/** Each word's key (articles dropped), for matching the start of a later word. */
export function wordKeys(raw: string): string[] {
  return nameWords(raw)
    .filter((word) => !LATIN_ARTICLES.has(word))
    .map(stripArticle)
    .filter((word) => word.length > 0);
}

/**
 * Transliteration key of a normalised Latin key: digraphs unified (q/g/k, th/t, dh/d…), a final -ah/-eh
 * dropped, vowels removed after the first letter (a leading vowel becomes "a"), doubled
 * letters collapsed. Arabic keys
 * lose their long vowels (ا و ي) after the first letter, which absorbs dropped or added
 * matres lectionis.
 *
 * `open`: the key is a prefix being typed, so its last letters may go on: a final h or y/w is
 * kept ("qiraw" → "krw", the start of Qairawan's "krwn").
 */
export function skeletonKey(key: string, open = false): string {
  if (ARABIC_LETTER.test(key)) {
    return key.length <= 2
      ? key
      : key[0] +
          key
            .slice(1)
            .replace(/[اوي]/g, '')
            .replace(/(.)\1+/g, '$1');
  }
  const text = key
    .replace(/ph/g, 'f')
    .replace(/dh/g, 'd')
    .replace(/th/g, 't')
    .replace(/ck/g, 'k')
    .replace(/c/g, 'k')
    .replace(/q/g, 'k')
    // ق is typed g in the Gulf (Malga, Gazaz, Garhoud); غ stays gh.
    .replace(/g(?!h)/g, 'k')
    .replace(/x/g, 'ks')
    .replace(open ? /$^/ : /([aeiou])h$/, '$1')
    .replace(open ? /([aeiou])[yw](?=[^aeiouyw])/g : /([aeiou])[yw](?=[^aeiouyw]|$)/g, '$1')
    .replace(/(.)\1+/g, '$1');
  // A leading vowel is kept (Aqeeq → "ak", not "k") but any vowel stands for it (Olaya/Ulaya).
  return (
    text[0].replace(/[eiou]/, 'a') +
    text
      .slice(1)
      .replace(/[aeiou]+/g, '')
      .replace(/(.)\1+/g, '$1')
  );
}

let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal string alignment distance (Damerau-Levenshtein without repeated edits), capped at max + 1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  if (n + 1 > rows[0].length) rows = [new Int32Array(n + 1), new Int32Array(n + 1), new Int32Array(n + 1)];
  let [prevPrev, prev, current] = rows;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = prev[j - 1] + (ai === bj ? 0 : 1);
      if (prev[j] + 1 < value) value = prev[j] + 1;
      if (current[j - 1] + 1 < value) value = current[j - 1] + 1;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj && prevPrev[j - 2] + 1 < value)
        value = prevPrev[j - 2] + 1;
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const spare = prevPrev;
    prevPrev = prev;
    prev = current;
    current = spare;
  }
  return prev[n];
}

/**
 * The fewest edits that turn `query` into the start of `name` (any of its prefixes up to two
 * letters longer): how far a half-typed name is from where the name begins. "tubai" is one
 * edit from "tubay…" (Tubayshi) and three from "taiba…" (Taibah).
 */
export function prefixEditDistance(name: string, query: string): number {
  const width = Math.min(name.length, query.length + 2);
  if (width + 1 > prefixRows[0].length) prefixRows = [new Int32Array(width + 1), new Int32Array(width + 1)];
  let [prev, current] = prefixRows;
  for (let j = 0; j <= width; j++) prev[j] = j;
  for (let i = 1; i <= query.length; i++) {
    current[0] = i;
    const letter = query.charCodeAt(i - 1);
    for (let j = 1; j <= width; j++) {
      let value = prev[j - 1] + (letter === name.charCodeAt(j - 1) ? 0 : 1);
      if (prev[j] + 1 < value) value = prev[j] + 1;
      if (current[j - 1] + 1 < value) value = current[j - 1] + 1;
      current[j] = value;
    }
    [prev, current] = [current, prev];
  }
  let best = prev[0];
  for (let j = 1; j <= width; j++) if (prev[j] < best) best = prev[j];
  return best;
}

let prefixRows = [new Int32Array(64), new Int32Array(64)];

/**
 * The letters of a key as a 32-bit set (code point modulo 32: a collision only weakens the
 * filter below, never makes it wrong).
 */
export function letterMask(key: string): number {
  let mask = 0;
  for (let i = 0; i < key.length; i++) mask |= 1 << (key.charCodeAt(i) & 31);
  return mask;
}

/**
 * A lower bound of the edit distance from the letter sets: every letter one side has and the
 * other lacks takes an edit (a substitution can settle one of each side at once). It lets the
 * fuzzy tier skip nearly every name without running the distance itself.
 */
export function editDistanceLowerBound(maskA: number, maskB: number): number {
  return Math.max(bitCount(maskA & ~maskB), bitCount(maskB & ~maskA));
}

function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The typo budget: one edit for short keys, two from eight letters. */
export function typoBudget(key: string): number {
  return key.length >= 8 ? 2 : key.length >= 3 ? 1 : 0;
}
