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
