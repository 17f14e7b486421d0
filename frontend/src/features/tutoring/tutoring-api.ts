import { api } from '../../lib/api';
import type { BoolResponse } from '../../lib/api-schema';
import type {
  ConversationKey,
  FollowedStudent,
  GroupSentResponse,
  Homework,
  Message,
  MessageSentResponse,
  MyTeacher,
  ResponseTimes,
  Side,
  StudentDashboard,
} from './tutoring-types';

export type * from './tutoring-types';

/** The student's trainers (/my-teachers) and the trainer's students (/my-users), with their unread counts. */
export const MY_TEACHERS_TAG = { type: 'Teacher' as const, id: 'MINE' };
export const FOLLOWED_STUDENTS_TAG = { type: 'Student' as const, id: 'FOLLOWED' };
export const STUDENT_DASHBOARD_TAG = { type: 'Dashboard' as const, id: 'STUDENT' };
const MY_HOMEWORK_TAG = { type: 'Assignment' as const, id: 'MINE' };
const homeworkTag = ({ teacherId, studentId }: ConversationKey) => ({ type: 'Assignment' as const, id: `${teacherId}-${studentId}` });
const RESPONSE_TIMES_TAG = { type: 'Message' as const, id: 'RESPONSE-TIMES' };

const conversationPath = ({ teacherId, studentId }: ConversationKey) => `${teacherId}/${studentId}`;

/** Adds the messages not yet in the list (by id), keeping it oldest first. */
export function appendNews(list: Message[], news: readonly Message[]): void {
  const known = new Set(list.map((message) => message.id));
  list.push(...news.filter((message) => !known.has(message.id)));
  list.sort((a, b) => a.id - b.id);
}

export const tutoringApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyTeachers: build.query<MyTeacher[], number>({
      query: (studentId) => `fetch-my-teachers/${studentId}`,
      providesTags: [MY_TEACHERS_TAG],
    }),
    getFollowedStudents: build.query<FollowedStudent[], number>({
      query: (teacherId) => `assigned-students/${teacherId}/`,
      providesTags: [FOLLOWED_STUDENTS_TAG],
    }),
    getResponseTimes: build.query<ResponseTimes, number>({
      query: (teacherId) => `formateur/${teacherId}/response-times/`,
      providesTags: [RESPONSE_TIMES_TAG],
    }),

    /** The history, oldest first; an open chat then asks only for what came after (getNewMessages). */
    getMessages: build.query<Message[], ConversationKey>({
      query: (key) => `get-message/${conversationPath(key)}`,
      // A closed chat keeps nothing: opened again, it reads the history afresh.
      keepUnusedDataFor: 0,
    }),
    /** The messages after `after`; 0 (an empty conversation so far) is no message id: the whole history then. */
    getNewMessages: build.query<Message[], ConversationKey & { after: number }>({
      query: ({ after, ...key }) => ({ url: `get-message/${conversationPath(key)}`, params: after ? { after } : undefined }),
      keepUnusedDataFor: 0,
    }),
    sendMessage: build.mutation<MessageSentResponse, ConversationKey & { side: Side; text: string }>({
      query: ({ side, text, ...key }) => ({ url: `send-message/${conversationPath(key)}`, method: 'POST', body: { msg_to: text, msg_from: side } }),
      invalidatesTags: [RESPONSE_TIMES_TAG],
    }),
    sendGroupMessage: build.mutation<GroupSentResponse, { teacherId: number; text: string }>({
      query: ({ teacherId, text }) => ({ url: `send-group-message/${teacherId}`, method: 'POST', body: { msg_to: text, msg_from: 'formateur' } }),
    }),
    /** The caller has read what the other side sent: their list's unread count goes down. */
    markMessagesRead: build.mutation<BoolResponse, ConversationKey & { side: Side }>({
      query: (key) => ({ url: `mark-messages-read/${conversationPath(key)}`, method: 'POST' }),
      invalidatesTags: (result, _e, { side }) => (result?.bool ? [side === 'student' ? MY_TEACHERS_TAG : FOLLOWED_STUDENTS_TAG] : []),
    }),

    getMyHomework: build.query<Homework[], number>({
      query: (studentId) => `my-assignments/${studentId}`,
      providesTags: [MY_HOMEWORK_TAG],
    }),
    /** PUT /update-assignments/{id} with student_status=true: done for good. */
    completeHomework: build.mutation<BoolResponse, number>({
      query: (id) => ({ url: `update-assignments/${id}`, method: 'PUT', body: { student_status: true } }),
      invalidatesTags: [MY_HOMEWORK_TAG, STUDENT_DASHBOARD_TAG],
    }),
    getStudentHomework: build.query<Homework[], ConversationKey>({
      query: (key) => `student-assignment/${conversationPath(key)}`,
      providesTags: (_r, _e, key) => [homeworkTag(key)],
    }),
    giveHomework: build.mutation<Homework, ConversationKey & { title: string; detail: string; dueDate?: string | null }>({
      query: ({ teacherId, studentId, title, detail, dueDate }) => ({
        url: `student-assignment/${teacherId}/${studentId}`,
        method: 'POST',
        body: { teacher: teacherId, student: studentId, title, detail, ...(dueDate ? { due_date: dueDate } : {}) },
      }),
      invalidatesTags: (_r, _e, key) => [homeworkTag(key), FOLLOWED_STUDENTS_TAG],
    }),
    /** POST /homework/{id}/submissions (multipart): the answer, the files, and a key drawn once per attempt (a double click answers the first). */
    submitHomework: build.mutation<Homework, { id: number; answer: string; files: File[]; key: string }>({
      query: ({ id, answer, files, key }) => {
        const body = new FormData();
        if (answer) body.append('answer', answer);
        for (const file of files) body.append('upload', file, file.name);
        body.append('submission_key', key);
        return { url: `homework/${id}/submissions`, method: 'POST', body };
      },
      invalidatesTags: [MY_HOMEWORK_TAG, STUDENT_DASHBOARD_TAG],
    }),
    /** PUT /homework/{id}/grade: out of 20, by half points, with optional feedback. */
    gradeHomework: build.mutation<Homework, ConversationKey & { id: number; grade: number; feedback: string }>({
      query: ({ id, grade, feedback }) => ({ url: `homework/${id}/grade`, method: 'PUT', body: { grade, feedback } }),
      invalidatesTags: (_r, _e, key) => [homeworkTag(key)],
    }),
    getStudentDashboard: build.query<StudentDashboard, number>({
      query: (studentId) => `student/dashboard/${studentId}/`,
      providesTags: [STUDENT_DASHBOARD_TAG],
    }),
  }),
});

export const {
  useGetMyTeachersQuery,
  useGetFollowedStudentsQuery,
  useGetResponseTimesQuery,
  useGetMessagesQuery,
  useSendMessageMutation,
  useSendGroupMessageMutation,
  useMarkMessagesReadMutation,
  useGetMyHomeworkQuery,
  useCompleteHomeworkMutation,
  useGetStudentHomeworkQuery,
  useGiveHomeworkMutation,
  useSubmitHomeworkMutation,
  useGradeHomeworkMutation,
  useGetStudentDashboardQuery,
} = tutoringApi;
