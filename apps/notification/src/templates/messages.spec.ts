import { NOTIFICATION_KINDS } from '@app/contracts';
import { renderMessage } from './messages';

const context = {
  recipient_name: 'ليلى',
  property_title_en: 'Villa in Al Olaya',
  property_title_ar: 'فيلا في العليا',
  when: '2026-12-06 17:00 (Asia/Riyadh)',
  reason: null,
  balance: 2,
  asset: 'lead_credits' as const,
  announcement: {
    en: { title: 'Maintenance tonight', body: 'The dashboard pauses at 02:00.' },
    ar: { title: 'صيانة الليلة', body: 'تتوقف لوحة التحكم الساعة 02:00.' },
  },
  count: 4,
  invoice: { number: 'SA-INV-000042', total: '179.00', currency: 'SAR', kind: 'invoice' as const, demo: false },
  invitation: {
    workspace_name: 'مكتب النور العقاري',
    inviter_name: 'Layla',
    role: 'agent' as const,
    expires_on: '2026-12-08',
  },
  saved_search: {
    name: 'Villas <under> 2M',
    frequency: 'instant' as const,
    matches: [
      {
        listing_id: '2b0f6c1e-7d4a-4e8b-9c3d-5a6f7b8c9d0e',
        event: 'published' as const,
        title_en: 'Villa in Al Olaya',
        title_ar: 'فيلا في العليا',
        price_sar: 1_850_000,
        previous_price_sar: null,
        link: 'http://localhost:3000/v1/properties/2b0f6c1e-7d4a-4e8b-9c3d-5a6f7b8c9d0e',
      },
    ],
    unsubscribe_link:
      'http://localhost:3000/v1/saved-searches/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d/unsubscribe?token=abc',
  },
  link: 'http://localhost:3000/docs',
};

describe('notification messages', () => {
  it('should write Arabic mail right-to-left with the Arabic title when the recipient reads Arabic', () => {
    const message = renderMessage('booking_created', 'ar', context);
    expect(message.subject).toBe('طلب معاينة: فيلا في العليا');
    expect(message.html).toContain('<html lang="ar" dir="rtl">');
    expect(message.text).toContain('حجز مشترٍ معاينة فيلا في العليا في 2026-12-06 17:00 (Asia/Riyadh).');
  });

  it('should write English mail left-to-right with the English title', () => {
    const message = renderMessage('inquiry_created', 'en', { ...context, recipient_name: 'Layla' });
    expect(message.subject).toBe('New inquiry about Villa in Al Olaya');
    expect(message.html).toContain('<html lang="en" dir="ltr">');
    expect(message.text.startsWith('Hello Layla,')).toBe(true);
  });

  it('should invite in Arabic with the accept link as the action, and greet an invitee with no name', () => {
    const link = 'https://app.example.sa/invitations/accept#token=abc';
    const message = renderMessage('invitation', 'ar', { ...context, recipient_name: '', link });
    expect(message.subject).toBe('دعوة للانضمام إلى مكتب النور العقاري');
    expect(message.text).toContain('دعاك Layla للانضمام إلى مكتب النور العقاري بصفة وكيل.');
    expect(message.text.startsWith('مرحبًا،')).toBe(true);
    expect(message.text).toContain(`اقبل الدعوة: ${link}`);
    expect(message.html).toContain(`<a href="${link}">اقبل الدعوة</a>`);
  });

  it('should count the widget sessions of a digest', () => {
    expect(renderMessage('widget_sessions_digest', 'en', context).summary).toBe(
      '4 visitors started chats on your website widget in the last 15 minutes.',
    );
    expect(renderMessage('widget_sessions_digest', 'en', { ...context, count: 1 }).subject).toBe(
      '1 new chat on your website',
    );
  });

  it('should ask for a person in Arabic, right-to-left, with the chat as the action and why it escalated', () => {
    const link = 'https://app.example.sa/inbox/0b7f4a52-3d1e-4c55-9b8e-2f1b7c9d0a11';
    const asked = renderMessage('conversation_escalated', 'ar', { ...context, reason: 'visitor_request', link });
    expect(asked.subject).toBe('محادثة على موقعك تحتاج إلى أحد أعضاء الفريق');
    expect(asked.summary).toBe('طلب زائر على موقعك التحدث مع أحد أعضاء الفريق.');
    expect(asked.html).toContain('<html lang="ar" dir="rtl">');
    expect(asked.html).toContain(`<a href="${link}">افتح المحادثة</a>`);
    expect(
      renderMessage('conversation_escalated', 'en', { ...context, reason: 'assistant_unknown', link }).summary,
    ).toBe('The assistant could not answer a visitor on your website and handed the chat to your team.');
    expect(renderMessage('conversation_visitor_message', 'ar', { ...context, link }).text).toContain(
      'كتب الزائر رسالة جديدة في محادثة بانتظار فريقك.',
    );
  });

  it('should send the owner the invoice in Arabic, right to left, with its PDF as the action', () => {
    const link = 'https://app.example.sa/v1/workspace/invoices/6f0c1c7e-4a55-4d55-9a0e-3f1b2a9c0d11.pdf';
    const mail = renderMessage('invoice_issued', 'ar', { ...context, link });
    expect(mail.subject).toBe('فاتورة ضريبية SA-INV-000042');
    expect(mail.summary).toBe('فاتورة ضريبية SA-INV-000042: 179.00 SAR.');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain(`<a href="${link}">افتح ملف PDF</a>`);
    const demo = { ...context.invoice, kind: 'credit_note' as const, demo: true, total: '-179.00' };
    expect(renderMessage('invoice_issued', 'en', { ...context, invoice: demo, link }).summary).toBe(
      'Credit note SA-INV-000042: -179.00 SAR (demo: no payment was taken).',
    );
  });

  it('should name a saved search alert’s listing by id and title with its link and an unsubscribe link', () => {
    const [villa] = context.saved_search.matches;
    const mail = renderMessage('saved_search_alert', 'en', { ...context, link: villa.link });
    expect(mail.subject).toBe('New listing for “Villas <under> 2M”: Villa in Al Olaya');
    expect(mail.text).toContain(`- Villa in Al Olaya (${villa.listing_id}): 1,850,000 SAR: ${villa.link}`);
    expect(mail.html).toContain(`<a href="${villa.link}">Villa in Al Olaya (${villa.listing_id}): 1,850,000 SAR</a>`);
    expect(mail.html).toContain('Villas &lt;under&gt; 2M');
    expect(mail.unsubscribe_url).toBe(context.saved_search.unsubscribe_link);
    expect(mail.text).toContain(`Unsubscribe from this search’s alerts: ${context.saved_search.unsubscribe_link}`);
  });

  it('should write a saved search digest in Arabic, right-to-left, with every listing and a drop’s two prices', () => {
    const [villa] = context.saved_search.matches;
    const dropped = {
      ...villa,
      listing_id: '3c1a7d2f-8e5b-4f9c-8d4e-6b7a8c9d0e1f',
      event: 'price_drop' as const,
      price_sar: 1_700_000,
      previous_price_sar: 1_850_000,
    };
    const digest = { ...context.saved_search, frequency: 'daily' as const, matches: [dropped, villa] };
    const mail = renderMessage('saved_search_alert', 'ar', { ...context, saved_search: digest });
    expect(mail.subject).toBe('2 عقارات تطابق بحثك «Villas <under> 2M»');
    expect(mail.summary).toBe('ملخصك اليومي لبحث «Villas <under> 2M»: 2 عقارات تطابقه.');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).toContain(
      `فيلا في العليا (${dropped.listing_id}): انخفض السعر إلى 1,700,000 ريال بدلًا من 1,850,000 ريال`,
    );
    expect(mail.text).toContain(`فيلا في العليا (${villa.listing_id}): 1,850,000 ريال`);
    expect(mail.html).toContain('إلغاء الاشتراك في تنبيهات هذا البحث');
  });

  it('should have copy for every kind in both languages, and escape what it puts in HTML', () => {
    for (const kind of NOTIFICATION_KINDS)
      for (const language of ['en', 'ar'] as const) {
        const message = renderMessage(kind, language, { ...context, recipient_name: '<b>x</b>' });
        expect(message.subject.length).toBeGreaterThan(5);
        expect(message.html).not.toContain('<b>x</b>');
        expect(message.html).toContain('&lt;b&gt;x&lt;/b&gt;');
      }
  });
});
