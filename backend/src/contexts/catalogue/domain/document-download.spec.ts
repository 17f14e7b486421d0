import { isLearnerFetch } from './document-download.js';

describe('isLearnerFetch', () => {
  it('is a student’s GET', () => {
    expect(isLearnerFetch('student', 'GET')).toBe(true);
  });

  it('is not a HEAD, nor a trainer’s, an admin’s or an auditor’s look', () => {
    expect(isLearnerFetch('student', 'HEAD')).toBe(false);
    expect(isLearnerFetch('teacher', 'GET')).toBe(false);
    expect(isLearnerFetch('admin', 'GET')).toBe(false);
    expect(isLearnerFetch('auditor', 'GET')).toBe(false);
  });
});
