import { Alert, Card, Col, Empty, Flex, List, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TClassReport, TSensitiveHit } from '@hxk/contracts/analysis';
import { FigureTitle } from './FigureTitle.tsx';
import { LEVEL_COLOR } from './levels.ts';
import { clock } from './moments.ts';

type Analysis = NonNullable<TClassReport['analysis']>;

/** The hit's context with its word marked. */
function InContext({ hit }: { hit: TSensitiveHit }) {
  const i = hit.context.indexOf(hit.word);
  if (i < 0) return <>{hit.context}</>;
  return (
    <>
      {hit.context.slice(0, i)}
      <Typography.Text mark strong>{hit.word}</Typography.Text>
      {hit.context.slice(i + hit.word.length)}
    </>
  );
}

function MomentLink({ t: at, onMoment }: { t: number; onMoment: ((t: number) => void) | undefined }) {
  return onMoment ? (
    <Typography.Link onClick={() => onMoment(at)} data-testid="moment-link">{clock(at)}</Typography.Link>
  ) : <Typography.Text type="secondary">{clock(at)}</Typography.Text>;
}

/** Speech analysis: the transcript (or why there is none), the speech rate and the sensitive words heard, in context. */
export function SpeechSection({ a, onMoment }: { a: Analysis; onMoment: ((t: number) => void) | undefined }) {
  const { t } = useTranslation('analysis');
  const status = a.transcriptStatus;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={16}>
        <Card size="small" title={<FigureTitle title={t('transcript.title')} figure="transcript" methods={a.methods} />} data-testid="card-transcript">
          {status !== 'done' ? (
            <Alert type={status === 'failed' ? 'error' : 'info'} showIcon title={t(`transcript.${status ?? 'notConfigured'}`)} data-testid="transcript-status" />
          ) : a.transcript.length ? (
            <List
              size="small"
              style={{ maxHeight: 420, overflowY: 'auto' }}
              dataSource={a.transcript}
              renderItem={(s, i) => (
                <List.Item key={i} style={{ alignItems: 'flex-start', gap: 8 }}>
                  <Flex gap={8} align="baseline" wrap={false} style={{ width: '100%' }}>
                    <MomentLink t={s.start} onMoment={onMoment} />
                    {s.speaker ? <Tag>{s.speaker}</Tag> : null}
                    <Typography.Text style={{ flex: 1 }}>{s.text}</Typography.Text>
                  </Flex>
                </List.Item>
              )}
              data-testid="transcript"
            />
          ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('transcript.empty')} />}
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small" title={<FigureTitle title={t('speechRate.title')} figure="speechRate" methods={a.methods} />} data-testid="card-speechrate">
          <Statistic value={a.speechRate === null ? '—' : a.speechRate.toFixed(0)} suffix={a.speechRate === null ? undefined : t('speechRate.unit')} />
          {a.speechRate === null ? <Typography.Text type="secondary">{t('speechRate.none')}</Typography.Text> : null}
        </Card>
      </Col>
      <Col xs={24}>
        <Card size="small" title={<FigureTitle title={t('hits.title')} figure="sensitiveWords" methods={a.methods} />} data-testid="card-hits">
          {a.hits.length ? (
            <List
              size="small"
              dataSource={a.hits}
              renderItem={(h, i) => (
                <List.Item key={i} data-testid="hit">
                  <Flex vertical gap={4} style={{ width: '100%' }}>
                    <Flex gap={8} wrap align="center">
                      <MomentLink t={h.start} onMoment={onMoment} />
                      <Tag color={LEVEL_COLOR[h.severity]}>{t(`level.${h.severity}`)}</Tag>
                      <Typography.Text strong>{h.word}</Typography.Text>
                      <Typography.Text type="secondary">{h.category}</Typography.Text>
                    </Flex>
                    <Typography.Text>… <InContext hit={h} /> …</Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={status === 'done' ? t('hits.none') : t('hits.noTranscript')} />}
        </Card>
      </Col>
    </Row>
  );
}
