import type { ReactNode } from 'react';
import { Card, Col, Descriptions, Row, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { IDENTITY_NAMES } from '@hxk/contracts/permissions';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { useUserInfo } from '../api/get-user-info.ts';
import { AvatarUploader } from '../components/AvatarUploader.tsx';
import { ChangePasswordForm } from '../components/ChangePasswordForm.tsx';
import { ProfileForm } from '../components/ProfileForm.tsx';

/** Personal info: avatar, profile, password change and (given by the app) the schools section. */
export function MeInfoPage({ schoolsSection }: { schoolsSection?: ReactNode }) {
  const { t } = useTranslation('profile');
  const user = useUserInfo();
  if (!user.data) return <PageLoading />;
  const info = user.data;

  return (
    <Row gutter={[16, 16]} data-testid="me-info">
      <Col xs={24} lg={8} xl={7}>
        <Card title={t('title')}>
          <AvatarUploader src={info.avatar} name={info.name} />
          <Descriptions
            column={1}
            size="small"
            style={{ marginTop: 24 }}
            items={[
              { key: 'name', label: t('info.name'), children: info.name },
              { key: 'account', label: t('info.account'), children: info.account },
              { key: 'school', label: t('info.school'), children: info.schoolName ?? '—' },
              {
                key: 'identity',
                label: t('info.identity'),
                children: info.identity ? <Tag color="blue">{t(`common:identity.${IDENTITY_NAMES[info.identity]}`)}</Tag> : '—',
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={17}>
        <Card>
          <Tabs
            items={[
              { key: 'info', label: t('tabs.info'), children: <ProfileForm user={info} /> },
              { key: 'password', label: t('tabs.password'), children: <ChangePasswordForm /> },
              ...(schoolsSection ? [{ key: 'schools', label: t('tabs.schools'), children: schoolsSection }] : []),
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
