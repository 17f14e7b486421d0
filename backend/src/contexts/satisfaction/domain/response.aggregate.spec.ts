import { checkQuestions, sha256 } from './questionnaire.aggregate.js';
import { RESPONSE_MESSAGES, SurveyResponse } from './response.aggregate.js';

const NOW = new Date('2026-11-23T09:00:00Z');
const QUESTIONS = checkQuestions([
  { type: 'note', label: 'Satisfaction générale', required: true },
  { type: 'choix_unique', label: 'Rythme', required: false, options: ['Trop lent', 'Adapté', 'Trop rapide'] },
  { type: 'choix_multiple', label: 'Points forts', required: false, options: ['Vidéos', 'Quiz', 'Formateur'] },
  { type: 'texte', label: 'Suggestions', required: false },
]);
const SUBJECT = { questionnaireId: 5, versionNumber: 2, respondentKind: 'apprenant' as const, courseId: 3, sessionId: null, tokenSha256: sha256('jeton') };
const refused = (message: string) => expect.objectContaining({ kind: 'invalid', message });

function answered(raw: unknown) {
  const response = new SurveyResponse('a1e0b6f2-5c7d-4f1e-9b0a-2d3c4e5f6a7b');
  response.id = 9;
  const texts = response.answer(SUBJECT, QUESTIONS, raw, NOW);
  return { response, texts };
}

describe('SurveyResponse', () => {
  it('records ratings and choices with the token’s hash and no learner; the free text stays out of the event, its hash in it', () => {
    const text = 'Plus d’exercices pratiques, s’il vous plaît.';
    const { response, texts } = answered({ q1: 4, q2: 'Adapté', q3: ['Formateur', 'Vidéos'], q4: text });
    expect(texts).toEqual({ q4: text });
    const [event] = response.takeEvents();
    expect(event).toEqual({
      type: 'SurveyAnswered',
      payload: {
        responseId: 9, questionnaireId: 5, versionNumber: 2, respondentKind: 'apprenant', courseId: 3, sessionId: null, tokenSha256: sha256('jeton'),
        answers: { q1: 4, q2: 'Adapté', q3: ['Vidéos', 'Formateur'] }, texts: [{ questionId: 'q4', sha256: sha256(text), length: [...text].length }],
      },
    });
    expect(JSON.stringify(event)).not.toMatch(/exercices|studentId/);
  });

  it('refuses in French: a required question left out, a rating out of 1–5, a choice not offered', () => {
    expect(() => answered({ q2: 'Adapté' })).toThrow(refused(RESPONSE_MESSAGES.required('Satisfaction générale')));
    expect(() => answered({ q1: 6 })).toThrow(refused(RESPONSE_MESSAGES.rating('Satisfaction générale')));
    expect(() => answered({ q1: 3, q2: 'Parfait' })).toThrow(refused(RESPONSE_MESSAGES.choice('Rythme')));
    expect(() => answered({ q1: 3, q3: ['Vidéos', 'Musique'] })).toThrow(refused(RESPONSE_MESSAGES.choice('Points forts')));
    expect(() => answered([1, 2])).toThrow(refused(RESPONSE_MESSAGES.answers));
  });
});
