/**
 * Every namespace but the sign-in texts, and all of common: index.ts sends only the sign-in groups of
 * common with the login page. Read as text here, so that the build keeps common.json's module (and
 * the menu titles of every screen) out of the login page's chunks instead of sharing it with them.
 */
import commonText from './common.json?raw';
import type commonJson from './common.json';
import schools from './schools.json';
import profile from './profile.json';
import roles from './roles.json';
import users from './users.json';
import org from './org.json';
import settings from './settings.json';
import schedule from './schedule.json';
import classrooms from './classrooms.json';
import supervision from './supervision.json';
import assignments from './assignments.json';
import imports from './imports.json';
import catalog from './catalog.json';
import templates from './templates.json';
import evaluation from './evaluation.json';
import plans from './plans.json';
import evaluations from './evaluations.json';
import invitations from './invitations.json';
import appeals from './appeals.json';
import reports from './reports.json';
import statistics from './statistics.json';
import notifications from './notifications.json';
import questionnaires from './questionnaires.json';
import patrol from './patrol.json';
import patrolDetail from './patrolDetail.json';
import shouting from './shouting.json';
import recordings from './recordings.json';
import liveLessons from './liveLessons.json';
import share from './share.json';
import usage from './usage.json';
import analysis from './analysis.json';
import board from './board.json';
import lessonPlans from './lessonPlans.json';
import assistant from './assistant.json';
import licence from './licence.json';

const common = JSON.parse(commonText) as typeof commonJson;

export const bundle = { common, schools, profile, roles, users, org, settings, schedule, classrooms, supervision, assignments, imports, catalog, templates, evaluation, plans, evaluations, invitations, appeals, reports, statistics, notifications, questionnaires, patrol, patrolDetail, shouting, recordings, liveLessons, share, usage, analysis, board, lessonPlans, assistant, licence };
