import type { CommandBus } from '@nestjs/cqrs';
import { NotifyRecipient } from '../commands/notify-recipient.command.js';
import { MessageNotificationPolicy } from './message-notification.policy.js';

describe('tutoring.message-notification', () => {
  describe('when a message is sent', () => {
    it('asks to notify its recipient about that message of that conversation', async () => {
      const sent: unknown[] = [];
      const policy = new MessageNotificationPolicy({ execute: (command: unknown) => (sent.push(command), Promise.resolve(true)) } as unknown as CommandBus);
      await policy.handle({ type: 'MessageSent', payload: { conversationId: 20, messageId: 301, teacherId: 7, studentId: 3, from: 'teacher', sha256: 'x', length: 1, groupId: null } } as never);
      expect(policy.handles).toEqual(['MessageSent']);
      expect(sent).toEqual([new NotifyRecipient(20, 301)]);
    });
  });
});
