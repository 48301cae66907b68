/** Business constants of spec section 9, one place for server and web. */
export const LOGIN_LOG_PLATFORM_ID = 3;
export const WECHAT_QR_TYPE_DEFAULT = 1;
export const ROLE_PAGE_FILTER_FIELD_ONE = 2;
export const CLASSROOM_TREE_FLAG_DEFAULT = 1;
export const RECORDING_OPTION = { recorder: 1, camera: 2 } as const;
export const APPLICATION_DIALOG = { width: 1008, height: 600, pageSize: 100 } as const;
export const TITLE_EDIT_DEBOUNCE_MS = 300;
export const SAME_HOST_APPLICATION_PARENT_ID = '31415926525';
/**
 * Where an application entry leads: an absolute https URL, or a path on this site that starts with
 * exactly one `/` (`//host` and `/\\host` are other hosts to a browser). The database checks the same
 * rule (applications_web_path_ck).
 */
export const APPLICATION_LINK_RE = /^(https:\/\/\S+|\/([^/\\\s]\S*)?)$/;
export const TITLE_RECORD_ID = '333333';
export const SPECIAL_ICON_IDS = ['1', '5', '6', '7', '8', '101', '102', '222222'] as const;
export const REQUEST_TIMEOUT_MS = 1_000_000;
export const REPEAT_ERROR_SUPPRESS_MS = 2_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CHAT_DRAG_THRESHOLD_PX = 7;
export const SCROLL_LOCK_MS = 500;
export const UPLOAD_LIMITS = {
  fileBytes: 100 * 1024 * 1024,
  imageBytes: 10 * 1024 * 1024,
  attachments: 10,
  appealImages: 10,
  items: 50,
} as const;
export const INDICATOR_NAME = { min: 1, max: 35 } as const;
export const PASSWORD_LENGTH = { min: 8, max: 16 } as const;
export const REGISTER_PASSWORD_LENGTH = { min: 6, max: 16 } as const;
export const OPINION_MIN_LENGTH = 5;
export const LESSON_PLAN_LEVELS = [1, 2, 3, 4] as const;
export const RT_THRESHOLDS = { practice: 0.3, lecture: 0.7 } as const;
export const CH_DIALOGUE_THRESHOLD = 0.4;
export const SCREEN_LAYOUTS = [1, 2, 3] as const;
export const CAMERA_FRAMES = [
  'composite',
  'teacherFull',
  'studentFull',
  'teacherCloseUp',
  'studentCloseUp',
  'pcScreen',
] as const;
export const EXPRESSION_TYPES = ['anger', 'disgust', 'fear', 'joy', 'calm', 'sadness', 'surprise'] as const;
export const BEHAVIOUR_COUNT = 14;
export const KNOWLEDGE_LEVELS = [
  'knowledge',
  'understanding',
  'application',
  'analysis',
  'comprehensive',
  'evaluation',
] as const;
export const EVALUATION_TYPES = ['ordinary', 'expert', 'teacherPeer', 'student'] as const;
/**
 * Question types (spec sections 3 and 9). The two combined types are defined in question-rules.ts:
 * combo1 is a grade choice plus a score within that grade's range; combo2 is several scored
 * evaluation elements plus a written comment.
 */
export const QUESTION_TYPES = ['single', 'multiple', 'score', 'star', 'combo1', 'combo2'] as const;
/** Scores are suggested (never required) to be multiples of this (spec section 5). */
export const SCORE_STEP_SUGGESTED = 5;
/** Limits of a question and of a template. */
export const QUESTION_LIMITS = { titleMax: 200, standardMax: 1000, options: 20, ranges: 20, elements: 20, maxScore: 1000, starsMin: 3, starsMax: 10 } as const;
export const TEMPLATE_LIMITS = { sections: 30, questionsPerSection: 100, nameMax: 64 } as const;
export const CHAT_HISTORY_GROUPS = ['today', 'yesterday', 'last7Days', 'earlier'] as const;

/** Sign-in rules (ARCHITECTURE section 5). */
export const SMS_CODE = { length: 6, ttlSeconds: 300, maxWrongTries: 5, resendSeconds: 60, perPhonePerDay: 10, perIpPerHour: 30 } as const;
/**
 * Sign-in throttling (issue 12). Per sign-in name (account, phone or email as typed), across every IP:
 * the first `freeFailures` failures cost nothing; after failure n (n >= freeFailures) the name waits
 * min(2^(n - freeFailures), maxDelaySeconds) seconds before its next try; at most `perAccountFailures`
 * tries that can fail per name in `windowSeconds` (fixed window from the first). Unknown names are
 * treated exactly alike (no enumeration). Per client IP: after `perIpFreeFailures` failures in
 * `perIpWindowSeconds` (password and SMS code alike), each sign-in from that IP is held
 * min(perIpBaseDelayMs * 2^(n - perIpFreeFailures), perIpMaxDelayMs) before it is checked: slowed, never
 * refused, so other people behind the same address still get in. Wrong SMS codes count only per IP
 * (the code itself dies at SMS_CODE.maxWrongTries); they never hold back password or QR sign-in.
 */
export const LOGIN_THROTTLE = {
  freeFailures: 5,
  maxDelaySeconds: 60,
  perAccountFailures: 100,
  windowSeconds: 3600,
  perIpFreeFailures: 10,
  perIpBaseDelayMs: 100,
  perIpMaxDelayMs: 2000,
  perIpWindowSeconds: 900,
} as const;
export const QR_LOGIN = { ttlSeconds: 120 } as const;
export const SESSION = { idleSeconds: 2 * 60 * 60, absoluteSeconds: 7 * 24 * 60 * 60 } as const;
export const SESSION_COOKIE = 'hxk_session';
