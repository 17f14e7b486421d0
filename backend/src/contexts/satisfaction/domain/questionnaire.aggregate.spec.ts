import { Questionnaire, QUESTIONNAIRE_MESSAGES, checkQuestions } from './questionnaire.aggregate.js';

const NOW = new Date('2026-11-23T09:00:00Z');
const refused = (message: string) => expect.objectContaining({ kind: 'invalid', message });
const QUESTIONS = [
  { type: 'note', label: 'Êtes-vous satisfait de la formation ?', required: true },
  { type: 'choix_unique', label: 'Recommanderiez-vous la formation ?', required: false, options: ['Oui', 'Non'] },
  { type: 'texte', label: 'Vos suggestions', required: false },
];

function created(kind = 'chaud'): Questionnaire {
  const q = new Questionnaire('a1e0b6f2-5c7d-4f1e-9b0a-2d3c4e5f6a7b', kind, 3, NOW);
  q.id = 5;
  return q;
}

describe('Questionnaire', () => {
  it('starts at version 1 with its checked questions, recording ids, counts and a hash, not the questions', () => {
    const q = created();
    const { versionNumber, newVersion, questions } = q.define({ title: 'Satisfaction à chaud', questions: QUESTIONS } as never, false, 1);
    expect([versionNumber, newVersion]).toEqual([1, true]);
    expect(questions.map((x) => x.id)).toEqual(['q1', 'q2', 'q3']);
    expect(questions[1]).toEqual({ id: 'q2', type: 'choix_unique', label: 'Recommanderiez-vous la formation ?', required: false, options: ['Oui', 'Non'] });
    const [event] = q.takeEvents();
    expect(event).toMatchObject({ type: 'QuestionnaireDefined', payload: { questionnaireId: 5, kind: 'chaud', courseId: 3, versionNumber: 1, newVersion: true, questionCount: 3, reminderDays: 7, maxReminders: 2 } });
    expect(JSON.stringify(event)).not.toContain('satisfait');
  });

  it('rewrites a version nobody answered, and starts the next one once it was answered', () => {
    const q = created();
    q.define({ title: 'A', questions: QUESTIONS } as never, false, 1);
    expect(q.define({ title: 'B', questions: QUESTIONS.slice(0, 1) } as never, false, 1)).toMatchObject({ versionNumber: 1, newVersion: false });
    expect(q.define({ title: 'C', questions: QUESTIONS } as never, true, 1)).toMatchObject({ versionNumber: 2, newVersion: true });
    expect(q.version).toBe(3);
  });

  it('refuses in French: an unknown kind, no title, no questions, a bad type, a choice with one option, a cold delay out of range', () => {
    expect(() => new Questionnaire('k', 'tiède', null, NOW)).toThrow(refused(QUESTIONNAIRE_MESSAGES.kind));
    expect(() => created().define({ title: ' ', questions: QUESTIONS } as never, false, 1)).toThrow(refused(QUESTIONNAIRE_MESSAGES.title));
    expect(() => checkQuestions([])).toThrow(refused(QUESTIONNAIRE_MESSAGES.questions));
    expect(() => checkQuestions([{ type: 'slider', label: 'x' }])).toThrow(refused(QUESTIONNAIRE_MESSAGES.questionType));
    expect(() => checkQuestions([{ type: 'choix_multiple', label: 'x', options: ['Seul'] }])).toThrow(refused(QUESTIONNAIRE_MESSAGES.options));
    expect(() => created('froid').define({ title: 'Froid', coldDelayDays: 0, questions: QUESTIONS } as never, false, 1)).toThrow(refused(QUESTIONNAIRE_MESSAGES.coldDelay));
    expect(created('froid').define({ title: 'Froid', coldDelayDays: 90, questions: QUESTIONS } as never, false, 1).versionNumber).toBe(1);
  });
});
