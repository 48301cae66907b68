/** The patrol detail's endpoints (issue 14): the room, the visit it records, comments, evaluation, attendance, and the record lists. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZAttendanceRecordPage,
  ZInspectionRecordPage,
  ZPatrolClass,
  ZPatrolComment,
  ZPatrolDetailRoom,
  ZPatrolEvaluateResponse,
  ZRecordSupervisors,
  ZVisit,
  type TAttendanceStatus,
} from '@hxk/contracts/patrol';
import { api } from '../../../lib/api.ts';

const P = '/app/patrol/v1';

export const patrolKeys = {
  room: (classroomId: string) => ['patrol', 'room', classroomId] as const,
  comments: (visitId: string) => ['patrol', 'comments', visitId] as const,
  records: (q: object) => ['patrol', 'records', q] as const,
  supervisors: ['patrol', 'supervisors'] as const,
  attendance: (q: object) => ['patrol', 'attendance', q] as const,
};

export function usePatrolRoom(classroomId: string) {
  return useQuery({
    queryKey: patrolKeys.room(classroomId),
    queryFn: () => api.get(`${P}/room`, { classroomId }, { schema: ZPatrolDetailRoom, silent: true }),
    enabled: classroomId !== '',
    refetchInterval: 60_000,
    retry: false,
  });
}

export const startVisit = (classroomId: string) => api.post(`${P}/visit/start`, { classroomId }, { schema: ZVisit, silent: true });
export const visitHeartbeat = (visitId: string) => api.post(`${P}/visit/heartbeat`, { visitId }, { schema: ZVisit, silent: true });
export const endVisit = (visitId: string) => api.post(`${P}/visit/end`, { visitId }, { schema: ZVisit, silent: true });

export function useVisitComments(visitId: string | null) {
  return useQuery({
    queryKey: patrolKeys.comments(visitId ?? ''),
    queryFn: () => api.get(`${P}/visit/comments`, { visitId: visitId! }, { schema: z.array(ZPatrolComment) }),
    enabled: visitId !== null,
  });
}

export function useAddComment(visitId: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { videoAt: string; content: string }) => api.post(`${P}/visit/comment`, { visitId, ...input }, { schema: ZPatrolComment }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: patrolKeys.comments(visitId ?? '') }),
  });
}

export function useEvaluateFromVisit() {
  return useMutation({ mutationFn: (input: { visitId: string; templateId: string }) => api.post(`${P}/visit/evaluate`, input, { schema: ZPatrolEvaluateResponse }) });
}

export function useMarkAttendance(classroomId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { visitId: string; status: TAttendanceStatus }) => api.post(`${P}/visit/attendance`, input, { schema: ZPatrolClass }),
    onSuccess: (cls) => {
      qc.setQueryData(patrolKeys.room(classroomId), (room: z.infer<typeof ZPatrolDetailRoom> | undefined) => (room ? { ...room, current: cls } : room));
    },
  });
}

export type InspectionQuery = {
  pageNum: number;
  pageSize: number;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  buildingId?: string | undefined;
  classroomId?: string | undefined;
  keyword?: string | undefined;
  supervisorId?: string | undefined;
};

export function useInspectionRecords(q: InspectionQuery) {
  return useQuery({ queryKey: patrolKeys.records(q), queryFn: () => api.post(`${P}/records`, q, { schema: ZInspectionRecordPage }), placeholderData: keepPreviousData });
}

export function useRecordSupervisors() {
  return useQuery({ queryKey: patrolKeys.supervisors, queryFn: () => api.get(`${P}/records/supervisors`, undefined, { schema: ZRecordSupervisors }), staleTime: 60_000 });
}

export type AttendanceFilters = {
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  status?: TAttendanceStatus | undefined;
  teacher?: string | undefined;
  buildingId?: string | undefined;
};
export type AttendanceQuery = AttendanceFilters & { pageNum: number; pageSize: number };

export function useAttendanceRecords(q: AttendanceQuery) {
  return useQuery({ queryKey: patrolKeys.attendance(q), queryFn: () => api.post(`${P}/attendance`, q, { schema: ZAttendanceRecordPage }), placeholderData: keepPreviousData });
}

export const ATTENDANCE_EXPORT_PATH = `${P}/attendance/export`;
