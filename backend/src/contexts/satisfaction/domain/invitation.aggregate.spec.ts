import { SurveyInvitation } from './invitation.aggregate.js';
import { sha256 } from './questionnaire.aggregate.js';

const SENT = new Date('2026-11-23T09:00:00Z');
const day = (n: number) => new Date(SENT.getTime() + n * 86_400_000);

function sent(): SurveyInvitation {
  const invitation = new SurveyInvitation('jeton-de-test');
  invitation.id = 11;
  invitation.send({ questionnaireId: 5, respondentKind: 'apprenant', studentId: 42, email: 'a@exemple.fr', courseId: 3, sessionId: 8, dueOn: '2026-11-23' }, SENT, 60);
  return invitation;
}

describe('SurveyInvitation', () => {
  it('is sent with the hash of its token, valid 60 days by the server clock; the event has neither the token nor the e-mail', () => {
    const invitation = sent();
    expect(invitation.tokenSha256).toBe(sha256('jeton-de-test'));
    expect(invitation.expiresAt).toEqual(day(60));
    const [event] = invitation.takeEvents();
    expect(event).toEqual({
      type: 'SurveyInvitationSent',
      payload: { invitationId: 11, questionnaireId: 5, respondentKind: 'apprenant', courseId: 3, sessionId: 8, studentId: 42, dueOn: '2026-11-23', emailSha256: null },
    });
    expect(JSON.stringify(event)).not.toMatch(/jeton|exemple/);
  });

  it('is reminded every N days at most M times, never once answered or expired, and a second run finds it done', () => {
    const invitation = sent();
    expect(invitation.remind(day(6), false, 7, 2)).toBe(false);
    expect(invitation.remind(day(7), false, 7, 2)).toBe(true);
    expect(invitation.remind(day(7), false, 7, 2)).toBe(false);
    expect(invitation.remind(day(14), true, 7, 2)).toBe(false);
    expect(invitation.remind(day(14), false, 7, 2)).toBe(true);
    expect(invitation.remind(day(30), false, 7, 2)).toBe(false);
    expect(invitation.takeEvents().map((e) => e.payload)).toEqual([
      expect.objectContaining({ invitationId: 11, questionnaireId: 5 }), { invitationId: 11, reminderNumber: 1 }, { invitationId: 11, reminderNumber: 2 },
    ]);
    const other = sent();
    expect(other.remind(day(61), false, 7, 2)).toBe(false);
    expect(() => other.checkOpen(day(60))).toThrow(expect.objectContaining({ kind: 'conflict' }));
  });
});
