import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZShare, ZShareList, type TCreateClipShareRequest, type TCreateShareRequest } from '@hxk/contracts/live-lessons';
import { api } from '../../lib/api.ts';

/**
 * What is shared: a live lesson (managed at /back/LiveManagement) or a recording, a clip of which
 * each share names (managed from the recording player). Both kinds live in one table and one code
 * space; their management endpoints sit with what they share, under its own permission.
 */
export type ShareSubject = { kind: 'lesson'; lessonId: string } | { kind: 'clip'; recordingId: string };

const BASE = { lesson: '/app/live-lessons/v1', clip: '/app/recordings/v1' } as const;
const subjectQuery = (s: ShareSubject) => (s.kind === 'lesson' ? { lessonId: s.lessonId } : { recordingId: s.recordingId });
const sharesKey = (s: ShareSubject) => ['shares', s.kind, s.kind === 'lesson' ? s.lessonId : s.recordingId] as const;

/** The subject's shares, newest first. */
export const useShares = (subject: ShareSubject) =>
  useQuery({ queryKey: sharesKey(subject), queryFn: () => api.get(`${BASE[subject.kind]}/shares`, subjectQuery(subject), { schema: ZShareList }) });

/** What the dialog sends besides the subject: audience, expiry, and a clip's range. */
export type ShareInput = Omit<TCreateShareRequest, 'lessonId'> & Pick<TCreateClipShareRequest, 'clipStart' | 'clipEnd'>;

export function useCreateShare(subject: ShareSubject) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareInput) => {
      const { clipStart, clipEnd, ...rest } = input;
      const body = subject.kind === 'lesson' ? { ...rest, lessonId: subject.lessonId } : { ...rest, recordingId: subject.recordingId, clipStart, clipEnd };
      return api.post(`${BASE[subject.kind]}/shares/create`, body, { schema: ZShare });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: sharesKey(subject) }),
  });
}

export function useRevokeShare(subject: ShareSubject) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => api.post<null>(`${BASE[subject.kind]}/shares/revoke`, { shareId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sharesKey(subject) }),
  });
}
