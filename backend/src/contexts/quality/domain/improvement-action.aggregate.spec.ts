import { createHash } from 'node:crypto';
import { IMPROVEMENT_MESSAGES, ImprovementAction } from './improvement-action.aggregate.js';

const OPENED = new Date('2026-11-23T09:00:00Z');
const LATER = new Date('2026-12-20T16:00:00Z');
const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const refused = (kind: string, message: string, field?: string) => expect.objectContaining({ kind, message, ...(field ? { field } : {}) });
const DESCRIPTION = 'Ajouter une version basse définition des vidéos pour les connexions mobiles.';

function opened(complaintId: number | null = null): ImprovementAction {
  const action = new ImprovementAction(2);
  action.id = 5;
  action.open({ source: complaintId === null ? 'enquete' : 'reclamation', description: DESCRIPTION, owner: 'Responsable pédagogique', dueOn: '2027-01-15' }, complaintId, OPENED);
  return action;
}

describe('ImprovementAction', () => {
  it('opens with its source, complaint and due day, recording the description’s hash', () => {
    const action = opened(9);
    expect([action.status, action.owner, action.dueOn]).toEqual(['a_faire', 'Responsable pédagogique', '2027-01-15']);
    expect(action.takeEvents()).toEqual([
      { type: 'ImprovementActionOpened', payload: { actionId: 5, source: 'reclamation', complaintId: 9, adminId: 2, dueOn: '2027-01-15', sha256: hash(DESCRIPTION), length: [...DESCRIPTION].length } },
    ]);
  });

  it('refuses an unknown source, another source for a complaint’s action, no description, a date that does not exist', () => {
    const action = new ImprovementAction(2);
    expect(() => action.open({ source: 'rumeur', description: 'x', owner: null, dueOn: null }, null, OPENED)).toThrow(refused('invalid', IMPROVEMENT_MESSAGES.source, 'source'));
    expect(() => action.open({ source: 'audit', description: 'x', owner: null, dueOn: null }, 3, OPENED)).toThrow(refused('invalid', IMPROVEMENT_MESSAGES.sourceComplaint, 'source'));
    expect(() => action.open({ source: 'audit', description: ' ', owner: null, dueOn: null }, null, OPENED)).toThrow(refused('invalid', IMPROVEMENT_MESSAGES.descriptionEmpty, 'description'));
    expect(() => action.open({ source: 'audit', description: 'x', owner: null, dueOn: '2027-02-30' }, null, OPENED)).toThrow(refused('invalid', IMPROVEMENT_MESSAGES.dueOn, 'due_on'));
    expect(action.hasPendingEvents).toBe(false);
  });

  it('is finished only with a result; what is not sent stays; nothing changed records nothing', () => {
    const action = opened();
    action.takeEvents();
    expect(() => action.update(2, { status: 'terminee' }, LATER)).toThrow(refused('invalid', IMPROVEMENT_MESSAGES.resultNeeded, 'result'));
    expect(action.update(2, { status: 'en_cours' }, LATER)).toBe(true);
    expect(action.update(2, { status: 'en_cours' }, LATER)).toBe(false);
    expect(action.update(2, { status: 'terminee', result: 'Vidéos 360p en ligne ; plus aucune plainte depuis.' }, LATER)).toBe(true);
    expect([action.status, action.doneAt, action.owner, action.description]).toEqual(['terminee', LATER, 'Responsable pédagogique', DESCRIPTION]);
    const events = action.takeEvents();
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({ status: 'en_cours', resultSha256: null }),
      expect.objectContaining({ status: 'terminee', resultSha256: hash('Vidéos 360p en ligne ; plus aucune plainte depuis.'), ownerSha256: hash('Responsable pédagogique') }),
    ]);
  });
});
