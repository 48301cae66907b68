import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Result, Skeleton, Steps, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TAppeal } from '@hxk/contracts/appeals';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useMyAccess } from '../../../lib/my-access.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useDeleteAppeals } from '../api/delete-appeals.ts';
import { useAppeal } from '../api/get-appeal.ts';
import { useWithdrawAppeal } from '../api/withdraw-appeal.ts';
import { scoreText } from '../components/appeal-columns.tsx';
import { AppealImages } from '../components/AppealImages.tsx';
import { AppealStatusTag } from '../components/AppealStatusTag.tsx';
import { classTime } from '../../../lib/class-time.ts';
import { HandleAppealModal } from '../components/HandleAppealModal.tsx';
import { evaluationPath } from '../components/paths.ts';
import { EvaluatorName } from '../components/EvaluatorName.tsx';

/** /Appeal/Detail?appealId=: one appeal, its evaluation and its handling, with the reader's actions. */
export function AppealDetailPage() {
  const { t } = useTranslation('appeals');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('appealId');
  const appeal = useAppeal(id);

  if (!id || appeal.isError) {
    return <Result status="404" title={t('detail.notFound')} extra={<Button onClick={() => void navigate('/Evaluate')}>{t('detail.toFront')}</Button>} data-testid="appeal-not-found" />;
  }
  if (!appeal.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  return <AppealView key={appeal.data.appealId} a={appeal.data} />;
}

function AppealView({ a }: { a: TAppeal }) {
  const { t } = useTranslation('appeals');
  const navigate = useNavigate();
  const access = useMyAccess();
  const withdraw = useWithdrawAppeal();
  const remove = useDeleteAppeals();
  const [handling, setHandling] = useState(false);
  const back = () => ((window.history.state as { idx?: number } | null)?.idx ? void navigate(-1) : void navigate(access.can('MeAppeal') ? '/MeAppeal' : '/Evaluate/Appeal'));
  const closedAt = a.status === 'revoked' ? a.withdrawnAt : a.handledAt;

  const actions = (
    <Flex gap={8} wrap>
      {a.canWithdraw && (
        <Popconfirm
          title={t('confirm.withdrawTitle')}
          description={t('confirm.withdrawText')}
          okText={t('action.withdraw')}
          cancelText={t('common:action.cancel')}
          onConfirm={() => withdraw.mutateAsync(a.appealId).then(() => toastSuccess(t('detail.withdrawn')))}
        >
          <Button loading={withdraw.isPending} data-testid="appeal-withdraw">
            {t('action.withdraw')}
          </Button>
        </Popconfirm>
      )}
      {a.canDelete && (
        <Popconfirm
          title={t('confirm.deleteTitle', { count: 1 })}
          description={t('confirm.deleteText')}
          okText={t('action.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('common:action.cancel')}
          onConfirm={() =>
            remove.mutateAsync([a.appealId]).then(() => {
              toastSuccess(t('list.deleted', { count: 1 }));
              void navigate('/MeAppeal', { replace: true });
            })
          }
        >
          <Button danger loading={remove.isPending} data-testid="appeal-delete">
            {t('action.delete')}
          </Button>
        </Popconfirm>
      )}
      {a.canHandle && access.can('appeal:handle') && (
        <Button type="primary" onClick={() => setHandling(true)} data-testid="appeal-handle">
          {t('action.handle')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Flex vertical gap={12} data-testid="appeal-detail" data-status={a.status}>
      <Card
        size="small"
        title={
          <Flex align="center" gap={4} style={{ minWidth: 0 }}>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={back} aria-label={t('action.back')} data-testid="appeal-back" />
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{menuTitle(t, 'AppealDetail')}</span>
          </Flex>
        }
        extra={<AppealStatusTag status={a.status} testId="appeal-status" />}
        styles={{ body: { padding: 16 } }}
      >
        <Steps
          size="small"
          current={a.status === 'pending' ? 1 : 2}
          status={a.status === 'revoked' ? 'error' : a.status === 'pending' ? 'process' : 'finish'}
          items={[
            { title: t('steps.submitted'), description: formatDateTime(a.createdAt) },
            { title: t('steps.processing') },
            { title: a.status === 'pending' ? t('steps.handled') : t(`status.${a.status}`), description: closedAt ? formatDateTime(closedAt) : undefined },
          ]}
          style={{ marginBottom: 16 }}
        />
        {actions}
        {a.conflictOfInterest && <Alert type="info" showIcon title={t('detail.conflictOfInterest')} style={{ marginTop: 12 }} data-testid="appeal-conflict" />}
      </Card>
      <Card size="small" title={t('detail.evaluation')} styles={{ body: { padding: 12 } }} extra={<Link to={evaluationPath(a.evaluationId)} data-testid="appeal-evaluation-link">{t('action.viewEvaluation')}</Link>}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
          <Descriptions.Item label={t('field.course')}>{`${a.class.courseName} (${a.class.courseCode})`}</Descriptions.Item>
          <Descriptions.Item label={t('field.classTime')}>{classTime(t, a.class, true)}</Descriptions.Item>
          <Descriptions.Item label={t('field.teacher')}>{a.teacher.name}</Descriptions.Item>
          <Descriptions.Item label={t('field.evaluator')}>
            <span data-testid="appeal-evaluator">
              <EvaluatorName appeal={a} />
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('field.plan')}>{a.planName ?? t(`evaluations:kind.${a.evaluationKind}`)}</Descriptions.Item>
          <Descriptions.Item label={t('field.score')}>{scoreText(t, a.score, a.fullScore)}</Descriptions.Item>
          <Descriptions.Item label={t('field.scoreAfter')}>
            <Typography.Text strong={a.scoreAfter !== null} type={a.scoreAfter !== null ? 'success' : 'secondary'} data-testid="appeal-score-after">
              {scoreText(t, a.scoreAfter, a.fullScore)}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('detail.appeal')} styles={{ body: { padding: 12 } }}>
        <Typography.Text strong>{t('field.reason')}</Typography.Text>
        <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginTop: 4 }} data-testid="appeal-reason">
          {a.reason}
        </Typography.Paragraph>
        <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
          {t('field.images')}
        </Typography.Text>
        <AppealImages images={a.images} />
      </Card>
      <Card size="small" title={t('detail.handling')} styles={{ body: { padding: 12 } }} data-testid="appeal-handling">
        {a.handler ? (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('field.handler')}>{a.handler.name}</Descriptions.Item>
            <Descriptions.Item label={t('field.handledAt')}>{formatDateTime(a.handledAt)}</Descriptions.Item>
            <Descriptions.Item label={t('field.opinion')}>
              <span style={{ whiteSpace: 'pre-line' }} data-testid="appeal-opinion">
                {a.opinion}
              </span>
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Typography.Text type="secondary">{a.status === 'revoked' ? t('detail.revokedNote') : t('detail.notHandled')}</Typography.Text>
        )}
      </Card>
      {a.canHandle && <HandleAppealModal appeal={a} open={handling} onClose={() => setHandling(false)} />}
    </Flex>
  );
}
