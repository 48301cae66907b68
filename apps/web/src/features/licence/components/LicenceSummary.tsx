import { Descriptions, Grid, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LicenceInfo } from '../api/get-licence.ts';
import { formatDay } from './format.ts';
import { LicenceStateTag } from './LicenceStateTag.tsx';

/** What the licence in force allows, until when, and (signed in) what is in use. */
export function LicenceSummary({ info }: { info: LicenceInfo }) {
  const { t } = useTranslation('licence');
  const phone = Grid.useBreakpoint().sm === false;
  const used = (n: number | undefined, max: number) => (n === undefined ? String(max) : t('summary.used', { used: n, max }));
  return (
    <Descriptions column={1} size="small" bordered data-testid="licence-summary" styles={{ label: { width: phone ? 96 : 160 } }}>
      <Descriptions.Item label={t('summary.deployment')}>
        <Typography.Text copyable code data-testid="licence-deployment">
          {info.deploymentId}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('summary.state')}>
        <LicenceStateTag state={info.state} />
      </Descriptions.Item>
      <Descriptions.Item label={t('summary.licensee')}>
        <span data-testid="licence-licensee">{info.state === 'demo' ? t('summary.demoLicensee') : info.licensee}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('summary.expires')}>
        <span data-testid="licence-expires">
          {!info.expiresAt
            ? t('summary.noEnd')
            : info.state === 'expired'
              ? t('summary.endedOn', { date: formatDay(info.expiresAt) })
              : t('summary.expiresOn', { date: formatDay(info.expiresAt), count: info.daysLeft ?? 0 })}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('summary.schools')}>{used(info.usage?.schools, info.maxSchools)}</Descriptions.Item>
      <Descriptions.Item label={t('summary.classrooms')}>{used(info.usage?.classrooms, info.maxClassrooms)}</Descriptions.Item>
      <Descriptions.Item label={t('summary.cameras')}>
        <span data-testid="licence-cameras">{info.maxCameras === null ? t('summary.camerasWithRooms') : used(info.usage?.cameras, info.maxCameras)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('summary.features')}>
        <Space size={[4, 4]} wrap>
          {info.features.map((f) => (
            <Tag key={f}>{t(`feature.${f}`, { defaultValue: f })}</Tag>
          ))}
        </Space>
      </Descriptions.Item>
    </Descriptions>
  );
}
