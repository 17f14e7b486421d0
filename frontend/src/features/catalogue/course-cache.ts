import { useMemo } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { catalogueApi } from './catalogue-api';

/**
 * Enrolment counts and average ratings are projections that may lag the write by a moment, so a
 * refetch right after enrolling or rating could show the old figures. The detail page instead
 * patches the cached course once the enrolment feature reports success (the area wires the two).
 */
export function useCourseStatsPatch(courseId: number) {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      enrolled: () => {
        dispatch(
          catalogueApi.util.updateQueryData('getCourse', courseId, (course) => {
            course.total_enrolled_students += 1;
          }),
        );
      },
      rated: (rating: number) => {
        dispatch(
          catalogueApi.util.updateQueryData('getCourse', courseId, (course) => {
            const count = course.rating_count ?? 0;
            const total = (course.course_rating ?? 0) * count + rating;
            course.rating_count = count + 1;
            course.course_rating = Math.round((total / (count + 1)) * 10) / 10;
          }),
        );
      },
    }),
    [dispatch, courseId],
  );
}
