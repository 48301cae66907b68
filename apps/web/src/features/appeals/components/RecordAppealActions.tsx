import { useState } from 'react';
import { Button } from 'antd';
import { BarChartOutlined, ExceptionOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TEvaluation } from '@hxk/contracts/evaluations';
import { useMyAccess } from '../../../lib/my-access.ts';
import { useMyAppeals } from '../api/get-my-appeals.ts';
import { CreateAppealModal } from './CreateAppealModal.tsx';
import { appealPath, evaluationReportPath } from './paths.ts';

/**
 * On a submitted evaluation of my class (the teacher's view of a record): "View report" and
 * "Appeal", or the pending appeal of this evaluation when there is one. Nothing for anyone else.
 */
export function RecordAppealActions({ e }: { e: TEvaluation }) {
  const { t } = useTranslation('appeals');
  const navigate = useNavigate();
  const access = useMyAccess();
  const mine = access.ready && e.status === 'submitted' && e.class.teacher.userId === access.userId;
  const canAppeal = mine && access.can('MeAppeal');
  // At most one appeal of an evaluation is pending at a time.
  const pending = useMyAppeals({ pageNum: 1, pageSize: 1, status: 'pending', evaluationId: e.evaluationId }, canAppeal);
  const pendingId = pending.data?.list[0]?.appealId;
  const [open, setOpen] = useState(false);
  if (!mine) return null;

  return (
    <>
      {access.can('CourseEvaluationReport') && (
        <Button icon={<BarChartOutlined />} onClick={() => void navigate(evaluationReportPath(e.evaluationId))} data-testid="record-view-report">
          {t('action.viewReport')}
        </Button>
      )}
      {canAppeal &&
        (pendingId ? (
          <Button onClick={() => void navigate(appealPath(pendingId))} data-testid="record-appeal-pending">
            {t('action.viewPending')}
          </Button>
        ) : (
          <Button icon={<ExceptionOutlined />} disabled={!pending.isSuccess} onClick={() => setOpen(true)} data-testid="record-appeal">
            {t('action.appeal')}
          </Button>
        ))}
      {canAppeal && <CreateAppealModal e={e} open={open} onClose={() => setOpen(false)} onCreated={() => setOpen(false)} />}
    </>
  );
}
