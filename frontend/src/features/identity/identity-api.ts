import { api } from '../../lib/api';
import { SESSION_HEADER } from '../../lib/base-query';
import type { ActivationResponse, AdminLoginResponse, BoolResponse, StudentLoginResponse, StudentView, TeacherLoginResponse, TeacherView } from '../../lib/api-schema';

export interface Credentials {
  email: string;
  password: string;
}

// The answers' types are generated from the server's OpenAPI document (docs/adr/0008-generated-api-types.md).
export type {
  StudentLoginResponse as StudentLoginAnswer,
  TeacherLoginResponse as TeacherLoginAnswer,
  AdminLoginResponse as AdminLoginAnswer,
  StudentView as Student,
  TeacherView as Teacher,
} from '../../lib/api-schema';

export interface LogoutArgs {
  /** Sent explicitly: the session is cleared before the call leaves. */
  access: string | null;
}

const noReauth = { skipReauth: true };

export const identityApi = api.injectEndpoints({
  endpoints: (build) => ({
    studentLogin: build.mutation<StudentLoginResponse, Credentials>({
      query: (body) => ({ url: 'student-login-jwt/', method: 'POST', body }),
      extraOptions: noReauth,
    }),
    teacherLogin: build.mutation<TeacherLoginResponse, Credentials>({
      query: (body) => ({ url: 'formateur/token/', method: 'POST', body }),
      extraOptions: noReauth,
    }),
    adminLogin: build.mutation<AdminLoginResponse, Credentials>({
      query: (body) => ({ url: 'admin/token/', method: 'POST', body }),
      extraOptions: noReauth,
    }),
    logout: build.mutation<void, LogoutArgs>({
      // The browser's logout: the refresh family is the HttpOnly cookie's (docs/adr/0029).
      query: ({ access }) => ({
        url: 'token/logout/',
        method: 'POST',
        body: {},
        headers: { [SESSION_HEADER]: '1', ...(access ? { Authorization: `Bearer ${access}` } : {}) },
      }),
      extraOptions: noReauth,
    }),

    registerStudent: build.mutation<StudentView, FormData>({
      query: (body) => ({ url: 'student/', method: 'POST', body }),
      extraOptions: noReauth,
    }),
    getStudent: build.query<StudentView, string>({
      query: (id) => `student/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Student', id }],
    }),
    updateStudent: build.mutation<StudentView, { id: string; body: FormData }>({
      query: ({ id, body }) => ({ url: `student/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Student', id },
        { type: 'Student', id: 'LIST' },
      ],
    }),
    changeStudentPassword: build.mutation<BoolResponse, { id: string; body: FormData }>({
      query: ({ id, body }) => ({ url: `student/change-password/${id}/`, method: 'POST', body }),
    }),

    registerTeacher: build.mutation<TeacherView, FormData>({
      query: (body) => ({ url: 'formateur-register/', method: 'POST', body }),
      extraOptions: noReauth,
    }),
    getTeacher: build.query<TeacherView, string>({
      query: (id) => `teacher/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Teacher', id }],
    }),
    updateTeacher: build.mutation<TeacherView, { id: string; body: FormData }>({
      query: ({ id, body }) => ({ url: `teacher/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Teacher', id },
        { type: 'Teacher', id: 'LIST' },
      ],
    }),
    changeTeacherPassword: build.mutation<BoolResponse, { id: string; body: FormData }>({
      query: ({ id, body }) => ({ url: `teacher/change-password/${id}/`, method: 'POST', body }),
    }),
    /** POST /activation/lookup: who the activation link is for, and whether they must choose their e-mail (docs/adr/0052). */
    lookupActivation: build.mutation<ActivationResponse, { token: string }>({
      query: (body) => ({ url: 'activation/lookup', method: 'POST', body }),
      extraOptions: noReauth,
    }),
    /** POST /activation: the imported learner chooses their password (and e-mail); the link works once. */
    activateStudent: build.mutation<void, { token: string; password: string; email?: string }>({
      query: (body) => ({ url: 'activation', method: 'POST', body }),
      extraOptions: noReauth,
    }),
  }),
});

export const {
  useStudentLoginMutation,
  useTeacherLoginMutation,
  useAdminLoginMutation,
  useLogoutMutation,
  useRegisterStudentMutation,
  useGetStudentQuery,
  useUpdateStudentMutation,
  useChangeStudentPasswordMutation,
  useRegisterTeacherMutation,
  useGetTeacherQuery,
  useUpdateTeacherMutation,
  useChangeTeacherPasswordMutation,
  useLookupActivationMutation,
  useActivateStudentMutation,
} = identityApi;
