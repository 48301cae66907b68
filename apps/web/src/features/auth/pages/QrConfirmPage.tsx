import { Button, Card, Descriptions, Flex, Result, Typography } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { formatUserAgent } from '../../../lib/user-agent.ts';
import { useConfirmQr } from '../api/confirm-qr.ts';
import { useDescribeQr } from '../api/describe-qr.ts';

/** /qrConfirm: the signed-in phone sees which browser it would sign in, and approves or refuses. */
export function QrConfirmPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const qrCodeId = params.get('qrCodeId');
  const describe = useDescribeQr(qrCodeId);
  const confirm = useConfirmQr();

  if (!qrCodeId) return <Result status="warning" title={t('confirm.missing')} />;
  if (describe.isPending) return <PageLoading />;
  if (describe.isError) return <Result status="warning" title={t('confirm.unavailable')} subTitle={describe.error.message} data-testid="qr-confirm-error" />;
  if (confirm.isSuccess) {
    const approved = confirm.variables.approve;
    return (
      <Result
        status={approved ? 'success' : 'info'}
        title={approved ? t('confirm.approvedTitle') : t('confirm.refusedTitle')}
        subTitle={approved ? t('confirm.approvedDescription') : t('confirm.refusedDescription')}
        data-testid="qr-confirm-done"
      />
    );
  }

  const d = describe.data;
  return (
    <Card style={{ maxWidth: 480, margin: '0 auto' }} data-testid="qr-confirm">
      <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
        <DesktopOutlined style={{ fontSize: 48, color: '#1668dc' }} />
        <Typography.Title level={4} style={{ margin: 0, textAlign: 'center' }}>
          {t('confirm.title')}
        </Typography.Title>
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          {t('confirm.description')}
        </Typography.Text>
      </Flex>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'browser', label: t('confirm.browser'), children: <span title={d.browser}>{formatUserAgent(d.browser)}</span> },
          { key: 'ip', label: t('confirm.ip'), children: d.ip },
          { key: 'time', label: t('confirm.time'), children: formatDateTime(d.createdAt) },
        ]}
      />
      <Typography.Paragraph type="warning" style={{ marginTop: 16 }}>
        {t('confirm.warning')}
      </Typography.Paragraph>
      <Flex vertical gap={8}>
        <Button
          type="primary"
          size="large"
          block
          loading={confirm.isPending && confirm.variables.approve}
          onClick={() => confirm.mutate({ qrCodeId, approve: true })}
          data-testid="qr-approve"
        >
          {t('confirm.approve')}
        </Button>
        <Button
          size="large"
          block
          danger
          loading={confirm.isPending && !confirm.variables.approve}
          onClick={() => confirm.mutate({ qrCodeId, approve: false })}
          data-testid="qr-refuse"
        >
          {t('confirm.refuse')}
        </Button>
      </Flex>
    </Card>
  );
}
