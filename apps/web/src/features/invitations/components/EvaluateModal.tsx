import { useTranslation } from 'react-i18next';
import type { TInvitation } from '@hxk/contracts/invitations';
import { TemplatePickModal } from '../../../components/evaluation/TemplatePickModal.tsx';
import { classLine } from './class-line.ts';

/** Picks the published template to evaluate an invited class with (the same remembered choice as free listening). */
export function EvaluateModal({
  target,
  onCancel,
  onStart,
  starting,
}: {
  target: TInvitation | null;
  onCancel: () => void;
  onStart: (inv: TInvitation, templateId: string) => void;
  starting: boolean;
}) {
  const { t } = useTranslation('invitations');
  return (
    <TemplatePickModal
      target={target && { courseName: target.class.courseName, teacherName: target.class.teacher.name, when: classLine(t, target.class) }}
      title={t('evaluate.title')}
      startText={t('evaluate.start')}
      onCancel={onCancel}
      onStart={(templateId) => target && onStart(target, templateId)}
      starting={starting}
      testPrefix="invitation-evaluate"
    />
  );
}
