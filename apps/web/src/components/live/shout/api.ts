/** Shouting's HTTP calls (issue 14), shared by the shouting panel and the terminal-key admin card. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZBroadcastPage, ZIssuedTerminalKey, ZShoutRoomStatus, ZTerminalKeyStatus } from '@hxk/contracts/shouting';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

const P = '/app/shout/v1';

/** Whether I may speak into the room, its terminals online and who speaks now (refreshed every 10 s). */
export const shoutRoomQuery = (classroomId: string) =>
  queryOptions({
    queryKey: ['shouting', 'room', classroomId],
    queryFn: () => api.get(`${P}/room`, { classroomId }, { schema: ZShoutRoomStatus, silent: true }),
    refetchInterval: 10_000,
    retry: false,
  });

export const useShoutRoom = (classroomId: string) => useQuery(shoutRoomQuery(classroomId));

export const terminalKeyQuery = (classroomId: string) =>
  queryOptions({ queryKey: ['shouting', 'key', classroomId], queryFn: () => api.get(`${P}/terminal-key`, { classroomId }, { schema: ZTerminalKeyStatus }) });

export const useTerminalKey = (classroomId: string) => useQuery(terminalKeyQuery(classroomId));

export function useIssueTerminalKey(classroomId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`${P}/terminal-key/issue`, { classroomId }, { schema: ZIssuedTerminalKey }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['shouting', 'key', classroomId] }),
  });
}

export function useRevokeTerminalKey(classroomId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`${P}/terminal-key/revoke`, { classroomId }, { schema: z.null() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['shouting', 'key', classroomId] }),
  });
}

export const useBroadcasts = (q: { classroomId?: string; pageNum: number; pageSize: number }) =>
  useQuery({ queryKey: ['shouting', 'broadcasts', q], queryFn: () => api.get(`${P}/broadcasts`, q, { schema: ZBroadcastPage }) });
