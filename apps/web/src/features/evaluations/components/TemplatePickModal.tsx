import { useTranslation } from 'react-i18next';
import type { TListenClass } from '@hxk/contracts/evaluations';
import { TemplatePickModal as PickModal } from '../../../components/evaluation/TemplatePickModal.tsx';
import { classTime } from '../../../lib/class-time.ts';

/** Picks the published template to listen to a class with (free listening, temporary evaluation). */
export function TemplatePickModal({
  target,
  onCancel,
  onStart,
  starting,
  testPrefix,
}: {
  target: TListenClass | null;
  onCancel: () => void;
  onStart: (c: TListenClass, templateId: string) => void;
  starting: boolean;
  testPrefix: string;
}) {
  const { t } = useTranslation('evaluations');
  return (
    <PickModal
      target={target && { courseName: target.courseName, teacherName: target.teacher.name, when: classTime(t, target) }}
      title={t('listen.title')}
      startText={t('listen.start')}
      onCancel={onCancel}
      onStart={(templateId) => target && onStart(target, templateId)}
      starting={starting}
      testPrefix={testPrefix}
    />
  );
}
