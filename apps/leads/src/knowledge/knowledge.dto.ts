import type { KnowledgeEntryResponse } from '@app/contracts';
import type { KnowledgeEntryRow } from './knowledge.repository';

export function toKnowledgeEntryResponse(row: KnowledgeEntryRow): KnowledgeEntryResponse {
  return {
    object: 'knowledge_entry',
    id: row.id,
    project_id: row.project_id,
    kind: row.kind,
    title_en: row.title_en,
    title_ar: row.title_ar,
    body_en: row.body_en,
    body_ar: row.body_ar,
    file_name: row.file_name,
    media_type: row.media_type,
    size_bytes: row.size_bytes,
    passages: { en: row.passages_en, ar: row.passages_ar },
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** A citation's source id: every knowledge-base entry is cited as `article:<id>` (the seam's form). */
export function knowledgeSourceId(entryId: string): string {
  return `article:${entryId}`;
}
