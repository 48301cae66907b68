import { Button, Card, Result, Space, Typography } from 'antd';
import { ArrowLeftOutlined, LoginOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { hasToken } from '../../../lib/auth-state.ts';
import { HOME_ROUTE, PATHS } from '../../../lib/paths.ts';
import { useLicence, type LicenceInfo } from '../api/get-licence.ts';
import { ActivateForm } from '../components/ActivateForm.tsx';
import { formatDay } from '../components/format.ts';
import { LicenceSummary } from '../components/LicenceSummary.tsx';

type Mode = 'activation' | 'extendAuthorization' | 'lengthen';
const MODES: Record<string, Mode> = { [PATHS.activation]: 'activation', [PATHS.extendAuthorization]: 'extendAuthorization', [PATHS.lengthen]: 'lengthen' };

/** What to send the vendor for a new licence: who, which deployment, what is in use. */
function requestText(info: LicenceInfo, t: (key: string, o?: Record<string, unknown>) => string): string {
  return [
    t('request.line.deployment', { id: info.deploymentId }),
    t('request.line.licensee', { name: info.state === 'demo' ? t('summary.demoLicensee') : info.licensee }),
    ...(info.licenceId ? [t('request.line.licence', { id: info.licenceId, date: formatDay(info.expiresAt) })] : []),
    ...(info.usage ? [t('request.line.usage', { schools: info.usage.schools, classrooms: info.usage.classrooms })] : []),
  ].join('\n');
}

/**
 * /activation, /extendAuthorization and /lengthen (reachable with or without a token): the licence in
 * force and a form for a newer one; /lengthen also writes the request to send to the vendor.
 */
export function LicencePage() {
  const { t } = useTranslation('licence');
  const navigate = useNavigate();
  const mode = MODES[useLocation().pathname] ?? 'activation';
  const licence = useLicence();
  const signedIn = hasToken();

  if (licence.isPending) return <PageLoading />;
  if (licence.isError) return <Result status="error" title={t('loadFailed')} extra={<Button onClick={() => void licence.refetch()}>{t('common:action.retry')}</Button>} />;
  const info = licence.data;

  return (
    <Card data-testid={`licence-page-${mode}`}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <div>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            <SafetyCertificateOutlined /> {t(`${mode}.title`)}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="licence-description">
            {t(mode === 'activation' && info.state !== 'demo' ? `activation.descriptionLicensed.${info.state}` : `${mode}.description`)}
          </Typography.Paragraph>
        </div>
        <LicenceSummary info={info} />
        {mode === 'lengthen' && (
          <div>
            <Typography.Title level={5}>{t('request.title')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('request.help')}</Typography.Paragraph>
            <Typography.Paragraph copyable={{ text: requestText(info, t) }} data-testid="licence-request">
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{requestText(info, t)}</pre>
            </Typography.Paragraph>
          </div>
        )}
        <ActivateForm submitLabel={t(`${mode}.submit`)} />
        <Space wrap>
          {mode !== 'lengthen' && (
            <Button type="link" onClick={() => void navigate(PATHS.lengthen)} style={{ paddingInline: 0 }} data-testid="licence-to-lengthen">
              {t('request.link')}
            </Button>
          )}
          {signedIn ? (
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(HOME_ROUTE)} data-testid="licence-home">
              {t('backToApp')}
            </Button>
          ) : (
            <Button icon={<LoginOutlined />} onClick={() => void navigate(PATHS.login)} data-testid="licence-login">
              {t('common:action.backToLogin')}
            </Button>
          )}
        </Space>
      </Space>
    </Card>
  );
}
