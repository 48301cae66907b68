import { useState } from 'react';
import { Alert, Button, Empty, Flex, Modal, Radio, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useQrClasses } from '../api/get-my-classes.ts';
import { useQuestionnaireQr } from '../api/get-questionnaire-qr.ts';
import { classLabel, todayIso } from './class-label.ts';

export type QrTarget = { questionnaireId: string; title: string; course: { courseId: string; name: string; code: string } };

/**
 * "Show QR" of teacher feedback: pick one of my classes of the course (today's first), then a big QR
 * code of its fill page with the address and when it stops working, to project at the end of class.
 */
export function QrModal({ target, onClose }: { target: QrTarget | null; onClose: () => void }) {
  const { t } = useTranslation('questionnaires');
  const open = target !== null;
  // Today's classes of this course (ended ones too: the QR is shown at the end of a class) and the next two weeks'.
  const classes = useQrClasses(target ? { questionnaireId: target.questionnaireId, courseId: target.course.courseId } : null);
  const list = classes.data ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const qr = useQuestionnaireQr(target?.questionnaireId ?? '', shown);
  const today = todayIso();
  // The first listed class is chosen: today's first one, else the next one.
  const chosen = picked ?? list[0]?.courseSessionId ?? null;
  const hasToday = list[0]?.lessonDate === today;
  const close = () => {
    setPicked(null);
    setShown(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      title={target ? t('qr.title', { course: target.course.name }) : null}
      width={shown ? 560 : 520}
      footer={
        shown ? (
          <Button icon={<ArrowLeftOutlined />} onClick={() => setShown(null)} data-testid="q-qr-back">
            {t('qr.otherClass')}
          </Button>
        ) : (
          <Button type="primary" disabled={!chosen} onClick={() => setShown(chosen)} data-testid="q-qr-show">
            {t('qr.show')}
          </Button>
        )
      }
      destroyOnHidden
      data-testid="q-qr-modal"
    >
      {shown ? (
        qr.isPending ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : qr.isError ? (
          <Alert type="warning" showIcon title={qr.error.message} data-testid="q-qr-error" />
        ) : (
          <Flex vertical align="center" gap={8} data-testid="q-qr">
            <Typography.Text strong style={{ fontSize: 18, textAlign: 'center' }}>
              {target?.title}
            </Typography.Text>
            <img src={qr.data.dataUrl} alt={t('qr.alt')} style={{ width: 'min(360px, 100%)', aspectRatio: '1', imageRendering: 'pixelated' }} data-testid="q-qr-image" />
            <Typography.Text type="secondary">{t('qr.scan')}</Typography.Text>
            <Typography.Text copyable={{ text: qr.data.url }} style={{ wordBreak: 'break-all', textAlign: 'center' }} data-testid="q-qr-url">
              {qr.data.url}
            </Typography.Text>
            <Typography.Text type="secondary" data-testid="q-qr-expires">
              {t('qr.expires', { time: formatDateTime(qr.data.expiresAt) })}
            </Typography.Text>
          </Flex>
        )
      ) : classes.isLoading ? (
        <Spin style={{ display: 'block', margin: '32px auto' }} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('qr.noClasses')} data-testid="q-qr-no-classes" />
      ) : (
        <>
          <Typography.Paragraph type="secondary" data-testid="q-qr-pick-hint">{t(hasToday ? 'qr.pickClass' : 'qr.pickNextClass')}</Typography.Paragraph>
          <Radio.Group value={chosen} onChange={(e) => setPicked(String(e.target.value))} style={{ width: '100%' }} data-testid="q-qr-classes">
            <Flex vertical gap={8}>
              {list.slice(0, 10).map((c) => (
                <Radio key={c.courseSessionId} value={c.courseSessionId} data-testid={`q-qr-class-${c.courseSessionId}`}>
                  {classLabel(t, c)}
                  {c.classroomName ? ` · ${c.classroomName}` : ''} {c.lessonDate === today && <Tag color="green">{t('qr.today')}</Tag>}
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </>
      )}
    </Modal>
  );
}
