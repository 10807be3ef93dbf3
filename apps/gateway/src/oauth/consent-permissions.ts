import { PERMISSIONS, can } from '@app/contracts';
import type { Permission } from '@app/contracts';
import type { UserPrincipal } from './oauth-accounts.repository';
import type { PageLanguage } from './page-language';

type Label = Record<PageLanguage, string>;

/** What every signed-in user may do, workspace or not. */
const ACCOUNT_PERMISSIONS: Label[] = [
  { en: 'See your account, roles and workspace', ar: 'عرض حسابك وأدوارك ومساحة عملك' },
  { en: 'Search properties and read listings', ar: 'البحث عن العقارات وقراءة الإعلانات' },
  {
    en: 'Save properties, send inquiries, book viewings and reveal broker phone numbers for you',
    ar: 'حفظ العقارات وإرسال الاستفسارات وحجز المعاينات وإظهار أرقام الوسطاء نيابةً عنك',
  },
];

/** One label per permission of the matrix in @app/contracts: a new permission fails to compile until labelled. */
const PERMISSION_LABELS: Record<Permission, Label> = {
  'workspace:read': { en: 'See your workspace', ar: 'عرض مساحة العمل' },
  'workspace:settings': { en: 'Change workspace settings', ar: 'تعديل إعدادات مساحة العمل' },
  'workspace:delete': { en: 'Delete the workspace', ar: 'حذف مساحة العمل' },
  'team:manage': { en: 'Manage team members and invitations', ar: 'إدارة أعضاء الفريق والدعوات' },
  'ownership:transfer': { en: 'Transfer workspace ownership', ar: 'نقل ملكية مساحة العمل' },
  'api_keys:read': { en: 'See the API keys (never their secrets)', ar: 'عرض مفاتيح الواجهة البرمجية (دون أسرارها)' },
  'api_keys:manage': { en: 'Create and revoke API keys', ar: 'إنشاء مفاتيح الواجهة البرمجية وإلغاؤها' },
  'billing:read': {
    en: 'See the balance, the ledger and lead credits',
    ar: 'عرض الرصيد وسجل الحساب ورصيد العملاء المحتملين',
  },
  'billing:manage': {
    en: 'Buy and refund decision packs, buy lead credits',
    ar: 'شراء باقات القرارات واستردادها وشراء رصيد العملاء المحتملين',
  },
  'widget:configure': { en: 'Configure the website widget', ar: 'إعداد أداة الموقع' },
  'knowledge:manage': { en: 'Manage the widget knowledge base', ar: 'إدارة قاعدة معرفة أداة الموقع' },
  'webhooks:manage': { en: 'Manage webhooks', ar: 'إدارة خطافات الويب' },
  'listings:manage': { en: 'Create, edit and delete property listings', ar: 'إنشاء إعلانات العقارات وتعديلها وحذفها' },
  'inquiries:manage': { en: 'Read and answer inquiries', ar: 'قراءة الاستفسارات والرد عليها' },
  'bookings:manage': { en: 'Manage viewing bookings', ar: 'إدارة حجوزات المعاينة' },
  'leads:manage': { en: 'Manage CRM leads', ar: 'إدارة العملاء المحتملين' },
  'inbox:read': { en: 'Read the inbox', ar: 'قراءة صندوق الوارد' },
  'inbox:reply': { en: 'Reply to website chats', ar: 'الرد على محادثات الموقع' },
  'projects:manage': { en: 'Create and edit projects and units', ar: 'إنشاء المشاريع والوحدات وتعديلها' },
  'decisions:read': {
    en: 'Request property decisions (spends workspace credits)',
    ar: 'طلب قرارات العقارات (يستهلك رصيد مساحة العمل)',
  },
};

/** Exactly what the user's current role lets the assistant do, in the page's language. */
export function consentPermissions(principal: UserPrincipal, language: PageLanguage): string[] {
  const workspace = (Object.keys(PERMISSIONS) as Permission[]).filter((permission) =>
    can(principal.workspaceRole, permission),
  );
  return [...ACCOUNT_PERMISSIONS, ...workspace.map((permission) => PERMISSION_LABELS[permission])].map(
    (label) => label[language],
  );
}
