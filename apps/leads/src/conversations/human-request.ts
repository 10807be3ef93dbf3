import { foldArabic } from '@app/search-text';

/**
 * Whether a visitor's message asks for a person rather than an answer, in Arabic or English.
 * Arabic is compared after folding alef/hamza forms, taa marbuta, alef maqsura, diacritics and
 * tatweel, so "أريد موظفاً" and "اريد موظف" read the same.
 */
const ENGLISH = [
  /\b(talk|speak|chat)\s+(to|with)\s+(a\s+|an\s+|the\s+|some\s*one|somebody|your\s+)?(real\s+|live\s+)?(person|human|agent|someone|somebody|representative|rep|staff|team|sales)\b/,
  /\b(human|real person|live agent|live person|customer service|representative)\b/,
  /^\s*(an?\s+)?agent\s*[.!?]*\s*$/,
  /\b(connect|transfer)\s+me\b/,
];

const ARABIC_WORDS = [
  'موظف',
  'شخص حقيقي',
  'انسان',
  'بشري',
  'خدمه العملاء',
  'مندوب',
  'احد الموظفين',
  'التحدث مع شخص',
  'اكلم شخص',
  'اكلم احد',
];

export function asksForHuman(text: string): boolean {
  const english = text.toLowerCase();
  if (ENGLISH.some((pattern) => pattern.test(english))) return true;
  const arabic = foldArabic(text);
  return ARABIC_WORDS.some((word) => arabic.includes(word));
}
