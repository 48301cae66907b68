/** Every namespace but the sign-in texts (see index.ts). */
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
import notifications from './notifications.json';
import questionnaires from './questionnaires.json';

export const bundle = { schools, profile, roles, users, org, settings, schedule, classrooms, supervision, assignments, imports, catalog, templates, evaluation, plans, evaluations, invitations, appeals, reports, notifications, questionnaires };
