import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { isTimeZone } from '@hxk/contracts/calendar-rules';
import { parseAllowEntry } from './platform/outbound.ts';
import { JOB_RUN_MODES, type JobRunMode } from './platform/jobs.ts';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** Every setting hxk reads, documented in docs/configuration.md. Environment only. */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  // Seals the secrets schools store (API keys, client secrets): 32 bytes in base64; else DATA_DIR/secrets.key.
  SECRETS_KEY: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().url().optional(),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COOKIE_SECURE: bool.default(false),
  TRUST_PROXY: bool.default(false),
  PUBLIC_ORIGIN: z.string().url().optional(),
  // The deployment's licence (decision 0027): the vendor's Ed25519 public key (base64 of its 32 bytes
  // or a PEM; default: the key in the build) and the hosts that never show the licence notice.
  LICENCE_PUBLIC_KEY: z.string().min(1).optional(),
  LICENCE_NOTICE_EXEMPT_HOSTS: z.string().default(''),
  WEB_DIST: z.string().optional(),
  DEFAULT_RESET_PASSWORD: z.string().min(6).max(16).default('Reset@2026'),
  SCHOOL_TIMEZONE: z.string().default('Asia/Shanghai').refine(isTimeZone, { message: 'must be an IANA time zone name such as Asia/Shanghai' }),
  SMS_PROVIDER: z.enum(['log', 'aliyun']).default('log'),
  SMS_ALIYUN_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com/'),
  SMS_ALIYUN_ACCESS_KEY_ID: z.string().optional(),
  SMS_ALIYUN_ACCESS_KEY_SECRET: z.string().optional(),
  SMS_ALIYUN_SIGN_NAME: z.string().optional(),
  SMS_ALIYUN_TEMPLATE_CODE: z.string().optional(),
  WECHAT_PROVIDER: z.enum(['local', 'wechat']).default('local'),
  WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_TOKEN: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  // Fair use (platform/rate-limit.ts): 0 turns a limit off.
  RATE_LIMIT_SESSION_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(0).default(6000),
  RATE_LIMIT_SESSION_CONCURRENCY: z.coerce.number().int().min(0).default(8),
  RATE_LIMIT_EXPORT_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  RATE_LIMIT_IMPORT_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  RATE_LIMIT_SYNC_PER_MINUTE: z.coerce.number().int().min(0).default(20),
  RATE_LIMIT_UPLOAD_PER_MINUTE: z.coerce.number().int().min(0).default(120),
  RATE_LIMIT_AI_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  // Live video (modules/live): with no gateway, the built-in camera simulator draws every camera.
  PLAY_TOKEN_SECRET: z.string().min(32).optional(),
  FFMPEG_PATH: z.string().optional(),
  CAMERA_SIMULATOR_IDLE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  CAMERA_SIMULATOR_CLOCK_CODE: bool.default(false),
  CAMERA_SIMULATOR_FPS: z.coerce.number().int().min(1).max(30).default(25),
  // A production media gateway (docs/decisions/0017-media-gateway.md): video goes camera → gateway → browser.
  MEDIA_GATEWAY: z.enum(['none', 'mediamtx']).default('none'),
  MEDIA_GATEWAY_API_URL: z.string().url().refine((v) => /^https?:/.test(v), { message: 'must be an http(s) URL' }).optional(),
  MEDIA_GATEWAY_API_USER: z.string().min(1).optional(),
  MEDIA_GATEWAY_API_PASSWORD: z.string().min(1).optional(),
  MEDIA_GATEWAY_PLAY_URL: z.string().url().refine((v) => /^https?:/.test(v), { message: 'must be an http(s) URL' }).optional(),
  MEDIA_GATEWAY_HOOK_SECRET: z.string().min(24).optional(),
  // The gateway's WebRTC (WHEP) server as browsers reach it: sub-second live video where it is set.
  MEDIA_GATEWAY_WEBRTC_URL: z.string().url().refine((v) => /^https?:/.test(v), { message: 'must be an http(s) URL' }).optional(),
  // Class recordings from the gateway (MediaMTX's playback server): as browsers reach it, and as hxk does (default the same).
  MEDIA_GATEWAY_PLAYBACK_URL: z.string().url().refine((v) => /^https?:/.test(v), { message: 'must be an http(s) URL' }).optional(),
  MEDIA_GATEWAY_PLAYBACK_API_URL: z.string().url().refine((v) => /^https?:/.test(v), { message: 'must be an http(s) URL' }).optional(),
  // Operations (platform/metrics.ts): who may read GET /metrics.
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_LISTEN: z
    .string()
    .regex(/^(\[[0-9a-fA-F:.]+\]|[^:\s]+):\d{1,5}$/, { message: 'must be host:port, e.g. 127.0.0.1:9464' })
    .transform((v) => {
      const at = v.lastIndexOf(':');
      return { host: v.slice(0, at).replace(/^\[(.*)\]$/, '$1'), port: Number(v.slice(at + 1)) };
    })
    .refine((l) => l.port <= 65535, { message: 'port must be at most 65535' })
    .optional(),
  // AI classroom analysis (issue 15): frame sampling, vision worker threads, transcription service.
  ANALYSIS_SAMPLE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  ANALYSIS_VISION_THREADS: z.coerce.number().int().min(1).max(64).default(1),
  ANALYSIS_DEMO: z.enum(['on', 'off']).default('on'),
  ANALYSIS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  // Nice value of the analysis threads (vision, voice activity and its ffmpeg): 0 = as the API, 19 = lowest.
  ANALYSIS_NICE: z.coerce.number().int().min(0).max(19).default(19),
  // Lesson-plan previews (docs/decisions/0025): LibreOffice converts Office files to PDF when it is installed.
  LESSON_PLAN_SOFFICE: z.string().optional(),
  LESSON_PLAN_PREVIEW_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  LESSON_PLAN_PREVIEW_MAX_MB: z.coerce.number().int().min(1).max(100).default(30),
  // The job queue (docs/decisions/0021): which kinds this process runs, and how many jobs at once.
  JOBS_RUN: z.enum(JOB_RUN_MODES).default('all'),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  // Live analysis of classes in progress (docs/decisions/0022-live-analysis.md): off, the demo's
  // drawn lesson only, or every class in a room with a camera; and how many run at once per process.
  ANALYSIS_LIVE: z.enum(['off', 'demo', 'on']).default('demo'),
  ANALYSIS_LIVE_MAX: z.coerce.number().int().min(0).max(64).default(1),
  TRANSCRIPTION_BASE_URL: z.string().url().refine((v) => /^https?:/.test(v), { message: 'must be an http(s) URL' }).optional(),
  TRANSCRIPTION_API_KEY: z.string().min(1).optional(),
  TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  // The AI assistant (issue 16): an OpenAI-compatible chat-completions service, active only with a key.
  LLM_BASE_URL: z.string().url().refine((v) => /^https?:/.test(v), { message: 'must be an http(s) URL' }).default('https://api.deepseek.com'),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL_CHAT: z.string().min(1).default('deepseek-chat'),
  LLM_MODEL_REASONER: z.string().min(1).default('deepseek-reasoner'),
  LLM_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((e) => e.trim()).filter(Boolean))
    .refine((list) => list.every((e) => parseAllowEntry(e)), { message: 'must be comma-separated host names, IP addresses (each with an optional :port) or CIDR ranges' }),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** SECRETS_KEY (platform/secret-box.ts); without it, a key file in dataDir. */
  secretsKey: string | undefined;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  seedDemo: boolean;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  cookieSecure: boolean;
  trustProxy: boolean;
  publicOrigin: string | undefined;
  /** The licence's trust anchor and the hosts exempt from its notice (modules/licence, decision 0027). */
  licence: { publicKey: string | undefined; noticeExemptHosts: string[] };
  webDist: string;
  /** What an administrator's password reset sets; the person must change it at next sign-in. */
  defaultResetPassword: string;
  /** IANA zone in which "today" and "now" are reckoned for timetables and course states. */
  schoolTimezone: string;
  sms:
    | { provider: 'log' }
    | { provider: 'aliyun'; endpoint: string; accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string };
  wechat:
    | { provider: 'local' }
    | { provider: 'wechat'; apiBase: string; appId: string; appSecret: string; token: string };
  /** Fair use per minute (0 = off): see platform/rate-limit.ts and docs/configuration.md. */
  rateLimits: {
    sessionPerMinute: number;
    ipPerMinute: number;
    sessionConcurrency: number;
    cost: Record<'export' | 'import' | 'sync' | 'upload' | 'ai', number>;
  };
  /** Where uploaded files live: DATA_DIR/files, or an S3-compatible bucket when S3_BUCKET is set. */
  storage:
    | { provider: 'local' }
    | { provider: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };
  /**
   * Private hosts the operator lets the guarded outbound client reach (platform/outbound.ts): host
   * names, IPs or CIDR ranges, optionally with a port. Everything else private is refused.
   */
  outboundAllowHosts: string[];
  /**
   * GET /metrics (platform/metrics.ts): on the main port only with `Authorization: Bearer <token>`;
   * `listen` serves it, without a token, on a separate address only the operator reaches.
   */
  metrics: { token: string | undefined; listen: { host: string; port: number } | undefined };
  /**
   * Lesson-plan previews: the LibreOffice `soffice` to run (unset: `soffice` or `libreoffice` on PATH;
   * none found: Office files are offered for download only), how long one conversion may take, and the
   * largest file converted.
   */
  lessonPlans: { soffice: string | undefined; previewTimeoutMs: number; previewMaxBytes: number };
  /**
   * The AI assistant's language model (docs/decisions/0023-ai-assistant.md): null without LLM_API_KEY,
   * when the assistant answers by its transparent offline rules only. Models: [0] chat, [1] reasoner.
   */
  llm: { baseUrl: string; apiKey: string; models: [string, string]; timeoutMs: number } | null;
  /** AI classroom analysis: sampling period, vision threads, the demo's analysed lessons, transcription (docs/configuration.md). */
  analysis: {
    sampleSeconds: number;
    visionThreads: number;
    /** Analyses one process runs at once (each uses about two cores: decoding, vision, voice). */
    concurrency: number;
    /** Nice value of the analysis threads (Linux; analysis/thread-priority.mjs): they yield the cores to the API. */
    nice: number;
    demo: boolean;
    transcription: { baseUrl: string | undefined; apiKey: string | undefined; model: string };
    /**
     * Live analysis of classes in progress: `demo` analyses one class in progress of a demo school
     * from a drawn lesson; `on` every class in progress in a room with a camera (gateway or
     * simulator). `max` live runs at once per process (0 = none on this process).
     */
    live: { mode: 'off' | 'demo' | 'on'; max: number };
  };
  /**
   * The job queue in this process (docs/decisions/0021): which kinds it claims (`none` for an API node
   * that leaves every job to `npm run worker` processes), and how many jobs it runs at once.
   */
  jobs: { run: JobRunMode; concurrency: number };
  /** Live video (issue 14): how viewers are admitted, and the built-in camera simulator. */
  live: {
    /** Signs play tokens; random per process when PLAY_TOKEN_SECRET is unset (then tokens die with the process). */
    playTokenSecret: Buffer;
    /** An explicit ffmpeg for the simulator; else the system's, else the optional npm package's. */
    ffmpegPath: string | undefined;
    simulatorIdleMs: number;
    /** Burn a machine-readable clock into simulated pictures (glass-to-glass measurements). */
    simulatorClockCode: boolean;
    /** Frames per second the simulator draws (a keyframe every second whatever the rate). */
    simulatorFps: number;
    /**
     * The production media gateway, or null for the built-in simulator. `apiUrl` is its control API
     * (reached through the guarded outbound client: list a private host in OUTBOUND_ALLOW_HOSTS),
     * `playUrl` the HLS base browsers reach, `hookSecret` what its auth hook URL must carry,
     * `webrtcUrl` (optional) its WebRTC server: grants then carry a WHEP address too.
     */
    gateway: null | { kind: 'mediamtx'; apiUrl: string; apiUser: string | undefined; apiPassword: string | undefined; playUrl: string; hookSecret: string; webrtcUrl?: string | undefined; playback?: GatewayPlayback | undefined };
  };
};

/**
 * Class recordings made by the gateway (modules/recordings, docs/decisions/0017): MediaMTX records
 * each class's camera path and its playback server serves the MP4. `url` is where browsers reach it,
 * `apiUrl` where hxk asks it which spans exist (the guarded outbound client).
 */
export type GatewayPlayback = { url: string; apiUrl: string };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const need = (name: keyof typeof e, value: string | undefined): string => {
    if (!value) throw new ConfigError(`Invalid configuration:\n  ${name} is required by the chosen provider`);
    return value;
  };
  const sms: Config['sms'] =
    e.SMS_PROVIDER === 'aliyun'
      ? {
          provider: 'aliyun',
          endpoint: e.SMS_ALIYUN_ENDPOINT,
          accessKeyId: need('SMS_ALIYUN_ACCESS_KEY_ID', e.SMS_ALIYUN_ACCESS_KEY_ID),
          accessKeySecret: need('SMS_ALIYUN_ACCESS_KEY_SECRET', e.SMS_ALIYUN_ACCESS_KEY_SECRET),
          signName: need('SMS_ALIYUN_SIGN_NAME', e.SMS_ALIYUN_SIGN_NAME),
          templateCode: need('SMS_ALIYUN_TEMPLATE_CODE', e.SMS_ALIYUN_TEMPLATE_CODE),
        }
      : { provider: 'log' };
  const wechat: Config['wechat'] =
    e.WECHAT_PROVIDER === 'wechat'
      ? {
          provider: 'wechat',
          apiBase: e.WECHAT_API_BASE,
          appId: need('WECHAT_APP_ID', e.WECHAT_APP_ID),
          appSecret: need('WECHAT_APP_SECRET', e.WECHAT_APP_SECRET),
          token: need('WECHAT_TOKEN', e.WECHAT_TOKEN),
        }
      : { provider: 'local' };
  const storage: Config['storage'] = e.S3_BUCKET
    ? {
        provider: 's3',
        endpoint: e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`,
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        accessKeyId: need('S3_ACCESS_KEY_ID', e.S3_ACCESS_KEY_ID),
        secretAccessKey: need('S3_SECRET_ACCESS_KEY', e.S3_SECRET_ACCESS_KEY),
        // Self-hosted servers (an explicit endpoint) usually want path style; AWS wants host style.
        forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
      }
    : { provider: 'local' };
  const gateway: Config['live']['gateway'] =
    e.MEDIA_GATEWAY === 'mediamtx'
      ? {
          kind: 'mediamtx',
          apiUrl: need('MEDIA_GATEWAY_API_URL', e.MEDIA_GATEWAY_API_URL).replace(/\/+$/, ''),
          apiUser: e.MEDIA_GATEWAY_API_USER,
          apiPassword: e.MEDIA_GATEWAY_API_PASSWORD,
          playUrl: need('MEDIA_GATEWAY_PLAY_URL', e.MEDIA_GATEWAY_PLAY_URL).replace(/\/+$/, ''),
          hookSecret: need('MEDIA_GATEWAY_HOOK_SECRET', e.MEDIA_GATEWAY_HOOK_SECRET),
          webrtcUrl: e.MEDIA_GATEWAY_WEBRTC_URL?.replace(/\/+$/, ''),
          playback: e.MEDIA_GATEWAY_PLAYBACK_URL
            ? { url: e.MEDIA_GATEWAY_PLAYBACK_URL.replace(/\/+$/, ''), apiUrl: (e.MEDIA_GATEWAY_PLAYBACK_API_URL ?? e.MEDIA_GATEWAY_PLAYBACK_URL).replace(/\/+$/, '') }
            : undefined,
        }
      : null;
  if (!gateway && e.MEDIA_GATEWAY_WEBRTC_URL) {
    throw new ConfigError('Invalid configuration:\n  MEDIA_GATEWAY_WEBRTC_URL needs MEDIA_GATEWAY=mediamtx (the built-in simulator serves HLS only)');
  }
  if (!gateway && (e.MEDIA_GATEWAY_PLAYBACK_URL || e.MEDIA_GATEWAY_PLAYBACK_API_URL)) {
    throw new ConfigError('Invalid configuration:\n  MEDIA_GATEWAY_PLAYBACK_URL needs MEDIA_GATEWAY=mediamtx (the built-in simulator makes its own recordings)');
  }
  if (e.MEDIA_GATEWAY_PLAYBACK_API_URL && !e.MEDIA_GATEWAY_PLAYBACK_URL) {
    throw new ConfigError('Invalid configuration:\n  MEDIA_GATEWAY_PLAYBACK_API_URL needs MEDIA_GATEWAY_PLAYBACK_URL');
  }
  if (!e.DATABASE_URL && e.JOBS_RUN !== 'all') {
    throw new ConfigError(`Invalid configuration:\n  JOBS_RUN=${e.JOBS_RUN} needs DATABASE_URL: the embedded database belongs to this one process, so no worker process can run the other jobs`);
  }
  if (gateway && !e.PLAY_TOKEN_SECRET) throw new ConfigError('Invalid configuration:\n  PLAY_TOKEN_SECRET is required with a media gateway (tokens must outlive a restart of hxk)');
  if (gateway && (gateway.apiUser === undefined) !== (gateway.apiPassword === undefined)) {
    throw new ConfigError('Invalid configuration:\n  MEDIA_GATEWAY_API_USER and MEDIA_GATEWAY_API_PASSWORD go together');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    // Relative to where npm was started (the repository root for `npm start`), not the workspace.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    secretsKey: e.SECRETS_KEY,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    // Demo data is on by default for the embedded database only.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    publicOrigin: e.PUBLIC_ORIGIN,
    licence: {
      publicKey: e.LICENCE_PUBLIC_KEY,
      noticeExemptHosts: e.LICENCE_NOTICE_EXEMPT_HOSTS.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    },
    defaultResetPassword: e.DEFAULT_RESET_PASSWORD,
    schoolTimezone: e.SCHOOL_TIMEZONE,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    sms,
    wechat,
    storage,
    rateLimits: {
      sessionPerMinute: e.RATE_LIMIT_SESSION_PER_MINUTE,
      ipPerMinute: e.RATE_LIMIT_IP_PER_MINUTE,
      sessionConcurrency: e.RATE_LIMIT_SESSION_CONCURRENCY,
      cost: {
        export: e.RATE_LIMIT_EXPORT_PER_MINUTE,
        import: e.RATE_LIMIT_IMPORT_PER_MINUTE,
        sync: e.RATE_LIMIT_SYNC_PER_MINUTE,
        upload: e.RATE_LIMIT_UPLOAD_PER_MINUTE,
        ai: e.RATE_LIMIT_AI_PER_MINUTE,
      },
    },
    outboundAllowHosts: e.OUTBOUND_ALLOW_HOSTS,
    metrics: { token: e.METRICS_TOKEN, listen: e.METRICS_LISTEN },
    lessonPlans: { soffice: e.LESSON_PLAN_SOFFICE, previewTimeoutMs: e.LESSON_PLAN_PREVIEW_TIMEOUT_SECONDS * 1000, previewMaxBytes: e.LESSON_PLAN_PREVIEW_MAX_MB * 1024 * 1024 },
    llm: e.LLM_API_KEY ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, models: [e.LLM_MODEL_CHAT, e.LLM_MODEL_REASONER], timeoutMs: e.LLM_TIMEOUT_SECONDS * 1000 } : null,
    analysis: {
      sampleSeconds: e.ANALYSIS_SAMPLE_SECONDS,
      visionThreads: e.ANALYSIS_VISION_THREADS,
      concurrency: e.ANALYSIS_CONCURRENCY,
      nice: e.ANALYSIS_NICE,
      demo: e.ANALYSIS_DEMO === 'on',
      transcription: { baseUrl: e.TRANSCRIPTION_BASE_URL, apiKey: e.TRANSCRIPTION_API_KEY, model: e.TRANSCRIPTION_MODEL },
      live: { mode: e.ANALYSIS_LIVE, max: e.ANALYSIS_LIVE_MAX },
    },
    jobs: { run: e.JOBS_RUN, concurrency: e.JOBS_CONCURRENCY },
    live: {
      playTokenSecret: e.PLAY_TOKEN_SECRET ? Buffer.from(e.PLAY_TOKEN_SECRET, 'utf8') : randomBytes(32),
      ffmpegPath: e.FFMPEG_PATH,
      simulatorIdleMs: e.CAMERA_SIMULATOR_IDLE_SECONDS * 1000,
      simulatorClockCode: e.CAMERA_SIMULATOR_CLOCK_CODE,
      simulatorFps: e.CAMERA_SIMULATOR_FPS,
      gateway,
    },
  };
}
