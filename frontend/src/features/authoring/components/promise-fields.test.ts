import { describe, expect, it } from 'vitest';
import { courseBody } from './course-form';
import { initialStepValues, stepBody } from './step-form';

describe('the course form body (issue 26)', () => {
  const values = { title: ' Excel ', category: 3, objectives: ' Créer un TCD \nAutomatiser ', planned: '7 h 30', nature: 'bilan_competences' as const };

  it('sends the promises the trainer changed, the planned duration in minutes', () => {
    const body = courseBody(values, 7, { objectives: true, planned: true, nature: true });
    expect(body.get('objectives')).toBe('Créer un TCD \nAutomatiser');
    expect(body.get('planned_minutes')).toBe('450');
    expect(body.get('nature')).toBe('bilan_competences');
  });

  it('leaves out the ones not touched (unchanged on the server), as the spec\'s body', () => {
    const body = courseBody(values, 7);
    expect([...body.keys()].sort()).toEqual(['category', 'description', 'formateur', 'techs', 'title']);
  });

  it('sends a cleared field empty (the server clears it)', () => {
    const body = courseBody({ ...values, planned: '', nature: null }, 7, { planned: true, nature: true });
    expect(body.get('planned_minutes')).toBe('');
    expect(body.get('nature')).toBe('');
  });
});

describe('the step form body', () => {
  it('reads the declared duration back as typed and sends it in minutes, a bare number being minutes', () => {
    const step = initialStepValues({ title: 'Formules', content_type: 'text', declared_minutes: 90 } as never);
    expect(step.declared).toBe('1 h 30');
    expect(stepBody({ ...step, text_content: 'x' }, { editing: true }).get('declared_minutes')).toBe('90');
    expect(stepBody({ ...step, text_content: 'x', declared: '20' }, { editing: true }).get('declared_minutes')).toBe('20');
    expect(stepBody({ ...step, text_content: 'x', declared: '' }, { editing: true }).get('declared_minutes')).toBe('');
  });
});
