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
  schoolApplications: '/back/schoolApplications',
  roleManagement: '/back/roleManagement',
  rolePermission: '/back/rolePermission',
  /** Not built yet: the header links to them as the spec's targets. */
  dataAnalysisReport: '/wenxiang/dataAnalysisReport',
  lessonEvaluationRecord: '/LessonEvaluationRecord',
} as const;

/** Where a signed-in member lands: the front evaluation page (spec section 2: / redirects to /Evaluate). */
export const HOME_ROUTE: string = PATHS.evaluate;
