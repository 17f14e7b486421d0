import { STUDENT_RECORD } from '../../identity/contracts/identity.read-models.js';

/** The published view, by name or through its constant; its own tables; the platform's. */
export const BY_NAME = `select username from identity.student_record where id = $1`;
export const BY_CONSTANT = `select username from ${STUDENT_RECORD} s join administration.headcount h on true`;
export const PLATFORM = `select position from eventlog.checkpoint where name = $1`;
