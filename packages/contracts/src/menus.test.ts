import { describe, expect, it } from 'vitest';
import { MENU_BY_ID, MENU_BY_KEY, MENU_NODES, builtinRoleMenus, effectiveGrants, type BUILTIN_ROLE_GRANTS } from './menus.ts';

const id = (key: string) => MENU_BY_KEY.get(key)!.menuId;
const keysOf = (ids: Iterable<number>) => [...ids].map((i) => MENU_BY_ID.get(i)!.key).sort();
/** Screens and buttons a built-in role gets (groups are where they sit, not what they grant). */
const grantedScreens = (role: keyof typeof BUILTIN_ROLE_GRANTS) => keysOf([...builtinRoleMenus(role)].filter((i) => MENU_BY_ID.get(i)!.kind !== 'group'));

describe('menu tree', () => {
  it('keeps ids, keys and paths unique', () => {
    expect(new Set(MENU_NODES.map((n) => n.menuId)).size).toBe(MENU_NODES.length);
    expect(new Set(MENU_NODES.map((n) => n.key)).size).toBe(MENU_NODES.length);
    const paths = MENU_NODES.flatMap((n) => (n.path ? [n.path] : []));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('puts every screen in a group, and every button in a screen', () => {
    for (const n of MENU_NODES) {
      const parent = n.parentId != null ? MENU_BY_ID.get(n.parentId) : undefined;
      if (n.kind === 'group') expect(parent, n.key).toBeUndefined();
      else expect(parent?.kind, n.key).toBe(n.kind === 'menu' ? 'group' : 'menu');
    }
    for (const g of MENU_NODES.filter((n) => n.kind === 'group')) {
      expect(MENU_NODES.some((n) => n.parentId === g.menuId && n.kind === 'menu'), g.key).toBe(true);
    }
  });
});

describe('effectiveGrants', () => {
  it('reads grants saved under an older grouping under the groups of today', () => {
    // Saved when the supervisor roster sat in "Recording and live" (160) and front-row settings in
    // "Settings" (170).
    const saved = [160, id('SteeringList'), 170, id('frontRowSettings'), id('frontRow:edit')];
    expect(keysOf(effectiveGrants(saved))).toEqual(['SteeringList', 'frontRow:edit', 'frontRowSettings', 'planning', 'recording'].sort());
  });

  it('gives a group nothing of its own, and ignores ids the tree no longer has', () => {
    expect([...effectiveGrants([id('organisation'), 999_999])]).toEqual([]);
    expect(keysOf(effectiveGrants([id('role:add')]))).toEqual(['role:add', 'roleManagement', 'settings']);
  });
});

describe('built-in roles', () => {
  it("grant the administrator the whole tree but a teacher's own Reports (issue 20)", () => {
    expect(keysOf(MENU_NODES.map((n) => n.menuId).filter((i) => !builtinRoleMenus(1).has(i)))).toEqual(['Report']);
  });

  // The screens each role had before the menu was regrouped by task (issue 20): moving screens
  // between groups must not change what a new school's roles may open.
  it('keep the screens and buttons they had before the regrouping', () => {
    expect(grantedScreens(2)).toEqual(
      [
        'AddSGMan', 'AppealDetail', 'AttendanceRecord', 'ClassroomUsageSituation', 'CourseEvaluationReport', 'Evaluate', 'EvaluateAppeal', 'EvaluationQuestionnaire',
        'FreeCourse', 'InspectionRecords', 'InviteMeToListen', 'LessonEvaluationPlan', 'LessonEvaluationRecord', 'MeAppeal', 'MeInfo', 'SCADA', 'SCADADetail',
        'SCADARecording', 'SupervisionGroupManagement', 'TeachingRecordDetail', 'TemporaryCourseEvaluation', 'appeal:handle', 'assignment:edit', 'assignmentsCourse',
        'assignmentsEchartsTeport', 'assignmentsPoint', 'assignmentsProgress', 'assignmentsQuestionnaire', 'assignmentsSection', 'assignmentsTask', 'assignmentsTeacher',
        'attendance:export', 'evaluateStatistics', 'evaluateStatisticsDetails', 'evaluateStatisticsDetailss', 'evaluationAddQuestions', 'evaluationAddTemplate',
        'evaluationDetail', 'evaluationTemplate', 'example', 'feeQuestionnaire', 'feedbackDetails', 'lessonPlan', 'lessonPlanEvaluation', 'lessonPlanManagement',
        'lessonPlanStatistics', 'patrol:ptz', 'plan:edit', 'plan:publish', 'questionnaire:edit', 'sensitiveTopic', 'sensitiveTopicDetails', 'supervisionGroup:edit',
        'supervisionScheme', 'supervisionSchemeAddPlan', 'supervisionSchemeDetail', 'targetAdvance', 'targetAdvanceDetail', 'teacherFeedback', 'template:edit',
        'template:publish', 'threeRateStatistics', 'threeRateStatisticsDetails',
        // Added with the AI data board (issue 15): the leader reads the statistics, the board among them.
        'dataAnalysisReport',
        // Reports (a teacher's own results) left with issue 20: the leader reads results on the statistics screens.
      ].sort(),
    );
    expect(grantedScreens(3)).toEqual(
      [
        'AttendanceRecord', 'ClassroomUsageSituation', 'CourseEvaluationReport', 'Evaluate', 'EvaluationQuestionnaire', 'FreeCourse', 'InspectionRecords', 'InviteMeToListen',
        'LessonEvaluationPlan', 'LessonEvaluationRecord', 'MeInfo', 'Report', 'SCADA', 'SCADADetail', 'SCADARecording', 'TeachingRecordDetail', 'TemporaryCourseEvaluation',
        'assignmentsPoint', 'attendance:export', 'feedbackDetails', 'lessonPlanEvaluation', 'patrol:ptz',
        // Issue 20: My questionnaires is the one list of one's questionnaires; Teacher feedback (my
        // courses' student questionnaires) is a teacher's, not a supervisor's.
        'feeQuestionnaire',
      ].sort(),
    );
    expect(grantedScreens(4)).toEqual(
      [
        'AppealDetail', 'CourseEvaluationReport', 'Evaluate', 'EvaluationQuestionnaire', 'InviteMeToListen', 'MeAppeal', 'MeInfo', 'Report', 'SCADARecording',
        'TeachingRecordDetail', 'feedbackDetails', 'lessonPlan', 'teacherFeedback',
        // lessonPlanManagement left the teacher with issue 18: it releases collections and reads everyone's hand-ins.
        'feeQuestionnaire',
      ].sort(),
    );
    // A student evaluates nothing: their questionnaires, the fill form, their account (issue 20).
    expect(grantedScreens(5)).toEqual(['EvaluationQuestionnaire', 'MeInfo', 'feeQuestionnaire'].sort());
  });
});
