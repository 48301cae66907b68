import { useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Progress, Result, Segmented, Skeleton, Spin, Tabs, Tag, Typography } from 'antd';
import { DownloadOutlined, LineChartOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { pickRecordingSource, type TRecordedClass, type TRecording, type TRecordingSource } from '@hxk/contracts/recordings';
import { Permission } from '../../../components/Permission.tsx';
import { ApiError } from '../../../lib/api.ts';
import { PATHS } from '../../../lib/paths.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useRecordedClass } from '../api/get-recorded-class.ts';
import { useRecording } from '../api/open-recording.ts';
import { useRecordingOptions } from '../api/recording-options.ts';
import { useSaveDownloadLog } from '../api/save-download-log.ts';
import { RecordingList } from '../components/RecordingList.tsx';
import { GatewayRecordingVideo } from '../components/GatewayRecordingVideo.tsx';
import { RecordingVideo } from '../components/RecordingVideo.tsx';
import { ShareClipButton } from '../components/ShareClipButton.tsx';

const errorText = (e: unknown, fallback: string) => (e instanceof ApiError ? e.message : fallback);

/**
 * /SCADA/Recording?courseSessionId=&at=: a class's recording (recorder or camera, as the school's
 * recording views offer), played from the moment `at` when given, downloaded with the download log;
 * below it, the room's and the course's other recorded classes by date. Without a class: every
 * recorded class the reader may watch.
 */
export function RecordingPage() {
  const { t } = useTranslation('recordings');
  const [params, setParams] = useSearchParams();
  const id = params.get('courseSessionId');
  const at = params.get('at');
  const openClass = (courseSessionId: string) => setParams({ courseSessionId });

  if (!id) {
    return (
      <Card title={t('title')}>
        <Typography.Paragraph type="secondary">{t('pickHint')}</Typography.Paragraph>
        <RecordingList currentId={null} recordedFirst onOpen={openClass} />
      </Card>
    );
  }
  return <RecordedClassView key={id} id={id} at={at} askedSource={Number(params.get('source')) || null} onOpen={openClass} />;
}

function RecordedClassView({ id, at, askedSource, onOpen }: { id: string; at: string | null; askedSource: number | null; onOpen: (id: string) => void }) {
  const { t } = useTranslation('recordings');
  const options = useRecordingOptions((value) => t(`source.${value}`));
  const cls = useRecordedClass(id);
  const [chosen, setChosen] = useState<TRecordingSource | null>(null);
  const offered = options.data ?? [];
  const source = chosen ?? pickRecordingSource(offered, askedSource);
  const ended = cls.data?.class.ended ?? false;
  const rec = useRecording(ended ? id : null, source);
  // Where the player stands, for the share dialog's "from here" (read when it opens; no re-render per frame).
  const position = useRef(0);

  if (cls.isError) {
    return <Result status="warning" title={t('cannotOpen')} subTitle={errorText(cls.error, t('loadFailed'))} data-testid="recording-refused" />;
  }
  if (!cls.data || options.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  const c = cls.data.class;
  return (
    <Flex vertical gap={16}>
      <Card
        title={<span data-testid="recording-title">{c.courseName}</span>}
        extra={
          <Flex gap={8} wrap justify="flex-end">
            <Link to={`${PATHS.classroomReport}?${new URLSearchParams({ courseSessionId: id }).toString()}`} data-testid="recording-ai-report">
              <Button icon={<LineChartOutlined />}>{t('aiReport')}</Button>
            </Link>
            <ShareClipButton c={c} recording={rec.data?.recording ?? null} position={() => position.current} />
            <DownloadButton c={c} recording={rec.data?.recording ?? null} />
          </Flex>
        }
        styles={{ body: { paddingTop: 12 } }}
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={[
          { key: 'teacher', label: t('teacher'), children: c.teacherName },
          { key: 'room', label: t('room'), children: `${c.buildingName} · ${c.classroomName}` },
          { key: 'date', label: t('date'), children: c.lessonDate },
          { key: 'time', label: t('time'), children: c.startTime && c.endTime ? `${c.startTime}–${c.endTime}` : '—' },
        ]} />
        <Flex vertical gap={12} style={{ marginTop: 12 }}>
          {offered.length > 1 ? (
            <Segmented<TRecordingSource>
              value={source ?? undefined}
              options={offered.map((v) => ({ value: v as TRecordingSource, label: t(`source.${v}`) }))}
              onChange={setChosen}
              data-testid="recording-source"
            />
          ) : source ? <Tag style={{ alignSelf: 'flex-start' }}>{t(`source.${source}`)}</Tag> : null}
          <Player c={c} ended={ended} source={source} rec={rec} at={at} onPosition={(s) => (position.current = s)} />
        </Flex>
      </Card>
      <Card title={t('others')} styles={{ body: { paddingTop: 0 } }}>
        <Tabs
          items={[
            { key: 'room', label: t('tabs.room'), children: <RecordingList classroomId={c.classroomId} currentId={id} onOpen={onOpen} /> },
            { key: 'course', label: t('tabs.course'), children: <RecordingList courseId={c.courseId} currentId={id} onOpen={onOpen} /> },
          ]}
        />
      </Card>
    </Flex>
  );
}

type RecordingState = ReturnType<typeof useRecording>;

function Player({ c, ended, source, rec, at, onPosition }: {
  c: TRecordedClass; ended: boolean; source: TRecordingSource | null; rec: RecordingState; at: string | null; onPosition: (seconds: number) => void;
}) {
  const { t } = useTranslation('recordings');
  if (!ended) return <Alert type="info" showIcon message={t('notEnded')} data-testid="recording-not-ended" />;
  if (!source) return <Alert type="warning" showIcon message={t('noViews')} data-testid="recording-no-views" />;
  // A failed renewal of a gateway recording's token keeps the player that is playing.
  if (rec.isError && !rec.data) {
    return (
      <Alert type="error" showIcon message={errorText(rec.error, t('loadFailed'))} data-testid="recording-error"
        action={<Button size="small" icon={<ReloadOutlined />} onClick={() => void rec.refetch()}>{t('retry')}</Button>} />
    );
  }
  const r = rec.data?.recording;
  if (!r) return <Skeleton.Node active style={{ width: '100%', height: 240 }} />;
  if (r.status === 'preparing') {
    const percent = r.progress && r.progress.total ? Math.round((r.progress.done / r.progress.total) * 100) : 0;
    return (
      <Flex vertical align="center" justify="center" gap={12} data-testid="recording-preparing"
        style={{ width: '100%', aspectRatio: '16 / 9', background: 'rgba(0,0,0,0.04)', borderRadius: 8, padding: 16 }}>
        <Spin />
        <Typography.Text>{t('preparing')}</Typography.Text>
        <Progress percent={percent} style={{ maxWidth: 320 }} />
      </Flex>
    );
  }
  if (r.status === 'failed') {
    return (
      <Result status="error" title={t('failed')} subTitle={r.errorKey ?? undefined} data-testid="recording-failed"
        extra={<Button icon={<ReloadOutlined />} onClick={() => void rec.refetch()}>{t('retry')}</Button>} />
    );
  }
  if (r.seek === 'restart') return <GatewayRecordingVideo key={r.id} recording={r} at={at} startTime={c.startTime} classStartAt={c.startAt} onPosition={onPosition} />;
  return <RecordingVideo key={r.id} recording={r} at={at} startTime={c.startTime} onPosition={onPosition} />;
}

function DownloadButton({ c, recording }: { c: TRecordedClass; recording: TRecording | null }) {
  const { t } = useTranslation('recordings');
  const log = useSaveDownloadLog();
  const ready = recording?.status === 'ready' && recording.downloadUrl;
  const download = async () => {
    const url = recording?.downloadUrl;
    if (!recording || !url) return;
    const fileName = `${c.buildingName}${c.classroomName}-${c.courseName}-${c.lessonDate}.mp4`;
    const endAt = new Date(Date.parse(recording.startedAt) + recording.durationSeconds * 1000).toISOString();
    // The log first: a download that was not recorded does not start.
    await log.mutateAsync({ ...(recording.cameraId ? { cameraId: recording.cameraId } : {}), courseSessionId: c.courseSessionId, fileName, startAt: recording.startedAt, endAt });
    // A media gateway on another origin (its playback server) cannot be told to save under a name:
    // the browser opens the video in a new tab instead, to be saved from there.
    const elsewhere = new URL(url, window.location.href).origin !== window.location.origin;
    const a = document.createElement('a');
    a.href = url;
    if (elsewhere) {
      a.target = '_blank';
      a.rel = 'noopener';
    } else {
      a.download = fileName;
    }
    document.body.appendChild(a);
    a.click();
    a.remove();
    toastSuccess(t(elsewhere ? 'downloadOpened' : 'downloadStarted'));
  };
  return (
    <Permission code="video:download">
      <Button icon={<DownloadOutlined />} disabled={!ready} loading={log.isPending} onClick={() => void download().catch(() => undefined)} data-testid="recording-download">
        {t('download')}
      </Button>
    </Permission>
  );
}
