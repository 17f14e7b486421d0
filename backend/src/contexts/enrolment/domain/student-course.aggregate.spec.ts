import { AlreadyEnrolledError, AlreadyRatedError, InvalidRatingError, NotEnrolledError } from './enrolment.errors.js';
import { matchesFormation, StudentCourse } from './student-course.aggregate.js';

const now = new Date('2026-11-21T10:00:00Z');
const noFormation = { formationTitle: null, courseTitle: 'Excel' };

function enrolled(): StudentCourse {
  const sc = new StudentCourse(1, 7);
  sc.enrol(now, 'student');
  sc.takeEvents();
  return sc;
}

describe('StudentCourse', () => {
  describe('enrol', () => {
    it('given nothing, records StudentEnrolled', () => {
      const sc = new StudentCourse(1, 7);
      sc.enrol(now, 'student');
      expect(sc.takeEvents()).toEqual([{ type: 'StudentEnrolled', payload: { studentId: 1, courseId: 7, enrolledBy: 'student' } }]);
      expect(sc.version).toBe(1);
      expect(sc.stream()).toEqual({ type: 'enrolment.student-course', id: '1-7' });
    });

    it('given an enrolment, refuses a second one and records nothing', () => {
      const sc = enrolled();
      expect(() => sc.enrol(now, 'student')).toThrow(AlreadyEnrolledError);
      expect(sc.takeEvents()).toEqual([]);
    });
  });

  describe('rate', () => {
    it('given an enrolment, records CourseRated and keeps the trimmed review out of the event', () => {
      const sc = enrolled();
      sc.rate(4, '  Très clair  ', now, noFormation);
      expect(sc.takeEvents()).toEqual([{ type: 'CourseRated', payload: { studentId: 1, courseId: 7, rating: 4 } }]);
      expect(sc.reviews).toBe('Très clair');
    });

    it.each([0, 6, 3.5, '4', null])('refuses the rating %p', (rating) => {
      expect(() => enrolled().rate(rating, '', now, noFormation)).toThrow(InvalidRatingError);
    });

    it('refuses a student who is not enrolled', () => {
      expect(() => new StudentCourse(1, 7).rate(5, '', now, noFormation)).toThrow(NotEnrolledError);
    });

    it('accepts a student enrolled through their formation title, whatever its case and spaces', () => {
      const sc = new StudentCourse(1, 7);
      sc.rate(5, '', now, { formationTitle: '  excel ', courseTitle: 'Excel' });
      expect(sc.takeEvents()).toHaveLength(1);
    });

    it('refuses a second rating', () => {
      const sc = enrolled();
      sc.rate(5, '', now, noFormation);
      expect(() => sc.rate(4, '', now, noFormation)).toThrow(AlreadyRatedError);
    });
  });

  describe('favourites', () => {
    it('records a favourite once and an unfavourite once', () => {
      const sc = new StudentCourse(1, 7);
      sc.favourite(now);
      sc.favourite(now);
      sc.unfavourite();
      sc.unfavourite();
      expect(sc.takeEvents().map((e) => e.type)).toEqual(['CourseFavourited', 'CourseUnfavourited']);
      expect(sc.version).toBe(2);
    });
  });
});

describe('matchesFormation', () => {
  it.each([
    [null, 'Excel', false],
    ['', 'Excel', false],
    ['Word', 'Excel', false],
    ['EXCEL', 'excel', true],
  ])('formation %p and course %p: %p', (formation, course, expected) => {
    expect(matchesFormation(formation, course)).toBe(expected);
  });
});
