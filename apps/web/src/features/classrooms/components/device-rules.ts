import { ZDeviceUrl, ZStreamUrl } from '@hxk/contracts/classrooms';
import { classroomRule } from './rules.ts';

/** The contracts' own address rules, so the form refuses what the server would. */
export const deviceUrlRule = () => classroomRule(ZDeviceUrl);
export const streamUrlRule = () => classroomRule(ZStreamUrl);
