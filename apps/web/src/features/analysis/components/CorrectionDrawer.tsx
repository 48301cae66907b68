import { useMemo, useState } from 'react';
import { Alert, Button, Divider, Drawer, Flex, Form, Grid, InputNumber, Tag, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { correctionPresentMax, ZCorrectedPresent, type TClassReport } from '@hxk/contracts/analysis';
import { computeSt } from '@hxk/contracts/st-analysis';
import { requiredRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSaveCorrection } from '../api/save-correction.ts';
import { contractRule } from './contract-rule.ts';
import { MODE_COLOR } from './mode-color.ts';
import { pct, recordingPath } from './moments.ts';
import { StToggles } from './StToggles.tsx';

type Analysis = NonNullable<TClassReport['analysis']>;
type Props = { open: boolean; onClose: () => void; courseSessionId: string; a: Analysis };

const mineOf = (a: Analysis, measure: 'st' | 'attendance') => a.corrections.find((c) => c.mine && c.measure === measure);

/** Rt · Ch · mode of a sequence, as the report shows them. */
function StFigures({ label, sequence, testId }: { label: string; sequence: string; testId: string }) {
  const { t } = useTranslation('analysis');
  const st = useMemo(() => computeSt(sequence), [sequence]);
  return (
    <Flex gap={8} align="center" wrap data-testid={testId}>
      <Typography.Text type="secondary" style={{ minWidth: 48 }}>{label}</Typography.Text>
      <Typography.Text>Rt {st.rt.toFixed(2)} · Ch {st.ch.toFixed(2)}</Typography.Text>
      <Tag color={MODE_COLOR[st.mode]}>{t(`mode.${st.mode}`)}</Tag>
    </Flex>
  );
}

/** Recoding the S-T intervals: starts from the reader's own latest coding, else the AI's. */
function StSection({ a, save }: { a: Analysis & { stSequence: string }; save: ReturnType<typeof useSaveCorrection> }) {
  const { t } = useTranslation('analysis');
  const ai = a.stSequence;
  const start = () => {
    const own = mineOf(a, 'st')?.stSequence;
    return own && own.length === ai.length ? own : ai;
  };
  const [sequence, setSequence] = useState(start);
  const changed = [...sequence].filter((c, i) => c !== ai[i]).length;
  const submit = async () => {
    await save.mutateAsync({ analysisId: a.id, measure: 'st', stSequence: sequence });
    toastSuccess(t('correct.saved'));
  };
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={5} style={{ margin: 0 }}>{t('correct.st')}</Typography.Title>
      <Typography.Text type="secondary">{t('correct.stHint', { seconds: a.stIntervalSeconds })}</Typography.Text>
      <StToggles value={sequence} ai={ai} intervalSeconds={a.stIntervalSeconds} onChange={setSequence} />
      <Flex vertical gap={4}>
        <StFigures label={t('correct.aiLabel')} sequence={ai} testId="correct-st-ai" />
        <StFigures label={t('correct.yoursLabel')} sequence={sequence} testId="correct-st-yours" />
        <Typography.Text type="secondary" data-testid="correct-st-changed">{t('correct.changed', { changed, n: ai.length })}</Typography.Text>
      </Flex>
      <Flex gap={8} wrap justify="flex-end">
        <Button onClick={() => setSequence(ai)} disabled={changed === 0} data-testid="correct-st-reset">{t('correct.reset')}</Button>
        <Button type="primary" loading={save.isPending && save.variables?.measure === 'st'} onClick={() => void submit().catch(() => undefined)} data-testid="correct-st-save">{t('correct.saveSt')}</Button>
      </Flex>
    </Flex>
  );
}

/** Counting the students present: starts empty (a count, not the AI's figure), or from the reader's own latest. */
function AttendanceSection({ a, save }: { a: Analysis; save: ReturnType<typeof useSaveCorrection> }) {
  const { t } = useTranslation('analysis');
  const [form] = Form.useForm<{ present: number | null }>();
  const max = correctionPresentMax(a.expectedStudents);
  const submit = async () => {
    const { present } = await form.validateFields();
    if (present === null) return;
    await save.mutateAsync({ analysisId: a.id, measure: 'attendance', present });
    toastSuccess(t('correct.saved'));
  };
  const seen = a.presentAvg === null ? null : a.presentAvg.toFixed(1);
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={5} style={{ margin: 0 }}>{t('correct.attendance')}</Typography.Title>
      <Typography.Text type="secondary">
        {seen === null ? t('correct.aiSawNothing') : a.expectedStudents ? t('correct.aiSaw', { present: seen, expected: a.expectedStudents, rate: pct(a.attendanceRate, 1) }) : t('correct.aiSawNoExpected', { present: seen })}
      </Typography.Text>
      <Form form={form} layout="vertical" initialValues={{ present: mineOf(a, 'attendance')?.present ?? null }} onFinish={() => void submit().catch(() => undefined)}>
        <Form.Item
          name="present"
          label={t('correct.present')}
          rules={[
            requiredRule(),
            contractRule(ZCorrectedPresent),
            { validator: async (_r, v: unknown) => { if (typeof v === 'number' && v > max) throw new Error(t('correct.presentMax', { max })); } },
          ]}
          style={{ marginBottom: 12 }}
        >
          <InputNumber min={0} precision={0} inputMode="numeric" suffix={a.expectedStudents ? `/ ${a.expectedStudents}` : undefined} style={{ width: 180 }} data-testid="correct-present" />
        </Form.Item>
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={save.isPending && save.variables?.measure === 'attendance'} data-testid="correct-attendance-save">{t('correct.saveAttendance')}</Button>
        </Flex>
      </Form>
    </Flex>
  );
}

/** The supervisor's corrections of a finished analysis: S-T intervals and the attendance count, each saved on its own. */
export function CorrectionDrawer({ open, onClose, courseSessionId, a }: Props) {
  const { t } = useTranslation('analysis');
  const wide = Grid.useBreakpoint().md ?? true;
  const save = useSaveCorrection(courseSessionId);
  const stSequence = a.stSequence;
  // destroyOnHidden: each opening starts again from the report as it is then (the reader's own latest corrections).
  return (
    <Drawer open={open} onClose={onClose} size={wide ? 640 : '100%'} title={t('correct.title')} destroyOnHidden data-testid="correct-drawer">
      <Flex vertical gap={8}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('correct.intro')}</Typography.Paragraph>
        <Link to={recordingPath(courseSessionId, null)} target="_blank" rel="noreferrer" data-testid="correct-recording">
          <PlayCircleOutlined /> {t('correct.openRecording')}
        </Link>
        <Divider style={{ margin: '8px 0' }} />
        {stSequence ? <StSection a={{ ...a, stSequence }} save={save} /> : <Alert type="info" showIcon title={t('correct.noSt')} />}
        <Divider style={{ margin: '8px 0' }} />
        <AttendanceSection a={a} save={save} />
      </Flex>
    </Drawer>
  );
}
