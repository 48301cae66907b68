import { z } from 'zod';
import { ZSupervisionGroupOption } from '@hxk/contracts/supervision';
import { referenceKeys } from './reference-keys.ts';
import { sourcedList } from './sourced-list.ts';

/** Supervision groups for pickers, through the endpoint of the asking screen (a plan's form, a user's scope). */
const groups = sourcedList(
  { plan: { path: '/app/ddxk/plan/v1/groups', staleTime: 60_000 }, supervision: { path: '/app/ddxk/supervision/group/v1/options', staleTime: 30_000 } },
  z.array(ZSupervisionGroupOption),
  referenceKeys.supervisionGroups,
);

export const getGroupOptions = groups.get;
export const groupOptionsQueryOptions = groups.options;
export const useGroupOptions = groups.useList;
