import { PERMISSIONS } from '@app/contracts';
import type { Permission } from '@app/contracts';
import type { McpTool } from '../mcp/tools/mcp-tool';
import type { PageLanguage } from './page-language';
import { REST_SCOPE_LABELS } from './rest-scopes';
import type { RestScope } from './rest-scopes';

type Label = Record<PageLanguage, string>;

/** What the session and buyer tools do: every signed-in user has them. */
const EVERYONE_TOOLS: Label[] = [
  { en: 'See your account, roles and workspace', ar: 'عرض حسابك وأدوارك ومساحة عملك' },
  {
    en: 'Search properties and read listings and price information',
    ar: 'البحث عن العقارات وقراءة الإعلانات ومعلومات الأسعار',
  },
  {
    en: 'Save properties, send inquiries, book viewings and reveal broker phone numbers for you',
    ar: 'حفظ العقارات وإرسال الاستفسارات وحجز المعاينات وإظهار أرقام الوسطاء نيابةً عنك',
  },
];

/**
 * What the workspace tools guarded by each permission let the assistant do: the tools, not the
 * REST routes (no tool deletes the workspace or buys packs). One label per permission of the
 * matrix in @app/contracts, so a tool under a new permission fails to compile until labelled;
 * only the permissions of the tools the user can reach are shown.
 */
const TOOL_PERMISSION_LABELS: Record<Permission, Label> = {
  'workspace:read': {
    en: 'See your workspace and look up cities and districts',
    ar: 'عرض مساحة العمل والبحث عن المدن والأحياء',
  },
  'workspace:settings': {
    en: 'Change workspace settings: name, language, time zone, low-balance alerts',
    ar: 'تعديل إعدادات مساحة العمل: الاسم واللغة والمنطقة الزمنية وتنبيهات انخفاض الرصيد',
  },
  'workspace:delete': { en: 'Delete the workspace', ar: 'حذف مساحة العمل' },
  'team:manage': {
    en: 'See team members, invite people, change their roles and remove them',
    ar: 'عرض أعضاء الفريق ودعوة أشخاص وتغيير أدوارهم وإزالتهم',
  },
  'ownership:transfer': { en: 'Transfer workspace ownership', ar: 'نقل ملكية مساحة العمل' },
  'api_keys:read': { en: 'See the API keys (never their secrets)', ar: 'عرض مفاتيح الواجهة البرمجية (دون أسرارها)' },
  'api_keys:manage': { en: 'Create and delete API keys', ar: 'إنشاء مفاتيح الواجهة البرمجية وحذفها' },
  'billing:read': {
    en: 'See the decision and lead-credit balances',
    ar: 'عرض رصيد القرارات ورصيد العملاء المحتملين',
  },
  'billing:manage': {
    en: 'Buy and refund decision packs, buy lead credits',
    ar: 'شراء باقات القرارات واستردادها وشراء رصيد العملاء المحتملين',
  },
  'widget:configure': { en: 'See and change the website widget settings', ar: 'عرض إعدادات أداة الموقع وتعديلها' },
  'knowledge:manage': {
    en: 'Add, edit and delete knowledge base articles',
    ar: 'إضافة مقالات قاعدة المعرفة وتعديلها وحذفها',
  },
  'webhooks:manage': { en: 'Manage webhooks', ar: 'إدارة خطافات الويب' },
  'listings:manage': {
    en: 'List, create, edit and delete your workspace’s property listings',
    ar: 'عرض إعلانات العقارات لمساحة عملك وإنشاؤها وتعديلها وحذفها',
  },
  'inquiries:manage': {
    en: 'Read and answer your workspace’s inquiries',
    ar: 'قراءة استفسارات مساحة عملك والرد عليها',
  },
  'bookings:manage': {
    en: 'See viewing bookings and confirm, reschedule, decline or complete them',
    ar: 'عرض حجوزات المعاينة وتأكيدها أو تغيير موعدها أو رفضها أو إتمامها',
  },
  'leads:manage': {
    en: 'See CRM leads and move them through the pipeline',
    ar: 'عرض العملاء المحتملين ونقلهم بين مراحل المتابعة',
  },
  'inbox:read': {
    en: 'Read website chats and search the knowledge base',
    ar: 'قراءة محادثات الموقع والبحث في قاعدة المعرفة',
  },
  'inbox:reply': { en: 'Reply to website chats', ar: 'الرد على محادثات الموقع' },
  'projects:manage': {
    en: 'Create and edit projects and units, and publish units',
    ar: 'إنشاء المشاريع والوحدات وتعديلها ونشر الوحدات',
  },
  'decisions:read': {
    en: 'Request property decisions (spends workspace credits)',
    ar: 'طلب قرارات العقارات (يستهلك رصيد مساحة العمل)',
  },
};

/** Where a developer's tools under a permission do something else than a broker's. */
const DEVELOPER_TOOL_LABELS: Partial<Record<Permission, Label>> = {
  'leads:manage': {
    en: 'Turn website chats into CRM leads',
    ar: 'تحويل محادثات الموقع إلى عملاء محتملين',
  },
};

/** What the consent page lists, per protected resource the client asked for. */
export interface ConsentPermissions {
  /** Through /mcp: what the tools this user can reach do (empty when /mcp was not asked for). */
  mcp: string[];
  /** Through the REST API: the scopes asked for (empty when /v1 was not asked for). */
  rest: string[];
}

/**
 * Exactly what the assistant will be able to do, in the page's language: the permissions of the
 * MCP tools the user's current role reaches (`tools`: the visible ones), and the REST scopes asked for.
 */
export function consentPermissions(
  tools: readonly McpTool[] | null,
  restScopes: readonly RestScope[],
  language: PageLanguage,
): ConsentPermissions {
  const order = Object.keys(PERMISSIONS) as Permission[];
  const workspace = (tools ?? [])
    .flatMap(({ audience }) => (audience.kind === 'broker' || audience.kind === 'developer' ? [audience] : []))
    .sort((a, b) => order.indexOf(a.permission) - order.indexOf(b.permission))
    .map(({ kind, permission }) =>
      kind === 'developer'
        ? (DEVELOPER_TOOL_LABELS[permission] ?? TOOL_PERMISSION_LABELS[permission])
        : TOOL_PERMISSION_LABELS[permission],
    );
  const mcp = tools?.length ? [...EVERYONE_TOOLS, ...workspace] : [];
  return {
    mcp: [...new Set(mcp.map((label) => label[language]))],
    rest: restScopes.map((scope) => REST_SCOPE_LABELS[scope][language]),
  };
}
