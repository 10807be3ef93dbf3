import type { WidgetPageConfig } from './widget-page-config';

export type WidgetLanguage = 'ar' | 'en';

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** JSON inside a data block: `<` escaped so no text can close the element. */
const jsonBlock = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const dir = (language: WidgetLanguage) => (language === 'ar' ? 'rtl' : 'ltr');

/** `?lang=` (the loader's data-language) when the widget offers it, else the widget's default. */
export function widgetLanguageOf(requested: unknown, widget: Pick<WidgetPageConfig, 'languages' | 'default_language'>) {
  const offered = widget.languages.length > 0 ? widget.languages : [widget.default_language];
  if ((requested === 'ar' || requested === 'en') && offered.includes(requested)) return requested;
  return widget.default_language;
}

export interface AssetUrls {
  script: string;
  stylesheet: string;
}

/**
 * The chat page. The fixed texts are the script's (both languages, switched in place); the
 * widget's own settings travel in a JSON data block, which the page policy lets through
 * because it is never executed (no inline script, no inline style: the policy allows neither).
 */
export function chatPage(
  widget: WidgetPageConfig,
  language: WidgetLanguage,
  parentOrigin: string | null,
  assets: AssetUrls,
): string {
  const config = {
    widget_id: widget.id,
    language,
    languages: widget.languages,
    greeting: { ar: widget.greeting_ar, en: widget.greeting_en },
    primary_color: widget.primary_color,
    open_now: widget.open_now,
    parent_origin: parentOrigin,
  };
  return `<!doctype html>
<html lang="${language}" dir="${dir(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${language === 'ar' ? 'تحدث معنا' : 'Chat with us'}</title>
<link rel="stylesheet" href="${escape(assets.stylesheet)}">
<script id="widget-config" type="application/json">${jsonBlock(config)}</script>
<script src="${escape(assets.script)}" defer></script></head>
<body><main class="chat">
<header><h1 data-text="title"></h1>
<button type="button" id="language-switch" data-text="switchTo"></button>
<button type="button" id="close" data-text="close" hidden></button></header>
<p id="greeting" class="greeting" dir="auto"></p>
<p id="notice" class="notice" role="status" hidden></p>
<ol id="messages" class="messages" aria-live="polite" aria-relevant="additions" data-label="messages" tabindex="0"></ol>
<div class="actions">
<button type="button" id="human" data-text="human"></button>
<button type="button" id="contact-toggle" data-text="contactToggle" aria-expanded="false" aria-controls="contact"></button>
</div>
<form id="contact" hidden novalidate>
<h2 data-text="contactHeading"></h2>
<label for="contact-name" data-text="name"></label><input id="contact-name" name="name" autocomplete="name" maxlength="120">
<label for="contact-phone" data-text="phone"></label><input id="contact-phone" name="phone" type="tel" dir="ltr" autocomplete="tel" maxlength="32">
<label for="contact-email" data-text="email"></label><input id="contact-email" name="email" type="email" dir="ltr" autocomplete="email" maxlength="254">
<button type="submit" data-text="save"></button>
</form>
<p id="contact-status" class="status" role="status"></p>
<form id="composer" class="composer">
<label for="message" data-text="label"></label>
<textarea id="message" name="text" rows="2" maxlength="2000" dir="auto" required></textarea>
<button type="submit" data-text="send"></button>
</form>
<noscript><p lang="ar" dir="rtl">تحتاج المحادثة إلى تفعيل JavaScript.</p><p lang="en" dir="ltr">The chat needs JavaScript.</p></noscript>
</main></body></html>`;
}

/** An unknown or disabled widget: said in both languages (there is no widget to take a language from). */
export function widgetNotFoundPage(assets: AssetUrls): string {
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>المحادثة غير متاحة — Chat unavailable</title><link rel="stylesheet" href="${escape(assets.stylesheet)}"></head>
<body><main class="chat unavailable">
<h1>المحادثة غير متاحة</h1><p>لم نجد هذه المحادثة أو أنها متوقفة.</p>
<h1 lang="en" dir="ltr">Chat unavailable</h1><p lang="en" dir="ltr">This chat does not exist or is switched off.</p>
</main></body></html>`;
}

/**
 * A host page for trying a widget from the gateway itself (GET /widget-demo?widget=<id>): the
 * same one-tag embed a site uses. Without an id it asks for one.
 */
export function demoHostPage(widgetId: string | null, gatewayOrigin: string, assets: AssetUrls): string {
  const snippet = widgetId ? `<script src="/widget.js" data-widget-id="${escape(widgetId)}" async></script>` : '';
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>تجربة المحادثة — Widget demo</title><link rel="stylesheet" href="${escape(assets.stylesheet)}">${snippet}</head>
<body><main class="demo">
<h1>مشروع تجريبي — Demo project</h1>
<p>هذه صفحة موقع مطوّر عقاري تضم أداة المحادثة. اضغط زر المحادثة في أسفل الصفحة.</p>
<p lang="en" dir="ltr">A developer's site with the chat widget embedded: press the chat button at the bottom of the page.</p>
${
  widgetId
    ? `<pre dir="ltr"><code>${escape(`<script src="${gatewayOrigin}/widget.js" data-widget-id="${widgetId}" async></script>`)}</code></pre>`
    : `<form method="get" action="/widget-demo"><label for="widget">معرّف الأداة — Widget id</label>
<input id="widget" name="widget" dir="ltr" required><button type="submit">فتح — Open</button></form>`
}
</main></body></html>`;
}
