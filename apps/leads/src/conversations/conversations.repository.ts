import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type {
  ConversationCitation,
  Language,
  ListConversationsRequest,
  MessageAuthor,
  SessionHandler,
  SessionStatus,
} from '@app/contracts';
import { LEADS_DATABASE } from '../database/leads.database';

export interface SessionRow {
  id: string;
  widget_id: string;
  workspace_id: string;
  project_id: string;
  status: SessionStatus;
  escalated: boolean;
  handled_by: SessionHandler;
  assigned_to: string | null;
  language: Language;
  visitor_language: string | null;
  origin: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  lead_id: string | null;
  team_read_at: Date;
  last_message_at: Date;
  created_at: Date;
  updated_at: Date;
}

export interface MessageRow {
  id: string;
  session_id: string;
  author: MessageAuthor;
  author_id: string | null;
  text: string;
  citations: ConversationCitation[];
  created_at: Date;
}

/** A session with what the inbox shows beside it. */
export interface InboxRow extends SessionRow {
  unread_count: number;
  last_message: MessageRow | null;
}

export type NewSession = Pick<
  SessionRow,
  'widget_id' | 'workspace_id' | 'project_id' | 'language' | 'visitor_language' | 'origin'
>;

export type SessionChange = Partial<
  Pick<
    SessionRow,
    | 'status'
    | 'escalated'
    | 'handled_by'
    | 'assigned_to'
    | 'contact_name'
    | 'contact_phone'
    | 'contact_email'
    | 'lead_id'
    | 'team_read_at'
  >
>;

const CHANGEABLE: (keyof SessionChange)[] = [
  'status',
  'escalated',
  'handled_by',
  'assigned_to',
  'contact_name',
  'contact_phone',
  'contact_email',
  'lead_id',
  'team_read_at',
];

@Injectable()
export class ConversationsRepository {
  constructor(@InjectDataSource(LEADS_DATABASE) private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Reads that must agree, in one snapshot: a reply commits its message and the session's new
   * state together, and two separate reads could show one without the other.
   */
  snapshot<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('REPEATABLE READ', work);
  }

  async insertSession(tx: EntityManager, session: NewSession): Promise<SessionRow> {
    const rows = await tx.query<SessionRow[]>(
      `INSERT INTO leads.widget_sessions (widget_id, workspace_id, project_id, language, visitor_language, origin)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [
        session.widget_id,
        session.workspace_id,
        session.project_id,
        session.language,
        session.visitor_language,
        session.origin,
      ],
    );
    return rows[0];
  }

  /**
   * A visitor's session: the token's widget must be the session's. With a transaction, locked
   * unless `lock` is false (a read in a snapshot, which must not wait for or fail on a writer).
   */
  async visitorSession(
    widgetId: string,
    sessionId: string,
    tx?: EntityManager,
    lock = tx !== undefined,
  ): Promise<SessionRow | null> {
    const rows = await (tx ?? this.dataSource).query<SessionRow[]>(
      `SELECT * FROM leads.widget_sessions WHERE id = $1 AND widget_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [sessionId, widgetId],
    );
    return rows[0] ?? null;
  }

  /** A workspace's session; another workspace's is not found. With a transaction, locked. */
  async teamSession(workspaceId: string, sessionId: string, tx?: EntityManager): Promise<SessionRow | null> {
    const rows = await (tx ?? this.dataSource).query<SessionRow[]>(
      `SELECT * FROM leads.widget_sessions WHERE id = $1 AND workspace_id = $2${tx ? ' FOR UPDATE' : ''}`,
      [sessionId, workspaceId],
    );
    return rows[0] ?? null;
  }

  /** Re-reads and locks a session: the check every assistant reply makes in the transaction that stores it. */
  async lock(tx: EntityManager, sessionId: string): Promise<SessionRow> {
    const rows = await tx.query<SessionRow[]>(`SELECT * FROM leads.widget_sessions WHERE id = $1 FOR UPDATE`, [
      sessionId,
    ]);
    return rows[0];
  }

  async change(tx: EntityManager, sessionId: string, change: SessionChange): Promise<SessionRow> {
    const keys = CHANGEABLE.filter((key) => change[key] !== undefined);
    const sets = keys.map((key, index) => `"${key}" = $${index + 2}`);
    const rows = await tx.query<SessionRow[]>(
      `WITH changed AS (
         UPDATE leads.widget_sessions SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING *)
       SELECT * FROM changed`,
      [sessionId, ...keys.map((key) => change[key])],
    );
    return rows[0];
  }

  async addMessage(
    tx: EntityManager,
    message: Pick<MessageRow, 'session_id' | 'author' | 'author_id' | 'text' | 'citations'>,
  ): Promise<MessageRow> {
    const rows = await tx.query<MessageRow[]>(
      `INSERT INTO leads.widget_messages (session_id, author, author_id, text, citations)
       VALUES ($1, $2, $3, $4, $5) RETURNING *`,
      [message.session_id, message.author, message.author_id, message.text, JSON.stringify(message.citations)],
    );
    await tx.query(`UPDATE leads.widget_sessions SET last_message_at = $2, updated_at = now() WHERE id = $1`, [
      message.session_id,
      rows[0].created_at,
    ]);
    return rows[0];
  }

  messages(sessionId: string, tx?: EntityManager): Promise<MessageRow[]> {
    return (tx ?? this.dataSource).query<MessageRow[]>(
      `SELECT * FROM leads.widget_messages WHERE session_id = $1 ORDER BY created_at, id`,
      [sessionId],
    );
  }

  /** The last turns, oldest first, for a follow-up question. */
  async recentTurns(sessionId: string, limit: number): Promise<MessageRow[]> {
    const rows = await this.dataSource.query<MessageRow[]>(
      `SELECT * FROM leads.widget_messages WHERE session_id = $1 AND author <> 'system'
        ORDER BY created_at DESC, id DESC LIMIT $2`,
      [sessionId, limit],
    );
    return rows.reverse();
  }

  /** The inbox page: newest activity first, with each session's last message and unread visitor messages. */
  async page(request: ListConversationsRequest): Promise<InboxRow[]> {
    return this.dataSource.query<InboxRow[]>(
      `SELECT s.*,
              (SELECT count(*)::int FROM leads.widget_messages m
                WHERE m.session_id = s.id AND m.author = 'visitor' AND m.created_at > s.team_read_at) AS unread_count,
              (SELECT to_jsonb(m) FROM leads.widget_messages m
                WHERE m.session_id = s.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_message
         FROM leads.widget_sessions s
        WHERE s.workspace_id = $1
          AND ($2::text IS NULL
               OR ($2 = 'open' AND s.status = 'open')
               OR ($2 = 'escalated' AND s.status = 'open' AND s.escalated)
               OR ($2 = 'closed' AND s.status = 'closed'))
          AND ($3::text IS NULL OR ($3 = 'unassigned' AND s.assigned_to IS NULL) OR ($3 = 'mine' AND s.assigned_to = $4))
          AND ($5::uuid IS NULL OR s.project_id = $5)
        ORDER BY s.last_message_at DESC, s.id
        LIMIT $6 OFFSET $7`,
      [
        request.workspace_id,
        request.status ?? null,
        request.assigned ?? null,
        request.account_id,
        request.project_id ?? null,
        request.limit + 1,
        request.offset,
      ],
    );
  }

  async inboxRow(sessionId: string, tx?: EntityManager): Promise<InboxRow> {
    const rows = await (tx ?? this.dataSource).query<InboxRow[]>(
      `SELECT s.*,
              (SELECT count(*)::int FROM leads.widget_messages m
                WHERE m.session_id = s.id AND m.author = 'visitor' AND m.created_at > s.team_read_at) AS unread_count,
              (SELECT to_jsonb(m) FROM leads.widget_messages m
                WHERE m.session_id = s.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_message
         FROM leads.widget_sessions s WHERE s.id = $1`,
      [sessionId],
    );
    return rows[0];
  }

  /**
   * The next member in the round: the first account after the one last given a conversation
   * (ordered by id), wrapping around; the cursor moves in the caller's transaction, under a
   * per-workspace lock, so replicas escalating at once still take turns.
   */
  async nextAssignee(tx: EntityManager, workspaceId: string, members: string[]): Promise<string | null> {
    if (members.length === 0) return null;
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('assignment:' || $1, 0))`, [workspaceId]);
    const cursor = await tx.query<{ last_account_id: string }[]>(
      `SELECT last_account_id FROM leads.assignment_cursors WHERE workspace_id = $1`,
      [workspaceId],
    );
    const sorted = [...members].sort();
    const last = cursor[0]?.last_account_id;
    const next = (last && sorted.find((id) => id > last)) || sorted[0];
    await tx.query(
      `INSERT INTO leads.assignment_cursors (workspace_id, last_account_id) VALUES ($1, $2)
       ON CONFLICT (workspace_id) DO UPDATE SET last_account_id = $2, updated_at = now()`,
      [workspaceId, next],
    );
    return next;
  }

  /** The conversation's lead (the project as its listing, the session as its buyer): made once, unlocked. */
  async openLead(
    tx: EntityManager,
    session: SessionRow,
    contact: { name: string; email: string | null; phone: string | null },
  ): Promise<string> {
    const rows = await tx.query<{ id: string }[]>(
      `WITH made AS (
         INSERT INTO leads.leads
           (workspace_id, listing_id, buyer_id, buyer_name, buyer_email, buyer_phone, preferred_contact, source,
            locked, charged_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'widget', false, NULL)
         ON CONFLICT (listing_id, buyer_id) DO NOTHING RETURNING id)
       SELECT id FROM made UNION ALL SELECT id FROM leads.leads WHERE listing_id = $2 AND buyer_id = $3`,
      [
        session.workspace_id,
        session.project_id,
        session.id,
        contact.name,
        contact.email,
        contact.phone,
        contact.phone ? 'phone' : 'email',
      ],
    );
    return rows[0].id;
  }
}
