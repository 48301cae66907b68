import { Button, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IDENTITY_NAMES } from '@hxk/contracts/permissions';
import type { MySchool } from '../api/get-my-schools.ts';
import { useSwitchSchool } from '../api/switch-school.ts';
import { InvitationActions } from './InvitationActions.tsx';
import { MembershipStatusTag } from './MembershipStatusTag.tsx';

/** The caller's schools with their status; an approved one can be entered, an invitation answered. */
export function MySchoolsList({ schools, loading }: { schools: MySchool[] | undefined; loading: boolean }) {
  const { t } = useTranslation('schools');
  const enter = useSwitchSchool();
  return (
    <List
      loading={loading}
      dataSource={schools ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mine.empty')} /> }}
      renderItem={(s) => (
        <List.Item
          data-testid={`school-${s.code}`}
          actions={[
            s.current ? (
              <Tag color="blue" key="current">{t('mine.current')}</Tag>
            ) : s.status === 'approved' ? (
              <Button
                key="enter"
                type="primary"
                size="small"
                loading={enter.isPending && enter.variables === s.schoolId}
                onClick={() => enter.mutate(s.schoolId)}
              >
                {t('mine.enter')}
              </Button>
            ) : s.status === 'invited' ? (
              <InvitationActions key="answer" schoolId={s.schoolId} name={s.name} code={s.code} />
            ) : null,
          ]}
        >
          <List.Item.Meta
            title={
              <Space wrap>
                <Typography.Text strong>{s.name}</Typography.Text>
                <MembershipStatusTag status={s.status} />
              </Space>
            }
            description={`${t('mine.code')}: ${s.code} · ${t(`common:identity.${IDENTITY_NAMES[s.identity]}`)}`}
          />
        </List.Item>
      )}
    />
  );
}
