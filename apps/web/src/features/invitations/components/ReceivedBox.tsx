import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TInvitation } from '@hxk/contracts/invitations';
import { useStartInvitedEvaluation } from '../api/start-invited-evaluation.ts';
import { AgreeButton } from './AgreeButton.tsx';
import { EvaluateModal } from './EvaluateModal.tsx';
import { InvitationList } from './InvitationList.tsx';
import { RejectModal } from './RejectModal.tsx';

export const recordPath = (evaluationId: string) => `/TeachingRecordDetail?id=${evaluationId}`;

/** Invitations to me (a supervisor's inbox): agree, reject with a reason, then evaluate the class. */
export function ReceivedBox({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('invitations');
  const navigate = useNavigate();
  const [rejecting, setRejecting] = useState<TInvitation | null>(null);
  const [evaluating, setEvaluating] = useState<TInvitation | null>(null);
  const start = useStartInvitedEvaluation();

  const actions = (inv: TInvitation) => {
    if (inv.status === 'pending' && !inv.expired) {
      return (
        <>
          <Button danger onClick={() => setRejecting(inv)} data-testid={`invitation-reject-${inv.invitationId}`}>
            {t('action.reject')}
          </Button>
          <AgreeButton inv={inv} />
        </>
      );
    }
    if (inv.evaluationId) {
      const id = inv.evaluationId;
      return (
        <Button onClick={() => void navigate(recordPath(id))} data-testid={`invitation-record-${inv.invitationId}`}>
          {inv.evaluationStatus === 'submitted' ? t('action.view') : t('action.continue')}
        </Button>
      );
    }
    if (inv.status === 'agreed') {
      return (
        <Button type="primary" onClick={() => setEvaluating(inv)} data-testid={`invitation-evaluate-${inv.invitationId}`}>
          {t('action.evaluate')}
        </Button>
      );
    }
    return null;
  };

  return (
    <>
      <InvitationList box="received" enabled={enabled} actions={actions} />
      <RejectModal target={rejecting} onClose={() => setRejecting(null)} />
      <EvaluateModal
        target={evaluating}
        starting={start.isPending}
        onCancel={() => setEvaluating(null)}
        onStart={(inv, templateId) =>
          start.mutate(
            { invitationId: inv.invitationId, templateId },
            {
              onSuccess: (r) => {
                setEvaluating(null);
                void navigate(recordPath(r.evaluationId));
              },
            },
          )
        }
      />
    </>
  );
}
