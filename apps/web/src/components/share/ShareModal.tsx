import { useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Divider, Flex, Form, Image, Input, Modal, Radio, Space, Table, Tag, Typography } from 'antd';
import { AimOutlined, CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SHARE_EXPIRIES, SHARE_MAX_DAYS, type TLiveLessonAudience, type TShare, type TShareExpiry } from '@hxk/contracts/live-lessons';
import { formatDateTime } from '../../lib/format.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { formatClipTime, parseClipTime } from './clip-time.ts';
import { drawPoster, type PosterText } from './poster.ts';
import { useCreateShare, useRevokeShare, useShares, type ShareSubject } from './share-api.ts';
import { shareLink } from './share-link.ts';

/** What the dialog shares and how its poster reads. */
export type ShareDialogTarget = {
  subject: ShareSubject;
  /** Named in the dialog's title. */
  name: string;
  defaultAudience: TLiveLessonAudience;
  /** The poster's heading, title, room and time for one share (a clip's time follows its range). */
  poster: (share: TShare) => Pick<PosterText, 'heading' | 'title' | 'room' | 'time' | 'live'>;
  /** The downloaded poster's name, without extension. */
  fileName: string;
  /** A recording clip: the recording's length, and where its player stood when the dialog opened. */
  clip?: { durationSeconds: number; position: number };
};

type Values = { audience: TLiveLessonAudience; expiry: TShareExpiry; expiresAt?: Dayjs; clipStart?: string; clipEnd?: string };

/** The link and poster of one share. */
function ShareResult({ target, share }: { target: ShareDialogTarget; share: TShare }) {
  const { t } = useTranslation('share');
  const link = shareLink(share);
  const [poster, setPoster] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    drawPoster({ ...target.poster(share), scan: t('posterScan'), expires: t('posterExpires', { time: formatDateTime(share.expiresAt) }), link })
      .then((url) => live && setPoster(url))
      .catch(() => toastError(t('posterFailed')));
    return () => {
      live = false;
    };
  }, [target, share, link, t]);

  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => toastSuccess(t('copied')),
      () => toastError(t('copyFailed')),
    );

  return (
    <div data-testid="share-result">
      <Typography.Text strong>{t('link')}</Typography.Text>
      <Space.Compact style={{ width: '100%', margin: '4px 0 12px' }}>
        <Input readOnly value={link} data-testid="share-link" onFocus={(e) => e.target.select()} />
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="share-copy">
          {t('copy')}
        </Button>
      </Space.Compact>
      <Flex gap={16} wrap align="flex-end">
        {poster ? <Image src={poster} width={180} alt={t('poster')} data-testid="share-poster" /> : <div style={{ width: 180, height: 270, background: '#f5f5f5' }} />}
        <Space direction="vertical">
          {share.kind === 'clip' && share.clipStart !== null && share.clipEnd !== null && (
            <Typography.Text data-testid="share-range">{t('clip.rangeValue', { from: formatClipTime(share.clipStart), to: formatClipTime(share.clipEnd) })}</Typography.Text>
          )}
          <Typography.Text type="secondary">{t('expiresAt', { time: formatDateTime(share.expiresAt) })}</Typography.Text>
          <Button icon={<DownloadOutlined />} disabled={!poster} href={poster ?? undefined} download={`${target.fileName}-${share.code.slice(0, 6)}.png`} data-testid="share-download">
            {t('download')}
          </Button>
        </Space>
      </Flex>
    </div>
  );
}

/** A clip's start and end, typed as m:ss or taken from where the player stood. */
function ClipRange({ clip }: { clip: NonNullable<ShareDialogTarget['clip']> }) {
  const { t } = useTranslation('share');
  const form = Form.useFormInstance<Values>();
  const here = formatClipTime(clip.position);
  const end = formatClipTime(clip.durationSeconds);
  const time = (field: 'clipStart' | 'clipEnd') => ({
    validator: async (_: unknown, v: string | undefined) => {
      const s = parseClipTime(v ?? '');
      if (s === null) throw new Error(t('clip.badTime'));
      if (s > clip.durationSeconds) throw new Error(t('clip.outOfRange', { end }));
      if (field === 'clipEnd') {
        const from = parseClipTime(form.getFieldValue('clipStart') ?? '');
        if (from !== null && s <= from) throw new Error(t('clip.endAfterStart'));
      }
    },
  });
  const mark = (field: 'clipStart' | 'clipEnd') => (
    <Button icon={<AimOutlined />} onClick={() => { form.setFieldValue(field, here); void form.validateFields(['clipStart', 'clipEnd']).catch(() => undefined); }} data-testid={`share-${field}-here`}>
      {t('clip.here', { time: here })}
    </Button>
  );
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>{t('clip.hint', { length: end })}</Typography.Paragraph>
      <Flex gap={16} wrap>
        <Form.Item label={t('clip.from')} required style={{ flex: '1 1 220px' }}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="clipStart" noStyle rules={[time('clipStart')]}>
              <Input placeholder="0:00" inputMode="numeric" data-testid="share-clip-start" />
            </Form.Item>
            {mark('clipStart')}
          </Space.Compact>
        </Form.Item>
        <Form.Item label={t('clip.to')} required style={{ flex: '1 1 220px' }}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="clipEnd" noStyle dependencies={['clipStart']} rules={[time('clipEnd')]}>
              <Input placeholder={end} inputMode="numeric" data-testid="share-clip-end" />
            </Form.Item>
            {mark('clipEnd')}
          </Space.Compact>
        </Form.Item>
      </Flex>
    </>
  );
}

/**
 * Share a live lesson or a recording clip: pick who may open the link and until when (and a clip's
 * range); get the link and a poster; see and revoke earlier shares.
 */
export function ShareModal({ target, onClose }: { target: ShareDialogTarget | null; onClose: () => void }) {
  const { t } = useTranslation('share');
  return (
    <Modal open={Boolean(target)} title={t('title', { title: target?.name ?? '' })} onCancel={onClose} footer={null} width={680} destroyOnHidden data-testid="share-modal">
      {target && <ShareBody target={target} />}
    </Modal>
  );
}

function ShareBody({ target }: { target: ShareDialogTarget }) {
  const { t } = useTranslation('share');
  const [form] = Form.useForm<Values>();
  const expiry = Form.useWatch('expiry', form);
  const [created, setCreated] = useState<TShare | null>(null);
  const create = useCreateShare(target.subject);
  const revoke = useRevokeShare(target.subject);
  const shares = useShares(target.subject);
  const [modal, modalHolder] = Modal.useModal();
  const { clip } = target;

  const submit = async (v: Values) => {
    const range = clip ? { clipStart: parseClipTime(v.clipStart ?? '') ?? 0, clipEnd: parseClipTime(v.clipEnd ?? '') ?? clip.durationSeconds } : {};
    const share = await create.mutateAsync({ audience: v.audience, expiry: v.expiry, ...range, ...(v.expiry === 'custom' && v.expiresAt ? { expiresAt: v.expiresAt.toISOString() } : {}) });
    setCreated(share);
  };

  const [now] = useState(() => Date.now());
  const status = (s: TShare) =>
    s.revokedAt ? <Tag>{t('revoked')}</Tag> : new Date(s.expiresAt).getTime() <= now ? <Tag>{t('expired')}</Tag> : <Tag color="green">{t('active')}</Tag>;

  return (
    <>
      {modalHolder}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ audience: target.defaultAudience, expiry: '7d', ...(clip ? { clipStart: formatClipTime(0), clipEnd: formatClipTime(clip.durationSeconds) } : {}) }}
        onFinish={(v) => void submit(v).catch(() => undefined)}
      >
        {clip && <ClipRange clip={clip} />}
        <Form.Item name="audience" label={t('audience')}>
          <Radio.Group options={(['public', 'members'] as const).map((a) => ({ value: a, label: t(`audienceOption.${a}`) }))} data-testid="share-audience" />
        </Form.Item>
        <Form.Item name="expiry" label={t('expiry')}>
          <Radio.Group optionType="button" options={SHARE_EXPIRIES.map((e) => ({ value: e, label: t(`expiryOption.${e}`) }))} data-testid="share-expiry" />
        </Form.Item>
        {expiry === 'custom' && (
          <Form.Item name="expiresAt" label={t('customExpiry')} rules={[{ required: true, message: t('customRequired') }]}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(SHARE_MAX_DAYS, 'day'))}
              data-testid="share-custom"
            />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="share-create">
          {t('create')}
        </Button>
      </Form>
      {created && (
        <>
          <Divider />
          <ShareResult target={target} share={created} />
        </>
      )}
      <Divider />
      <Typography.Text strong>{t('existing')}</Typography.Text>
      {shares.isError && <Alert type="error" showIcon message={shares.error.message} style={{ marginTop: 8 }} />}
      <Table<TShare>
        size="small"
        rowKey="shareId"
        style={{ marginTop: 8 }}
        loading={shares.isFetching}
        dataSource={shares.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('none') }}
        data-testid="share-list"
        columns={[
          ...(clip
            ? [{ title: t('clip.column'), key: 'range', render: (_: unknown, s: TShare) => (s.clipStart !== null && s.clipEnd !== null ? `${formatClipTime(s.clipStart)}–${formatClipTime(s.clipEnd)}` : '—') }]
            : []),
          { title: t('audience'), dataIndex: 'audience', render: (a: TLiveLessonAudience) => t(`audienceShort.${a}`) },
          { title: t('expiresColumn'), dataIndex: 'expiresAt', render: (v: string) => formatDateTime(v) },
          { title: t('status'), key: 'status', render: (_, s) => status(s) },
          {
            title: t('actions'),
            key: 'actions',
            render: (_, s) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setCreated(s)} disabled={Boolean(s.revokedAt)}>
                  {t('show')}
                </Button>
                {!s.revokedAt && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    data-testid={`share-revoke-${s.shareId}`}
                    onClick={() =>
                      void modal.confirm({
                        title: t('revokeConfirm'),
                        content: t('revokeHint'),
                        okText: t('revoke'),
                        okButtonProps: { danger: true },
                        cancelText: t('action.cancel', { ns: 'common' }),
                        onOk: () => revoke.mutateAsync(s.shareId).then(() => toastSuccess(t('revokedDone'))),
                      })
                    }
                  >
                    {t('revoke')}
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
