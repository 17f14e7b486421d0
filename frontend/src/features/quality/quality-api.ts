import { api } from '../../lib/api';
import type {
  Complaint, ComplaintCourse, ComplaintFilters, ComplaintReceipt, FileComplaintBody, ImprovementAction, ImprovementBody, ImprovementChange,
  ImprovementSource, ImprovementStatus, MyComplaint,
} from './quality-types';

export type * from './quality-types';

/** Only the filters that are set, as query parameters. */
export const paramsOf = (filters: object): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Record<string, string>;

/** Complaints and the improvement log (/api/complaints, /api/admin/complaints, /api/admin/improvement-actions; docs/adr/0048). */
export const qualityApi = api.enhanceEndpoints({ addTagTypes: ['Complaint', 'ImprovementAction'] }).injectEndpoints({
  endpoints: (build) => ({
    getComplaintCourses: build.query<ComplaintCourse[], void>({ query: () => 'complaints/courses' }),
    fileComplaint: build.mutation<ComplaintReceipt, FileComplaintBody>({
      query: (body) => ({ url: 'complaints', method: 'POST', body }),
      invalidatesTags: ['Complaint'],
    }),
    getMyComplaints: build.query<MyComplaint[], void>({ query: () => 'complaints/mine', providesTags: ['Complaint'] }),
    getComplaints: build.query<Complaint[], ComplaintFilters>({
      query: (filters) => ({ url: 'admin/complaints', params: paramsOf(filters) }),
      providesTags: ['Complaint'],
    }),
    getComplaint: build.query<Complaint, number>({
      query: (id) => `admin/complaints/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Complaint', id }],
    }),
    changeComplaintStatus: build.mutation<Complaint, { id: number; status: string }>({
      query: ({ id, status }) => ({ url: `admin/complaints/${id}/status`, method: 'PUT', body: { status } }),
      invalidatesTags: ['Complaint'],
    }),
    answerComplaint: build.mutation<Complaint, { id: number; message: string; answer_key: string }>({
      query: ({ id, ...body }) => ({ url: `admin/complaints/${id}/answers`, method: 'POST', body }),
      invalidatesTags: ['Complaint'],
    }),
    recordComplaintAction: build.mutation<Complaint, { id: number; action_taken: string }>({
      query: ({ id, ...body }) => ({ url: `admin/complaints/${id}/action`, method: 'PUT', body }),
      invalidatesTags: ['Complaint'],
    }),
    openComplaintImprovement: build.mutation<ImprovementAction, { id: number } & ImprovementBody>({
      query: ({ id, ...body }) => ({ url: `admin/complaints/${id}/improvement-actions`, method: 'POST', body }),
      invalidatesTags: ['Complaint', 'ImprovementAction'],
    }),
    getImprovementActions: build.query<ImprovementAction[], { status?: ImprovementStatus; source?: ImprovementSource }>({
      query: (filters) => ({ url: 'admin/improvement-actions', params: paramsOf(filters) }),
      providesTags: ['ImprovementAction'],
    }),
    openImprovementAction: build.mutation<ImprovementAction, ImprovementBody>({
      query: (body) => ({ url: 'admin/improvement-actions', method: 'POST', body }),
      invalidatesTags: ['ImprovementAction'],
    }),
    updateImprovementAction: build.mutation<ImprovementAction, { id: number } & ImprovementChange>({
      query: ({ id, ...body }) => ({ url: `admin/improvement-actions/${id}`, method: 'PUT', body }),
      invalidatesTags: ['ImprovementAction', 'Complaint'],
    }),
  }),
});

export const {
  useGetComplaintCoursesQuery,
  useFileComplaintMutation,
  useGetMyComplaintsQuery,
  useGetComplaintsQuery,
  useGetComplaintQuery,
  useChangeComplaintStatusMutation,
  useAnswerComplaintMutation,
  useRecordComplaintActionMutation,
  useOpenComplaintImprovementMutation,
  useGetImprovementActionsQuery,
  useOpenImprovementActionMutation,
  useUpdateImprovementActionMutation,
} = qualityApi;
