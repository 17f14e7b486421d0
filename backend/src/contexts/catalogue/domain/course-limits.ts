// The sizes a course and its steps may reach; the authoring forms' request checks read the same.

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
/** A chapter's or sub-chapter's text (issue 22: 100,000 characters went through; a page of a course is far less). */
export const TEXT_CONTENT_MAX = 50_000;
export const TEXT_CONTENT_TOO_LONG = 'Le texte est trop long (50 000 caractères au plus).';
/** 999 h: far beyond any step, and well inside an integer. */
export const DURATION_MAX = 999 * 3600;
