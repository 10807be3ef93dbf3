import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, Length, Matches } from 'class-validator';
import { CONVERSATION_ASSIGNED_FILTERS, CONVERSATION_FILTER_STATUSES, VISITOR_TEXT_MAX } from '@app/contracts';
import type {
  ConversationAssignedFilter,
  ConversationContact,
  ConversationFilterStatus,
  ConversationResponse,
  ConversationThreadResponse,
  ConversationsPageResponse,
} from '@app/contracts';
import { PageQueryDto } from '../http/page-query.dto';
import { MessageDto, SessionDto } from '../widgets/widget.dto';
import { PageDto } from '../http/page.dto';

class ConversationContactDto implements ConversationContact {
  @ApiProperty({ type: String, nullable: true })
  name: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'E.164' })
  phone: string | null;

  @ApiProperty({ type: String, nullable: true })
  email: string | null;
}

export class ConversationDto extends SessionDto implements ConversationResponse {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The member who has it' })
  assigned_to: string | null;

  @ApiProperty({ type: ConversationContactDto, description: 'What the visitor left' })
  contact: ConversationContactDto;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Set once promoted to a CRM lead' })
  lead_id: string | null;

  @ApiProperty({ type: MessageDto, nullable: true })
  last_message: MessageDto | null;

  @ApiProperty({ description: 'Visitor messages nobody in the team has opened yet' })
  unread_count: number;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class ConversationThreadDto extends ConversationDto implements ConversationThreadResponse {
  @ApiProperty({ type: [MessageDto], description: 'Oldest first' })
  messages: MessageDto[];
}

export class ConversationsPageDto extends PageDto(ConversationDto) implements ConversationsPageResponse {}

export class ListConversationsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    enum: CONVERSATION_FILTER_STATUSES,
    description: '`open` (any open), `escalated` (open and waiting for a person), `closed`',
  })
  @IsOptional()
  @IsIn(CONVERSATION_FILTER_STATUSES)
  status?: ConversationFilterStatus;

  @ApiPropertyOptional({
    enum: CONVERSATION_ASSIGNED_FILTERS,
    description: '`unassigned`, or `mine` (assigned to you)',
  })
  @IsOptional()
  @IsIn(CONVERSATION_ASSIGNED_FILTERS)
  assigned?: ConversationAssignedFilter;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  project_id?: string;
}

export class ConversationReplyDto {
  @ApiProperty({ minLength: 1, maxLength: VISITOR_TEXT_MAX })
  @IsString()
  @Length(1, VISITOR_TEXT_MAX)
  @Matches(/\S/, { message: 'text must not be blank' })
  text: string;
}

export class AssignConversationDto {
  @ApiProperty({ format: 'uuid', description: 'A member of your workspace (account id)' })
  @IsUUID()
  member_id: string;
}
