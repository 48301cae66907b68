import { useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Divider, Flex, Form, Image, Input, Modal, Radio, Space, Table, Tag, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SHARE_EXPIRIES, SHARE_MAX_DAYS, type TLiveLesson, type TLiveLessonAudience, type TShare, type TShareExpiry } from '@hxk/contracts/live-lessons';
import { formatDateTime } from '../../../lib/format.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useCreateShare, useRevokeShare, useShares } from '../api/live-lessons.ts';
import { shareLink } from './links.ts';
import { drawPoster } from './poster.ts';

type Values = { audience: TLiveLessonAudience; expiry: TShareExpiry; expiresAt?: Dayjs };

/** The link and poster of one share. */
function ShareResult({ lesson, share }: { lesson: TLiveLesson; share: TShare }) {
  const { t } = useTranslation('liveLessons');
  const link = shareLink(share);
  const [poster, setPoster] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    drawPoster({
      heading: t('poster.heading'),
      title: lesson.title,
      room: `${lesson.buildingName} · ${lesson.classroomName}`,
      time: t('viewer.period', { start: formatDateTime(lesson.startsAt), end: formatDateTime(lesson.endsAt) }),
      scan: t('poster.scan'),
      expires: t('poster.expires', { time: formatDateTime(share.expiresAt) }),
      link,
    })
      .then((url) => live && setPoster(url))
      .catch(() => toastError(t('share.posterFailed')));
    return () => {
      live = false;
    };
  }, [lesson, share, link, t]);

  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => toastSuccess(t('share.copied')),
      () => toastError(t('share.copyFailed')),
    );

  return (
    <div data-testid="share-result">
      <Typography.Text strong>{t('share.link')}</Typography.Text>
      <Space.Compact style={{ width: '100%', margin: '4px 0 12px' }}>
        <Input readOnly value={link} data-testid="share-link" onFocus={(e) => e.target.select()} />
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="share-copy">
          {t('share.copy')}
        </Button>
      </Space.Compact>
      <Flex gap={16} wrap align="flex-end">
        {poster ? <Image src={poster} width={180} alt={t('share.poster')} data-testid="share-poster" /> : <div style={{ width: 180, height: 270, background: '#f5f5f5' }} />}
        <Space direction="vertical">
          <Typography.Text type="secondary">{t('share.expiresAt', { time: formatDateTime(share.expiresAt) })}</Typography.Text>
          <Button icon={<DownloadOutlined />} disabled={!poster} href={poster ?? undefined} download={`live-lesson-${lesson.lessonId}-${share.code.slice(0, 6)}.png`} data-testid="share-download">
            {t('share.download')}
          </Button>
        </Space>
      </Flex>
    </div>
  );
}

/** Share a lesson: pick who may open the link and until when; get the link and a poster; see and revoke earlier shares. */
export function ShareModal({ lesson, onClose }: { lesson: TLiveLesson | null; onClose: () => void }) {
  const { t } = useTranslation('liveLessons');
  return (
    <Modal open={Boolean(lesson)} title={t('share.title', { title: lesson?.title ?? '' })} onCancel={onClose} footer={null} width={640} destroyOnHidden data-testid="share-modal">
      {lesson && <ShareBody key={lesson.lessonId} lesson={lesson} />}
    </Modal>
  );
}

function ShareBody({ lesson }: { lesson: TLiveLesson }) {
  const { t } = useTranslation('liveLessons');
  const [form] = Form.useForm<Values>();
  const expiry = Form.useWatch('expiry', form);
  const [created, setCreated] = useState<TShare | null>(null);
  const create = useCreateShare();
  const revoke = useRevokeShare();
  const shares = useShares(lesson.lessonId);
  const [modal, modalHolder] = Modal.useModal();

  const submit = async (v: Values) => {
    const share = await create.mutateAsync({ lessonId: lesson.lessonId, audience: v.audience, expiry: v.expiry, ...(v.expiry === 'custom' && v.expiresAt ? { expiresAt: v.expiresAt.toISOString() } : {}) });
    setCreated(share);
  };

  const [now] = useState(() => Date.now());
  const status = (s: TShare) =>
    s.revokedAt ? <Tag>{t('share.revoked')}</Tag> : new Date(s.expiresAt).getTime() <= now ? <Tag>{t('share.expired')}</Tag> : <Tag color="green">{t('share.active')}</Tag>;

  return (
    <>
      {modalHolder}
      <Form<Values> form={form} layout="vertical" initialValues={{ audience: lesson.audience, expiry: '7d' }} onFinish={(v) => void submit(v).catch(() => undefined)}>
            <Form.Item name="audience" label={t('share.audience')}>
              <Radio.Group options={(['public', 'members'] as const).map((a) => ({ value: a, label: t(`share.audienceOption.${a}`) }))} data-testid="share-audience" />
            </Form.Item>
            <Form.Item name="expiry" label={t('share.expiry')}>
              <Radio.Group optionType="button" options={SHARE_EXPIRIES.map((e) => ({ value: e, label: t(`share.expiryOption.${e}`) }))} data-testid="share-expiry" />
            </Form.Item>
            {expiry === 'custom' && (
              <Form.Item name="expiresAt" label={t('share.customExpiry')} rules={[{ required: true, message: t('share.customRequired') }]}>
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(SHARE_MAX_DAYS, 'day'))}
                  data-testid="share-custom"
                />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="share-create">
              {t('share.create')}
            </Button>
          </Form>
          {created && (
            <>
              <Divider />
              <ShareResult lesson={lesson} share={created} />
            </>
          )}
          <Divider />
          <Typography.Text strong>{t('share.existing')}</Typography.Text>
          {shares.isError && <Alert type="error" showIcon message={shares.error.message} style={{ marginTop: 8 }} />}
          <Table<TShare>
            size="small"
            rowKey="shareId"
            style={{ marginTop: 8 }}
            loading={shares.isFetching}
            dataSource={shares.data}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('share.none') }}
            columns={[
              { title: t('share.audience'), dataIndex: 'audience', render: (a: TLiveLessonAudience) => t(`share.audienceOption.${a}`) },
              { title: t('share.expiresColumn'), dataIndex: 'expiresAt', render: (v: string) => formatDateTime(v) },
              { title: t('share.status'), key: 'status', render: (_, s) => status(s) },
              {
                title: t('list.actions'),
                key: 'actions',
                render: (_, s) => (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => setCreated(s)} disabled={Boolean(s.revokedAt)}>
                      {t('share.show')}
                    </Button>
                    {!s.revokedAt && (
                      <Button
                        type="link"
                        size="small"
                        danger
                        data-testid={`share-revoke-${s.shareId}`}
                        onClick={() =>
                          void modal.confirm({
                            title: t('share.revokeConfirm'),
                            content: t('share.revokeHint'),
                            okText: t('share.revoke'),
                            okButtonProps: { danger: true },
                            cancelText: t('action.cancel', { ns: 'common' }),
                            onOk: () => revoke.mutateAsync(s.shareId).then(() => toastSuccess(t('share.revokedDone'))),
                          })
                        }
                      >
                        {t('share.revoke')}
                      </Button>
                    )}
                  </Space>
                ),
              },
            ]}
          />
    </>
  );
}
