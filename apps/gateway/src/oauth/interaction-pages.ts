import type { PageLanguage } from './page-language';

/** The words of the login and consent pages, in both languages. */
const TEXT = {
  en: {
    title: 'Property platform',
    loginHeading: 'Sign in to connect an assistant',
    loginIntro: (client: string) => `${client} wants to use your account. Sign in to continue.`,
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    badLogin: 'Email or password is incorrect.',
    consentHeading: (client: string) => `Allow ${client} to act for you?`,
    consentIntroMcp: 'Through the MCP server, with your current role, the assistant will be able to:',
    consentIntroRest: 'Through the REST API, it will be able to:',
    redirect: (host: string) => `After you choose, you return to ${host}.`,
    revokeNote: 'You can disconnect it at any time from your connected apps.',
    allow: 'Allow',
    deny: 'Deny',
    expiredHeading: 'This sign-in request has ended',
    expired: 'Go back to your assistant and connect again.',
    limitedHeading: 'Too many sign-in attempts',
    limited: (seconds: number) => `Wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'}, then try again.`,
    backToSignIn: 'Back to sign in',
    foreignHeading: 'This form was refused',
    foreign:
      'It did not come from this sign-in page: it was sent from another website, or from an out-of-date copy of ' +
      'the page. Nothing was done, and your sign-in request is still open.',
    backToRequest: 'Back to the sign-in page',
    switchTo: 'العربية',
  },
  ar: {
    title: 'منصة العقارات',
    loginHeading: 'سجّل الدخول لربط مساعد',
    loginIntro: (client: string) => `يطلب ${client} استخدام حسابك. سجّل الدخول للمتابعة.`,
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    signIn: 'تسجيل الدخول',
    badLogin: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
    consentHeading: (client: string) => `هل تسمح لـ ${client} بالتصرف نيابةً عنك؟`,
    consentIntroMcp: 'عبر خادم MCP، وبحسب دورك الحالي، سيتمكن المساعد من:',
    consentIntroRest: 'عبر واجهة REST البرمجية، سيتمكن من:',
    redirect: (host: string) => `بعد اختيارك ستعود إلى ${host}.`,
    revokeNote: 'يمكنك فصله في أي وقت من التطبيقات المرتبطة.',
    allow: 'السماح',
    deny: 'الرفض',
    expiredHeading: 'انتهى طلب تسجيل الدخول هذا',
    expired: 'ارجع إلى مساعدك وأعد الربط.',
    limitedHeading: 'محاولات تسجيل دخول كثيرة',
    limited: (seconds: number) => `انتظر ${seconds} ثانية ثم حاول مرة أخرى.`,
    backToSignIn: 'العودة إلى تسجيل الدخول',
    foreignHeading: 'رُفض هذا النموذج',
    foreign:
      'لم يصدر هذا النموذج عن صفحة تسجيل الدخول هذه، بل أُرسل من موقع آخر أو من نسخة قديمة من الصفحة. ' +
      'لم يُنفَّذ أي شيء، وطلب تسجيل الدخول ما زال مفتوحًا.',
    backToRequest: 'العودة إلى صفحة تسجيل الدخول',
    switchTo: 'English',
  },
} as const;

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function layout(language: PageLanguage, switchHref: string, body: string): string {
  const text = TEXT[language];
  const other = language === 'ar' ? 'en' : 'ar';
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escape(text.title)}</title>
<link rel="stylesheet" href="/interaction/assets/pages.css"></head>
<body><main>
<nav><span class="brand">${escape(text.title)}</span>
<a class="switch" lang="${other}" href="${escape(switchHref)}">${escape(text.switchTo)}</a></nav>
${body}
</main></body></html>`;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escape(value)}">`;

export interface LoginPage {
  uid: string;
  clientName: string;
  csrf: string;
  email?: string;
  failed?: boolean;
}

export function loginPage(language: PageLanguage, page: LoginPage): string {
  const text = TEXT[language];
  const action = `/interaction/${encodeURIComponent(page.uid)}`;
  return layout(
    language,
    `${action}?lang=${language === 'ar' ? 'en' : 'ar'}`,
    `<h1>${escape(text.loginHeading)}</h1>
<p>${escape(text.loginIntro(page.clientName))}</p>
${page.failed ? `<p class="error" role="alert">${escape(text.badLogin)}</p>` : ''}
<form method="post" action="${action}/login">
${hidden('csrf', page.csrf)}${hidden('lang', language)}
<label for="email">${escape(text.email)}</label>
<input id="email" name="email" type="email" dir="ltr" autocomplete="username" required value="${escape(page.email ?? '')}">
<label for="password">${escape(text.password)}</label>
<input id="password" name="password" type="password" dir="ltr" autocomplete="current-password" required>
<button type="submit">${escape(text.signIn)}</button>
</form>`,
  );
}

export interface ConsentPage {
  uid: string;
  clientName: string;
  redirectHost: string;
  csrf: string;
  /** Per protected resource asked for (consent-permissions.ts); an empty list is not shown. */
  permissions: { mcp: string[]; rest: string[] };
}

export function consentPage(language: PageLanguage, page: ConsentPage): string {
  const text = TEXT[language];
  const action = `/interaction/${encodeURIComponent(page.uid)}`;
  const form = (path: string, label: string, kind: string) =>
    `<form method="post" action="${action}/${path}">${hidden('csrf', page.csrf)}${hidden('lang', language)}<button type="submit" class="${kind}">${escape(label)}</button></form>`;
  return layout(
    language,
    `${action}?lang=${language === 'ar' ? 'en' : 'ar'}`,
    `<h1>${escape(text.consentHeading(page.clientName))}</h1>
${permissionList('mcp', text.consentIntroMcp, page.permissions.mcp)}${permissionList('rest', text.consentIntroRest, page.permissions.rest)}
<p class="note">${escape(text.redirect(page.redirectHost))} ${escape(text.revokeNote)}</p>
<div class="actions">${form('consent', text.allow, 'primary')}${form('abort', text.deny, 'secondary')}</div>`,
  );
}

function permissionList(resource: string, intro: string, permissions: string[]): string {
  if (!permissions.length) return '';
  const items = permissions.map((p) => `<li>${escape(p)}</li>`).join('');
  return `<p>${escape(intro)}</p>\n<ul class="permissions" data-resource="${resource}">${items}</ul>\n`;
}

/** A login or consent form refused for coming from another site (or without its token); the request is still open. */
export function foreignFormPage(language: PageLanguage, uid: string): string {
  const text = TEXT[language];
  const action = `/interaction/${encodeURIComponent(uid)}`;
  return layout(
    language,
    `${action}?lang=${language === 'ar' ? 'en' : 'ar'}`,
    `<h1>${escape(text.foreignHeading)}</h1>
<p class="error" role="alert">${escape(text.foreign)}</p>
<p><a class="back" href="${escape(`${action}?lang=${language}`)}">${escape(text.backToRequest)}</a></p>`,
  );
}

export function expiredPage(language: PageLanguage): string {
  const text = TEXT[language];
  return layout(
    language,
    `?lang=${language === 'ar' ? 'en' : 'ar'}`,
    `<h1>${escape(text.expiredHeading)}</h1><p>${escape(text.expired)}</p>`,
  );
}

/** The login form refused for too many attempts; the link opens the form again (a fresh token) once the wait is over. */
export function rateLimitedPage(language: PageLanguage, uid: string, seconds: number): string {
  const text = TEXT[language];
  const action = `/interaction/${encodeURIComponent(uid)}`;
  return layout(
    language,
    `${action}?lang=${language === 'ar' ? 'en' : 'ar'}`,
    `<h1>${escape(text.limitedHeading)}</h1>
<p class="error" role="alert">${escape(text.limited(seconds))}</p>
<p><a href="${escape(`${action}?lang=${language}`)}">${escape(text.backToSignIn)}</a></p>`,
  );
}

/** The authorization server's own error page (both languages: it has no language switch). */
export function oauthErrorPage(error: string, description: string | undefined): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(error)}</title>
<link rel="stylesheet" href="/interaction/assets/pages.css"></head><body><main>
<h1>${escape(TEXT.en.expiredHeading)}</h1><p>${escape(error)}: ${escape(description ?? '')}</p>
<h1 lang="ar" dir="rtl">${escape(TEXT.ar.expiredHeading)}</h1><p lang="ar" dir="rtl">${escape(TEXT.ar.expired)}</p>
</main></body></html>`;
}

/** The pages' only stylesheet, served by the gateway itself (the page policy allows no other origin). */
export const PAGES_CSS = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,"Segoe UI","Noto Sans Arabic",Tahoma,sans-serif;background:#f4f6f8;color:#1c2430}
main{max-width:30rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
nav{display:flex;justify-content:space-between;align-items:center;margin-bottom:1.5rem}
.brand{font-weight:700;color:#0b6e4f}
a.switch{color:#0b6e4f}
h1{font-size:1.35rem;margin:0 0 1rem}
label{display:block;margin:1rem 0 .3rem;font-weight:600}
input{width:100%;padding:.6rem;border:1px solid #b8c2cc;border-radius:8px;font-size:1rem}
button{margin-top:1.2rem;padding:.65rem 1.4rem;border-radius:8px;border:0;font-size:1rem;cursor:pointer;background:#0b6e4f;color:#fff}
button.secondary{background:#e4e8ec;color:#1c2430}
.actions{display:flex;gap:.8rem}
.permissions li{margin:.35rem 0}
.error{color:#a8071a;background:#fff1f0;padding:.6rem;border-radius:8px}
.note{color:#56606b;font-size:.9rem}
a.back{color:#0b6e4f;font-weight:600}
`;
