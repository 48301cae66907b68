import { useState } from 'react';
import { Button, Card, Empty, Flex, Result, Skeleton, Tabs } from 'antd';
import { EditOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { useClassReport } from '../api/get-class-report.ts';
import { CorrectionDrawer } from '../components/CorrectionDrawer.tsx';
import { LearningSection } from '../components/LearningSection.tsx';
import { ReportHeader } from '../components/ReportHeader.tsx';
import { SpeechSection } from '../components/SpeechSection.tsx';
import { TeachingSection } from '../components/TeachingSection.tsx';
import { WarningsCard } from '../components/WarningsCard.tsx';
import { EvidenceFrames, EvidenceNote } from '../../../components/analysis/EvidenceFrames.tsx';
import { momentAt, recordingPath } from '../components/moments.ts';

/**
 * /ClassroomReport?courseSessionId=: the AI classroom report of a class — teaching, learning and
 * speech analysis and the warnings raised. Every figure says how it was computed and how sure it is;
 * every point on a curve opens the class's recording at that moment. Polled while it is generated.
 * A supervisor corrects the S-T coding and attendance here; people's figures stand beside the AI's.
 */
export function ClassroomReportPage() {
  const { t } = useTranslation('analysis');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('courseSessionId');
  const report = useClassReport(id);
  const [correcting, setCorrecting] = useState(false);

  if (!id) return <Card><Empty description={t('report.noClass')} data-testid="report-no-class" /></Card>;
  if (report.isError) {
    return <Result status="warning" title={t('report.cannotOpen')} subTitle={report.error instanceof ApiError ? report.error.message : t('report.loadFailed')} data-testid="report-refused" />;
  }
  if (!report.data) return <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>;

  const r = report.data;
  const a = r.analysis;
  const startedAt = a?.startedAt ?? null;
  const onMoment = startedAt ? (t: number) => void navigate(recordingPath(id, momentAt(startedAt, t))) : undefined;
  const actions = (
    <Flex gap={8} wrap>
      <Button icon={<PlayCircleOutlined />} onClick={() => void navigate(recordingPath(id, null))} data-testid="report-open-recording">
        {t('report.openRecording')}
      </Button>
      {/* Shown when the server would accept a correction (canCorrect): never to the class's own teacher. */}
      {a?.canCorrect ? (
        <Button icon={<EditOutlined />} onClick={() => setCorrecting(true)} data-testid="report-correct">{t('correct.open')}</Button>
      ) : null}
    </Flex>
  );

  return (
    <Flex vertical gap={16} data-testid="report-page">
      <ReportHeader report={r} actions={actions} />
      {!a ? (
        <Card><Empty description={t('report.noAnalysis')} data-testid="report-empty" /></Card>
      ) : (
        <>
          <Card styles={{ body: { paddingTop: 4 } }}>
            <Tabs
              items={[
                { key: 'teaching', label: <span data-testid="tab-teaching">{t('tabs.teaching')}</span>, children: <TeachingSection a={a} onMoment={onMoment} /> },
                { key: 'learning', label: <span data-testid="tab-learning">{t('tabs.learning')}</span>, children: <LearningSection a={a} onMoment={onMoment} /> },
                { key: 'speech', label: <span data-testid="tab-speech">{t('tabs.speech')}</span>, children: <SpeechSection a={a} onMoment={onMoment} /> },
              ]}
            />
          </Card>
          <WarningsCard a={a} courseSessionId={id} onMoment={onMoment} />
          {a.samples.some((s) => s.hasEvidence) ? (
            <Card size="small" title={t('evidence.title')} data-testid="card-evidence">
              <Flex vertical gap={8}>
                <EvidenceFrames courseSessionId={id} seconds={a.samples.filter((s) => s.hasEvidence).map((s) => s.t)} onMoment={onMoment} />
                <EvidenceNote />
              </Flex>
            </Card>
          ) : null}
          {a.canCorrect ? <CorrectionDrawer open={correcting} onClose={() => setCorrecting(false)} courseSessionId={id} a={a} /> : null}
        </>
      )}
    </Flex>
  );
}
