import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { CODE_FAILURE, CODE_UNAUTHENTICATED, UPLOAD_LIMITS, type TErrorEnvelope } from '@hxk/contracts';
import type { Config } from './config.ts';
import { attachCore, type CoreOptions } from './core.ts';
import { realtimeSocketRoutes } from './platform/realtime-socket.ts';
import { AppError, localizeError } from './platform/errors.ts';
import { fieldLabel, requestLanguage, validationText } from './platform/i18n.ts';
import { registerGuard } from './platform/guard.ts';
import { registerInputEdges } from './platform/input-edges.ts';
import { registerCostLimits, registerRequestLimits } from './platform/rate-limit.ts';
import { registerOps } from './platform/metrics.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { schoolsRoutes } from './modules/schools/schools.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { wechatRoutes } from './modules/auth/wechat.routes.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { coursesRoutes } from './modules/courses/courses.routes.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { supervisionRoutes } from './modules/supervision/supervision.routes.ts';
import { assignmentsRoutes } from './modules/assignments/assignments.routes.ts';
import { classroomsRoutes } from './modules/classrooms/classrooms.routes.ts';
import { orgRoutes } from './modules/org/org.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { evaluationsRoutes } from './modules/evaluations/evaluations.routes.ts';
import { invitationsRoutes } from './modules/invitations/invitations.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { unreadCount } from './modules/notifications/notifications.service.ts';
import { appealsRoutes } from './modules/appeals/appeals.routes.ts';
import { statisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { statisticsExportRoutes } from './modules/statistics/exports.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { questionnairesRoutes } from './modules/questionnaires/questionnaires.routes.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { shoutingRoutes } from './modules/shouting/shouting.routes.ts';
import { usageRoutes } from './modules/usage/usage.routes.ts';
import { analysisRoutes } from './modules/analysis/analysis.routes.ts';
import { boardRoutes } from './modules/analysis/board.routes.ts';
import { correctionsRoutes } from './modules/analysis/corrections.routes.ts';
import { liveAnalysisRoutes } from './modules/analysis/live.routes.ts';
import { liveLessonsRoutes } from './modules/live-lessons/live-lessons.routes.ts';
import { patrolWallRoutes } from './modules/live/rooms.routes.ts';
import { patrolRoutes } from './modules/patrol/patrol.routes.ts';
import { recordingsRoutes } from './modules/recordings/recordings.routes.ts';
import { recordingSharesRoutes } from './modules/recordings/recording-shares.routes.ts';
import { lessonPlansRoutes } from './modules/lesson-plans/lesson-plans.routes.ts';
import { assistantRoutes } from './modules/assistant/assistant.routes.ts';
import { licenceRoutes } from './modules/licence/licence.routes.ts';
import { licenceRefusal, registerLicenceGuard } from './modules/licence/licence-guard.ts';
import { licensed } from './modules/licence/licence-features.ts';

export type BuildOptions = CoreOptions & { logger?: FastifyServerOptions['logger'] };

export const API_PREFIXES = ['/base/', '/app/', '/ai/', '/buttjoint/'];
const isApiRoute = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

/** Builds the whole server without listening: main.ts listens, tests call inject(). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Ids are bigints: never let a JSON number lose precision on the way in.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The services' dependencies and the in-process job worker, which runs while the server does
  // (the kinds JOBS_RUN gives it: core.ts, job-kinds.ts).
  const deps = attachCore(app, opts);

  await app.register(swagger, {
    openapi: {
      info: { title: 'hxk API', version: '0.1.0', description: 'Every reply is { code, msg, data }; code 1 is success.' },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'hxk_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ cookie: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(cookie);
  // Live video comes from the media gateway's own origins (HLS, WebRTC/WHEP), class recordings from
  // its playback server: pages may reach them.
  const gw = config.live.gateway;
  const gatewayOrigins = gw ? [...new Set([gw.playUrl, gw.webrtcUrl, gw.playback?.url].filter((u): u is string => !!u).map((u) => new URL(u).origin))] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...gatewayOrigins],
        mediaSrc: ["'self'", 'blob:', ...gatewayOrigins],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMITS.fileBytes, files: 1, fields: 10 } });
  // The one WebSocket endpoint (GET /app/ws, platform/realtime-socket.ts); clients send nothing but pongs.
  await app.register(websocket, { options: { maxPayload: 4096 } });

  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'en');
  app.decorateRequest('ctx', null as never);
  app.addHook('onRequest', async (req) => {
    req.lang = requestLanguage(req);
    req.ctx = { deps, lang: req.lang, ip: req.ip, userAgent: req.headers['user-agent'] ?? '', auth: null };
  });
  registerRequestLimits(app, deps);
  registerGuard(app, deps, isApiRoute);
  // Past the licence's expiry, school writes are refused (decision 0027).
  registerLicenceGuard(app, deps);
  registerInputEdges(app);
  registerCostLimits(app, deps);
  // Operations: /healthz, /readyz, /metrics and the request histogram (before the routes it measures).
  registerOps(app, deps);

  app.setErrorHandler((thrown, req, reply) => {
    const err = licenceRefusal(thrown) as typeof thrown;
    const lang = req.lang ?? 'en';
    let body: TErrorEnvelope;
    let status: number;
    if (err instanceof AppError) {
      status = err.status;
      // A refusal for too many requests says when to come back, in the header as in the message.
      const retryAfter = Number(err.params.retryAfter ?? err.params.seconds);
      if (status === 429 && retryAfter > 0) void reply.header('retry-after', String(Math.ceil(retryAfter)));
      body = {
        code: status === 401 ? CODE_UNAUTHENTICATED : CODE_FAILURE,
        msg: localizeError(err.key, lang, err.params),
        data: null,
        errorKey: err.key,
        ...(err.fields ? { fields: err.fields } : {}),
      };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      const fields = err.validation.map((v) => {
        const p = String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? '');
        return { path: p, message: `${fieldLabel(p, lang)}${lang === 'en' ? ' ' : '：'}${validationText(v.message ?? '', lang)}` };
      });
      body = {
        code: CODE_FAILURE,
        msg: localizeError('common.validation', lang, { detail: fields.map((f) => f.message).join('; ') }),
        data: null,
        errorKey: 'common.validation',
        fields,
      };
    } else if ((err as { statusCode?: number }).statusCode === 413 || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      status = 413;
      body = { code: CODE_FAILURE, msg: localizeError('common.payloadTooLarge', lang), data: null, errorKey: 'common.payloadTooLarge' };
    } else if ((err as { statusCode?: number }).statusCode === 429) {
      status = 429;
      body = { code: CODE_FAILURE, msg: localizeError('common.rateLimited', lang, { seconds: 60 }), data: null, errorKey: 'common.rateLimited' };
    } else if (!isResponseSerializationError(err) && ((err as { statusCode?: number }).statusCode ?? 500) >= 400 && ((err as { statusCode?: number }).statusCode ?? 500) < 500) {
      // Fastify's own refusals (bad JSON, unsupported media type...): keep their status.
      status = (err as { statusCode: number }).statusCode;
      body = { code: CODE_FAILURE, msg: localizeError('common.validation', lang, { detail: err instanceof Error ? err.message : '' }), data: null, errorKey: 'common.validation' };
    } else {
      req.log.error({ err }, 'unhandled error');
      status = 500;
      body = { code: CODE_FAILURE, msg: localizeError('common.unknown', lang), data: null, errorKey: 'common.unknown' };
    }
    return reply.status(status).send(body);
  });

  await app.register(async (api) => {
    await api.register(authRoutes);
    await api.register(schoolsRoutes);
    await api.register(usersRoutes);
    await api.register(wechatRoutes);
    await api.register(rolesRoutes);
    await api.register(settingsRoutes);
    await api.register(membersRoutes);
    await api.register(licensed('sso', ssoRoutes));
    await api.register(calendarRoutes);
    await api.register(coursesRoutes);
    // -- directory modules (issue 4)
    await api.register(filesRoutes);
    await api.register(supervisionRoutes);
    await api.register(assignmentsRoutes);
    await api.register(classroomsRoutes);
    await api.register(orgRoutes);
    await api.register(importsRoutes);
    await api.register(catalogRoutes);
    await api.register(templatesRoutes);
    await api.register(plansRoutes);
    await api.register(evaluationsRoutes);
    await api.register(invitationsRoutes);
    await api.register(notificationsRoutes);
    // The socket is the platform's; its hello carries my unread notifications.
    await api.register(realtimeSocketRoutes, { greeting: unreadCount });
    await api.register(appealsRoutes);
    await api.register(reportsRoutes);
    await api.register(licensed('statistics', statisticsRoutes));
    await api.register(licensed('statistics', statisticsExportRoutes));
    await api.register(questionnairesRoutes);
    // -- live video (issue 14). `licensed`: the licence feature that switches a module (decision 0027).
    await api.register(licensed('live', liveRoutes));
    await api.register(licensed('live', usageRoutes));
    await api.register(licensed('live', liveLessonsRoutes));
    await api.register(licensed('live', patrolWallRoutes));
    await api.register(licensed('live', patrolRoutes));
    await api.register(licensed('live', shoutingRoutes));
    await api.register(licensed('live', recordingsRoutes));
    await api.register(licensed('live', recordingSharesRoutes));
    await api.register(licensed('ai', analysisRoutes));
    await api.register(licensed('ai', boardRoutes));
    await api.register(licensed('ai', correctionsRoutes));
    await api.register(licensed('ai', liveAnalysisRoutes));
    await api.register(licensed('lessonPlans', lessonPlansRoutes));
    // -- the AI assistant (issue 16)
    await api.register(licensed('assistant', assistantRoutes));
    // -- the deployment's licence (issue 19)
    await api.register(licenceRoutes);
  });

  registerWeb(app, config);
  return app;
}

function registerWeb(app: FastifyInstance, config: Config): void {
  const index = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    void app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/hxk/',
      wildcard: false,
      index: false,
      decorateReply: true,
      // The build writes .br and .gz twins: served as they are, never compressed per request.
      preCompressed: true,
      setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
        // Hashed file names never change content; everything else is checked on each visit.
        reply.header('cache-control', /[\\/]assets[\\/]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.get('/', (_req, reply) => reply.redirect('/hxk/'));
  app.setNotFoundHandler((req, reply) => {
    const lang = req.lang ?? 'en';
    if (hasWeb && req.method === 'GET' && (req.url === '/hxk' || req.url.startsWith('/hxk/'))) {
      // The single-page app owns every /hxk/ path it does not ship as a file.
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ code: CODE_FAILURE, msg: localizeError('common.notFound', lang), data: null, errorKey: 'common.notFound' });
  });
}
