import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { useMySchools } from '../api/get-my-schools.ts';
import { BindSchoolForm } from '../components/BindSchoolForm.tsx';
import { MySchoolsList } from '../components/MySchoolsList.tsx';

/** /wenxiang/userInfo: a signed-in account with no current school enters one or binds one by code. */
export function ChooseSchoolPage() {
  const { t } = useTranslation('schools');
  const navigate = useNavigate();
  const schools = useMySchools();
  return (
    <Flex vertical gap={16} data-testid="choose-school">
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('choose.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('choose.description')}</Typography.Text>
      </div>
      <Card title={t('mine.title')}>
        <MySchoolsList schools={schools.data} loading={schools.isPending} />
      </Card>
      <Card title={t('bind.title')}>
        <Typography.Paragraph type="secondary">{t('bind.description')}</Typography.Paragraph>
        <BindSchoolForm onApplied={() => void navigate(PATHS.awaitPage)} />
      </Card>
    </Flex>
  );
}
