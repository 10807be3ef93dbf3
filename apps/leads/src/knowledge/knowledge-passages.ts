import type { Language } from '@app/contracts';
import { AppError } from '@app/errors';
import { detectLanguage, splitPassages } from './knowledge-text';
import type { NewPassage } from './knowledge.repository';

export interface WrittenFields {
  title_en: string | null;
  title_ar: string | null;
  body_en: string | null;
  body_ar: string | null;
}

const LANGS: Language[] = ['en', 'ar'];

/** Blank text is no text. */
export function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * An article or FAQ entry needs a title and a body in at least one language, and never a
 * title without its body (or the reverse): what is indexed must be what the author sees.
 */
export function checkWritten(fields: WrittenFields): void {
  for (const lang of LANGS) {
    const title = fields[`title_${lang}`];
    const body = fields[`body_${lang}`];
    if (title && !body) throw missing(`body_${lang}`, `body_${lang} is required with title_${lang}`);
    if (body && !title) throw missing(`title_${lang}`, `title_${lang} is required with body_${lang}`);
  }
  if (!fields.title_en && !fields.title_ar) {
    throw missing(
      'title_en',
      'Give a title and a body in English (title_en, body_en), Arabic (title_ar, body_ar) or both',
    );
  }
}

function missing(field: string, message: string): AppError {
  return new AppError('validation_error', message, { field, nestedCode: 'MISSING_REQUIRED_FIELDS' });
}

/** The passages of an article or FAQ entry: its body in each language, split, under its title. */
export function writtenPassages(fields: WrittenFields): NewPassage[] {
  return LANGS.flatMap((language) => {
    const title = fields[`title_${language}`];
    const body = fields[`body_${language}`];
    if (!title || !body) return [];
    return splitPassages(body).map((text) => ({ language, title, text }));
  });
}

/** A document's passages: its text split, each passage in the language its letters say. */
export function documentPassages(title: string, text: string): NewPassage[] {
  return splitPassages(text).map((passage) => ({ language: detectLanguage(passage), title, text: passage }));
}

/** The document's title: its file name without the extension. */
export function documentTitle(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  return base.replace(/\.[A-Za-z0-9]{1,8}$/, '') || base;
}
