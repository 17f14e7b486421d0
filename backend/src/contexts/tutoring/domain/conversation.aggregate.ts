import { createHash } from 'node:crypto';
import { Collection, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, InvalidInputError, type StreamRef } from '../../../shared-kernel/index.js';
import { CONVERSATION_STREAM, type ConversationEvent, type Side } from '../contracts/tutoring.events.js';
import { NotFollowedError } from './tutoring.errors.js';

export const MESSAGE_MAX = 5000;
export const EMPTY_MESSAGE = "Veuillez saisir un message avant d'envoyer.";

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A message's text as it will be stored: as written, not blank, at most MESSAGE_MAX characters. */
export function checkMessageText(text: unknown): string {
  if (typeof text !== 'string' || text.trim() === '') throw new InvalidInputError(EMPTY_MESSAGE, 'msg_to');
  if ([...text].length > MESSAGE_MAX) throw new InvalidInputError(`Le message ne doit pas dépasser ${MESSAGE_MAX} caractères.`, 'msg_to');
  return text;
}

/**
 * The exchanges between one trainer and one student: every message, kept as written and never
 * changed, and how far each side has read and been told by e-mail. The messages are not loaded
 * to send one: the aggregate only appends.
 */
@Entity({ tableName: 'conversation', schema: 'tutoring' })
export class Conversation extends AggregateRoot<ConversationEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'teacher_id' })
  teacherId: number;

  @Property({ type: 'integer', fieldName: 'student_id' })
  studentId: number;

  @Property({ type: 'bigint', fieldName: 'student_read_upto' })
  studentReadUpto = 0;

  @Property({ type: 'bigint', fieldName: 'teacher_read_upto' })
  teacherReadUpto = 0;

  @Property({ type: 'bigint', fieldName: 'student_notified_upto' })
  studentNotifiedUpto = 0;

  @Property({ type: 'bigint', fieldName: 'teacher_notified_upto' })
  teacherNotifiedUpto = 0;

  @Property({ type: 'integer' })
  version = 0;

  @OneToMany(() => Message, (m) => m.conversation)
  messages = new Collection<Message>(this);

  constructor(teacherId: number, studentId: number) {
    super();
    this.teacherId = teacherId;
    this.studentId = studentId;
  }

  stream(): StreamRef {
    return { type: CONVERSATION_STREAM, id: this.id };
  }

  /** Sends a message from one side, while the trainer follows the student. */
  send(from: Side, text: unknown, now: Date, follows: boolean, groupId: string | null = null): Message {
    if (!follows) throw new NotFollowedError();
    const body = checkMessageText(text);
    const message = new Message(from, body, now, groupId);
    message.conversation = this;
    this.messages.add(message);
    this.record(() => ({
      type: 'MessageSent',
      payload: {
        conversationId: this.id, messageId: Number(message.id), teacherId: this.teacherId, studentId: this.studentId, from,
        sha256: message.sha256, length: [...body].length, groupId,
      },
    }));
    return message;
  }

  /** The reader has seen the messages up to `upTo` (the newest, as the server knows it); a step back is ignored. */
  markRead(reader: Side, upTo: number): boolean {
    const current = reader === 'student' ? Number(this.studentReadUpto) : Number(this.teacherReadUpto);
    if (upTo <= current) return false;
    if (reader === 'student') this.studentReadUpto = upTo;
    else this.teacherReadUpto = upTo;
    this.record({ type: 'MessagesRead', payload: { ...this.pair(), reader, upToMessageId: upTo } });
    return true;
  }

  /**
   * Whether the recipient should be e-mailed about this message: it is unread, and no e-mail went
   * out for an earlier message still unread (one e-mail until they read, however many messages).
   */
  needsNotice(recipient: Side, messageId: number): boolean {
    const read = recipient === 'student' ? Number(this.studentReadUpto) : Number(this.teacherReadUpto);
    const notified = recipient === 'student' ? Number(this.studentNotifiedUpto) : Number(this.teacherNotifiedUpto);
    return messageId > read && notified <= read;
  }

  notified(recipient: Side, upTo: number): void {
    if (recipient === 'student') this.studentNotifiedUpto = upTo;
    else this.teacherNotifiedUpto = upTo;
    this.record({ type: 'RecipientNotified', payload: { ...this.pair(), recipient, upToMessageId: upTo } });
  }

  private pair() {
    return { conversationId: this.id, teacherId: this.teacherId, studentId: this.studentId };
  }
}

@Entity({ tableName: 'message', schema: 'tutoring' })
export class Message {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: number;

  @ManyToOne(() => Conversation, { fieldName: 'conversation_id' })
  conversation!: Rel<Conversation>;

  @Property({ type: 'text' })
  sender: Side;

  @Property({ type: 'text' })
  body: string;

  @Property({ type: 'string', length: 64 })
  sha256: string;

  @Property({ type: 'uuid', fieldName: 'group_id', nullable: true })
  groupId: string | null;

  @Property({ type: 'datetime', fieldName: 'sent_at' })
  sentAt: Date;

  constructor(sender: Side, body: string, sentAt: Date, groupId: string | null) {
    this.sender = sender;
    this.body = body;
    this.sha256 = sha256(body);
    this.sentAt = sentAt;
    this.groupId = groupId;
  }
}
