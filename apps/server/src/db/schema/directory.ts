/**
 * The school directory (issue 4): calendar, session times, classrooms and devices, courses and their
 * timetable, supervision groups and supervisor assignments, warnings and import/export jobs. Tenant
 * tables: (school_id, id) keys, every foreign key between them carries school_id, row-level security
 * in migration 0009. People are accounts; a person "in the school" is a row of school_memberships,
 * so references to teachers, supervisors and leaders point at (school_id, account_id) there.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, type PgColumn } from 'drizzle-orm/pg-core';
import { accounts, schools } from './platform.ts';
import { orgUnits, schoolMemberships } from './school.ts';
import { createdAt, id, idString, schoolId, ts } from './columns.ts';

const school = () => schoolId().references(() => schools.id, { onDelete: 'cascade' });
/** A reference to a person of this school (their membership), by account id. */
const memberFk = (name: string, cols: [PgColumn, PgColumn]) =>
  foreignKey({ name, columns: cols, foreignColumns: [schoolMemberships.schoolId, schoolMemberships.accountId] });

// ---------------------------------------------------------------- people's supervision scope

/** Departments a person supervises when their department scope is 'selected' (spec section 6). */
export const memberScopeUnits = pgTable('member_scope_units', {
  schoolId: school(),
  accountId: idString('account_id').notNull(),
  orgUnitId: idString('org_unit_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.accountId, t.orgUnitId] }),
  memberFk('member_scope_units_member_fk', [t.schoolId, t.accountId]).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.orgUnitId], foreignColumns: [orgUnits.schoolId, orgUnits.id] }).onDelete('cascade'),
]);

/** Teachers a person supervises when their teacher scope is 'selected'. */
export const memberScopeTeachers = pgTable('member_scope_teachers', {
  schoolId: school(),
  accountId: idString('account_id').notNull(),
  teacherId: idString('teacher_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.accountId, t.teacherId] }),
  memberFk('member_scope_teachers_member_fk', [t.schoolId, t.accountId]).onDelete('cascade'),
  memberFk('member_scope_teachers_teacher_fk', [t.schoolId, t.teacherId]).onDelete('cascade'),
]);

// ---------------------------------------------------------------- calendar

export const semesters = pgTable('semesters', {
  schoolId: school(),
  id: id(),
  name: text('name').notNull(),
  /** Monday of teaching week 1 is the week containing this date. */
  startDate: date('start_date', { mode: 'string' }).notNull(),
  weekCount: integer('week_count').notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  uniqueIndex('semesters_name_uq').on(t.schoolId, t.name),
  index('semesters_start_idx').on(t.schoolId, t.startDate),
  check('semesters_weeks_ck', sql`${t.weekCount} between 1 and 60`),
]);

/** The school's daily class periods ("sessions"): session 1 is 08:00-08:45 and so on. */
export const sessionTimes = pgTable('session_times', {
  schoolId: school(),
  id: id(),
  sessionNo: integer('session_no').notNull(),
  /** Minutes after midnight, school local time. */
  startMinute: integer('start_minute').notNull(),
  endMinute: integer('end_minute').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  uniqueIndex('session_times_no_uq').on(t.schoolId, t.sessionNo),
  check('session_times_no_ck', sql`${t.sessionNo} between 1 and 20`),
  check('session_times_range_ck', sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.endMinute} - ${t.startMinute} > 10`),
]);

// ---------------------------------------------------------------- classrooms and devices

export const buildings = pgTable('buildings', {
  schoolId: school(),
  id: id(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.schoolId, t.id] }), uniqueIndex('buildings_name_uq').on(t.schoolId, t.name)]);

export const classrooms = pgTable('classrooms', {
  schoolId: school(),
  id: id(),
  buildingId: idString('building_id').notNull(),
  floor: integer('floor').notNull(),
  name: text('name').notNull(),
  capacity: integer('capacity').notNull().default(0),
  /** Rows of seats, and how many of them count as the front rows for the front-row rate. */
  seatRows: integer('seat_rows').notNull().default(0),
  frontRows: integer('front_rows').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  /** Whether classes in the room are analysed live when the deployment analyses live (ANALYSIS_LIVE=on; decision 0022). */
  liveAnalysis: boolean('live_analysis').notNull().default(true),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.buildingId], foreignColumns: [buildings.schoolId, buildings.id] }),
  uniqueIndex('classrooms_name_uq').on(t.schoolId, t.buildingId, t.name),
  index('classrooms_floor_idx').on(t.schoolId, t.buildingId, t.floor),
  check('classrooms_numbers_ck', sql`${t.capacity} between 0 and 10000 and ${t.seatRows} between 0 and 200 and ${t.frontRows} between 0 and ${t.seatRows}`),
]);

export const DEVICE_STATUSES = ['online', 'offline', 'unknown'] as const;

/** The classroom's recording host (one per room). Credentials are for the ONVIF / vendor API. */
export const recorders = pgTable('recorders', {
  schoolId: school(),
  id: id(),
  classroomId: idString('classroom_id').notNull(),
  name: text('name').notNull(),
  vendor: text('vendor'),
  /** ONVIF device service address, e.g. http://10.0.3.21/onvif/device_service. */
  onvifUrl: text('onvif_url'),
  username: text('username'),
  password: text('password'),
  status: text('status', { enum: DEVICE_STATUSES }).notNull().default('unknown'),
  recording: boolean('recording').notNull().default(false),
  lastSeenAt: ts('last_seen_at'),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.classroomId], foreignColumns: [classrooms.schoolId, classrooms.id] }).onDelete('cascade'),
  uniqueIndex('recorders_classroom_uq').on(t.schoolId, t.classroomId),
]);

/** Camera frames of spec section 9. */
export const CAMERA_FRAMES = ['composite', 'teacherFull', 'studentFull', 'teacherCloseUp', 'studentCloseUp', 'pcScreen'] as const;

export const cameras = pgTable('cameras', {
  schoolId: school(),
  id: id(),
  classroomId: idString('classroom_id').notNull(),
  recorderId: idString('recorder_id'),
  name: text('name').notNull(),
  frame: text('frame', { enum: CAMERA_FRAMES }).notNull(),
  /** Play address (HLS, HTTP-FLV or WebRTC) served by the media server. */
  streamUrl: text('stream_url'),
  /** ONVIF device service address and media profile, for PTZ. */
  onvifUrl: text('onvif_url'),
  profileToken: text('profile_token'),
  username: text('username'),
  password: text('password'),
  ptz: boolean('ptz').notNull().default(false),
  /** The camera's loudspeaker takes talk-back through its ONVIF audio backchannel on stream_url (shouting). */
  talkBack: boolean('talk_back').notNull().default(false),
  /** Detection sensitivity 0-100 used by the AI analysis of this camera. */
  sensitivity: integer('sensitivity').notNull().default(50),
  status: text('status', { enum: DEVICE_STATUSES }).notNull().default('unknown'),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.classroomId], foreignColumns: [classrooms.schoolId, classrooms.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.recorderId], foreignColumns: [recorders.schoolId, recorders.id] }).onDelete('set null'),
  index('cameras_classroom_idx').on(t.schoolId, t.classroomId, t.sort),
  check('cameras_sensitivity_ck', sql`${t.sensitivity} between 0 and 100`),
  check('cameras_talk_back_ck', sql`not ${t.talkBack} or ${t.streamUrl} ilike 'rtsp://%'`),
]);

// ---------------------------------------------------------------- courses and timetable

export const courses = pgTable('courses', {
  schoolId: school(),
  id: id(),
  semesterId: idString('semester_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  orgUnitId: idString('org_unit_id'),
  teacherId: idString('teacher_id').notNull(),
  /** The class(es) taught, e.g. "Mathematics 2024-1". */
  teachingClass: text('teaching_class'),
  studentCount: integer('student_count').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.semesterId], foreignColumns: [semesters.schoolId, semesters.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.orgUnitId], foreignColumns: [orgUnits.schoolId, orgUnits.id] }),
  memberFk('courses_teacher_fk', [t.schoolId, t.teacherId]),
  uniqueIndex('courses_code_uq').on(t.schoolId, t.semesterId, t.code),
  index('courses_unit_idx').on(t.schoolId, t.semesterId, t.orgUnitId),
  index('courses_teacher_idx').on(t.schoolId, t.teacherId, t.semesterId),
  check('courses_students_ck', sql`${t.studentCount} between 0 and 10000`),
]);

/** One class meeting of a course: teaching week, weekday, sessions from-to, room; its date is stored for fast day queries. */
export const courseSessions = pgTable('course_sessions', {
  schoolId: school(),
  id: id(),
  courseId: idString('course_id').notNull(),
  classroomId: idString('classroom_id'),
  week: integer('week').notNull(),
  /** 1 = Monday ... 7 = Sunday. */
  weekday: integer('weekday').notNull(),
  sessionStart: integer('session_start').notNull(),
  sessionEnd: integer('session_end').notNull(),
  lessonDate: date('lesson_date', { mode: 'string' }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.classroomId], foreignColumns: [classrooms.schoolId, classrooms.id] }).onDelete('set null'),
  uniqueIndex('course_sessions_slot_uq').on(t.schoolId, t.courseId, t.week, t.weekday, t.sessionStart),
  index('course_sessions_day_idx').on(t.schoolId, t.lessonDate, t.sessionStart),
  index('course_sessions_room_idx').on(t.schoolId, t.classroomId, t.lessonDate),
  index('course_sessions_course_day_idx').on(t.schoolId, t.courseId, t.lessonDate),
  check('course_sessions_ck', sql`${t.week} between 1 and 60 and ${t.weekday} between 1 and 7 and ${t.sessionStart} between 1 and 20 and ${t.sessionEnd} between ${t.sessionStart} and 20`),
]);

export const WARNING_LEVELS = ['mild', 'moderate', 'severe'] as const;

/** A classroom warning (raised by AI analysis or a person); active while ended_at is null. */
export const warnings = pgTable('warnings', {
  schoolId: school(),
  id: id(),
  courseSessionId: idString('course_session_id'),
  classroomId: idString('classroom_id'),
  level: text('level', { enum: WARNING_LEVELS }).notNull(),
  kind: text('kind').notNull(),
  message: text('message'),
  startedAt: ts('started_at').notNull().defaultNow(),
  endedAt: ts('ended_at'),
  /** Raised by this AI analysis under this rule (issue 15); their keys are in migration 0035. */
  analysisId: idString('analysis_id'),
  ruleId: idString('rule_id'),
  /** What the warning rests on: moments (seconds into the analysis), figures, words. */
  evidence: jsonb('evidence').$type<{ moments: number[]; figures?: Record<string, number>; words?: string[] }>(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.courseSessionId], foreignColumns: [courseSessions.schoolId, courseSessions.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.classroomId], foreignColumns: [classrooms.schoolId, classrooms.id] }).onDelete('cascade'),
  index('warnings_active_idx').on(t.schoolId, t.courseSessionId).where(sql`${t.endedAt} is null`),
]);

/** Who downloaded which recording (spec: POST /base/video/download/log/v1/save). */
export const videoDownloadLogs = pgTable('video_download_logs', {
  schoolId: school(),
  id: id(),
  accountId: idString('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  classroomId: idString('classroom_id'),
  cameraId: idString('camera_id'),
  courseSessionId: idString('course_session_id'),
  fileName: text('file_name'),
  startAt: ts('start_at'),
  endAt: ts('end_at'),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.classroomId], foreignColumns: [classrooms.schoolId, classrooms.id] }).onDelete('set null'),
  foreignKey({ columns: [t.schoolId, t.cameraId], foreignColumns: [cameras.schoolId, cameras.id] }).onDelete('set null'),
  foreignKey({ columns: [t.schoolId, t.courseSessionId], foreignColumns: [courseSessions.schoolId, courseSessions.id] }).onDelete('set null'),
  index('video_download_logs_time_idx').on(t.schoolId, t.createdAt),
]);

// ---------------------------------------------------------------- supervision groups

export const SUPERVISION_SCOPES = ['school', 'departments', 'teachers'] as const;

export const supervisionGroups = pgTable('supervision_groups', {
  schoolId: school(),
  id: id(),
  name: text('name').notNull(),
  leaderId: idString('leader_id'),
  scope: text('scope', { enum: SUPERVISION_SCOPES }).notNull().default('school'),
  realtimePatrol: boolean('realtime_patrol').notNull().default(false),
  description: text('description'),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  memberFk('supervision_groups_leader_fk', [t.schoolId, t.leaderId]).onDelete('set null'),
  uniqueIndex('supervision_groups_name_uq').on(t.schoolId, sql`lower(${t.name})`),
]);

export const supervisionGroupMembers = pgTable('supervision_group_members', {
  schoolId: school(),
  groupId: idString('group_id').notNull(),
  accountId: idString('account_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.groupId, t.accountId] }),
  foreignKey({ columns: [t.schoolId, t.groupId], foreignColumns: [supervisionGroups.schoolId, supervisionGroups.id] }).onDelete('cascade'),
  memberFk('supervision_group_members_member_fk', [t.schoolId, t.accountId]).onDelete('cascade'),
  index('supervision_group_members_account_idx').on(t.schoolId, t.accountId),
]);

export const supervisionGroupUnits = pgTable('supervision_group_units', {
  schoolId: school(),
  groupId: idString('group_id').notNull(),
  orgUnitId: idString('org_unit_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.groupId, t.orgUnitId] }),
  foreignKey({ columns: [t.schoolId, t.groupId], foreignColumns: [supervisionGroups.schoolId, supervisionGroups.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.orgUnitId], foreignColumns: [orgUnits.schoolId, orgUnits.id] }).onDelete('cascade'),
]);

export const supervisionGroupTeachers = pgTable('supervision_group_teachers', {
  schoolId: school(),
  groupId: idString('group_id').notNull(),
  teacherId: idString('teacher_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.groupId, t.teacherId] }),
  foreignKey({ columns: [t.schoolId, t.groupId], foreignColumns: [supervisionGroups.schoolId, supervisionGroups.id] }).onDelete('cascade'),
  memberFk('supervision_group_teachers_teacher_fk', [t.schoolId, t.teacherId]).onDelete('cascade'),
]);

// ---------------------------------------------------------------- supervisor assignments

/** An assignment round ("task"): a period in a semester and how many classes each supervisor should attend. */
export const assignmentTasks = pgTable('assignment_tasks', {
  schoolId: school(),
  id: id(),
  name: text('name').notNull(),
  semesterId: idString('semester_id').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  minClasses: integer('min_classes').notNull().default(1),
  description: text('description'),
  createdBy: idString('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.semesterId], foreignColumns: [semesters.schoolId, semesters.id] }).onDelete('cascade'),
  index('assignment_tasks_semester_idx').on(t.schoolId, t.semesterId, t.startDate),
  check('assignment_tasks_dates_ck', sql`${t.endDate} >= ${t.startDate} and ${t.minClasses} between 0 and 1000`),
]);

export const ASSIGNMENT_KINDS = ['teacher', 'course', 'session'] as const;
export const ASSIGNMENT_STATUSES = ['assigning', 'withdrawn', 'removed'] as const;

/**
 * A supervisor assigned to a teacher (all of that teacher's courses), a course (all its sessions) or
 * one class session. Exactly one target column is set, matching the kind.
 */
export const assignments = pgTable('assignments', {
  schoolId: school(),
  id: id(),
  taskId: idString('task_id').notNull(),
  supervisorId: idString('supervisor_id').notNull(),
  kind: text('kind', { enum: ASSIGNMENT_KINDS }).notNull(),
  teacherId: idString('teacher_id'),
  courseId: idString('course_id'),
  courseSessionId: idString('course_session_id'),
  status: text('status', { enum: ASSIGNMENT_STATUSES }).notNull().default('assigning'),
  createdBy: idString('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.taskId], foreignColumns: [assignmentTasks.schoolId, assignmentTasks.id] }).onDelete('cascade'),
  memberFk('assignments_supervisor_fk', [t.schoolId, t.supervisorId]).onDelete('cascade'),
  memberFk('assignments_teacher_fk', [t.schoolId, t.teacherId]).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.courseSessionId], foreignColumns: [courseSessions.schoolId, courseSessions.id] }).onDelete('cascade'),
  check('assignments_target_ck', sql`(${t.kind} = 'teacher' and ${t.teacherId} is not null and ${t.courseId} is null and ${t.courseSessionId} is null)
    or (${t.kind} = 'course' and ${t.courseId} is not null and ${t.teacherId} is null and ${t.courseSessionId} is null)
    or (${t.kind} = 'session' and ${t.courseSessionId} is not null and ${t.teacherId} is null and ${t.courseId} is null)`),
  uniqueIndex('assignments_teacher_uq').on(t.schoolId, t.taskId, t.supervisorId, t.teacherId).where(sql`${t.kind} = 'teacher' and ${t.status} <> 'removed'`),
  uniqueIndex('assignments_course_uq').on(t.schoolId, t.taskId, t.supervisorId, t.courseId).where(sql`${t.kind} = 'course' and ${t.status} <> 'removed'`),
  uniqueIndex('assignments_session_uq').on(t.schoolId, t.taskId, t.supervisorId, t.courseSessionId).where(sql`${t.kind} = 'session' and ${t.status} <> 'removed'`),
  index('assignments_supervisor_idx').on(t.schoolId, t.supervisorId, t.status),
  index('assignments_task_idx').on(t.schoolId, t.taskId, t.status),
]);

// ---------------------------------------------------------------- jobs (imports, exports, later AI)

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * The Postgres-backed job queue (ARCHITECTURE section 2): workers claim queued rows with
 * FOR UPDATE SKIP LOCKED, report progress in the row, and leave the result (or the error) there.
 */
export const jobs = pgTable('jobs', {
  schoolId: school(),
  id: id(),
  kind: text('kind').notNull(),
  status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
  payload: jsonb('payload').notNull().default({}),
  progress: integer('progress').notNull().default(0),
  total: integer('total').notNull().default(0),
  result: jsonb('result'),
  errorKey: text('error_key'),
  attempts: integer('attempts').notNull().default(0),
  createdBy: idString('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  /**
   * The job's place in the queue of its kind (per-school fairness, docs/decisions/0021): its enqueue
   * time, or later when its school already has jobs of the kind waiting or running (each one ahead
   * pushes it back by a fixed step), so one school's backlog does not starve another school.
   */
  fairAt: ts('fair_at').notNull().defaultNow(),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
  lockedUntil: ts('locked_until'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  index('jobs_queue_idx').on(t.status, t.createdAt),
  index('jobs_owner_idx').on(t.schoolId, t.createdBy, t.createdAt),
  // The claim: per kind, the queued job whose turn comes first.
  index('jobs_claim_idx').on(t.kind, t.fairAt, t.id).where(sql`${t.status} = 'queued'`),
  // The enqueue: the last place its school holds in the kind's queue.
  index('jobs_school_turn_idx').on(t.schoolId, t.kind, t.fairAt).where(sql`${t.status} in ('queued', 'running')`),
]);
