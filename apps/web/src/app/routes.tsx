import { lazy as lazyComponent, Suspense } from 'react';
import { HOME_ROUTE, PATHS } from '../lib/paths.ts';
import { lazy, type RouteEntry, type RouteLayout } from './route-entry.ts';
import { SIGN_IN_ROUTES } from './sign-in-routes.ts';

const LessonCommentary = lazyComponent(() => import('../features/assistant/components/LiveCommentaryPanel.tsx').then((m) => ({ default: m.LiveCommentaryPanel })));

export { HOME_ROUTE };
export type { RouteAccess, RouteEntry, RouteLayout } from './route-entry.ts';

/** A highlight that keeps whatever the previous route highlighted (detail screens reached from several lists). */
export const INHERIT_HIGHLIGHT = '@previous';
/** Paths shown without the left menu (spec section 1). */
export const MENU_HIDDEN_PATHS: readonly string[] = ['/SCADA/Detail'];

/**
 * The one registry of screens: route key → component, access, highlight, keep-alive. Shell route keys
 * are menu keys: the left menu shows a permitted menu only when its route is registered here, titled
 * by `menu.<key>`.
 */
export const ROUTES: RouteEntry[] = [
  // Sign-in and registration (sign-in-routes.ts): the router knows them before it loads this table.
  ...SIGN_IN_ROUTES,
  { key: 'awaitPage', path: PATHS.awaitPage, layout: 'account', access: 'optional', load: lazy(() => import('../features/schools/pages/AwaitPage.tsx'), (m) => m.AwaitPage) },
  { key: 'userInfo', path: PATHS.userInfo, layout: 'account', access: 'token', load: lazy(() => import('../features/schools/pages/ChooseSchoolPage.tsx'), (m) => m.ChooseSchoolPage) },
  { key: 'qrConfirm', path: PATHS.qrConfirm, layout: 'account', access: 'token', load: lazy(() => import('../features/auth/pages/QrConfirmPage.tsx'), (m) => m.QrConfirmPage) },
  {
    key: 'MeInfo',
    path: PATHS.meInfo,
    layout: 'shell',
    access: 'MeInfo',
    highlight: 'MeInfo',
    load: lazy(() => import('./pages/MeInfoRoute.tsx'), (m) => m.MeInfoRoute),
  },
  {
    key: 'schoolApplications',
    path: PATHS.schoolApplications,
    layout: 'shell',
    access: 'schoolApplications',
    highlight: 'schoolApplications',
    keepAlive: true,
    load: lazy(() => import('../features/schools/pages/SchoolApplicationsPage.tsx'), (m) => m.SchoolApplicationsPage),
  },
  {
    key: 'roleManagement',
    path: PATHS.roleManagement,
    layout: 'shell',
    access: 'roleManagement',
    highlight: 'roleManagement',
    keepAlive: true,
    load: lazy(() => import('../features/roles/pages/RoleManagementPage.tsx'), (m) => m.RoleManagementPage),
  },
  {
    key: 'rolePermission',
    path: PATHS.rolePermission,
    layout: 'shell',
    access: 'rolePermission',
    highlight: 'rolePermission',
    load: lazy(() => import('../features/roles/pages/RolePermissionPage.tsx'), (m) => m.RolePermissionPage),
  },
  {
    key: 'userManagement',
    path: '/back/userManagement',
    layout: 'shell',
    access: 'userManagement',
    highlight: 'userManagement',
    load: lazy(() => import('../features/users/pages/UserManagementPage.tsx'), (m) => m.UserManagementPage),
  },
  // -- org and settings screens
  {
    key: 'ZZJGtrre',
    path: '/back/ZZJGtrre',
    layout: 'shell',
    access: 'ZZJGtrre',
    highlight: 'ZZJGtrre',
    keepAlive: true,
    load: lazy(() => import('../features/org/pages/OrgTreePage.tsx'), (m) => m.OrgTreePage),
  },
  {
    key: 'GlobalSettings',
    path: '/back/GlobalSettings',
    layout: 'shell',
    access: 'GlobalSettings',
    highlight: 'GlobalSettings',
    load: lazy(() => import('../features/settings/pages/GlobalSettingsPage.tsx'), (m) => m.GlobalSettingsPage),
  },
  // -- schedule screens
  {
    key: 'scheduleManage',
    path: '/back/scheduleManage',
    layout: 'shell',
    access: 'scheduleManage',
    highlight: 'scheduleManage',
    keepAlive: true,
    load: lazy(() => import('../features/schedule/pages/ScheduleManagePage.tsx'), (m) => m.ScheduleManagePage),
  },
  // -- classroom and device screens
  {
    key: 'transcribeManagement',
    path: '/back/transcribeManagement',
    layout: 'shell',
    access: 'transcribeManagement',
    highlight: 'transcribeManagement',
    load: lazy(() => import('../features/classrooms/pages/TranscribeManagementPage.tsx'), (m) => m.TranscribeManagementPage),
  },
  {
    key: 'frontRowSettings',
    path: '/back/frontRowSettings',
    layout: 'shell',
    access: 'frontRowSettings',
    highlight: 'frontRowSettings',
    load: lazy(() => import('../features/classrooms/pages/FrontRowSettingsPage.tsx'), (m) => m.FrontRowSettingsPage),
  },
  // -- supervision group screens
  {
    key: 'SupervisionGroupManagement',
    path: '/back/SupervisionGroupManagement',
    layout: 'shell',
    access: 'SupervisionGroupManagement',
    highlight: 'SupervisionGroupManagement',
    load: lazy(() => import('../features/supervision/pages/SupervisionGroupListPage.tsx'), (m) => m.SupervisionGroupListPage),
  },
  {
    key: 'AddSGMan',
    path: '/back/AddSGMan',
    layout: 'shell',
    access: 'AddSGMan',
    highlight: 'SupervisionGroupManagement',
    load: lazy(() => import('../features/supervision/pages/SupervisionGroupFormPage.tsx'), (m) => m.SupervisionGroupFormPage),
  },
  // -- assignment screens
  {
    key: 'assignmentsTask',
    path: '/back/assignmentsTask',
    layout: 'shell',
    access: 'assignmentsTask',
    highlight: 'assignmentsTask',
    load: lazy(() => import('../features/assignments/pages/AssignmentTasksPage.tsx'), (m) => m.AssignmentTasksPage),
  },
  {
    key: 'assignmentsTeacher',
    path: '/back/assignmentsTeacher',
    layout: 'shell',
    access: 'assignmentsTeacher',
    highlight: 'assignmentsTeacher',
    load: lazy(() => import('../features/assignments/pages/AssignmentsTeacherPage.tsx'), (m) => m.AssignmentsTeacherPage),
  },
  {
    key: 'assignmentsCourse',
    path: '/back/assignmentsCourse',
    layout: 'shell',
    access: 'assignmentsCourse',
    highlight: 'assignmentsCourse',
    load: lazy(() => import('../features/assignments/pages/AssignmentsCoursePage.tsx'), (m) => m.AssignmentsCoursePage),
  },
  {
    key: 'assignmentsSection',
    path: '/back/assignmentsSection',
    layout: 'shell',
    access: 'assignmentsSection',
    highlight: 'assignmentsSection',
    load: lazy(() => import('../features/assignments/pages/AssignmentsSectionPage.tsx'), (m) => m.AssignmentsSectionPage),
  },
  {
    key: 'assignmentsPoint',
    path: '/back/assignmentsPoint',
    layout: 'shell',
    access: 'assignmentsPoint',
    highlight: 'assignmentsPoint',
    load: lazy(() => import('../features/assignments/pages/AssignmentPointsPage.tsx'), (m) => m.AssignmentPointsPage),
  },
  {
    key: 'assignmentsProgress',
    path: '/back/assignmentsProgress',
    layout: 'shell',
    access: 'assignmentsProgress',
    highlight: 'assignmentsProgress',
    load: lazy(() => import('../features/assignments/pages/AssignmentProgressPage.tsx'), (m) => m.AssignmentProgressPage),
  },
  // -- indicators, questions, templates and plans (issue 5)
  {
    key: 'indexClassification',
    path: '/back/indexClassification',
    layout: 'shell',
    access: 'indexClassification',
    highlight: 'indexClassification',
    load: lazy(() => import('../features/catalog/pages/IndexClassificationPage.tsx'), (m) => m.IndexClassificationPage),
  },
  {
    key: 'questionClassification',
    path: '/back/questionClassification',
    layout: 'shell',
    access: 'questionClassification',
    highlight: 'questionClassification',
    load: lazy(() => import('../features/catalog/pages/QuestionClassificationPage.tsx'), (m) => m.QuestionClassificationPage),
  },
  {
    key: 'indexManagement',
    path: '/back/indexManagement',
    layout: 'shell',
    access: 'indexManagement',
    highlight: 'indexManagement',
    keepAlive: true,
    load: lazy(() => import('../features/catalog/pages/IndexManagementPage.tsx'), (m) => m.IndexManagementPage),
  },
  {
    key: 'indexAddManagement',
    path: '/back/indexAddManagement',
    layout: 'shell',
    access: 'indexAddManagement',
    highlight: 'indexManagement',
    load: lazy(() => import('../features/catalog/pages/IndexAddManagementPage.tsx'), (m) => m.IndexAddManagementPage),
  },
  {
    key: 'questionManagement',
    path: '/back/questionManagement',
    layout: 'shell',
    access: 'questionManagement',
    highlight: 'questionManagement',
    keepAlive: true,
    load: lazy(() => import('../features/catalog/pages/QuestionManagementPage.tsx'), (m) => m.QuestionManagementPage),
  },
  {
    key: 'questionManagementSet',
    path: '/back/questionManagementSet',
    layout: 'shell',
    access: 'questionManagementSet',
    highlight: 'questionManagement',
    load: lazy(() => import('../features/catalog/pages/QuestionManagementSetPage.tsx'), (m) => m.QuestionManagementSetPage),
  },
  {
    key: 'questionManagementPass',
    path: '/back/questionManagementPass',
    layout: 'shell',
    access: 'questionManagementPass',
    highlight: 'questionManagement',
    load: lazy(() => import('../features/catalog/pages/QuestionManagementPassPage.tsx'), (m) => m.QuestionManagementPassPage),
  },
  {
    key: 'readQuestions',
    path: '/back/readQuestions',
    layout: 'shell',
    access: 'readQuestions',
    highlight: 'readQuestions',
    keepAlive: true,
    load: lazy(() => import('../features/catalog/pages/ReadQuestionsPage.tsx'), (m) => m.ReadQuestionsPage),
  },
  {
    key: 'readQuestionsDetail',
    path: '/back/readQuestionsDetail',
    layout: 'shell',
    access: 'readQuestionsDetail',
    highlight: 'readQuestions',
    load: lazy(() => import('../features/catalog/pages/ReadQuestionsDetailPage.tsx'), (m) => m.ReadQuestionsDetailPage),
  },
  {
    key: 'evaluationTemplate',
    path: '/back/evaluationTemplate',
    layout: 'shell',
    access: 'evaluationTemplate',
    highlight: 'evaluationTemplate',
    keepAlive: true,
    load: lazy(() => import('../features/templates/pages/EvaluationTemplatePage.tsx'), (m) => m.EvaluationTemplatePage),
  },
  {
    key: 'evaluationAddTemplate',
    path: '/back/evaluationAddTemplate',
    layout: 'shell',
    access: 'evaluationAddTemplate',
    highlight: 'evaluationTemplate',
    load: lazy(() => import('../features/templates/pages/EvaluationAddTemplatePage.tsx'), (m) => m.EvaluationAddTemplatePage),
  },
  {
    key: 'evaluationAddQuestions',
    path: '/back/evaluationAddQuestions',
    layout: 'shell',
    access: 'evaluationAddQuestions',
    highlight: 'evaluationTemplate',
    load: lazy(() => import('../features/templates/pages/EvaluationAddQuestionsPage.tsx'), (m) => m.EvaluationAddQuestionsPage),
  },
  {
    key: 'evaluationDetail',
    path: '/back/evaluationDetail',
    layout: 'shell',
    access: 'evaluationDetail',
    highlight: 'evaluationTemplate',
    load: lazy(() => import('../features/templates/pages/EvaluationDetailPage.tsx'), (m) => m.EvaluationDetailPage),
  },
  {
    key: 'supervisionScheme',
    path: '/back/supervisionScheme',
    layout: 'shell',
    access: 'supervisionScheme',
    highlight: 'supervisionScheme',
    keepAlive: true,
    load: lazy(() => import('../features/plans/pages/SupervisionSchemePage.tsx'), (m) => m.SupervisionSchemePage),
  },
  {
    key: 'supervisionSchemeAddPlan',
    path: '/back/supervisionSchemeAddPlan',
    layout: 'shell',
    access: 'supervisionSchemeAddPlan',
    highlight: 'supervisionScheme',
    load: lazy(() => import('../features/plans/pages/SupervisionSchemeAddPlanPage.tsx'), (m) => m.SupervisionSchemeAddPlanPage),
  },
  {
    key: 'supervisionSchemeDetail',
    path: '/back/supervisionSchemeDetail',
    layout: 'shell',
    access: 'supervisionSchemeDetail',
    highlight: 'supervisionScheme',
    load: lazy(() => import('../features/plans/pages/SupervisionSchemeDetailPage.tsx'), (m) => m.SupervisionSchemeDetailPage),
  },
  {
    key: 'targetAdvance',
    path: '/back/targetAdvance',
    layout: 'shell',
    access: 'targetAdvance',
    highlight: 'targetAdvance',
    keepAlive: true,
    load: lazy(() => import('../features/plans/pages/TargetAdvancePage.tsx'), (m) => m.TargetAdvancePage),
  },
  {
    key: 'targetAdvanceDetail',
    path: '/back/targetAdvanceDetail',
    layout: 'shell',
    access: 'targetAdvanceDetail',
    highlight: 'targetAdvance',
    load: lazy(() => import('../features/plans/pages/TargetAdvanceDetailPage.tsx'), (m) => m.TargetAdvanceDetailPage),
  },
  {
    key: 'SteeringList',
    path: '/back/SteeringList',
    layout: 'shell',
    access: 'SteeringList',
    highlight: 'SteeringList',
    load: lazy(() => import('../features/plans/pages/SteeringListPage.tsx'), (m) => m.SteeringListPage),
  },
  {
    key: 'LessonEvaluationPlan',
    path: '/LessonEvaluationPlan',
    layout: 'shell',
    access: 'LessonEvaluationPlan',
    highlight: 'LessonEvaluationPlan',
    keepAlive: true,
    load: lazy(() => import('../features/plans/pages/LessonEvaluationPlanPage.tsx'), (m) => m.LessonEvaluationPlanPage),
  },
  // -- evaluating lessons (issue 6)
  {
    key: 'Evaluate',
    path: '/Evaluate',
    layout: 'shell',
    access: 'Evaluate',
    highlight: 'Evaluate',
    load: lazy(() => import('./composed-pages.tsx'), (m) => m.FrontPage),
  },
  {
    key: 'InviteMeToListen',
    path: '/InviteMeToListen',
    layout: 'shell',
    access: 'InviteMeToListen',
    highlight: 'InviteMeToListen',
    keepAlive: true,
    load: lazy(() => import('../features/invitations/pages/InviteMeToListenPage.tsx'), (m) => m.InviteMeToListenPage),
  },
  {
    key: 'Report',
    path: '/Report',
    layout: 'shell',
    access: 'Report',
    highlight: 'Report',
    keepAlive: true,
    load: lazy(() => import('../features/reports/pages/ReportPage.tsx'), (m) => m.ReportPage),
  },
  {
    key: 'CourseEvaluationReport',
    path: '/CourseEvaluationReport',
    layout: 'shell',
    access: 'CourseEvaluationReport',
    // A menu entry of its own (the courses one may open, then one's report).
    highlight: 'CourseEvaluationReport',
    load: lazy(() => import('../features/reports/pages/CourseEvaluationReportPage.tsx'), (m) => m.CourseEvaluationReportPage),
  },
  {
    key: 'MeAppeal',
    path: '/MeAppeal',
    layout: 'shell',
    access: 'MeAppeal',
    highlight: 'MeAppeal',
    keepAlive: true,
    load: lazy(() => import('../features/appeals/pages/MeAppealPage.tsx'), (m) => m.MeAppealPage),
  },
  {
    key: 'EvaluateAppeal',
    path: '/Evaluate/Appeal',
    layout: 'shell',
    access: 'EvaluateAppeal',
    highlight: 'EvaluateAppeal',
    load: lazy(() => import('../features/appeals/pages/EvaluateAppealPage.tsx'), (m) => m.EvaluateAppealPage),
  },
  {
    key: 'AppealDetail',
    path: '/Appeal/Detail',
    layout: 'shell',
    access: 'AppealDetail',
    highlight: INHERIT_HIGHLIGHT,
    load: lazy(() => import('../features/appeals/pages/AppealDetailPage.tsx'), (m) => m.AppealDetailPage),
  },
  // -- lesson plans (issue 18)
  { key: 'lessonPlan', path: '/lessonPlan', layout: 'shell', access: 'lessonPlan', load: lazy(() => import('../features/lesson-plans/pages/LessonPlanPage.tsx'), (m) => m.LessonPlanPage) },
  { key: 'lessonPlanManagement', path: '/lessonPlanManagement', layout: 'shell', access: 'lessonPlanManagement', load: lazy(() => import('../features/lesson-plans/pages/LessonPlanManagementPage.tsx'), (m) => m.LessonPlanManagementPage) },
  { key: 'lessonPlanEvaluation', path: '/lessonPlanEvaluation', layout: 'shell', access: 'lessonPlanEvaluation', load: lazy(() => import('../features/lesson-plans/pages/LessonPlanEvaluationPage.tsx'), (m) => m.LessonPlanEvaluationPage) },
  { key: 'lessonPlanStatistics', path: '/lessonPlanStatistics', layout: 'shell', access: 'lessonPlanStatistics', load: lazy(() => import('../features/lesson-plans/pages/LessonPlanStatisticsPage.tsx'), (m) => m.LessonPlanStatisticsPage) },
  {
    key: 'teacherFeedback',
    path: '/teacherFeedback',
    layout: 'shell',
    access: 'teacherFeedback',
    highlight: 'teacherFeedback',
    keepAlive: true,
    load: lazy(() => import('../features/questionnaires/pages/TeacherFeedbackPage.tsx'), (m) => m.TeacherFeedbackPage),
  },
  {
    key: 'feedbackDetails',
    path: '/feedbackDetails',
    layout: 'shell',
    access: 'feedbackDetails',
    highlight: INHERIT_HIGHLIGHT,
    load: lazy(() => import('../features/questionnaires/pages/FeedbackDetailsPage.tsx'), (m) => m.FeedbackDetailsPage),
  },
  {
    key: 'feeQuestionnaire',
    path: '/feeQuestionnaire',
    layout: 'shell',
    access: 'feeQuestionnaire',
    highlight: 'feeQuestionnaire',
    load: lazy(() => import('../features/questionnaires/pages/FeeQuestionnairePage.tsx'), (m) => m.FeeQuestionnairePage),
  },
  // -- live lessons and sharing (issue 14). The viewer and shares sit outside the shell: the open
  // /back/liveListDetail serves signed-in members and visitors alike (a path has one route).
  {
    key: 'LiveManagement',
    path: '/back/LiveManagement',
    layout: 'shell',
    access: 'LiveManagement',
    highlight: 'LiveManagement',
    keepAlive: true,
    load: lazy(() => import('../features/live-lessons/pages/LiveManagementPage.tsx'), (m) => m.LiveManagementPage),
  },
  {
    key: 'LiveManagementAdd',
    path: '/back/LiveManagementAdd',
    layout: 'shell',
    access: 'LiveManagementAdd',
    highlight: 'LiveManagement',
    load: lazy(() => import('../features/live-lessons/pages/LiveManagementAddPage.tsx'), (m) => m.LiveManagementAddPage),
  },
  {
    key: 'liveListPage',
    path: '/back/liveListPage',
    layout: 'shell',
    access: 'liveListPage',
    highlight: 'liveListPage',
    load: lazy(() => import('../features/live-lessons/pages/LiveListPage.tsx'), (m) => m.LiveListPage),
  },
  {
    key: 'liveListDetail',
    path: '/back/liveListDetail',
    layout: 'account',
    access: 'open',
    // The assistant's live commentary on the class under way, loaded only when a member's view offers it.
    load: lazy(
      () => import('../features/live-lessons/pages/LiveListDetailPage.tsx'),
      (m) =>
        function LiveListDetail() {
          return <m.LiveListDetailPage aiCommentary={(liveId) => <Suspense fallback={null}><LessonCommentary liveId={liveId} /></Suspense>} />;
        },
    ),
  },
  // Single sign-on (issue 19): /SSO and /SSOBS open with no checks; /loading finishes the sign-in.
  { key: 'SSO', path: '/SSO', layout: 'auth', access: 'open', load: lazy(() => import('../features/sso/pages/SsoPage.tsx'), (m) => m.SsoPage) },
  { key: 'SSOBS', path: '/SSOBS', layout: 'auth', access: 'open', load: lazy(() => import('../features/sso/pages/SsoPage.tsx'), (m) => m.SsoPage) },
  { key: 'loading', path: PATHS.loading, layout: 'auth', access: 'token', load: lazy(() => import('./pages/LoadingRoute.tsx'), (m) => m.LoadingRoute) },
  // The deployment's licence (issue 19): reachable with or without a token.
  { key: 'activation', path: PATHS.activation, layout: 'account', access: 'optional', load: lazy(() => import('../features/licence/pages/LicencePage.tsx'), (m) => m.LicencePage) },
  { key: 'extendAuthorization', path: PATHS.extendAuthorization, layout: 'account', access: 'optional', load: lazy(() => import('../features/licence/pages/LicencePage.tsx'), (m) => m.LicencePage) },
  { key: 'lengthen', path: PATHS.lengthen, layout: 'account', access: 'optional', load: lazy(() => import('../features/licence/pages/LicencePage.tsx'), (m) => m.LicencePage) },
  { key: 'terminal', path: PATHS.terminal, layout: 'account', access: 'open', load: lazy(() => import('../features/terminal/pages/TerminalPage.tsx'), (m) => m.TerminalPage) },
  { key: 'ShareDetail', path: '/SCADA/ShareDetail', layout: 'account', access: 'token', load: lazy(() => import('../features/live-lessons/pages/ShareDetailPage.tsx'), (m) => m.ShareDetailPage) },
  {
    key: 'example',
    path: '/example',
    layout: 'shell',
    access: 'example',
    highlight: 'example',
    load: lazy(() => import('../features/questionnaires/pages/ExamplePage.tsx'), (m) => m.ExamplePage),
  },
  {
    key: 'EvaluationQuestionnaire',
    path: '/EvaluationQuestionnaire',
    layout: 'shell',
    access: 'EvaluationQuestionnaire',
    // The fill form: the menu's entry for one's questionnaires is My questionnaires.
    highlight: 'feeQuestionnaire',
    load: lazy(() => import('../features/questionnaires/pages/EvaluationQuestionnairePage.tsx'), (m) => m.EvaluationQuestionnairePage),
  },
  {
    key: 'assignmentsQuestionnaire',
    path: '/back/assignmentsQuestionnaire',
    layout: 'shell',
    access: 'assignmentsQuestionnaire',
    highlight: 'assignmentsQuestionnaire',
    load: lazy(() => import('../features/questionnaires/pages/AssignmentsQuestionnairePage.tsx'), (m) => m.AssignmentsQuestionnairePage),
  },
  {
    key: 'FreeCourse',
    path: '/FreeCourse',
    layout: 'shell',
    access: 'FreeCourse',
    highlight: 'FreeCourse',
    keepAlive: true,
    load: lazy(() => import('../features/evaluations/pages/FreeCoursePage.tsx'), (m) => m.FreeCoursePage),
  },
  {
    key: 'TemporaryCourseEvaluation',
    path: '/TemporaryCourseEvaluation',
    layout: 'shell',
    access: 'TemporaryCourseEvaluation',
    highlight: 'TemporaryCourseEvaluation',
    keepAlive: true,
    load: lazy(() => import('../features/evaluations/pages/TemporaryCourseEvaluationPage.tsx'), (m) => m.TemporaryCourseEvaluationPage),
  },
  {
    key: 'LessonEvaluationRecord',
    path: '/LessonEvaluationRecord',
    layout: 'shell',
    access: 'LessonEvaluationRecord',
    highlight: 'LessonEvaluationRecord',
    keepAlive: true,
    load: lazy(() => import('../features/evaluations/pages/LessonEvaluationRecordPage.tsx'), (m) => m.LessonEvaluationRecordPage),
  },
  {
    key: 'TeachingRecordDetail',
    path: '/TeachingRecordDetail',
    layout: 'shell',
    access: 'TeachingRecordDetail',
    highlight: INHERIT_HIGHLIGHT,
    load: lazy(() => import('./composed-pages.tsx'), (m) => m.RecordPage),
  },
  {
    key: 'SCADA',
    path: PATHS.patrolWall,
    layout: 'shell',
    access: 'SCADA',
    highlight: 'SCADA',
    keepAlive: false,
    load: lazy(() => import('../features/patrol/pages/PatrolWallPage.tsx'), (m) => m.PatrolWallPage),
  },
  {
    key: 'ClassroomUsageSituation',
    path: '/ClassroomUsageSituation',
    layout: 'shell',
    access: 'ClassroomUsageSituation',
    highlight: 'ClassroomUsageSituation',
    keepAlive: true,
    load: lazy(() => import('../features/usage/pages/ClassroomUsagePage.tsx'), (m) => m.ClassroomUsagePage),
  },
  {
    key: 'SCADADetail',
    path: PATHS.patrolDetail,
    layout: 'shell',
    access: 'SCADADetail',
    highlight: 'SCADA',
    keepAlive: false,
    // The assistant's live commentary (type 101) is a panel of the AI tab (docs/decisions/0023).
    load: lazy(
      () => Promise.all([import('../features/patrol-detail/pages/PatrolDetailPage.tsx'), import('../features/assistant/components/LiveCommentaryPanel.tsx')]),
      ([page, assistant]) =>
        function PatrolDetail() {
          return <page.PatrolDetailPage aiCommentary={(liveId) => <assistant.LiveCommentaryPanel liveId={liveId} />} />;
        },
    ),
  },
  {
    key: 'InspectionRecords',
    path: PATHS.inspectionRecords,
    layout: 'shell',
    access: 'InspectionRecords',
    highlight: 'InspectionRecords',
    keepAlive: false,
    load: lazy(() => import('../features/patrol-detail/pages/InspectionRecordsPage.tsx'), (m) => m.InspectionRecordsPage),
  },
  {
    key: 'AttendanceRecord',
    path: '/SCADA/AttendanceRecord',
    layout: 'shell',
    access: 'AttendanceRecord',
    highlight: 'AttendanceRecord',
    keepAlive: false,
    load: lazy(() => import('../features/patrol-detail/pages/AttendanceRecordPage.tsx'), (m) => m.AttendanceRecordPage),
  },
  {
    key: 'SCADARecording',
    path: PATHS.recording,
    layout: 'shell',
    access: 'SCADARecording',
    highlight: INHERIT_HIGHLIGHT,
    keepAlive: false,
    load: lazy(() => import('../features/recordings/pages/RecordingPage.tsx'), (m) => m.RecordingPage),
  },
  // -- AI classroom analysis (issue 15). The report is no menu: any member may ask, the server decides
  // who may read it (the class's teacher, or a patrol reach covering its room).
  {
    key: 'ClassroomReport',
    path: PATHS.classroomReport,
    layout: 'shell',
    access: 'token',
    highlight: INHERIT_HIGHLIGHT,
    keepAlive: false,
    load: lazy(() => import('../features/analysis/pages/ClassroomReportPage.tsx'), (m) => m.ClassroomReportPage),
  },
  {
    key: 'aiWarningSettings',
    path: '/back/aiWarningSettings',
    layout: 'shell',
    access: 'aiWarningSettings',
    highlight: 'aiWarningSettings',
    // The assistant's model and fair use are a tab of the AI settings (docs/decisions/0029).
    load: lazy(
      () => Promise.all([import('../features/analysis/pages/AiWarningSettingsPage.tsx'), import('../features/assistant/components/AssistantSettingsTab.tsx'), import('../features/licence/api/get-licence.ts')]),
      ([page, assistant, licence]) =>
        function AiSettings() {
          // The tabs of the features the licence has (decision 0027).
          const terms = licence.useLicence();
          const features = terms.isPending ? undefined : (terms.data?.features ?? null);
          return <page.AiWarningSettingsPage features={features} extraTabs={[{ feature: 'assistant', key: 'assistant', label: <assistant.AssistantSettingsTabLabel />, children: <assistant.AssistantSettingsTab /> }]} />;
        },
    ),
  },
  // -- Evaluation statistics (issue 17): school → department → teacher; filters in the URL. The
  // department screen keeps the previous route's highlight (spec section 2), the teacher screen the list's.
  {
    key: 'evaluateStatistics',
    path: '/back/evaluateStatistics',
    layout: 'shell',
    access: 'evaluateStatistics',
    highlight: 'evaluateStatistics',
    keepAlive: false,
    load: lazy(() => import('../features/statistics/pages/EvaluateStatisticsPage.tsx'), (m) => m.EvaluateStatisticsPage),
  },
  {
    key: 'evaluateStatisticsDetails',
    path: '/back/evaluateStatisticsDetails',
    layout: 'shell',
    access: 'evaluateStatisticsDetails',
    highlight: INHERIT_HIGHLIGHT,
    keepAlive: false,
    load: lazy(() => import('../features/statistics/pages/EvaluateStatisticsDetailsPage.tsx'), (m) => m.EvaluateStatisticsDetailsPage),
  },
  {
    key: 'evaluateStatisticsDetailss',
    path: '/back/evaluateStatisticsDetailss',
    layout: 'shell',
    access: 'evaluateStatisticsDetailss',
    highlight: 'evaluateStatistics',
    keepAlive: false,
    load: lazy(() => import('../features/statistics/pages/EvaluateStatisticsRecordsPage.tsx'), (m) => m.EvaluateStatisticsRecordsPage),
  },
  // -- Three-rate statistics (issue 17): the school grouped as chosen, then the place opened with its classes.
  {
    key: 'threeRateStatistics',
    path: '/back/threeRateStatistics',
    layout: 'shell',
    access: 'threeRateStatistics',
    highlight: 'threeRateStatistics',
    keepAlive: false,
    load: lazy(() => import('../features/statistics/pages/ThreeRateStatisticsPage.tsx'), (m) => m.ThreeRateStatisticsPage),
  },
  {
    key: 'threeRateStatisticsDetails',
    path: '/back/threeRateStatisticsDetails',
    layout: 'shell',
    access: 'threeRateStatisticsDetails',
    highlight: 'threeRateStatistics',
    keepAlive: false,
    load: lazy(() => import('../features/statistics/pages/ThreeRateStatisticsDetailsPage.tsx'), (m) => m.ThreeRateStatisticsDetailsPage),
  },
  // -- Sensitive-topic classrooms (issue 17): the classes with hits, then one class's hits in context.
  {
    key: 'sensitiveTopic',
    path: '/back/sensitiveTopic',
    layout: 'shell',
    access: 'sensitiveTopic',
    highlight: 'sensitiveTopic',
    keepAlive: false,
    load: lazy(() => import('../features/statistics/pages/SensitiveTopicPage.tsx'), (m) => m.SensitiveTopicPage),
  },
  {
    key: 'sensitiveTopicDetails',
    path: '/back/sensitiveTopicDetails',
    layout: 'shell',
    access: 'sensitiveTopicDetails',
    highlight: 'sensitiveTopic',
    keepAlive: false,
    load: lazy(() => import('../features/statistics/pages/SensitiveTopicDetailsPage.tsx'), (m) => m.SensitiveTopicDetailsPage),
  },
  // -- Assignment charts (issue 17): per task and per supervisor, attended against required; a supervisor opens their classes.
  {
    key: 'assignmentsEchartsTeport',
    path: '/back/assignmentsEchartsTeport',
    layout: 'shell',
    access: 'assignmentsEchartsTeport',
    highlight: 'assignmentsEchartsTeport',
    keepAlive: false,
    load: lazy(() => import('../features/statistics/pages/AssignmentsEchartsTeportPage.tsx'), (m) => m.AssignmentsEchartsTeportPage),
  },
  // The AI data board, opened from the header (a hidden screen of the statistics group).
  {
    key: 'dataAnalysisReport',
    path: PATHS.dataAnalysisReport,
    layout: 'shell',
    access: 'dataAnalysisReport',
    keepAlive: false,
    load: lazy(() => import('../features/analysis/pages/DataBoardPage.tsx'), (m) => m.DataBoardPage),
  },
];

export function routesOf(layout: RouteLayout): RouteEntry[] {
  return ROUTES.filter((r) => r.layout === layout);
}

export function routeByPath(pathname: string): RouteEntry | undefined {
  return ROUTES.find((r) => r.path === pathname);
}

/** Whether a user holding `permissions` may open a route. */
export function canOpen(route: RouteEntry, permissions: readonly string[]): boolean {
  return ['open', 'optional', 'token'].includes(route.access) || permissions.includes(route.access);
}
