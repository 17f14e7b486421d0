import { applyDecorators, Injectable, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { UnauthenticatedError } from '../../shared-kernel/index.js';

/**
 * Course content (videos, SCORM files, documents) is fetched by the browser itself (`<video src>`,
 * a SCORM package's relative files in an iframe, a download link), which sends no bearer token.
 * A short-lived HttpOnly cookie scoped to `/media/` carries a media session instead
 * (docs/adr/0011-course-content-and-archiving.md): identity issues it and provides the strategy
 * that checks it as strictly as an access token; each request is then checked against the course.
 */
export const MEDIA_SESSION_STRATEGY = 'media-session';
export const MEDIA_COOKIE = 'lms_media';
export const MEDIA_SESSION_SECONDS = 30 * 60;
export const MEDIA_AUDIENCE = 'media';

/** Reads one cookie from a Cookie header (no cookie plugin needed for one value). */
export function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim() || null;
  }
  return null;
}

@Injectable()
export class MediaSessionGuard extends AuthGuard(MEDIA_SESSION_STRATEGY) {
  override handleRequest<T>(error: unknown, actor: T): T {
    if (error instanceof Error && !(error instanceof UnauthenticatedError)) throw error;
    if (error || !actor) throw error ?? new UnauthenticatedError('Accès au contenu expiré ou absent : rechargez la page après vous être connecté.');
    return actor;
  }
}

/** The call needs a valid media session cookie; its Actor is then the current actor. */
export function MediaAuthenticated() {
  return applyDecorators(UseGuards(MediaSessionGuard));
}
