import type { PageLanguage } from '../oauth/page-language';

/** The words of the unsubscribe page, in both languages. */
const TEXT = {
  en: {
    title: 'Property platform',
    doneHeading: 'You are unsubscribed',
    done: (name: string) => `You will get no more alerts for your saved search “${name}”.`,
    keep: 'The search itself stays saved: choose a frequency for it again to turn its alerts back on.',
    refusedHeading: 'This unsubscribe link does not work',
    refused: 'It is not the link we sent for this saved search, or it was changed. Nothing was changed.',
    goneHeading: 'This saved search no longer exists',
    gone: 'It was deleted, so it sends no alerts.',
  },
  ar: {
    title: 'منصة العقارات',
    doneHeading: 'تم إلغاء اشتراكك',
    done: (name: string) => `لن تصلك بعد الآن تنبيهات بحثك المحفوظ «${name}».`,
    keep: 'يبقى البحث نفسه محفوظًا: اختر له تكرارًا من جديد لإعادة تشغيل تنبيهاته.',
    refusedHeading: 'رابط إلغاء الاشتراك هذا لا يعمل',
    refused: 'ليس هذا هو الرابط الذي أرسلناه لهذا البحث المحفوظ، أو أنه عُدِّل. لم يتغيّر شيء.',
    goneHeading: 'لم يعد هذا البحث المحفوظ موجودًا',
    gone: 'لقد حُذف، فلا تصل منه أي تنبيهات.',
  },
} as const;

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function page(language: PageLanguage, heading: string, lines: string[]): string {
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">
<title>${escape(heading)} · ${escape(TEXT[language].title)}</title>
<link rel="stylesheet" href="/interaction/assets/pages.css"></head>
<body><main>
<nav><span class="brand">${escape(TEXT[language].title)}</span></nav>
<h1>${escape(heading)}</h1>
${lines.map((line) => `<p>${escape(line)}</p>`).join('\n')}
</main></body></html>`;
}

/** The search no longer alerts: said in its owner's language, naming it. */
export function unsubscribedPage(language: PageLanguage, searchName: string): string {
  const text = TEXT[language];
  return page(language, text.doneHeading, [text.done(searchName), text.keep]);
}

/** A link that is not the search's own (tampered, or another search's): nothing changed. */
export function refusedLinkPage(language: PageLanguage): string {
  const text = TEXT[language];
  return page(language, text.refusedHeading, [text.refused]);
}

export function goneSearchPage(language: PageLanguage): string {
  const text = TEXT[language];
  return page(language, text.goneHeading, [text.gone]);
}
