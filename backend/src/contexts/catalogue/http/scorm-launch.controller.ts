import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { LaunchTokens, type LaunchClaims } from '../../../platform/auth/launch-token.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { appOriginOf, contentOriginFor, hostOf, WRONG_HOST } from '../../../platform/http/content-origin.js';
import { RequiredId } from '../../../platform/http/fields.js';
import { MediaStorage } from '../../../platform/storage/media-storage.js';
import { sendStoredFile } from '../../../platform/storage/serve-file.js';
import { ConflictError, ForbiddenError, NotFoundError, type Actor } from '../../../shared-kernel/index.js';
import { launchUrl } from '../application/queries/authoring.sql.js';
import { CanReadCourseContent } from '../application/queries/can-read-course-content.query.js';
import { GetScormLaunchTarget, type ScormLaunchTarget } from '../application/queries/get-scorm-launch-target.query.js';
import { countSaved, countWrite, SCORM_LISTS } from './scorm-launch-counts.js';

const UNAVAILABLE = 'Module SCORM non disponible';
const NOT_ALLOWED = 'Ce contenu est réservé aux étudiants inscrits au cours, à son formateur et aux administrateurs.';
const EXPIRED = 'Lien du module invalide ou expiré : rouvrez le module depuis le cours.';
const NOT_FOUND = 'Contenu introuvable.';
const NO_CONTENT_ORIGIN =
  'Les modules SCORM ne peuvent pas s’ouvrir à cette adresse : configurez l’origine des contenus (CONTENT_ORIGIN) ou ouvrez la plateforme sur localhost.';

export class ScormLaunchForm {
  @RequiredId('Le chapitre SCORM à ouvrir', 'Indiquez le chapitre SCORM à ouvrir.', 'Le chapitre doit être un identifiant valide.')
  chapter_id!: number;
}

export class ScormLaunchView {
  @ApiProperty({ description: 'L’origine (autre hôte que la plateforme) d’où le module est servi ; seule origine acceptée par le pont postMessage' })
  content_origin!: string;
  @ApiProperty({ description: 'À compléter par le chemin du fichier du paquet (celui de scorm_url ou d’un SCO après /media/scorm/{id}/) : la page de lancement' })
  launch_base!: string;
  @ApiProperty({ description: 'Fin de validité du jeton de lancement (ISO 8601)' })
  expires_at!: string;
}

/** The wildcard of a content URL as a stored relative path; refuses anything that could leave the package. */
function relativePath(raw: string | undefined): string {
  const path = raw ?? '';
  if (!path || path.split('/').some((part) => part === '..' || part === '.' || part === '') || path.includes('\\')) throw new NotFoundError(NOT_FOUND);
  return path;
}

let bridgeScript: string | null = null;
/** scorm-again's CrossFrameAPI (the child side of the bridge), read once from the installed package. */
function crossFrameApi(): string {
  bridgeScript ??= readFileSync(createRequire(import.meta.url).resolve('scorm-again/cross-frame-api/min'), 'utf8');
  return bridgeScript;
}

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The content origin's policy: framed only by the app (and, for the package's own files, by the
 * launch page of the same origin); requests allowed to itself and to external https resources,
 * which excludes the app as long as it is on another host in plain http, and is backed in any case
 * by the app refusing every request whose Origin is this one (docs/adr/0025). No referrer: the
 * token is in the path.
 */
function contentHeaders(reply: FastifyReply, claims: LaunchClaims, framedBy: 'app' | 'app-and-self'): void {
  const ancestors = framedBy === 'app' ? claims.appOrigin : `'self' ${claims.appOrigin}`;
  const sources = `'self' https: data: blob: 'unsafe-inline' 'unsafe-eval'`;
  void reply
    .header('content-security-policy', `default-src ${sources}; form-action 'self' https:; base-uri 'self'; frame-ancestors ${ancestors}`)
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-cache');
}

/**
 * SCORM packages on their own origin (docs/adr/0025-scorm-content-origin.md). The app asks for a
 * launch (`POST /api/scorm-launch/`, bearer): the server checks the reader and signs a short-lived
 * token bound to the account, the chapter and the two origins. On the content origin, the launch
 * page `/scorm-launch/{token}/{file}` exposes the run-time API through scorm-again's CrossFrameAPI
 * (which talks to the player by postMessage, with the app's origin only) and nests the package's
 * `/scorm-content/{token}/{file}`; every file request checks the token, the host and the reader again.
 */
@ApiTags('Lecteur de cours')
@Controller()
export class ScormLaunchController {
  constructor(
    private readonly queries: QueryBus,
    private readonly storage: MediaStorage,
    private readonly tokens: LaunchTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('scorm-launch')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Ouvre un module SCORM : l’adresse de lancement, sur l’origine des contenus, avec un jeton court lié au compte et au chapitre' })
  @ApiOkResponse({ type: ScormLaunchView })
  async launch(@CurrentActor() actor: Actor, @Body() form: ScormLaunchForm, @Req() request: FastifyRequest): Promise<ScormLaunchView> {
    const target = await this.target(form.chapter_id);
    await this.assertReader(actor, target);
    const appOrigin = appOriginOf(request);
    const contentOrigin = contentOriginFor(this.config, appOrigin);
    if (!appOrigin || !contentOrigin) throw new ConflictError(NO_CONTENT_ORIGIN);
    const { token, expires } = this.tokens.sign({
      accountId: actor.accountId,
      role: actor.role,
      profileId: actor.profileId,
      chapterId: form.chapter_id,
      version: target.version,
      contentOrigin,
      appOrigin,
    });
    return { content_origin: contentOrigin, launch_base: `${contentOrigin}/scorm-launch/${token}/`, expires_at: expires.toISOString() };
  }

  @Get('scorm-launch/bridge.js')
  @ApiExcludeEndpoint()
  bridge(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    void reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=3600')
      .send(crossFrameApi());
  }

  /** The launch page: the run-time API on this window, the package's file in a frame of its own below it. */
  @Get('scorm-launch/:token/*')
  @ApiExcludeEndpoint()
  async launchPage(@Param('token') token: string, @Param('*') raw: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { claims, target } = await this.authorise(token, request);
    relativePath(raw);
    const file = raw === 'index.html' && target.launch !== 'index.html' ? launchUrl(target.launch) : request.url.slice(`/scorm-launch/${token}/`.length);
    const packageUrl = `/scorm-content/${token}/${file}`;
    contentHeaders(reply, claims, 'app');
    void reply.header('content-type', 'text/html; charset=utf-8').send(launchHtml(claims, packageUrl));
  }

  /** A file of the package, on the content origin only. */
  @Get('scorm-content/:token/*')
  @ApiExcludeEndpoint()
  async file(@Param('token') token: string, @Param('*') raw: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { claims, target } = await this.authorise(token, request);
    const path = relativePath(raw);
    contentHeaders(reply, claims, 'app-and-self');
    if (path === 'index.html' && target.launch !== 'index.html') {
      await reply.redirect(`/scorm-content/${token}/${launchUrl(target.launch)}`, 302);
      return;
    }
    await sendStoredFile(reply, request, this.storage, `${target.scorm_path}/${path}`, { cacheSeconds: 0 });
  }

  /** The token is genuine and unexpired, asked on the host it names, and its account may still read the course. */
  private async authorise(token: string, request: FastifyRequest): Promise<{ claims: LaunchClaims; target: ScormLaunchTarget }> {
    const claims = this.tokens.verify(token);
    if (!claims) throw new ForbiddenError(EXPIRED);
    if (request.host !== hostOf(claims.contentOrigin)) throw new NotFoundError(WRONG_HOST);
    const target = await this.target(claims.chapterId);
    await this.assertReader({ accountId: claims.accountId, role: claims.role, profileId: claims.profileId, username: '', jti: '' }, target);
    return { claims, target };
  }

  private async target(chapterId: number): Promise<ScormLaunchTarget> {
    const target = await this.queries.execute(new GetScormLaunchTarget(chapterId));
    if (!target) throw new NotFoundError(UNAVAILABLE);
    return target;
  }

  private async assertReader(actor: Actor, target: ScormLaunchTarget): Promise<void> {
    if (!(await this.queries.execute(new CanReadCourseContent(actor, target.course_id)))) throw new ForbiddenError(NOT_ALLOWED);
  }
}

/**
 * The launch page. The API object (window.API for 1.2, window.API_1484_11 for 2004) is scorm-again's
 * CrossFrameAPI: it answers the package at once from a cache and forwards every call to the player
 * by postMessage, to the app's origin only, accepting answers from it only. The cache is filled
 * with the learner's saved data before the package is loaded, so a GetValue right after
 * Initialize already reads where to resume. The package runs in a frame below, whose parent is
 * this window: the API finders that walk up from the package find it at the first step.
 */
function launchHtml(claims: LaunchClaims, packageUrl: string): string {
  const settings = scriptJson({ app: claims.appOrigin, version: claims.version, src: packageUrl, lists: SCORM_LISTS[claims.version] });
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Module SCORM</title>
<style>html,body{margin:0;height:100%;overflow:hidden}iframe{display:block;border:0;width:100%;height:100%}</style>
<script src="/scorm-launch/bridge.js"></script>
</head><body><script>
(function () {
  var settings = ${settings};
  var countWrite = ${countWrite.toString()};
  var countSaved = ${countSaved.toString()};
  var api = new CrossFrameAPI(settings.app, window.parent, { timeout: 15000 });
  // Each write also counts the lists it names, so a GetValue of a _count right after it reads
  // what the run-time will hold (scorm-launch-counts.ts).
  var exposed = new Proxy(api, {
    get: function (target, name) {
      var value = target[name];
      if (typeof name !== 'string' || !/SetValue$/.test(name) || typeof value !== 'function') return value;
      return function (key, data) {
        var result = value(key, data);
        if (typeof key === 'string') countWrite(target._cache, target._cacheTimestamps, key);
        return result;
      };
    }
  });
  if (settings.version === '2004') window.API_1484_11 = exposed; else window.API = exposed;
  var started = false;
  var frame = null;
  // The player, before it removes this page, asks it to unload the package (docs/adr/0025): the
  // package's frame goes to about:blank, so its beforeunload/pagehide/unload handlers run while
  // this page is there to forward their calls; the answer follows them (messages keep their order).
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.source !== window.parent || event.origin !== settings.app || !data || typeof data.lmsUnload !== 'string') return;
    var id = data.lmsUnload;
    var answered = false;
    var answer = function () {
      if (answered) return;
      answered = true;
      window.parent.postMessage({ lmsUnloaded: id }, settings.app);
    };
    if (!frame || frame.getAttribute('src') === 'about:blank') return answer();
    frame.addEventListener('load', answer);
    setTimeout(answer, 2500);
    frame.setAttribute('src', 'about:blank');
  });
  function start() {
    if (started) return;
    started = true;
    frame = document.createElement('iframe');
    frame.title = document.title;
    frame.setAttribute('allow', 'fullscreen; autoplay');
    frame.src = settings.src;
    frame.addEventListener('load', function () {
      // The learner's input in the package counts as activity in the player.
      try {
        var doc = frame.contentDocument;
        var last = 0;
        var note = function () {
          var now = Date.now();
          if (now - last < 5000) return;
          last = now;
          window.parent.postMessage({ lmsActivity: true }, settings.app);
        };
        ['pointerdown', 'keydown', 'wheel', 'touchstart'].forEach(function (name) { doc.addEventListener(name, note, { passive: true, capture: true }); });
      } catch (e) { /* a package that navigated elsewhere */ }
    });
    document.body.appendChild(frame);
  }
  api._post('getFlattenedCMI', []).then(function (all) {
    if (all && typeof all === 'object') Object.keys(all).forEach(function (key) { api._cache.set(key, String(all[key])); });
  }).catch(function () { /* no answer: the package starts from the API's defaults */ }).then(function () {
    countSaved(api._cache, api._cacheTimestamps, settings.lists);
    start();
  });
})();
</script></body></html>`;
}
