import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZLiveLesson,
  ZLiveLessonPage,
  ZLiveLessonRooms,
  ZLiveLessonView,
  ZShareView,
  type TLiveLessonState,
  type TLiveLessonView,
  type TShareView,
  type TSaveLiveLessonRequest,
} from '@hxk/contracts/live-lessons';
import { ZPlayGrant } from '@hxk/contracts/live';
import { api } from '../../../lib/api.ts';

const P = '/app/live-lessons/v1';

export type LessonQuery = { pageNum: number; pageSize: number; state?: TLiveLessonState | undefined; keyword?: string | undefined };

/** The back office's list (cancelled lessons too) or the viewers' list. */
export const lessonsQueryOptions = (kind: 'manage' | 'watch', q: LessonQuery) =>
  queryOptions({
    queryKey: ['liveLessons', kind, q],
    queryFn: () => api.post(`${P}/${kind === 'manage' ? 'list' : 'watchable'}`, q, { schema: ZLiveLessonPage }),
    placeholderData: keepPreviousData,
    // States change with the clock.
    refetchInterval: 30_000,
  });
export const useLessons = (kind: 'manage' | 'watch', q: LessonQuery) => useQuery(lessonsQueryOptions(kind, q));

export const useLesson = (lessonId: string | null) =>
  useQuery({ queryKey: ['liveLessons', 'detail', lessonId], queryFn: () => api.get(`${P}/detail`, { lessonId: lessonId! }, { schema: ZLiveLesson }), enabled: Boolean(lessonId) });

export const useRoomCameras = () => useQuery({ queryKey: ['liveLessons', 'rooms'], queryFn: () => api.get(`${P}/rooms`, undefined, { schema: ZLiveLessonRooms }) });

export function useSaveLesson() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveLiveLessonRequest) => api.post(`${P}/save`, body, { schema: ZLiveLesson }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['liveLessons'] }),
  });
}

export function useCancelLesson() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (lessonId: string) => api.post<null>(`${P}/cancel`, { lessonId }), onSuccess: () => qc.invalidateQueries({ queryKey: ['liveLessons'] }) });
}

/** What the viewer opens: a lesson of my school, a lesson by its open link, or a share. */
export type ViewTarget =
  | { kind: 'member'; lessonId: string }
  | { kind: 'open'; schoolId: string; lessonId: string }
  | { kind: 'share'; schoolId: string; code: string };

/**
 * The lesson as its viewer shows it (a share may open a recording clip instead); refusals (sign-in,
 * expired, not found) are the page's to show, without a toast.
 */
export function useLessonView(target: ViewTarget | null) {
  return useQuery({
    queryKey: ['liveLessons', 'view', target],
    enabled: Boolean(target),
    retry: false,
    refetchInterval: 60_000,
    queryFn: (): Promise<TLiveLessonView | TShareView> => {
      const t = target!;
      if (t.kind === 'member') return api.get(`${P}/watch`, { lessonId: t.lessonId }, { schema: ZLiveLessonView, silent: true });
      if (t.kind === 'open') return api.get(`${P}/open/watch`, { schoolId: t.schoolId, lessonId: t.lessonId }, { schema: ZLiveLessonView, silent: true });
      return api.get(`${P}/open/share`, { schoolId: t.schoolId, code: t.code }, { schema: ZShareView, silent: true });
    },
  });
}

/** The play grant of what the viewer shows (the lesson's camera, main stream). */
export function playGrant(target: ViewTarget) {
  if (target.kind === 'member') return api.post(`${P}/play`, { lessonId: target.lessonId }, { schema: ZPlayGrant, silent: true });
  if (target.kind === 'open') return api.post(`${P}/open/play`, { schoolId: target.schoolId, lessonId: target.lessonId }, { schema: ZPlayGrant, silent: true });
  return api.post(`${P}/open/share/play`, { schoolId: target.schoolId, code: target.code }, { schema: ZPlayGrant, silent: true });
}
