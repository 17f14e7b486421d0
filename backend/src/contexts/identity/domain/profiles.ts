// The identity aggregates: a person's profile with its account (one file per role).
import { Account } from './account.aggregate.js';
import { ActivationToken } from './activation-token.js';
import { AdminProfile } from './admin-profile.aggregate.js';
import { AuditorProfile } from './auditor-profile.aggregate.js';
import { StudentProfile } from './student-profile.aggregate.js';
import { TeacherProfile } from './teacher-profile.aggregate.js';

export { changedFields, joinNames, Profile, recordDigest, splitFullname } from './profile.js';
export { AdminProfile } from './admin-profile.aggregate.js';
export { AuditorProfile, AUDITOR_MESSAGES, type AuditorScope } from './auditor-profile.aggregate.js';
export { StudentProfile, type StudentChanges, type StudentRecord } from './student-profile.aggregate.js';
export { normaliseSkills, TeacherProfile, type TeacherAdminRecord, type TeacherDetails } from './teacher-profile.aggregate.js';

export const IDENTITY_ENTITIES = [Account, StudentProfile, TeacherProfile, AdminProfile, AuditorProfile, ActivationToken];
