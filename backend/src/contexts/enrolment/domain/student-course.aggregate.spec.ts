import { AlreadyEnrolledError, AlreadyRatedError, InvalidRatingError, NotEnrolledError } from './enrolment.errors.js';
import { StudentCourse } from './student-course.aggregate.js';

const now = new Date('2026-11-21T10:00:00Z');

function enrolled(): StudentCourse {
  const sc = new StudentCourse(1, 7);
  sc.enrol(now, 'student');
  return sc;
}

describe('StudentCourse', () => {
  describe('enrol', () => {
    it('given nothing, records StudentEnrolled', () => {
      const sc = new StudentCourse(1, 7);
      expect(sc.enrol(now, 'student')).toEqual([{ type: 'StudentEnrolled', payload: { studentId: 1, courseId: 7, enrolledBy: 'student' } }]);
      expect(sc.version).toBe(1);
    });

    it('given an enrolment, refuses a second one', () => {
      expect(() => enrolled().enrol(now, 'student')).toThrow(AlreadyEnrolledError);
    });
  });

  describe('rate', () => {
    it('given an enrolment, records CourseRated and keeps the trimmed review out of the event', () => {
      const sc = enrolled();
      expect(sc.rate(4, '  Très clair  ', now, false)).toEqual([{ type: 'CourseRated', payload: { studentId: 1, courseId: 7, rating: 4 } }]);
      expect(sc.reviews).toBe('Très clair');
    });

    it.each([0, 6, 3.5, '4', null])('refuses the rating %p', (rating) => {
      expect(() => enrolled().rate(rating, '', now, false)).toThrow(InvalidRatingError);
    });

    it('refuses a student who is not enrolled', () => {
      expect(() => new StudentCourse(1, 7).rate(5, '', now, false)).toThrow(NotEnrolledError);
    });

    it('accepts a student enrolled through their formation title', () => {
      expect(new StudentCourse(1, 7).rate(5, '', now, true)).toHaveLength(1);
    });

    it('refuses a second rating', () => {
      const sc = enrolled();
      sc.rate(5, '', now, false);
      expect(() => sc.rate(4, '', now, false)).toThrow(AlreadyRatedError);
    });
  });

  describe('favourites', () => {
    it('records a favourite once and an unfavourite once', () => {
      const sc = new StudentCourse(1, 7);
      expect(sc.favourite(now).map((e) => e.type)).toEqual(['CourseFavourited']);
      expect(sc.favourite(now)).toEqual([]);
      expect(sc.unfavourite().map((e) => e.type)).toEqual(['CourseUnfavourited']);
      expect(sc.unfavourite()).toEqual([]);
      expect(sc.version).toBe(2);
    });
  });
});
