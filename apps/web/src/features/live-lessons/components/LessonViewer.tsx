import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Flex, Result, Space, Spin, Tag, Typography } from 'antd';
import { ClockCircleOutlined, LoginOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { TLiveLesson } from '@hxk/contracts/live-lessons';
import { LivePlayer } from '../../../components/live/LivePlayer.tsx';
import { ApiError } from '../../../lib/api.ts';
import { rememberRedirect } from '../../../lib/auth-state.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { playGrant, useLessonView, type ViewTarget } from '../api/live-lessons.ts';
import { ClipViewer } from './ClipViewer.tsx';
import { LessonStateTag } from './LessonStateTag.tsx';

/** Refused views the page explains (anything else is a plain error with its message). */
const GONE = ['shares.expired', 'shares.revoked', 'shares.notFound', 'liveLessons.notFound', 'common.notFound'];
/** Refusals that a sign-in to the school lifts (a members-only lesson or share). */
const SIGN_IN = ['liveLessons.signInRequired', 'shares.signInRequired'];

/** Ask to sign in, coming back to this very page afterwards. */
function SignIn({ message }: { message: string }) {
  const { t } = useTranslation('liveLessons');
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Result
      status="403"
      title={t('viewer.signInTitle')}
      subTitle={message}
      extra={
        <Button
          type="primary"
          icon={<LoginOutlined />}
          data-testid="lesson-sign-in"
          onClick={() => {
            rememberRedirect(`${location.pathname}${location.search}`);
            void navigate(PATHS.login);
          }}
        >
          {t('viewer.signIn')}
        </Button>
      }
    />
  );
}

/** Re-reads the lesson when it starts or ends (by the server's clock), so the page changes by itself. */
function useStateSwitch(lesson: TLiveLesson | undefined, serverNow: string | undefined, refetch: () => unknown) {
  useEffect(() => {
    if (!lesson || !serverNow) return;
    const skew = new Date(serverNow).getTime() - Date.now();
    const next = lesson.state === 'upcoming' ? lesson.startsAt : lesson.state === 'live' ? lesson.endsAt : null;
    if (!next) return;
    const wait = new Date(next).getTime() - (Date.now() + skew) + 500;
    // setTimeout holds at most ~24.8 days; a later start is re-read by the query's own interval.
    if (wait > 2 ** 31 - 1) return;
    const id = setTimeout(() => void refetch(), Math.max(0, wait));
    return () => clearTimeout(id);
  }, [lesson, serverNow, refetch]);
}

/** Counts down to the start, by the server's clock. */
function Countdown({ to, serverNow }: { to: string; serverNow: string }) {
  const { t } = useTranslation('liveLessons');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const [skew] = useState(() => new Date(serverNow).getTime() - Date.now());
  const left = Math.max(0, Math.floor((new Date(to).getTime() - now - skew) / 1000));
  const d = Math.floor(left / 86400);
  const hms = [Math.floor((left % 86400) / 3600), Math.floor((left % 3600) / 60), left % 60].map((n) => String(n).padStart(2, '0')).join(':');
  return <span data-testid="lesson-countdown">{t('viewer.countdown', { time: d ? t('viewer.days', { count: d, time: hms }) : hms })}</span>;
}

/**
 * A live lesson as its viewer sees it: the heading (title, room, time), then the lesson's one stream
 * while it is on air, "not started yet, starts at …" with a countdown before, and "the program has
 * ended" after. Works for a member, for the open link of a public lesson, and for a share — which may
 * also open a clip of a class recording (ClipViewer). `commentary` (composed by the route registry)
 * adds the assistant's live commentary on the class under way in the room, when the view offers it.
 */
export function LessonViewer({ target, commentary }: { target: ViewTarget; commentary?: ((liveId: string) => ReactNode) | undefined }) {
  const { t } = useTranslation('liveLessons');
  const view = useLessonView(target);
  const lesson = view.data && 'lesson' in view.data ? view.data.lesson : undefined;
  useStateSwitch(lesson, view.data?.now, view.refetch);
  const grant = useCallback(() => playGrant(target), [target]);

  if (view.isPending) {
    return (
      <Flex justify="center" style={{ padding: 64 }}>
        <Spin size="large" />
      </Flex>
    );
  }
  if (view.isError) {
    const e = view.error;
    if (e instanceof ApiError && SIGN_IN.includes(e.errorKey)) return <SignIn message={e.message} />;
    const gone = e instanceof ApiError && GONE.includes(e.errorKey);
    return (
      <Result
        status={gone ? 'warning' : 'error'}
        title={gone ? e.message : t('viewer.loadFailed')}
        subTitle={gone ? undefined : e.message}
        extra={gone ? undefined : <Button onClick={() => void view.refetch()}>{t('viewer.retry')}</Button>}
        data-testid="lesson-refused"
      />
    );
  }
  if (view.data && 'clip' in view.data) return <ClipViewer key={view.data.clip.recordingId} clip={view.data.clip} />;
  const l = lesson!;
  // A member's view names the class under way in the room when the assistant may comment on it.
  const classNow = view.data && 'classNow' in view.data ? view.data.classNow : null;
  return (
    <Card styles={{ body: { padding: 0 } }} data-testid="lesson-viewer" data-state={l.state}>
      <div style={{ padding: '16px 20px' }}>
        <Space wrap size={[8, 4]} align="center">
          <Typography.Title level={4} style={{ margin: 0, overflowWrap: 'anywhere' }} data-testid="lesson-title">
            {l.title}
          </Typography.Title>
          <LessonStateTag state={l.state} testId="lesson-state" />
          <Tag style={{ marginInlineEnd: 0 }}>{t(`audience.${l.audience}`)}</Tag>
        </Space>
        <div>
          <Typography.Text type="secondary">
            {l.buildingName} · {l.classroomName} · {l.cameraName}
          </Typography.Text>
        </div>
        <div>
          <Typography.Text type="secondary">{t('viewer.period', { start: formatDateTime(l.startsAt), end: formatDateTime(l.endsAt) })}</Typography.Text>
        </div>
        {l.description && <Typography.Paragraph style={{ margin: '8px 0 0', whiteSpace: 'pre-wrap' }}>{l.description}</Typography.Paragraph>}
      </div>
      {l.state === 'live' ? (
        <LivePlayer cameraId={l.cameraId} quality="main" fit="contain" grant={grant} style={{ width: '100%', aspectRatio: '16 / 9', maxHeight: '75vh' }} />
      ) : (
        <div style={{ background: '#141414', aspectRatio: '16 / 9', maxHeight: '75vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Result
            icon={l.state === 'upcoming' ? <ClockCircleOutlined style={{ color: '#69b1ff' }} /> : <StopOutlined style={{ color: '#bfbfbf' }} />}
            title={
              <span style={{ color: '#fff' }} data-testid="lesson-message">
                {l.state === 'upcoming' ? t('viewer.notStarted', { time: formatDateTime(l.startsAt) }) : l.state === 'ended' ? t('viewer.ended') : t('viewer.cancelled')}
              </span>
            }
            subTitle={l.state === 'upcoming' ? <span style={{ color: '#d9d9d9' }}><Countdown to={l.startsAt} serverNow={view.data!.now} /></span> : undefined}
          />
        </div>
      )}
      {l.state === 'live' && classNow && commentary ? (
        <Flex vertical gap={8} style={{ padding: 16 }} data-testid="lesson-commentary">
          <Typography.Text type="secondary">{t('viewer.classNow', { course: classNow.courseName, teacher: classNow.teacherName })}</Typography.Text>
          {commentary(classNow.courseSessionId)}
        </Flex>
      ) : null}
    </Card>
  );
}
