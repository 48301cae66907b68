/** App paths (inside the /hxk/ base) that more than one feature navigates to. */
export const PATHS = {
  login: '/login',
  qrLogin: '/qrlogin',
  register: '/register',
  qrRegister: '/qrRegister',
  qrConfirm: '/qrConfirm',
  userInfo: '/wenxiang/userInfo',
  awaitPage: '/awaitPage',
  meInfo: '/MeInfo',
  evaluate: '/Evaluate',
  /** My questionnaires, to fill and answered (the menu's one list of them; issue 20). */
  feeQuestionnaire: '/feeQuestionnaire',
  schoolApplications: '/back/schoolApplications',
  roleManagement: '/back/roleManagement',
  rolePermission: '/back/rolePermission',
  /** The AI data board, the header's data-board link (issue 15). */
  dataAnalysisReport: '/wenxiang/dataAnalysisReport',
  lessonEvaluationRecord: '/LessonEvaluationRecord',
  /** The classroom terminal a room's PC keeps open to play shouting (issue 14); signed in with a device key. */
  terminal: '/terminal',
  /** Real-time patrol wall (issue 14). */
  patrolWall: '/SCADA',
  /** One classroom under patrol (?classroomId=) and the patrol visits (issue 14). */
  patrolDetail: '/SCADA/Detail',
  inspectionRecords: '/SCADA/InspectionRecords',
  /** A class's recording (?courseSessionId=&at=), with the room's and course's other recordings (issue 14). */
  recording: '/SCADA/Recording',
  /** A class's AI classroom report (?courseSessionId=), linked from its recording and the patrol detail (issue 15). */
  classroomReport: '/ClassroomReport',
  /** Shown while a single sign-on completes (?entry=front|back), then the landing page (issue 19). */
  loading: '/loading',
  /** The deployment's licence (issue 19): first activation, extension, and the request for one. */
  activation: '/activation',
  extendAuthorization: '/extendAuthorization',
  lengthen: '/lengthen',
} as const;

/**
 * Where a signed-in member lands: the front evaluation page (spec section 2: / redirects to /Evaluate);
 * a role without it (students) lands on the first screen of its menu (ShellLayout).
 */
export const HOME_ROUTE: string = PATHS.evaluate;
