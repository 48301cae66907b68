import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZClassroomTree } from '@hxk/contracts/classrooms';
import { api } from '../api.ts';
import { referenceKeys } from './reference-keys.ts';

/** Building → floor → room; flag 2 adds each room's cameras. */
export const getClassroomTree = (flag: 1 | 2) => api.get('/base/dict/data/v1/classroom/tree', { flag }, { schema: ZClassroomTree });

export const classroomTreeQueryOptions = (flag: 1 | 2) => queryOptions({ queryKey: referenceKeys.classroomTree(flag), queryFn: () => getClassroomTree(flag) });

export function useClassroomTree(flag: 1 | 2 = 1) {
  return useQuery(classroomTreeQueryOptions(flag));
}
