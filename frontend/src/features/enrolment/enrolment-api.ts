import { api } from '../../lib/api';
import type { BoolResponse, EnrolmentResponse, FavouriteResponse, RatingResponse } from '../../lib/api-schema';
import type { CourseSummary } from '../../components/course';

/** A student's relation to one course: both ids as the API takes them. */
export interface StudentCourse {
  studentId: number;
  courseId: number;
}

export interface RatingInput extends StudentCourse {
  rating: number;
  reviews?: string;
}


const pairId = ({ studentId, courseId }: StudentCourse) => `${studentId}-${courseId}`;
const toBool = (answer: BoolResponse) => Boolean(answer?.bool);
/** A rejected queryFulfilled carries the base query's error under `error`. */
const isConflict = (failure: unknown) =>
  (failure as { error?: { status?: unknown } } | undefined)?.error?.status === 409;

export const enrolmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEnrolStatus: build.query<boolean, StudentCourse>({
      query: ({ studentId, courseId }) => `fetch-enroll-status/${studentId}/${courseId}/`,
      transformResponse: toBool,
      providesTags: (_r, _e, arg) => [{ type: 'Enrolment', id: pairId(arg) }],
    }),
    /**
     * POST /student-enroll-course/. The status flips at once (onQueryStarted) and is put back on a
     * failure; a 409 means the student already was enrolled, so the flip stands.
     */
    enrol: build.mutation<EnrolmentResponse, StudentCourse>({
      query: ({ studentId, courseId }) => ({
        url: 'student-enroll-course/',
        method: 'POST',
        body: { course: courseId, student: studentId },
      }),
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const patch = dispatch(enrolmentApi.util.updateQueryData('getEnrolStatus', arg, () => true));
        try {
          await queryFulfilled;
        } catch (failure) {
          if (!isConflict(failure)) patch.undo();
        }
      },
      // Course lists show enrolment counts; recommendations leave out enrolled courses.
      invalidatesTags: (_r, error) =>
        error ? [] : [{ type: 'Course', id: 'LIST' }, { type: 'Recommendation', id: 'LIST' }],
    }),

    getRatingStatus: build.query<boolean, StudentCourse>({
      query: ({ studentId, courseId }) => `fetch-rating-status/${studentId}/${courseId}/`,
      transformResponse: toBool,
      providesTags: (_r, _e, arg) => [{ type: 'Rating', id: pairId(arg) }],
    }),
    rate: build.mutation<RatingResponse, RatingInput>({
      query: ({ studentId, courseId, rating, reviews }) => ({
        url: 'course-rating/',
        method: 'POST',
        body: { course: courseId, student: studentId, rating, ...(reviews ? { reviews } : {}) },
      }),
      async onQueryStarted({ studentId, courseId }, { dispatch, queryFulfilled }) {
        const arg = { studentId, courseId };
        const patch = dispatch(enrolmentApi.util.updateQueryData('getRatingStatus', arg, () => true));
        try {
          await queryFulfilled;
        } catch (failure) {
          if (!isConflict(failure)) patch.undo();
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Course', id: 'LIST' }]),
    }),

    getFavouriteStatus: build.query<boolean, StudentCourse>({
      query: ({ studentId, courseId }) => `fetch-favorite-status/${studentId}/${courseId}/`,
      transformResponse: toBool,
      providesTags: (_r, _e, arg) => [{ type: 'Favourite', id: pairId(arg) }],
    }),
    /** Adds (`favourite: true`) or removes a favourite; the toggle flips at once. */
    setFavourite: build.mutation<FavouriteResponse | null, StudentCourse & { favourite: boolean }>({
      query: ({ studentId, courseId, favourite }) =>
        favourite
          ? { url: 'favorite-course/', method: 'POST', body: { course: courseId, student: studentId } }
          : { url: `favorite-course/${studentId}/${courseId}/`, method: 'DELETE' },
      async onQueryStarted({ studentId, courseId, favourite }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          enrolmentApi.util.updateQueryData('getFavouriteStatus', { studentId, courseId }, () => favourite),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Favourite', id: 'LIST' }]),
    }),
    getFavouriteCourses: build.query<CourseSummary[], number>({
      query: (studentId) => `fetch-favorite-coourses/${studentId}/`,
      providesTags: [{ type: 'Favourite', id: 'LIST' }],
    }),
    getRecommendedCourses: build.query<CourseSummary[], number>({
      query: (studentId) => `fetch-recommended-courses/${studentId}/`,
      providesTags: [{ type: 'Recommendation', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetEnrolStatusQuery,
  useEnrolMutation,
  useGetRatingStatusQuery,
  useRateMutation,
  useGetFavouriteStatusQuery,
  useSetFavouriteMutation,
  useGetFavouriteCoursesQuery,
  useGetRecommendedCoursesQuery,
} = enrolmentApi;
