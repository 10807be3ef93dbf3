export type PageLanguage = 'en' | 'ar';

/** `?lang=` (the page's switch) first, then the browser's Accept-Language, else English. */
export function pageLanguageOf(chosen: unknown, acceptLanguage: string | string[] | undefined): PageLanguage {
  if (chosen === 'ar' || chosen === 'en') return chosen;
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.split('-')[0], q: q ? Number(q.slice(2)) : 1 };
    })
    .filter(({ tag, q }) => (tag === 'ar' || tag === 'en') && q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked[0]?.tag === 'ar' ? 'ar' : 'en';
}
