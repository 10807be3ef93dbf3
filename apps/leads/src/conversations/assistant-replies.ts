import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { Language } from '@app/contracts';
import { KNOWLEDGE_ANSWERER } from '../knowledge/knowledge-answerer';
import type { KnowledgeAnswer, KnowledgeAnswerer } from '../knowledge/knowledge-answerer';
import { writtenLanguage } from '../knowledge/knowledge-text';
import { ConversationsRepository } from './conversations.repository';
import type { SessionRow } from './conversations.repository';
import { Escalation, NOTICES } from './escalation';
import { LiveBatch, LiveUpdates } from './live-updates';
import { TeamMembersClient } from './team-members.client';

const HISTORY_TURNS = 6;

/**
 * The assistant's turn after a visitor's message. The answer may take seconds (a model);
 * meanwhile the visitor or the team may escalate or take over. So the reply is stored only
 * in a transaction that first locks the session and finds it still open, with the assistant
 * and not escalated; otherwise the answer is dropped, never stored nor streamed.
 */
@Injectable()
export class AssistantReplies {
  private readonly logger = new Logger(AssistantReplies.name);

  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly escalation: Escalation,
    private readonly team: TeamMembersClient,
    private readonly live: LiveUpdates,
    @Optional() @Inject(KNOWLEDGE_ANSWERER) private readonly answerer?: KnowledgeAnswerer,
  ) {}

  /**
   * Runs after the visitor's message is stored; failures are logged, the visitor still gets a
   * person. Answered in the language the visitor wrote this message in, not the one the
   * session opened with (an English question in an Arabic widget gets an English answer).
   */
  async reply(session: SessionRow, question: string): Promise<'stored' | 'dropped'> {
    const language = writtenLanguage(question, session.language);
    const answer = await this.ask(session, question, language);
    const members = answer.kind === 'unknown' ? await this.team.available(session.workspace_id).catch(() => []) : [];
    const batch = new LiveBatch();
    const outcome = await this.conversations.transaction(async (tx) => {
      const current = await this.conversations.lock(tx, session.id);
      if (current.status !== 'open' || current.escalated || current.handled_by !== 'assistant') return 'dropped';
      if (answer.kind === 'unknown') {
        await this.escalation.escalate(
          tx,
          current,
          members,
          batch,
          {
            author: 'assistant',
            text: NOTICES.unknown[language],
          },
          'assistant_unknown',
        );
        return 'stored';
      }
      const message = await this.conversations.addMessage(tx, {
        session_id: current.id,
        author: 'assistant',
        author_id: null,
        text: answer.text,
        citations: answer.citations,
      });
      batch.message(current, message);
      return 'stored';
    });
    await this.live.publish(batch);
    return outcome;
  }

  private async ask(session: SessionRow, question: string, language: Language): Promise<KnowledgeAnswer> {
    if (!this.answerer) return { kind: 'unknown' };
    const turns = await this.conversations.recentTurns(session.id, HISTORY_TURNS + 1);
    const history = turns
      .slice(0, -1) // the question itself is the last turn
      .map((turn) => ({ role: turn.author as 'visitor' | 'assistant' | 'agent', text: turn.text }));
    try {
      return await this.answerer.answer({
        workspaceId: session.workspace_id,
        projectId: session.project_id,
        question,
        language,
        history,
      });
    } catch (err) {
      this.logger.warn({ err, session_id: session.id }, 'The assistant could not answer; a person will');
      return { kind: 'unknown' };
    }
  }
}
