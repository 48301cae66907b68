import { Button, Card, Result, Space } from 'antd';
import { ClockCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasToken } from '../../../lib/auth-state.ts';
import { PATHS } from '../../../lib/paths.ts';
import { logout } from '../../../lib/session.ts';
import { useMySchools } from '../api/get-my-schools.ts';
import { MySchoolsList } from '../components/MySchoolsList.tsx';

/** /awaitPage: the binding waits for an administrator; refresh to see whether it was approved. */
export function AwaitPage() {
  const { t } = useTranslation('schools');
  const navigate = useNavigate();
  const signedIn = hasToken();
  const schools = useMySchools(signedIn);
  const approved = schools.data?.filter((s) => s.status === 'approved') ?? [];

  return (
    <Card data-testid="await-page">
      <Result
        icon={<ClockCircleOutlined style={{ color: '#faad14' }} />}
        title={approved.length ? t('await.approvedTitle') : t('await.title')}
        subTitle={approved.length ? t('await.approvedDescription') : t('await.description')}
        extra={
          <Space wrap>
            {signedIn ? (
              <>
                <Button type="primary" icon={<ReloadOutlined />} loading={schools.isFetching} onClick={() => void schools.refetch()} data-testid="await-refresh">
                  {t('await.refresh')}
                </Button>
                <Button onClick={() => void logout()}>{t('common:action.logout')}</Button>
              </>
            ) : (
              <Button type="primary" onClick={() => void navigate(PATHS.login)}>
                {t('common:action.backToLogin')}
              </Button>
            )}
          </Space>
        }
      />
      {signedIn && <MySchoolsList schools={schools.data} loading={schools.isPending} />}
    </Card>
  );
}
