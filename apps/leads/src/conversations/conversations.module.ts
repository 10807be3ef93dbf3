import { Module } from '@nestjs/common';
import { LeadsRepository } from '../crm/leads.repository';
import { KnowledgeModule } from '../knowledge/knowledge.module';
import { ProjectOwnership } from '../widgets/project-ownership';
import { WidgetFramingController } from '../widgets/widget-framing.controller';
import { WidgetsController } from '../widgets/widgets.controller';
import { WidgetsRepository } from '../widgets/widgets.repository';
import { WidgetsService } from '../widgets/widgets.service';
import { AssistantReplies } from './assistant-replies';
import { ConversationsController } from './conversations.controller';
import { ConversationsRepository } from './conversations.repository';
import { Escalation } from './escalation';
import { InboxService } from './inbox.service';
import { LiveUpdates } from './live-updates';
import { TeamMembersClient } from './team-members.client';
import { VisitorSessionsService } from './visitor-sessions.service';

/**
 * The website chat: widget configuration, visitor sessions, the assistant's replies (from the
 * knowledge base's KNOWLEDGE_ANSWERER when bound), escalation and the team's inbox.
 */
@Module({
  imports: [KnowledgeModule],
  controllers: [WidgetsController, ConversationsController, WidgetFramingController],
  providers: [
    WidgetsRepository,
    WidgetsService,
    ProjectOwnership,
    ConversationsRepository,
    LeadsRepository,
    TeamMembersClient,
    LiveUpdates,
    Escalation,
    AssistantReplies,
    VisitorSessionsService,
    InboxService,
  ],
})
export class ConversationsModule {}
