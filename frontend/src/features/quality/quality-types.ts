/** The answers of the complaint and improvement calls, generated from the server's OpenAPI document (docs/adr/0008). */
export type {
  ComplaintView as Complaint,
  ComplaintCourse,
  ComplaintReceipt,
  ImprovementActionView as ImprovementAction,
  MyComplaintView as MyComplaint,
} from '../../lib/api-schema';

export type ComplaintStatus = 'recue' | 'en_cours' | 'traitee' | 'close';
export type ComplaintCategory = 'contenu' | 'formateur' | 'technique' | 'administratif' | 'documents' | 'accessibilite' | 'autre';
export type ImprovementSource = 'reclamation' | 'enquete' | 'audit' | 'autre';
export type ImprovementStatus = 'a_faire' | 'en_cours' | 'terminee' | 'abandonnee';

export interface ComplaintFilters {
  status?: ComplaintStatus;
  category?: ComplaintCategory;
  from?: string;
  to?: string;
}

export interface FileComplaintBody {
  category: ComplaintCategory;
  course_id?: number;
  message: string;
  name?: string;
  email?: string;
  phone?: string;
  website?: string;
  request_key: string;
}

export interface ImprovementBody {
  source?: ImprovementSource;
  description: string;
  owner?: string | null;
  due_on?: string | null;
  /** Drawn once per form (ADR 0022): sent again, the server answers the action already opened. */
  request_key?: string;
}

export interface ImprovementChange {
  description?: string;
  owner?: string | null;
  due_on?: string | null;
  status?: ImprovementStatus;
  result?: string | null;
}
