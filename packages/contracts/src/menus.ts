/**
 * The menu tree: every screen of spec section 2 (front and /back/) with the buttons inside it. It is
 * product structure, defined here once with stable ids; roles grant ids of this tree (tenant data),
 * and route permissions on the server are the keys of its menus and buttons. Titles are the web's
 * `menu.<key>` i18n keys. No zod here: the web's shell imports this module.
 */
export type TMenuKind = 'group' | 'menu' | 'button';
export type TMenuNode = {
  menuId: number;
  key: string;
  kind: TMenuKind;
  parentId: number | null;
  /** Route path under /hxk/ for menus; null for groups and buttons. */
  path: string | null;
  icon: string | null;
  /** A screen reached from another (details, add forms): granted with the menu, not shown in it. */
  hidden: boolean;
  sort: number;
};

type Def = [id: number, key: string, path: string | null, icon?: string | null, opts?: { hidden?: boolean; buttons?: [number, string][] }];

/**
 * Groups follow what people do (evaluate, patrol, read results, run questionnaires, plan supervision,
 * assign it, build forms, run the school), not which module built a screen. Ids and paths never
 * change: roles store ids, the spec fixes the paths. A screen may move to another group; grants are
 * read through `effectiveGrants`, so a role holding it sees it under its new group.
 */
const GROUPS: [number, string, string, Def[]][] = [
  [100, 'evaluation', 'AuditOutlined', [
    [101, 'Evaluate', '/Evaluate'],
    [102, 'LessonEvaluationPlan', '/LessonEvaluationPlan'],
    [103, 'LessonEvaluationRecord', '/LessonEvaluationRecord'],
    [104, 'InviteMeToListen', '/InviteMeToListen'],
    [105, 'TemporaryCourseEvaluation', '/TemporaryCourseEvaluation'],
    [106, 'FreeCourse', '/FreeCourse'],
    [107, 'TeachingRecordDetail', '/TeachingRecordDetail', null, { hidden: true }],
  ]],
  [130, 'patrol', 'VideoCameraOutlined', [
    [131, 'SCADA', '/SCADA', null, { buttons: [[1311, 'patrol:ptz']] }],
    [132, 'SCADADetail', '/SCADA/Detail', null, { hidden: true }],
    [134, 'InspectionRecords', '/SCADA/InspectionRecords'],
    [135, 'AttendanceRecord', '/SCADA/AttendanceRecord', null, { buttons: [[1351, 'attendance:export']] }],
    [133, 'ClassroomUsageSituation', '/ClassroomUsageSituation'],
    [136, 'SCADARecording', '/SCADA/Recording', null, { hidden: true }],
    [164, 'liveListPage', '/back/liveListPage'],
    [165, 'liveListDetail', '/back/liveListDetail', null, { hidden: true }],
    [162, 'LiveManagement', '/back/LiveManagement'],
    [163, 'LiveManagementAdd', '/back/LiveManagementAdd', null, { hidden: true }],
  ]],
  [110, 'reportsAppeals', 'FileTextOutlined', [
    [111, 'Report', '/Report'],
    [109, 'CourseEvaluationReport', '/CourseEvaluationReport'],
    [112, 'MeAppeal', '/MeAppeal'],
    [113, 'EvaluateAppeal', '/Evaluate/Appeal', null, { buttons: [[1131, 'appeal:handle']] }],
    [114, 'AppealDetail', '/Appeal/Detail', null, { hidden: true }],
  ]],
  [140, 'feedback', 'CommentOutlined', [
    // The fill form a QR code, a link or a notification opens; the list of one's questionnaires is
    // feeQuestionnaire ("My questionnaires"), so the menu shows that list once (issue 20).
    [108, 'EvaluationQuestionnaire', '/EvaluationQuestionnaire', null, { hidden: true }],
    [143, 'feeQuestionnaire', '/feeQuestionnaire'],
    [141, 'teacherFeedback', '/teacherFeedback'],
    [142, 'feedbackDetails', '/feedbackDetails', null, { hidden: true }],
    [197, 'assignmentsQuestionnaire', '/back/assignmentsQuestionnaire', null, { buttons: [[1971, 'questionnaire:edit']] }],
    [144, 'example', '/example'],
  ]],
  [120, 'lessonPlans', 'BookOutlined', [
    [121, 'lessonPlan', '/lessonPlan'],
    [122, 'lessonPlanManagement', '/lessonPlanManagement'],
    [123, 'lessonPlanEvaluation', '/lessonPlanEvaluation'],
    [124, 'lessonPlanStatistics', '/lessonPlanStatistics'],
  ]],
  [200, 'planning', 'ProfileOutlined', [
    [205, 'supervisionScheme', '/back/supervisionScheme', null, { buttons: [[2051, 'plan:edit'], [2052, 'plan:publish']] }],
    [206, 'supervisionSchemeAddPlan', '/back/supervisionSchemeAddPlan', null, { hidden: true }],
    [207, 'supervisionSchemeDetail', '/back/supervisionSchemeDetail', null, { hidden: true }],
    [208, 'targetAdvance', '/back/targetAdvance'],
    [209, 'targetAdvanceDetail', '/back/targetAdvanceDetail', null, { hidden: true }],
    [156, 'SupervisionGroupManagement', '/back/SupervisionGroupManagement', null, { buttons: [[1561, 'supervisionGroup:edit']] }],
    [157, 'AddSGMan', '/back/AddSGMan', null, { hidden: true }],
    [166, 'SteeringList', '/back/SteeringList'],
  ]],
  [190, 'assignments', 'SolutionOutlined', [
    [191, 'assignmentsTask', '/back/assignmentsTask', null, { buttons: [[1911, 'assignment:edit']] }],
    [192, 'assignmentsTeacher', '/back/assignmentsTeacher'],
    [193, 'assignmentsCourse', '/back/assignmentsCourse'],
    [194, 'assignmentsSection', '/back/assignmentsSection'],
    [195, 'assignmentsPoint', '/back/assignmentsPoint'],
    [196, 'assignmentsProgress', '/back/assignmentsProgress'],
    [198, 'assignmentsEchartsTeport', '/back/assignmentsEchartsTeport'],
  ]],
  [180, 'indicators', 'UnorderedListOutlined', [
    [201, 'evaluationTemplate', '/back/evaluationTemplate', null, { buttons: [[2011, 'template:edit'], [2012, 'template:publish']] }],
    [202, 'evaluationAddTemplate', '/back/evaluationAddTemplate', null, { hidden: true }],
    [203, 'evaluationAddQuestions', '/back/evaluationAddQuestions', null, { hidden: true }],
    [204, 'evaluationDetail', '/back/evaluationDetail', null, { hidden: true }],
    [183, 'indexManagement', '/back/indexManagement', null, { buttons: [[1831, 'indicator:edit']] }],
    [184, 'indexAddManagement', '/back/indexAddManagement', null, { hidden: true }],
    [181, 'indexClassification', '/back/indexClassification', null, { buttons: [[1811, 'indexClassification:edit']] }],
    [185, 'questionManagement', '/back/questionManagement', null, { buttons: [[1851, 'question:edit'], [1852, 'question:review']] }],
    [186, 'questionManagementSet', '/back/questionManagementSet', null, { hidden: true }],
    [187, 'questionManagementPass', '/back/questionManagementPass', null, { hidden: true }],
    [182, 'questionClassification', '/back/questionClassification', null, { buttons: [[1821, 'questionClassification:edit']] }],
    [188, 'readQuestions', '/back/readQuestions'],
    [189, 'readQuestionsDetail', '/back/readQuestionsDetail', null, { hidden: true }],
  ]],
  [210, 'statistics', 'BarChartOutlined', [
    [211, 'threeRateStatistics', '/back/threeRateStatistics'],
    [212, 'threeRateStatisticsDetails', '/back/threeRateStatisticsDetails', null, { hidden: true }],
    [213, 'evaluateStatistics', '/back/evaluateStatistics'],
    [214, 'evaluateStatisticsDetails', '/back/evaluateStatisticsDetails', null, { hidden: true }],
    [215, 'evaluateStatisticsDetailss', '/back/evaluateStatisticsDetailss', null, { hidden: true }],
    [216, 'sensitiveTopic', '/back/sensitiveTopic'],
    [217, 'sensitiveTopicDetails', '/back/sensitiveTopicDetails', null, { hidden: true }],
    // The AI data board: opened from the header's data-board link, not from the left menu.
    [218, 'dataAnalysisReport', '/wenxiang/dataAnalysisReport', null, { hidden: true }],
  ]],
  [150, 'organisation', 'ApartmentOutlined', [
    [151, 'ZZJGtrre', '/back/ZZJGtrre', null, { buttons: [[1511, 'org:edit']] }],
    [154, 'userManagement', '/back/userManagement', null, {
      buttons: [[1541, 'user:add'], [1542, 'user:edit'], [1543, 'user:disable'], [1544, 'user:resetPwd'], [1545, 'user:addAdmin'], [1546, 'user:sync'], [1547, 'user:import'], [1548, 'user:export']],
    }],
    [155, 'schoolApplications', '/back/schoolApplications', null, { buttons: [[1551, 'school:membership:review']] }],
  ]],
  [160, 'recording', 'DesktopOutlined', [
    [167, 'scheduleManage', '/back/scheduleManage', null, {
      buttons: [[1671, 'course:edit'], [1672, 'calendar:edit'], [1673, 'course:import'], [1674, 'course:export']],
    }],
    [161, 'transcribeManagement', '/back/transcribeManagement', null, {
      buttons: [[1611, 'device:edit'], [1612, 'classroom:import'], [1613, 'classroom:export'], [1614, 'video:download']],
    }],
    [173, 'frontRowSettings', '/back/frontRowSettings', null, { buttons: [[1731, 'frontRow:edit']] }],
  ]],
  [170, 'settings', 'SettingOutlined', [
    [152, 'roleManagement', '/back/roleManagement', null, { buttons: [[1521, 'role:add'], [1522, 'role:edit'], [1523, 'role:delete']] }],
    [153, 'rolePermission', '/back/rolePermission', null, { buttons: [[1531, 'role:grant'], [1532, 'role:assignUsers']] }],
    [171, 'GlobalSettings', '/back/GlobalSettings', null, { buttons: [[1711, 'school:title:edit'], [1712, 'application:edit'], [1713, 'settings:edit']] }],
    [172, 'aiWarningSettings', '/back/aiWarningSettings'],
  ]],
  [220, 'personal', 'UserOutlined', [[221, 'MeInfo', '/MeInfo']]],
];

function build(): TMenuNode[] {
  const out: TMenuNode[] = [];
  GROUPS.forEach(([id, key, icon, children], gi) => {
    out.push({ menuId: id, key, kind: 'group', parentId: null, path: null, icon, hidden: false, sort: gi });
    children.forEach(([cid, ckey, path, cicon, opts], ci) => {
      out.push({ menuId: cid, key: ckey, kind: 'menu', parentId: id, path, icon: cicon ?? null, hidden: opts?.hidden ?? false, sort: ci });
      (opts?.buttons ?? []).forEach(([bid, bkey], bi) => {
        out.push({ menuId: bid, key: bkey, kind: 'button', parentId: cid, path: null, icon: null, hidden: false, sort: bi });
      });
    });
  });
  return out;
}

export const MENU_NODES: readonly TMenuNode[] = build();
export const MENU_BY_ID: ReadonlyMap<number, TMenuNode> = new Map(MENU_NODES.map((n) => [n.menuId, n]));
export const MENU_BY_KEY: ReadonlyMap<string, TMenuNode> = new Map(MENU_NODES.map((n) => [n.key, n]));

export type TMenuTreeNode = TMenuNode & { children: TMenuTreeNode[] };

/** Nests nodes under their parents, keeping each level's order. */
export function toMenuTree(nodes: readonly TMenuNode[]): TMenuTreeNode[] {
  const byId = new Map<number, TMenuTreeNode>(nodes.map((n) => [n.menuId, { ...n, children: [] }]));
  const roots: TMenuTreeNode[] = [];
  for (const n of byId.values()) {
    const parent = n.parentId != null ? byId.get(n.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  const sort = (list: TMenuTreeNode[]) => {
    list.sort((a, b) => a.sort - b.sort);
    list.forEach((c) => sort(c.children));
  };
  sort(roots);
  return roots;
}

/** A grant of a menu or button implies its ancestors: a group shows when one of its screens is granted. */
export function withAncestors(ids: Iterable<number>): Set<number> {
  const out = new Set<number>();
  for (const id of ids) {
    let node = MENU_BY_ID.get(id);
    while (node && !out.has(node.menuId)) {
      out.add(node.menuId);
      node = node.parentId != null ? MENU_BY_ID.get(node.parentId) : undefined;
    }
  }
  return out;
}

/**
 * What stored grants mean now: their screens and buttons, under the groups those sit in today. A
 * role's rows keep the ancestors they had when saved; after a screen moves to another group they
 * would name the old group and miss the new one, and a group holds no right of its own.
 */
export function effectiveGrants(ids: Iterable<number>): Set<number> {
  const leaves: number[] = [];
  for (const id of ids) {
    const node = MENU_BY_ID.get(id);
    if (node && node.kind !== 'group') leaves.push(id);
  }
  return withAncestors(leaves);
}

/** Every node under the given keys (a group brings its screens, a screen its buttons). */
export function expandKeys(keys: Iterable<string>): Set<number> {
  const out = new Set<number>();
  const add = (id: number) => {
    out.add(id);
    for (const n of MENU_NODES) if (n.parentId === id) add(n.menuId);
  };
  for (const k of keys) {
    const node = MENU_BY_KEY.get(k);
    if (!node) throw new Error(`unknown menu key ${k}`);
    add(node.menuId);
  }
  return withAncestors(out);
}

/**
 * Default grants of the built-in roles (identities 1-5); schools change them or add roles. A screen
 * that is always empty for a role is not offered to it (issue 20): Reports ("my courses, evaluations
 * received") is a teacher's own results, so the administrator and the leader read results on the
 * statistics screens and get Reports with the teacher role when they teach; Teacher feedback (my
 * courses' student questionnaires) is not a supervisor's; a student evaluates nothing and lands on
 * their questionnaires.
 */
export const BUILTIN_ROLE_GRANTS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  1: GROUPS.map(([, key]) => key),
  2: [
    'evaluation', 'CourseEvaluationReport', 'MeAppeal', 'EvaluateAppeal', 'AppealDetail', 'lessonPlans', 'feedback', 'assignments', 'statistics', 'personal',
    'SCADA', 'SCADADetail', 'InspectionRecords', 'AttendanceRecord', 'ClassroomUsageSituation', 'SCADARecording',
    'supervisionScheme', 'supervisionSchemeAddPlan', 'supervisionSchemeDetail', 'targetAdvance', 'targetAdvanceDetail', 'SupervisionGroupManagement', 'AddSGMan',
    'evaluationTemplate', 'evaluationAddTemplate', 'evaluationAddQuestions', 'evaluationDetail',
  ],
  3: [
    'evaluation', 'Report', 'CourseEvaluationReport', 'feeQuestionnaire', 'EvaluationQuestionnaire', 'lessonPlanEvaluation', 'feedbackDetails', 'assignmentsPoint', 'personal',
    'SCADA', 'SCADADetail', 'InspectionRecords', 'AttendanceRecord', 'ClassroomUsageSituation', 'SCADARecording',
  ],
  // Not lessonPlanManagement (issue 18): it releases collections and reads everyone's hand-ins; a
  // teacher's own plans are on /lessonPlan (docs/decisions/0025-lesson-plans.md).
  4: ['Evaluate', 'TeachingRecordDetail', 'SCADARecording', 'InviteMeToListen', 'feeQuestionnaire', 'EvaluationQuestionnaire', 'CourseEvaluationReport', 'Report', 'MeAppeal', 'AppealDetail', 'lessonPlan', 'teacherFeedback', 'feedbackDetails', 'personal'],
  // Their questionnaires first (the landing is the first screen of one's menu); EvaluationQuestionnaire
  // is the fill form a QR code or a notification opens.
  5: ['feeQuestionnaire', 'EvaluationQuestionnaire', 'personal'],
};

/** What a built-in role does not get even when its grants name the group: see above. */
const BUILTIN_ROLE_EXCEPT: Partial<Record<1 | 2 | 3 | 4 | 5, readonly string[]>> = { 1: ['Report'] };

/** The menu ids a built-in role holds by default (and, for the administrator, always: see roles). */
export function builtinRoleMenus(identity: 1 | 2 | 3 | 4 | 5): Set<number> {
  const out = expandKeys(BUILTIN_ROLE_GRANTS[identity]);
  // The excepted screens and their buttons, not the groups they sit in.
  for (const id of expandKeys(BUILTIN_ROLE_EXCEPT[identity] ?? [])) if (MENU_BY_ID.get(id)!.kind !== 'group') out.delete(id);
  return out;
}
