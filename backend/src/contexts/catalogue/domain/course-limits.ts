// The sizes a course and its steps may reach; the authoring forms' request checks read the same.

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const TEXT_CONTENT_MAX = 200_000;
/** 999 h: far beyond any step, and well inside an integer. */
export const DURATION_MAX = 999 * 3600;
