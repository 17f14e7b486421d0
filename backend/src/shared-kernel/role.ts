/** `auditor`: a read-only access to evidence, with a scope and an end date (docs/adr/0039). */
export const ROLES = ['student', 'teacher', 'admin', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

/** Who is calling: read from a verified access token. `profileId` is the student, trainer, admin or auditor id. */
export interface Actor {
  accountId: number;
  role: Role;
  profileId: number;
  username: string;
  jti: string;
}

/**
 * Who reads, for queries whose answer depends on it: a signed-in actor, nobody (a public page), or
 * the platform itself (a command answering with what it just wrote, demo data, scripts).
 */
export type Reader = Actor | null | 'system';
