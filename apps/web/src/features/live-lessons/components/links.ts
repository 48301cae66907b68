import { absolute, OPEN_VIEWER_PATH } from '../../../components/share/share-link.ts';

/** Where the viewer and shares live, and the full addresses people are given. */
export const VIEWER_PATH = OPEN_VIEWER_PATH;
export const MANAGE_PATH = '/back/LiveManagement';
export const ADD_PATH = '/back/LiveManagementAdd';

/** A lesson's own link: opens without sign-in when the lesson is public. */
export const lessonLink = (schoolId: string, lessonId: string) => absolute(`${VIEWER_PATH}?school=${schoolId}&id=${lessonId}`);
