import { Card, Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useMyAccess } from '../../../lib/my-access.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useMyAppeals } from '../api/get-my-appeals.ts';
import { scoreText } from './appeal-columns.tsx';
import { AppealStatusTag } from './AppealStatusTag.tsx';
import { appealPath } from './paths.ts';

const SHOWN = 5;

/** /Evaluate, for a teacher: the latest answers to my appeals (resolved or not), with a link to /MeAppeal. */
export function FrontAppeals() {
  const access = useMyAccess();
  if (!access.can('MeAppeal')) return null;
  return <AnsweredAppeals />;
}

function AnsweredAppeals() {
  const { t } = useTranslation('appeals');
  const navigate = useNavigate();
  // Two small queries rather than a status list the contract does not take; merged newest first.
  const resolved = useMyAppeals({ pageNum: 1, pageSize: SHOWN, status: 'resolved' });
  const unresolved = useMyAppeals({ pageNum: 1, pageSize: SHOWN, status: 'unresolved' });
  const list = [...(resolved.data?.list ?? []), ...(unresolved.data?.list ?? [])]
    .sort((a, b) => (b.handledAt ?? b.createdAt).localeCompare(a.handledAt ?? a.createdAt))
    .slice(0, SHOWN);
  return (
    <Card size="small" title={t('front.title')} extra={<Link to="/MeAppeal">{menuTitle(t, 'MeAppeal')}</Link>} data-testid="front-appeals">
      {resolved.isLoading || unresolved.isLoading ? (
        <Spin style={{ display: 'block', margin: '16px auto' }} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('front.empty')} />
      ) : (
        <Flex vertical gap={8}>
          {list.map((a) => (
            <Flex
              key={a.appealId}
              justify="space-between"
              align="center"
              gap={8}
              role="button"
              tabIndex={0}
              style={{ cursor: 'pointer' }}
              onClick={() => void navigate(appealPath(a.appealId))}
              onKeyDown={(ev) => ev.key === 'Enter' && void navigate(appealPath(a.appealId))}
              data-testid={`front-appeal-${a.appealId}`}
            >
              <div style={{ minWidth: 0 }}>
                <Typography.Text strong style={{ display: 'block' }} ellipsis>
                  {a.class.courseName}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {a.status === 'resolved' ? t('front.scoreChange', { from: scoreText(t, a.score, a.fullScore), to: scoreText(t, a.scoreAfter, a.fullScore) }) : scoreText(t, a.score, a.fullScore)}
                  {' · '}
                  {formatDateTime(a.handledAt)}
                </Typography.Text>
              </div>
              <AppealStatusTag status={a.status} />
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
