import type { Language, NotificationKind, SavedSearchFrequency, SavedSearchMatchListing } from '@app/contracts';

/** A listing a saved search's alert names: by id and title, with its price and its link. */
export type AlertMatch = SavedSearchMatchListing & { link: string };

/** What a message may mention; each kind uses what it needs. */
export interface MessageContext {
  recipient_name: string;
  property_title_en: string | null;
  property_title_ar: string | null;
  /** The viewing time on the listing's clock, e.g. 2026-12-01 17:00 (Asia/Riyadh). */
  when?: string;
  /** Bookings: the note of a move; conversation_escalated: why (`visitor_request`, `assistant_unknown`). */
  reason?: string | null;
  balance?: number;
  asset?: 'decisions' | 'lead_credits';
  /** announcement: the requester's own words, in both languages. */
  announcement?: { en: { title: string; body: string }; ar: { title: string; body: string } };
  /** widget_sessions_digest: how many sessions the window counted. */
  count?: number;
  /** invitation: who asks whom into which workspace; `link` is then the accept link. */
  invitation?: { workspace_name: string; inviter_name: string; role: 'admin' | 'agent'; expires_on: string };
  /** invoice_issued: the document; `link` is then its PDF. */
  invoice?: { number: string; total: string; currency: string; kind: 'invoice' | 'credit_note'; demo: boolean };
  /** email_verification, password_reset: until when the link works (`2026-12-01 17:00 UTC`). */
  valid_until?: string;
  /** saved_search_alert: the search, the listings it matched (newest first), its unsubscribe link. */
  saved_search?: {
    name: string;
    frequency: SavedSearchFrequency;
    matches: AlertMatch[];
    unsubscribe_link: string | null;
  };
  link: string;
}

export interface RenderedMessage {
  subject: string;
  /** One line, for in-app and WhatsApp. */
  summary: string;
  text: string;
  html: string;
  /** A saved search's one-click unsubscribe link: the e-mail's List-Unsubscribe header (RFC 8058). */
  unsubscribe_url?: string;
}

/**
 * `action`: the link's label when it is not the dashboard; `items`: a list of linked lines (the
 * listings of an alert); `unsubscribe`: the label of the message's unsubscribe link.
 */
type Lines = {
  subject: string;
  summary: string;
  detail?: string;
  action?: string;
  items?: { text: string; link: string }[];
  unsubscribe?: string;
};
type Copy = (c: MessageContext, property: string) => Lines;

const EN: Record<NotificationKind, Copy> = {
  inquiry_created: (_c, p) => ({ subject: `New inquiry about ${p}`, summary: `A buyer asked about ${p}.` }),
  inquiry_replied: (_c, p) => ({
    subject: `The broker replied about ${p}`,
    summary: `Your question about ${p} has an answer.`,
  }),
  booking_created: (c, p) => ({
    subject: `Viewing request: ${p}`,
    summary: `A buyer booked a viewing of ${p} on ${c.when}.`,
    detail: 'Confirm, propose another time or decline it.',
  }),
  booking_confirmed: (c, p) => ({
    subject: `Viewing confirmed: ${p}`,
    summary: `Your viewing of ${p} on ${c.when} is confirmed.`,
  }),
  booking_rejected: (c, p) => ({
    subject: `Viewing declined: ${p}`,
    summary: `The broker declined your viewing of ${p} on ${c.when}.`,
    detail: c.reason ?? undefined,
  }),
  booking_proposed: (c, p) => ({
    subject: `Another time for ${p}`,
    summary: `The broker proposed ${c.when} for your viewing of ${p}.`,
    detail: c.reason ?? undefined,
  }),
  booking_cancelled: (c, p) => ({
    subject: `Viewing cancelled: ${p}`,
    summary: `The buyer cancelled the viewing of ${p} on ${c.when}.`,
    detail: c.reason ?? undefined,
  }),
  survey_requested: (_c, p) => ({
    subject: `How was your viewing of ${p}?`,
    summary: `Tell us how your viewing of ${p} went: it takes a minute.`,
  }),
  announcement: (c) => ({ subject: c.announcement!.en.title, summary: c.announcement!.en.body }),
  widget_session: () => ({
    subject: 'New chat on your website',
    summary: 'A visitor started a chat on your website widget.',
  }),
  widget_sessions_digest: (c) => ({
    subject: c.count === 1 ? '1 new chat on your website' : `${c.count} new chats on your website`,
    summary:
      c.count === 1
        ? 'A visitor started a chat on your website widget in the last 15 minutes.'
        : `${c.count} visitors started chats on your website widget in the last 15 minutes.`,
  }),
  conversation_escalated: (c) => ({
    subject: 'A chat on your website needs a person',
    summary:
      c.reason === 'assistant_unknown'
        ? 'The assistant could not answer a visitor on your website and handed the chat to your team.'
        : 'A visitor on your website asked to talk to a person.',
    detail: 'The visitor is waiting for a reply in the chat.',
    action: 'Open the chat',
  }),
  conversation_visitor_message: () => ({
    subject: 'New message in a website chat',
    summary: 'The visitor wrote again in a chat waiting for your team.',
    action: 'Open the chat',
  }),
  invitation: (c) => ({
    subject: `${c.invitation!.inviter_name} invited you to ${c.invitation!.workspace_name}`,
    summary: `${c.invitation!.inviter_name} invited you to join ${c.invitation!.workspace_name} as ${c.invitation!.role === 'admin' ? 'an admin' : 'an agent'}.`,
    detail: `The invitation can be used once, until ${c.invitation!.expires_on}.`,
    action: 'Accept the invitation',
  }),
  listing_unpublished: (c, p) => ({
    subject: `Your listing was unpublished: ${p}`,
    summary: `A moderator took ${p} off the catalogue.`,
    detail: c.reason ? `Reason: ${c.reason}. Edit it and submit it again; its open inquiries stay open.` : undefined,
  }),
  email_verification: () => ({
    subject: 'Confirm your e-mail address',
    summary: 'Confirm this address to submit listings for publication and invite your team.',
    detail: 'If you did not create an account, ignore this e-mail.',
    action: 'Confirm my e-mail address',
  }),
  password_reset: (c) => ({
    subject: 'Reset your password',
    summary: 'Someone asked to reset the password of your account. The link works once.',
    detail: `It expires at ${c.valid_until}. If it was not you, ignore this e-mail: your password stays as it is.`,
    action: 'Choose a new password',
  }),
  invoice_issued: (c) => ({
    subject: `${c.invoice!.kind === 'credit_note' ? 'Credit note' : 'Tax invoice'} ${c.invoice!.number}`,
    summary: `${c.invoice!.kind === 'credit_note' ? 'Credit note' : 'Tax invoice'} ${c.invoice!.number}: ${c.invoice!.total} ${c.invoice!.currency}${c.invoice!.demo ? ' (demo: no payment was taken)' : ''}.`,
    detail: 'The PDF is in Arabic and English.',
    action: 'Open the PDF',
  }),
  balance_low: (c) => ({
    subject: `Your ${c.asset === 'lead_credits' ? 'lead credits are' : 'decision balance is'} running low`,
    summary: `${c.balance} ${c.asset === 'lead_credits' ? 'lead credits' : 'decisions'} left in your workspace.`,
    detail: 'Top up to keep going.',
  }),
  saved_search_alert: (c) => savedSearchLines(c, 'en'),
};

const AR: Record<NotificationKind, Copy> = {
  inquiry_created: (_c, p) => ({ subject: `استفسار جديد عن ${p}`, summary: `أرسل مشترٍ استفسارًا عن ${p}.` }),
  inquiry_replied: (_c, p) => ({ subject: `ردّ الوسيط بخصوص ${p}`, summary: `وصل رد على استفسارك عن ${p}.` }),
  booking_created: (c, p) => ({
    subject: `طلب معاينة: ${p}`,
    summary: `حجز مشترٍ معاينة ${p} في ${c.when}.`,
    detail: 'أكّد الموعد أو اقترح وقتًا آخر أو اعتذر.',
  }),
  booking_confirmed: (c, p) => ({ subject: `تأكيد المعاينة: ${p}`, summary: `تم تأكيد معاينتك لـ${p} في ${c.when}.` }),
  booking_rejected: (c, p) => ({
    subject: `اعتذار عن المعاينة: ${p}`,
    summary: `اعتذر الوسيط عن معاينة ${p} في ${c.when}.`,
    detail: c.reason ?? undefined,
  }),
  booking_proposed: (c, p) => ({
    subject: `موعد آخر لمعاينة ${p}`,
    summary: `اقترح الوسيط ${c.when} لمعاينة ${p}.`,
    detail: c.reason ?? undefined,
  }),
  booking_cancelled: (c, p) => ({
    subject: `إلغاء المعاينة: ${p}`,
    summary: `ألغى المشتري معاينة ${p} في ${c.when}.`,
    detail: c.reason ?? undefined,
  }),
  survey_requested: (_c, p) => ({
    subject: `كيف كانت معاينتك لـ${p}؟`,
    summary: `أخبرنا كيف كانت معاينتك لـ${p}، لن يستغرق ذلك سوى دقيقة.`,
  }),
  announcement: (c) => ({ subject: c.announcement!.ar.title, summary: c.announcement!.ar.body }),
  widget_session: () => ({
    subject: 'محادثة جديدة على موقعك',
    summary: 'بدأ زائر محادثة عبر أداة الدردشة في موقعك.',
  }),
  widget_sessions_digest: (c) => ({
    subject: `محادثات جديدة على موقعك: ${c.count}`,
    summary:
      c.count === 1
        ? 'بدأ زائر محادثة عبر أداة الدردشة في موقعك خلال آخر 15 دقيقة.'
        : `بدأ ${c.count} من الزوار محادثات عبر أداة الدردشة في موقعك خلال آخر 15 دقيقة.`,
  }),
  conversation_escalated: (c) => ({
    subject: 'محادثة على موقعك تحتاج إلى أحد أعضاء الفريق',
    summary:
      c.reason === 'assistant_unknown'
        ? 'لم يعرف المساعد إجابة سؤال زائر على موقعك، فأحال المحادثة إلى فريقك.'
        : 'طلب زائر على موقعك التحدث مع أحد أعضاء الفريق.',
    detail: 'الزائر بانتظار ردّك في المحادثة.',
    action: 'افتح المحادثة',
  }),
  conversation_visitor_message: () => ({
    subject: 'رسالة جديدة في محادثة على موقعك',
    summary: 'كتب الزائر رسالة جديدة في محادثة بانتظار فريقك.',
    action: 'افتح المحادثة',
  }),
  invitation: (c) => ({
    subject: `دعوة للانضمام إلى ${c.invitation!.workspace_name}`,
    summary: `دعاك ${c.invitation!.inviter_name} للانضمام إلى ${c.invitation!.workspace_name} بصفة ${c.invitation!.role === 'admin' ? 'مسؤول' : 'وكيل'}.`,
    detail: `يمكن استخدام الدعوة مرة واحدة حتى ${c.invitation!.expires_on}.`,
    action: 'اقبل الدعوة',
  }),
  listing_unpublished: (c, p) => ({
    subject: `أُوقف نشر إعلانك: ${p}`,
    summary: `أزال أحد المشرفين ${p} من قائمة العقارات المنشورة.`,
    detail: c.reason
      ? `السبب: ${c.reason}. عدّل الإعلان وأرسله للمراجعة من جديد؛ تبقى استفساراته المفتوحة مفتوحة.`
      : undefined,
  }),
  email_verification: () => ({
    subject: 'أكّد عنوان بريدك الإلكتروني',
    summary: 'أكّد هذا العنوان لتتمكن من إرسال الإعلانات للنشر ودعوة فريقك.',
    detail: 'إذا لم تنشئ حسابًا، فتجاهل هذه الرسالة.',
    action: 'تأكيد بريدي الإلكتروني',
  }),
  password_reset: (c) => ({
    subject: 'إعادة تعيين كلمة المرور',
    summary: 'طلب أحدهم إعادة تعيين كلمة مرور حسابك. يعمل الرابط مرة واحدة.',
    detail: `تنتهي صلاحيته في ${c.valid_until}. إن لم تكن أنت، فتجاهل هذه الرسالة وستبقى كلمة مرورك كما هي.`,
    action: 'اختر كلمة مرور جديدة',
  }),
  invoice_issued: (c) => ({
    subject: `${c.invoice!.kind === 'credit_note' ? 'إشعار دائن' : 'فاتورة ضريبية'} ${c.invoice!.number}`,
    summary: `${c.invoice!.kind === 'credit_note' ? 'إشعار دائن' : 'فاتورة ضريبية'} ${c.invoice!.number}: ${c.invoice!.total} ${c.invoice!.currency}${c.invoice!.demo ? ' (تجريبية: لم يحصل أي مبلغ)' : ''}.`,
    detail: 'ملف PDF باللغتين العربية والإنجليزية.',
    action: 'افتح ملف PDF',
  }),
  balance_low: (c) => ({
    subject: c.asset === 'lead_credits' ? 'رصيد العملاء المحتملين منخفض' : 'رصيد القرارات منخفض',
    summary: `تبقّى ${c.balance} ${c.asset === 'lead_credits' ? 'من رصيد العملاء المحتملين' : 'من القرارات'} في مساحة عملك.`,
    detail: 'اشحن رصيدك للمتابعة.',
  }),
  saved_search_alert: (c) => savedSearchLines(c, 'ar'),
};

const sar = (amount: number) => amount.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A saved search's alert: one listing named in the subject, or how many; each listing linked by id and title. */
function savedSearchLines(c: MessageContext, language: Language): Lines {
  const search = c.saved_search!;
  const arabic = language === 'ar';
  const titleOf = (match: AlertMatch) =>
    (arabic ? match.title_ar : match.title_en) ?? match.title_en ?? match.title_ar ?? match.listing_id;
  const items = search.matches.map((match) => {
    const price =
      match.event === 'price_drop' && match.previous_price_sar !== null
        ? arabic
          ? `انخفض السعر إلى ${sar(match.price_sar)} ريال بدلًا من ${sar(match.previous_price_sar)} ريال`
          : `price dropped to ${sar(match.price_sar)} SAR from ${sar(match.previous_price_sar)} SAR`
        : arabic
          ? `${sar(match.price_sar)} ريال`
          : `${sar(match.price_sar)} SAR`;
    return { text: `${titleOf(match)} (${match.listing_id}): ${price}`, link: match.link };
  });
  const one = search.matches.length === 1 ? search.matches[0] : null;
  const count = search.matches.length;
  const digest = search.frequency === 'daily' || search.frequency === 'weekly';
  const unsubscribe = search.unsubscribe_link
    ? arabic
      ? 'إلغاء الاشتراك في تنبيهات هذا البحث'
      : 'Unsubscribe from this search’s alerts'
    : undefined;
  if (arabic) {
    const period = search.frequency === 'weekly' ? 'الأسبوعي' : 'اليومي';
    return {
      subject: one
        ? `${one.event === 'price_drop' ? 'انخفاض سعر' : 'عقار جديد'} يطابق «${search.name}»: ${titleOf(one)}`
        : `${count} عقارات تطابق بحثك «${search.name}»`,
      summary: digest
        ? `ملخصك ${period} لبحث «${search.name}»: ${count === 1 ? 'عقار واحد يطابقه' : `${count} عقارات تطابقه`}.`
        : one
          ? `${titleOf(one)} ${one.event === 'price_drop' ? 'انخفض سعره وأصبح يطابق' : 'نُشر للتو ويطابق'} بحثك المحفوظ «${search.name}».`
          : `${count} عقارات تطابق بحثك المحفوظ «${search.name}».`,
      action: one ? 'اعرض العقار' : 'اعرض أحدث عقار',
      items,
      unsubscribe,
    };
  }
  const period = search.frequency === 'weekly' ? 'weekly' : 'daily';
  return {
    subject: one
      ? `${one.event === 'price_drop' ? 'Price drop' : 'New listing'} for “${search.name}”: ${titleOf(one)}`
      : `${count} new matches for “${search.name}”`,
    summary: digest
      ? `Your ${period} digest for “${search.name}”: ${count === 1 ? '1 listing matches' : `${count} listings match`} it.`
      : one
        ? `${titleOf(one)} ${one.event === 'price_drop' ? 'dropped its price and matches' : 'was just listed and matches'} your saved search “${search.name}”.`
        : `${count} listings match your saved search “${search.name}”.`,
    action: one ? 'See the listing' : 'See the newest listing',
    items,
    unsubscribe,
  };
}

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The message in the recipient's language; Arabic HTML is right-to-left. */
export function renderMessage(kind: NotificationKind, language: Language, context: MessageContext): RenderedMessage {
  const arabic = language === 'ar';
  const property =
    (arabic ? context.property_title_ar : context.property_title_en) ??
    context.property_title_en ??
    context.property_title_ar ??
    (arabic ? 'العقار' : 'the property');
  const lines = (arabic ? AR : EN)[kind](context, property);
  const name = context.recipient_name ? ` ${context.recipient_name}` : '';
  const greeting = arabic ? `مرحبًا${name}،` : `Hello${name},`;
  const open = lines.action ?? (arabic ? 'افتح لوحة التحكم' : 'Open the dashboard');
  const body = [lines.summary, lines.detail].filter(Boolean) as string[];
  const items = lines.items ?? [];
  const unsubscribeUrl = lines.unsubscribe ? (context.saved_search?.unsubscribe_link ?? undefined) : undefined;
  const text = [
    greeting,
    '',
    ...body,
    ...(items.length > 0 ? ['', ...items.map((item) => `- ${item.text}: ${item.link}`)] : []),
    '',
    `${open}: ${context.link}`,
    ...(unsubscribeUrl ? ['', `${lines.unsubscribe}: ${unsubscribeUrl}`] : []),
  ].join('\n');
  const list =
    items.length > 0
      ? `<ul>${items.map((item) => `<li><a href="${escape(item.link)}">${escape(item.text)}</a></li>`).join('')}</ul>`
      : '';
  const footer = unsubscribeUrl
    ? `<p style="font-size:small"><a href="${escape(unsubscribeUrl)}">${escape(lines.unsubscribe!)}</a></p>`
    : '';
  const html =
    `<!doctype html><html lang="${language}" dir="${arabic ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">` +
    `<title>${escape(lines.subject)}</title></head>` +
    `<body style="font-family:system-ui,'Segoe UI',Tahoma,sans-serif;text-align:${arabic ? 'right' : 'left'}">` +
    `<p>${escape(greeting)}</p>${body.map((line) => `<p>${escape(line)}</p>`).join('')}${list}` +
    `<p><a href="${escape(context.link)}">${escape(open)}</a></p>${footer}</body></html>`;
  return {
    subject: lines.subject,
    summary: lines.summary,
    text,
    html,
    ...(unsubscribeUrl ? { unsubscribe_url: unsubscribeUrl } : {}),
  };
}
