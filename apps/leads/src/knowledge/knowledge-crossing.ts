import type { Language } from '@app/contracts';
import { arabicContentWords, arabicStem, arabicWords, englishContentWords, overlapWords } from './knowledge-text';
import type { SearchTerms } from './knowledge-text';
import { PROPERTY_LEXICON } from './property-lexicon';

/**
 * Cross-language retrieval by dictionary translation of the question (query translation with
 * the property lexicon): each word or phrase the lexicon knows becomes one term whose
 * alternatives are the concept's words in the other language, the translations of one word
 * counted as one term, as in Pirkola's structured queries (SIGIR 1998); a word it does not know
 * stays as it is, so it weighs against the passages as an unknown word does (half its idf), and
 * an out-of-scope question ("golf course") keeps failing the threshold. Pure.
 */
export interface CrossedQuestion {
  terms: SearchTerms;
  /** The lexicon concepts the question holds: without one there is nothing to cross with. */
  concepts: number[];
}

interface Form {
  concept: number;
  /** The form's words as a question's words are keyed. */
  keys: string[];
}

/** An English word as both sides compare it: lower case, a crude stem (amenities ~ amenity, licensed ~ license). */
export function englishKey(word: string): string {
  const lower = word.toLowerCase().replace(/'s$/, '');
  const singular = lower.replace(/ies$/, 'y');
  const stem = singular === lower ? lower.replace(/(ing|ed|es|s)$/, '') : singular;
  return (stem.length >= 3 ? stem : lower).replace(/e$/, '');
}

function arabicKey(word: string): string {
  return arabicStem(word);
}

/** A lexicon form keyed as a question's words are (so a stop word inside it, على الخارطة, is left out alike). */
const formKeys = (form: string, language: Language): string[] =>
  language === 'ar' ? arabicContentWords(form).map(arabicKey) : englishContentWords(form).map(englishKey);

function formsOf(language: Language): Map<string, Form[]> {
  const byFirst = new Map<string, Form[]>();
  PROPERTY_LEXICON.forEach((concept, index) => {
    for (const form of concept[language]) {
      const keys = formKeys(form, language);
      if (keys.length === 0) continue;
      byFirst.set(keys[0], [...(byFirst.get(keys[0]) ?? []), { concept: index, keys }]);
    }
  });
  for (const forms of byFirst.values()) forms.sort((a, b) => b.keys.length - a.keys.length);
  return byFirst;
}

const FORMS: Record<Language, Map<string, Form[]>> = { en: formsOf('en'), ar: formsOf('ar') };

/** The concept's words in `language`, as the index reads them (Arabic folded, the article off). */
function alternativesOf(concept: number, language: Language): string[] {
  const words = PROPERTY_LEXICON[concept][language];
  return [...new Set(language === 'ar' ? words.map((form) => arabicWords(form).join(' ')) : words)];
}

/**
 * The question's words in `from`, the longest lexicon form first at each word: each known form
 * becomes its concept, each other word stays. Arabic stop words and single letters are left
 * out; English ones are left to the `english` configuration, as in the question's own language.
 */
export function conceptsAndWords(question: string, from: Language): (number | string)[] {
  const words = from === 'ar' ? arabicContentWords(question) : englishContentWords(question);
  const keys = words.map((word) => (from === 'ar' ? arabicKey(word) : englishKey(word)));
  const out: (number | string)[] = [];
  for (let i = 0; i < words.length;) {
    const form = FORMS[from].get(keys[i])?.find((candidate) => candidate.keys.every((key, k) => keys[i + k] === key));
    if (form) {
      out.push(form.concept);
      i += form.keys.length;
    } else {
      out.push(words[i]);
      i += 1;
    }
  }
  return out;
}

/** The question written in `from`, translated through the lexicon to search passages in the other language. */
export function crossLanguageTerms(question: string, from: Language): CrossedQuestion {
  const to: Language = from === 'ar' ? 'en' : 'ar';
  const parts = conceptsAndWords(question, from);
  const concepts = [...new Set(parts.filter((part): part is number => typeof part === 'number'))];
  const groups = new Map<string, string[]>();
  for (const part of parts) {
    const alternatives = typeof part === 'number' ? alternativesOf(part, to) : [part];
    groups.set(alternatives.join('|'), alternatives);
  }
  return { terms: { language: to, groups: [...groups.values()] }, concepts };
}

/** Concept keys of a text, for counting the words a sentence shares with a question across languages. */
export function conceptKeys(text: string): string[] {
  const from: Language = /[\u0600-\u06FF]/.test(text) ? 'ar' : 'en';
  return conceptsAndWords(text, from)
    .filter((part): part is number => typeof part === 'number')
    .map((concept) => `concept:${concept}`);
}

/** A text's words and their lexicon concepts (language-free keys): what a sentence or a title shares with a question. */
export function topicWords(text: string): Set<string> {
  return new Set([...overlapWords(text), ...conceptKeys(text)]);
}
