import { api } from '../../app/api';

export interface Credentials {
  email: string;
  password: string;
}

/** Answer of POST /student-login-jwt/ (01 §3). */
export interface StudentLoginAnswer {
  bool: boolean;
  student_id?: number;
  access?: string;
  refresh?: string;
  username?: string;
  error?: string | null;
}

/** Answer of POST /formateur/token/ (02 §7). */
export interface TeacherLoginAnswer {
  bool: boolean;
  formateur_id?: number;
  access?: string;
  refresh?: string;
  username?: string;
  error?: string | null;
}

/** Answer of POST /admin/token/ (03 §3). */
export interface AdminLoginAnswer {
  access?: string;
  refresh?: string;
  admin_id?: number;
  username?: string;
}

export interface Student {
  id: number;
  fullname: string;
  email: string;
  username: string;
  interseted_categories: string;
  profile_img: string | null;
  is_active: boolean;
  formation_title?: string | null;
}

export interface Teacher {
  id: number;
  full_name: string;
  email: string;
  username?: string | null;
  qualification: string;
  mobile_no: string;
  skills: string;
  detail: string;
  profile_img: string | null;
  face_url: string;
  insta_url: string;
  twit_url: string;
  web_url: string;
  you_url: string;
}

export interface LogoutArgs {
  refresh: string;
  /** Sent explicitly: the session is cleared before the call leaves. */
  access: string | null;
}

const noReauth = { skipReauth: true };

export const identityApi = api.injectEndpoints({
  endpoints: (build) => ({
    studentLogin: build.mutation<StudentLoginAnswer, Credentials>({
      query: (body) => ({ url: 'student-login-jwt/', method: 'POST', body }),
      extraOptions: noReauth,
    }),
    teacherLogin: build.mutation<TeacherLoginAnswer, Credentials>({
      query: (body) => ({ url: 'formateur/token/', method: 'POST', body }),
      extraOptions: noReauth,
    }),
    adminLogin: build.mutation<AdminLoginAnswer, Credentials>({
      query: (body) => ({ url: 'admin/token/', method: 'POST', body }),
      extraOptions: noReauth,
    }),
    logout: build.mutation<void, LogoutArgs>({
      query: ({ refresh, access }) => ({
        url: 'logout/',
        method: 'POST',
        body: { refresh },
        headers: access ? { Authorization: `Bearer ${access}` } : undefined,
      }),
      extraOptions: noReauth,
    }),

    registerStudent: build.mutation<Student, FormData>({
      query: (body) => ({ url: 'student/', method: 'POST', body }),
      extraOptions: noReauth,
    }),
    getStudent: build.query<Student, string>({
      query: (id) => `student/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Student', id }],
    }),
    updateStudent: build.mutation<Student, { id: string; body: FormData }>({
      query: ({ id, body }) => ({ url: `student/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Student', id },
        { type: 'Student', id: 'LIST' },
      ],
    }),
    changeStudentPassword: build.mutation<{ bool: boolean }, { id: string; body: FormData }>({
      query: ({ id, body }) => ({ url: `student/change-password/${id}/`, method: 'POST', body }),
    }),

    registerTeacher: build.mutation<Teacher, FormData>({
      query: (body) => ({ url: 'formateur-register/', method: 'POST', body }),
      extraOptions: noReauth,
    }),
    getTeacher: build.query<Teacher, string>({
      query: (id) => `teacher/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Teacher', id }],
    }),
    updateTeacher: build.mutation<Teacher, { id: string; body: FormData }>({
      query: ({ id, body }) => ({ url: `teacher/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Teacher', id },
        { type: 'Teacher', id: 'LIST' },
      ],
    }),
    changeTeacherPassword: build.mutation<unknown, { id: string; body: FormData }>({
      query: ({ id, body }) => ({ url: `teacher/change-password/${id}/`, method: 'POST', body }),
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
} = identityApi;
