import { edofDeclaration, edofReminderStage } from './edof.js';

describe('edofReminderStage (docs/adr/0053)', () => {
  // An entry on Monday 11 January 2027 is due on Thursday 14.
  const on = (today: string) => edofReminderStage(edofDeclaration('entry', '2027-01-11', null, today));

  it('reminds the first day with one working day left, then on the deadline, never before nor after', () => {
    expect(on('2027-01-11')).toBeNull();
    expect(on('2027-01-12')).toBeNull();
    expect(on('2027-01-13')).toBe('veille');
    expect(on('2027-01-14')).toBe('jour');
    expect(on('2027-01-15')).toBeNull();
  });

  it('counts working days: a Monday deadline is reminded on the Friday and the weekend, and the day itself', () => {
    // Wednesday 6 January 2027 → due Monday 11.
    const monday = (today: string) => edofReminderStage(edofDeclaration('entry', '2027-01-06', null, today));
    expect(monday('2027-01-07')).toBeNull();
    expect(monday('2027-01-08')).toBe('veille');
    expect(monday('2027-01-09')).toBe('veille');
    expect(monday('2027-01-11')).toBe('jour');
  });

  it('reminds nothing once declared, nor without a date', () => {
    expect(edofReminderStage(edofDeclaration('entry', '2027-01-11', { declaredOn: '2027-01-12', date: '2027-01-11', deadline: '2027-01-14' }, '2027-01-13'))).toBeNull();
    expect(edofReminderStage(edofDeclaration('exit', null, null, '2027-01-13'))).toBeNull();
  });
});
