import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQueryWithReauth } from './base-query';

/**
 * The one RTK Query api slice of the application. Features add their endpoints with
 * `api.injectEndpoints` and export their own hooks; every tag type is declared here.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQueryWithReauth(),
  tagTypes: [
    'Student',
    'Teacher',
    'Admin',
    'Category',
    'Course',
    'Chapter',
    'Subchapter',
    'Enrolment',
    'Rating',
    'Progress',
    'ScormProgress',
    'Quiz',
    'Question',
    'QuizAttempt',
    'Assignment',
    'StudyMaterial',
    'Message',
    'Page',
    'Favourite',
    'Recommendation',
    'Dashboard',
    'StudentProgress',
    'XapiCredential',
  ],
  endpoints: () => ({}),
});
