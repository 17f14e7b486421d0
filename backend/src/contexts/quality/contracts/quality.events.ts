/*
 * The quality context's events (issue 29 item 6, docs/adr/0048): complaints (réclamations, Qualiopi
 * indicator 31) and the improvement log (indicator 32). Ids, categories, statuses and the SHA-256
 * (UTF-8) and length of each text: the texts and the visitors' contact details stay in the
 * context's tables, never in the log.
 */
export const COMPLAINT_STREAM = 'quality.complaint';
export const IMPROVEMENT_ACTION_STREAM = 'quality.improvement-action';

export const COMPLAINT_CATEGORIES = ['contenu', 'formateur', 'technique', 'administratif', 'documents', 'accessibilite', 'autre'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];
export const COMPLAINT_STATUSES = ['recue', 'en_cours', 'traitee', 'close'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
/** Who filed it: a signed-in learner or trainer (their profile id), or a visitor (no account). */
export type FilerKind = 'student' | 'teacher' | 'visitor';

export const IMPROVEMENT_SOURCES = ['reclamation', 'enquete', 'audit', 'autre'] as const;
export type ImprovementSource = (typeof IMPROVEMENT_SOURCES)[number];
export const IMPROVEMENT_STATUSES = ['a_faire', 'en_cours', 'terminee', 'abandonnee'] as const;
export type ImprovementStatus = (typeof IMPROVEMENT_STATUSES)[number];

export interface ComplaintFiled {
  type: 'ComplaintFiled';
  payload: {
    complaintId: number; filerKind: FilerKind;
    /** The learner's or trainer's profile id; null for a visitor. */
    filerId: number | null;
    category: ComplaintCategory; courseId: number | null;
    sha256: string; length: number;
  };
}
export interface ComplaintStatusChanged {
  type: 'ComplaintStatusChanged';
  payload: { complaintId: number; from: ComplaintStatus; to: ComplaintStatus; adminId: number };
}
export interface ComplaintAnswered {
  type: 'ComplaintAnswered';
  payload: {
    complaintId: number; answerId: number; adminId: number; sha256: string; length: number;
    /** For the first answer: seconds from reception to it, by the server's clock; null for later ones. */
    handlingSeconds: number | null;
  };
}
export interface ComplaintActionRecorded {
  type: 'ComplaintActionRecorded';
  payload: { complaintId: number; adminId: number; sha256: string; length: number };
}
export interface ComplaintFilerDataErased {
  type: 'ComplaintFilerDataErased';
  payload: { complaintId: number; reason: 'retention' };
}
export type ComplaintEvent = ComplaintFiled | ComplaintStatusChanged | ComplaintAnswered | ComplaintActionRecorded | ComplaintFilerDataErased;

export interface ImprovementActionOpened {
  type: 'ImprovementActionOpened';
  payload: {
    actionId: number; source: ImprovementSource; complaintId: number | null; adminId: number;
    /** The due day (YYYY-MM-DD) or null. */
    dueOn: string | null;
    sha256: string; length: number;
  };
}
export interface ImprovementActionUpdated {
  type: 'ImprovementActionUpdated';
  payload: {
    actionId: number; adminId: number; status: ImprovementStatus; dueOn: string | null;
    /** Hashes of the texts as they are after the change (description, owner, result; null when empty). */
    descriptionSha256: string; ownerSha256: string | null; resultSha256: string | null;
  };
}
export type ImprovementActionEvent = ImprovementActionOpened | ImprovementActionUpdated;

export type QualityEvent = ComplaintEvent | ImprovementActionEvent;
