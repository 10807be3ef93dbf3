import type { CreateKnowledgeArticleRequest } from '@app/contracts';
import type { KnowledgeService } from '../knowledge/knowledge.service';
import type { WidgetsService } from '../widgets/widgets.service';

type DemoEntry = Pick<CreateKnowledgeArticleRequest, 'kind' | 'title_en' | 'title_ar' | 'body_en' | 'body_ar'>;

/**
 * A small bilingual knowledge base for the demo project. No prices or availability: the
 * assistant reads those live from the project's units.
 */
const DEMO_KNOWLEDGE: DemoEntry[] = [
  {
    kind: 'faq',
    title_en: 'Which amenities does Al Noor Residences have?',
    body_en:
      'Al Noor Residences has a swimming pool for residents, a gym, a children’s play area and a landscaped courtyard. ' +
      'Every apartment has one covered parking space.',
    title_ar: 'ما هي مرافق مساكن النور؟',
    body_ar: 'في مساكن النور مسبح للسكان وصالة رياضية ومنطقة ألعاب للأطفال وفناء مزروع. ولكل شقة موقف سيارة مظلل.',
  },
  {
    kind: 'faq',
    title_en: 'What is the payment plan?',
    body_en:
      'A 10% down payment on signing, then instalments linked to construction progress paid into the project’s escrow ' +
      'account, and the balance on handover.',
    title_ar: 'ما هي خطة الدفع؟',
    body_ar:
      'دفعة أولى ١٠٪ عند توقيع العقد، ثم دفعات مرتبطة بمراحل الإنشاء تودع في حساب الضمان للمشروع، والباقي عند التسليم.',
  },
  {
    kind: 'article',
    title_en: 'Handover and warranty',
    body_en:
      'Handover is planned for the second quarter of 2028. Apartments come with a ten-year structural warranty and a ' +
      'one-year warranty on finishes.',
    title_ar: 'التسليم والضمان',
    body_ar:
      'التسليم مخطط له في الربع الثاني من عام ٢٠٢٨. وتأتي الشقق بضمان إنشائي لعشر سنوات وضمان للتشطيبات لمدة سنة.',
  },
  {
    kind: 'article',
    title_en: 'Location',
    body_en:
      'The compound is in Al Olaya, Riyadh, five minutes from King Fahd Road, close to schools, a hospital and the metro.',
    title_ar: 'الموقع',
    body_ar:
      'يقع المجمع في حي العليا بالرياض، على بعد خمس دقائق من طريق الملك فهد، وبالقرب من المدارس والمستشفى والمترو.',
  },
];

export interface DemoWidgetInput {
  workspaceId: string;
  ownerId: string;
  projectId: string;
  /** The pages that may embed the demo widget: the gateway's own (its /widget-demo page). */
  origins: string[];
}

/**
 * The demo project's knowledge base and its chat widget, through the same services as the API.
 * Returns the widget's id (the banner's /widget-demo link).
 */
export async function seedDeveloperWidget(
  knowledge: KnowledgeService,
  widgets: WidgetsService,
  input: DemoWidgetInput,
): Promise<string> {
  const ref = { workspace_id: input.workspaceId, account_id: input.ownerId, project_id: input.projectId };
  for (const entry of DEMO_KNOWLEDGE) await knowledge.createArticle({ ...ref, ...entry });
  const widget = await widgets.update({
    ...ref,
    enabled: true,
    greeting_en: 'Welcome to Al Noor Residences! Ask about amenities, the payment plan, handover or available units.',
    greeting_ar: 'أهلاً بك في مساكن النور! اسألنا عن المرافق وخطة الدفع والتسليم والوحدات المتاحة.',
    primary_color: '#0f766e',
    languages: ['ar', 'en'],
    default_language: 'ar',
    allowed_origins: input.origins,
  });
  return widget.id;
}
