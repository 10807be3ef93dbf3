/**
 * The Arabic folds every search of the platform applies, pure: the catalogue's free-text `q`,
 * the knowledge base's passages and the gazetteer's names. Each search adds its own rules
 * (which diacritics, articles, clitics) because each must match its own stored SQL column;
 * what is the same everywhere lives here, once.
 */

/** Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits as ASCII ones. */
export function asciiDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/** Alef forms (أ إ آ ٱ → ا), ta marbuta (ة → ه) and alef maqsura (ى → ي): spellings people mix freely. */
export function foldLetterForms(text: string): string {
  return text
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي');
}

/** Hamza on a carrier as the bare carrier: ؤ → و, ئ → ي. */
export function foldHamzaSeats(text: string): string {
  return text.replace(/ؤ/g, 'و').replace(/ئ/g, 'ي');
}

/** Tashkeel (U+064B–U+065F), superscript alef and tatweel: marks that do not change the word. */
const DIACRITICS = /[\u064B-\u065F\u0670\u0640]/g;

export function stripDiacritics(text: string): string {
  return text.replace(DIACRITICS, '');
}

/**
 * Diacritics and tatweel dropped, letter forms and hamza seats folded: "أريد موظفاً" reads as
 * "اريد موظفا". Case and digits are left as they are.
 */
export function foldArabic(text: string): string {
  return foldHamzaSeats(foldLetterForms(stripDiacritics(text)));
}
