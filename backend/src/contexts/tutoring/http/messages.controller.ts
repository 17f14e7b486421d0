import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { BoolResponse } from '../../../platform/http/responses.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { MarkMessagesRead } from '../application/commands/mark-messages-read.command.js';
import { SendGroupMessage } from '../application/commands/send-group-message.command.js';
import { SendMessage } from '../application/commands/send-message.command.js';
import { GetMessages } from '../application/queries/get-messages.query.js';
import { ConversationPresence } from '../application/presence.js';
import { sideOf } from '../application/tutoring-access.js';
import { MessageView } from '../application/queries/tutoring.views.js';
import { MessageForm, MessagesQuery } from './tutoring.requests.js';

export class SentResponse extends BoolResponse {
  @ApiProperty() msg!: string;
}
export class MessageSentResponse extends SentResponse {
  @ApiProperty({ description: 'Identifiant du message' }) id!: number;
}
export class GroupSentResponse extends SentResponse {
  @ApiProperty({ description: 'Étudiants destinataires' }) recipients!: number;
}

/** Messages between a trainer and the students they follow (issue 10): kept as written, never altered or deleted. */
@ApiTags('Messages')
@Controller()
export class MessagesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly presence: ConversationPresence,
  ) {}

  @Get('get-message/:teacher/:student')
  @Authenticated()
  @ApiOperation({ summary: 'L’historique (les 500 derniers, du plus ancien au plus récent) ; ?after= : seulement les nouveaux' })
  @ApiOkResponse({ type: [MessageView] })
  async history(@CurrentActor() actor: Actor, @Param('teacher', IdPipe) teacherId: number, @Param('student', IdPipe) studentId: number, @Query() query: MessagesQuery): Promise<MessageView[]> {
    const messages = await this.queries.execute(new GetMessages(actor, teacherId, studentId, query.after));
    // Read by one of the two sides (the query checked they may): they have the chat open (ADR 0059).
    if (actor.role !== 'admin') await this.presence.mark(teacherId, studentId, sideOf(actor, teacherId, studentId));
    return messages;
  }

  @Post('send-message/:teacher/:student')
  @HttpCode(201)
  @Authenticated('student', 'teacher')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Envoie un message (msg_to : le texte ; msg_from : student ou formateur, l’appelant)' })
  @ApiCreatedResponse({ type: MessageSentResponse })
  async send(@CurrentActor() actor: Actor, @Param('teacher', IdPipe) teacherId: number, @Param('student', IdPipe) studentId: number, @Body() body: MessageForm): Promise<MessageSentResponse> {
    const { id } = await this.commands.execute(new SendMessage(actor, teacherId, studentId, body.msg_from, body.msg_to as string));
    return { bool: true, msg: 'Message envoyé.', id };
  }

  @Post('send-group-message/:teacher')
  @HttpCode(201)
  @Authenticated('teacher')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Envoie le même message à chaque étudiant que suit le formateur' })
  @ApiCreatedResponse({ type: GroupSentResponse })
  async sendGroup(@CurrentActor() actor: Actor, @Param('teacher', IdPipe) teacherId: number, @Body() body: MessageForm): Promise<GroupSentResponse> {
    const { recipients } = await this.commands.execute(new SendGroupMessage(actor, teacherId, body.msg_from, body.msg_to as string));
    return { bool: true, msg: `Message envoyé à ${recipients} étudiant${recipients > 1 ? 's' : ''}.`, recipients };
  }

  @Post('mark-messages-read/:teacher/:student')
  @HttpCode(200)
  @Authenticated('student', 'teacher')
  @ApiOperation({ summary: 'L’appelant a lu la conversation (ce que l’autre a envoyé jusqu’ici)' })
  @ApiOkResponse({ type: BoolResponse })
  async read(@CurrentActor() actor: Actor, @Param('teacher', IdPipe) teacherId: number, @Param('student', IdPipe) studentId: number): Promise<BoolResponse> {
    return { bool: await this.commands.execute(new MarkMessagesRead(actor, teacherId, studentId)) };
  }
}
