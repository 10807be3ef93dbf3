import type { PageLanguage } from './page-language';

/**
 * The scopes of the REST API as an OAuth protected resource (`<PUBLIC_URL>/v1`): the buyer
 * routes spec 5.6 opens to OAuth, one scope per family. Nothing else on /v1 takes an OAuth token.
 */
export const REST_SCOPES = ['inquiries', 'bookings', 'saved_properties', 'saved_searches', 'reveal_phone'] as const;
export type RestScope = (typeof REST_SCOPES)[number];

export const isRestScope = (value: string): value is RestScope => (REST_SCOPES as readonly string[]).includes(value);

/** What each scope lets a client do, as the consent page and the OpenAPI security scheme say it. */
export const REST_SCOPE_LABELS: Record<RestScope, Record<PageLanguage, string>> = {
  inquiries: {
    en: 'Send inquiries to brokers, read your inquiry threads and write in them',
    ar: 'إرسال الاستفسارات إلى الوسطاء وقراءة محادثات استفساراتك والكتابة فيها',
  },
  bookings: {
    en: 'Book property viewings, follow them, accept a new time, cancel or rate them',
    ar: 'حجز معاينات العقارات ومتابعتها وقبول موعد جديد أو إلغاؤها أو تقييمها',
  },
  saved_properties: {
    en: 'See, save and remove your saved properties',
    ar: 'عرض عقاراتك المحفوظة وحفظ العقارات وإزالتها',
  },
  saved_searches: {
    en: 'See, save, change and remove your saved searches and their alerts',
    ar: 'عرض عمليات البحث المحفوظة وتنبيهاتها وحفظها وتعديلها وحذفها',
  },
  reveal_phone: {
    en: 'Reveal a listing broker’s phone number (the broker is told, as a lead)',
    ar: 'إظهار رقم هاتف وسيط الإعلان (يُبلَّغ الوسيط بذلك كعميل محتمل)',
  },
};
