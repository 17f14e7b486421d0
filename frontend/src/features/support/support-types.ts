/** The answers of the support-request calls, generated from the server's OpenAPI document (docs/adr/0008). */
export type { SupportAnswerView as SupportAnswer, SupportRequestView as SupportRequest } from '../../lib/api-schema';

export type SupportStatus = 'ouverte' | 'repondue' | 'resolue';
export type SupportCategory = 'connexion' | 'video' | 'scorm' | 'quiz' | 'autre';

export interface OpenSupportRequestBody {
  category: SupportCategory;
  course_id?: number;
  message: string;
  request_key: string;
}
