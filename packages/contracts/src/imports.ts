/**
 * Excel (.xlsx) import and export of people, courses with their timetable, and classrooms (issue 4).
 * The columns of each kind (the template, the export and the import read the same list), the
 * reasons a row is refused (in zh, en and ja) and the job replies.
 */
import { z } from 'zod';
import { ZId, zPage } from './common.ts';
import { ZIdentity } from './auth.ts';
import { ZMemberStatus } from './members.ts';
import type { TLanguage } from './language.ts';

export const IMPORT_KINDS = ['user', 'course', 'classroom'] as const;
export type TImportKind = (typeof IMPORT_KINDS)[number];
export const ZImportKind = z.enum(IMPORT_KINDS);

type Label = Record<TLanguage, string>;
export type TImportColumn = { key: string; required: boolean; label: Label; example: string; note: Label };

const col = (key: string, required: boolean, label: Label, example: string, note: Label): TImportColumn => ({ key, required, label, example, note });

/** The sheet columns of each kind, in order. Headers may be in any of the three languages. */
export const IMPORT_COLUMNS: Record<TImportKind, TImportColumn[]> = {
  user: [
    col('account', true, { zh: '账号', en: 'Account', ja: 'アカウント' }, 't20260001', { zh: '2-32 位字母、数字、下划线、点或横线；已在本校的账号会被更新；已有的其他账号会收到加入本校的邀请，本人接受后加入', en: '2-32 letters, digits, _ . or -; an account already in this school is updated; any other existing account is invited and joins when the person accepts', ja: '2〜32 文字の英数字・_ . -。本校に既にあるアカウントは更新されます。その他の既存アカウントには招待が届き、本人が承諾すると参加します' }),
    col('name', true, { zh: '姓名', en: 'Name', ja: '氏名' }, '张老师', { zh: '1-32 个字符', en: '1-32 characters', ja: '1〜32 文字' }),
    col('phone', false, { zh: '手机号', en: 'Phone', ja: '電話番号' }, '13800138000', { zh: '手机号，不能与他人重复', en: 'A phone number not used by anyone else', ja: '電話番号（他の人と重複不可）' }),
    col('sex', false, { zh: '性别', en: 'Sex', ja: '性別' }, '男', { zh: '男 / 女 / 未知', en: 'male / female / unknown', ja: '男性 / 女性 / 不明' }),
    col('identity', true, { zh: '身份', en: 'Identity', ja: '身分' }, '教师', { zh: '管理员 / 督导组长 / 督导 / 教师 / 学生', en: 'administrator / leader / supervisor / teacher / student', ja: '管理者 / リーダー / 督導員 / 教員 / 学生' }),
    col('department', false, { zh: '部门', en: 'Department', ja: '部門' }, '理学院/数学系', { zh: '组织机构中的路径，用 / 分隔，例如 学院/系', en: 'The path in the organisation tree, separated by /, e.g. College/Department', ja: '組織ツリーのパス（/ 区切り、例：学部/学科）' }),
  ],
  course: [
    col('semester', true, { zh: '学期', en: 'Semester', ja: '学期' }, '2026-2027 第一学期', { zh: '已存在的学期名称', en: 'The name of an existing semester', ja: '既存の学期名' }),
    col('code', true, { zh: '课程编号', en: 'Course code', ja: '科目コード' }, 'MATH101-01', { zh: '同一学期内唯一；同一课程的多行上课安排编号相同', en: 'Unique in the semester; the rows of one course share its code', ja: '学期内で一意。同じ科目の複数行は同じコード' }),
    col('name', true, { zh: '课程名称', en: 'Course name', ja: '科目名' }, '高等数学', { zh: '1-100 个字符', en: '1-100 characters', ja: '1〜100 文字' }),
    col('department', false, { zh: '开课部门', en: 'Department', ja: '開講部門' }, '理学院/数学系', { zh: '组织机构中的路径，用 / 分隔', en: 'The path in the organisation tree, separated by /', ja: '組織ツリーのパス（/ 区切り）' }),
    col('teacher', true, { zh: '教师账号', en: 'Teacher account', ja: '教員アカウント' }, 'teacher', { zh: '本校成员的账号', en: 'The account of a member of this school', ja: '本校メンバーのアカウント' }),
    col('teachingClass', false, { zh: '教学班', en: 'Teaching class', ja: '授業クラス' }, '数学 2026-1 班', { zh: '最多 100 个字符', en: 'Up to 100 characters', ja: '100 文字まで' }),
    col('studentCount', false, { zh: '学生人数', en: 'Students', ja: '学生数' }, '45', { zh: '0-10000 的整数', en: 'A whole number 0-10000', ja: '0〜10000 の整数' }),
    col('weeks', true, { zh: '上课周次', en: 'Weeks', ja: '授業週' }, '1-16', { zh: '如 1-16、1-16单、1-16双、1,3,5-8；不超过学期周数', en: 'e.g. 1-16, 1-16 odd, 1-16 even, 1,3,5-8; within the semester', ja: '例：1-16、1-16奇、1-16偶、1,3,5-8（学期の週数以内）' }),
    col('weekday', true, { zh: '星期', en: 'Weekday', ja: '曜日' }, '1', { zh: '1-7（1 为星期一）', en: '1-7 (1 is Monday)', ja: '1〜7（1 は月曜日）' }),
    col('sessionFrom', true, { zh: '开始节次', en: 'From session', ja: '開始時限' }, '1', { zh: '1-20 的整数', en: 'A whole number 1-20', ja: '1〜20 の整数' }),
    col('sessionTo', true, { zh: '结束节次', en: 'To session', ja: '終了時限' }, '2', { zh: '不小于开始节次', en: 'Not before the first session', ja: '開始時限以上' }),
    col('building', false, { zh: '教学楼', en: 'Building', ja: '建物' }, '第一教学楼', { zh: '已存在的教学楼；填写教室时必填', en: 'An existing building; required with a room', ja: '既存の建物（教室を指定する場合は必須）' }),
    col('room', false, { zh: '教室', en: 'Room', ja: '教室' }, '101', { zh: '该楼中已存在的教室', en: 'An existing room of that building', ja: 'その建物の既存の教室' }),
  ],
  classroom: [
    col('building', true, { zh: '教学楼', en: 'Building', ja: '建物' }, '第一教学楼', { zh: '不存在时自动创建', en: 'Created when it does not exist', ja: '存在しない場合は作成されます' }),
    col('floor', true, { zh: '楼层', en: 'Floor', ja: '階' }, '1', { zh: '-5 到 200 的整数', en: 'A whole number -5 to 200', ja: '-5〜200 の整数' }),
    col('room', true, { zh: '教室', en: 'Room', ja: '教室' }, '101', { zh: '同一楼内唯一；已存在的教室会被更新', en: 'Unique in the building; an existing room is updated', ja: '建物内で一意。既存の教室は更新されます' }),
    col('capacity', false, { zh: '容纳人数', en: 'Capacity', ja: '定員' }, '60', { zh: '0-10000 的整数', en: 'A whole number 0-10000', ja: '0〜10000 の整数' }),
    col('seatRows', false, { zh: '座位排数', en: 'Seat rows', ja: '座席の列数' }, '10', { zh: '0-200 的整数', en: 'A whole number 0-200', ja: '0〜200 の整数' }),
    col('frontRows', false, { zh: '前排排数', en: 'Front rows', ja: '前列の列数' }, '3', { zh: '不超过座位排数', en: 'Not more than the seat rows', ja: '座席の列数以下' }),
    col('recorderName', false, { zh: '录播主机名称', en: 'Recorder name', ja: '録画機の名前' }, '101 录播主机', { zh: '填写 ONVIF 地址时必填', en: 'Required with an ONVIF address', ja: 'ONVIF アドレスを指定する場合は必須' }),
    col('recorderOnvif', false, { zh: '录播主机 ONVIF 地址', en: 'Recorder ONVIF address', ja: '録画機の ONVIF アドレス' }, 'http://10.0.3.21/onvif/device_service', { zh: 'http(s) 地址', en: 'An http(s) address', ja: 'http(s) アドレス' }),
  ],
};

/** Why a row is refused. {column} is the column's header, other params come from the check. */
export const IMPORT_REASONS = {
  required: { zh: '必填', en: 'is required', ja: '必須です' },
  tooLong: { zh: '不能超过 {max} 个字符', en: 'must be at most {max} characters', ja: '{max} 文字以内にしてください' },
  wholeNumber: { zh: '须为 {min}-{max} 的整数', en: 'must be a whole number {min}-{max}', ja: '{min}〜{max} の整数にしてください' },
  account: { zh: '须为 2-32 位字母、数字、下划线、点或横线', en: 'must be 2-32 letters, digits, _ . or -', ja: '2〜32 文字の英数字・_ . - にしてください' },
  phone: { zh: '不是有效的手机号', en: 'is not a valid phone number', ja: '有効な電話番号ではありません' },
  oneOf: { zh: '须为以下之一：{values}', en: 'must be one of: {values}', ja: '次のいずれかにしてください：{values}' },
  url: { zh: '须为 http(s) 地址', en: 'must be an http(s) address', ja: 'http(s) アドレスにしてください' },
  weeks: { zh: '周次格式不正确（如 1-16、1-16单、1,3,5-8）', en: 'is not a week list (e.g. 1-16, 1-16 odd, 1,3,5-8)', ja: '週の形式が正しくありません（例：1-16、1-16奇、1,3,5-8）' },
  weekBeyondSemester: { zh: '第 {week} 周超出学期周数 {weeks}', en: 'week {week} is beyond the semester\'s {weeks} weeks', ja: '第 {week} 週は学期の {weeks} 週を超えています' },
  sessionOrder: { zh: '结束节次不能早于开始节次', en: 'must not be before the first session', ja: '開始時限より前にはできません' },
  sessionUnknown: { zh: '本校没有第 {session} 节', en: 'this school has no session {session}', ja: '本校に第 {session} 時限はありません' },
  frontRows: { zh: '前排排数不能超过座位排数', en: 'must not exceed the seat rows', ja: '座席の列数を超えられません' },
  departmentNotFound: { zh: '组织机构中没有“{value}”', en: 'no "{value}" in the organisation tree', ja: '組織ツリーに「{value}」がありません' },
  semesterNotFound: { zh: '没有名为“{value}”的学期', en: 'no semester named "{value}"', ja: '「{value}」という学期はありません' },
  teacherNotFound: { zh: '本校没有账号为“{value}”的成员', en: 'no member of this school has the account "{value}"', ja: '本校にアカウント「{value}」のメンバーはいません' },
  buildingNotFound: { zh: '没有名为“{value}”的教学楼', en: 'no building named "{value}"', ja: '「{value}」という建物はありません' },
  roomNotFound: { zh: '该楼没有教室“{value}”', en: 'that building has no room "{value}"', ja: 'その建物に教室「{value}」はありません' },
  buildingRequired: { zh: '填写教室时须填写教学楼', en: 'is required when a room is given', ja: '教室を指定する場合は必須です' },
  duplicateInFile: { zh: '与第 {row} 行重复', en: 'repeats row {row}', ja: '第 {row} 行と重複しています' },
  courseMismatch: { zh: '与同一课程的第 {row} 行不一致', en: 'differs from row {row} of the same course', ja: '同じ科目の第 {row} 行と一致しません' },
  applicationPending: { zh: '该账号已申请加入本校，请在“学校绑定审核”中审核', en: 'this person has applied to join this school: review the application instead', ja: 'この利用者は本校への参加を申請済みです。「学校参加の審査」で審査してください' },
  phoneTaken: { zh: '该手机号已被其他账号使用', en: 'this phone number belongs to another account', ja: 'この電話番号は他のアカウントで使われています' },
  profileShared: { zh: '该用户同时属于其他学校，姓名、手机号和性别不能在此修改', en: 'this person also belongs to another school: name, phone and sex cannot change here', ja: 'この利用者は他の学校にも所属しているため、氏名・電話番号・性別は変更できません' },
  adminNotAllowed: { zh: '您没有添加管理员的权限', en: 'you may not add administrators', ja: '管理者を追加する権限がありません' },
  roomBusy: { zh: '第 {week} 周星期{weekday}第 {sessions} 节该教室已被 {other} 占用', en: 'the room is taken in week {week}, day {weekday}, sessions {sessions} by {other}', ja: '第 {week} 週・曜日 {weekday}・{sessions} 時限は {other} が教室を使用しています' },
  teacherBusy: { zh: '第 {week} 周星期{weekday}第 {sessions} 节该教师已有 {other}', en: 'the teacher already teaches {other} in week {week}, day {weekday}, sessions {sessions}', ja: '第 {week} 週・曜日 {weekday}・{sessions} 時限に教員は既に {other} を担当しています' },
  rowOther: { zh: '第 {row} 行', en: 'row {row}', ja: '第 {row} 行' },
  courseOther: { zh: '课程 {code}', en: 'course {code}', ja: '科目 {code}' },
  // CSV files (the sensitive-word lexicon, issue 15)
  columnCount: { zh: '应有 {count} 列（{columns}），实际为 {found} 列', en: 'must have {count} columns ({columns}), not {found}', ja: '{count} 列（{columns}）が必要ですが、{found} 列あります' },
  unclosedQuote: { zh: '引号没有闭合', en: 'has a quotation mark that is never closed', ja: '引用符が閉じられていません' },
} as const satisfies Record<string, Label>;
export type TImportReason = keyof typeof IMPORT_REASONS;

/** Words accepted in the sex and identity columns, in any language (lower-cased on reading). */
export const IMPORT_SEX_WORDS: Record<'male' | 'female' | 'unknown', Label> = {
  male: { zh: '男', en: 'male', ja: '男性' },
  female: { zh: '女', en: 'female', ja: '女性' },
  unknown: { zh: '未知', en: 'unknown', ja: '不明' },
};
export const IMPORT_IDENTITY_WORDS: Record<1 | 2 | 3 | 4 | 5, Label> = {
  1: { zh: '管理员', en: 'administrator', ja: '管理者' },
  2: { zh: '督导组长', en: 'leader', ja: 'リーダー' },
  3: { zh: '督导', en: 'supervisor', ja: '督導員' },
  4: { zh: '教师', en: 'teacher', ja: '教員' },
  5: { zh: '学生', en: 'student', ja: '学生' },
};

/** Words of the template and export workbooks. */
export const IMPORT_SHEET_TEXT = {
  data: { zh: '数据', en: 'Data', ja: 'データ' },
  notes: { zh: '填写说明', en: 'Notes', ja: '記入方法' },
  column: { zh: '列', en: 'Column', ja: '列' },
  required: { zh: '必填', en: 'Required', ja: '必須' },
  description: { zh: '说明', en: 'Description', ja: '説明' },
  example: { zh: '示例', en: 'Example', ja: '例' },
  yes: { zh: '是', en: 'Yes', ja: 'はい' },
  no: { zh: '否', en: 'No', ja: 'いいえ' },
  firstRow: { zh: '第一行为表头（可用中文、英文或日文），第 2 行为示例，未修改时导入会忽略它；带 * 的列必填。导入前会先校验全部行，有任何错误都不会导入。', en: 'Row 1 holds the headers (Chinese, English or Japanese); row 2 is an example, ignored while unchanged; columns marked * are required. Every row is checked first: nothing is imported while any row is wrong.', ja: '1 行目は見出し（中国語・英語・日本語のいずれか）です。2 行目は例で、変更しなければ取り込み時に無視されます。* の列は必須です。取り込み前にすべての行をチェックし、エラーが 1 件でもあれば何も取り込みません。' },
} as const satisfies Record<string, Label>;

export const IMPORT_LIMITS = { rows: 50_000, fileBytes: 20 * 1024 * 1024 } as const;

// ---------------------------------------------------------------- requests and replies

export const ZImportUploadResponse = z.object({ jobId: ZId });
export const ZImportRunRequest = z.object({ jobId: ZId });
export const ZImportJobQuery = z.object({
  jobId: ZId,
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const ZImportRowError = z.object({
  row: z.number().int(),
  column: z.string(),
  /** The column's header in the reader's language ('' for the whole row or file). */
  columnLabel: z.string(),
  reason: z.string(),
});
export type TImportRowError = z.infer<typeof ZImportRowError>;

export const ZImportCounts = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.number().int(),
  sessions: z.number().int().optional(),
  /** People import: existing accounts that are not wholly this school's, invited rather than changed. */
  invited: z.number().int().optional(),
});
export const ZImportJob = z.object({
  jobId: ZId,
  kind: ZImportKind,
  mode: z.enum(['dryRun', 'run']),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number().int(),
  total: z.number().int(),
  counts: ZImportCounts,
  /** The failure of the whole job, localized (null when it ran or still runs). */
  message: z.string().nullable(),
  errorKey: z.string().nullable(),
  errors: zPage(ZImportRowError),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TImportJob = z.infer<typeof ZImportJob>;

/** Export filters: the list screens' filters. */
export const ZUserExportQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  roleId: ZId.optional(),
  identity: z.coerce.number().pipe(ZIdentity).optional(),
  status: ZMemberStatus.optional(),
});
export const ZCourseExportQuery = z.object({
  semesterId: ZId.optional(),
  orgUnitId: ZId.optional(),
  teacherId: ZId.optional(),
  classroomId: ZId.optional(),
  keyword: z.string().trim().max(64).optional(),
});
export const ZClassroomExportQuery = z.object({
  buildingId: ZId.optional(),
  floor: z.coerce.number().int().min(-5).max(200).optional(),
  keyword: z.string().trim().max(64).optional(),
});
export type TImportExportFilters = {
  user: z.input<typeof ZUserExportQuery>;
  course: z.input<typeof ZCourseExportQuery>;
  classroom: z.input<typeof ZClassroomExportQuery>;
};
