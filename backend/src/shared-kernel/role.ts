export const ROLES = ['student', 'teacher', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who is calling: read from a verified access token. `profileId` is the student, trainer or admin id. */
export interface Actor {
  accountId: number;
  role: Role;
  profileId: number;
  username: string;
  jti: string;
}
