import { Collapse } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ClassLessonPlans } from './ClassLessonPlans.tsx';

/**
 * The evaluation form's folded "lesson plans of this class": nothing is asked of the server until it
 * is opened, so an evaluator without access to plans never sees a refusal.
 */
export function ClassLessonPlansPanel({ courseSessionId }: { courseSessionId: string }) {
  const { t } = useTranslation('lessonPlans');
  return (
    <Collapse
      size="small"
      items={[{
        key: 'plans',
        label: <span data-testid="record-lesson-plans"><FileTextOutlined style={{ marginInlineEnd: 6 }} />{t('classTab.title')}</span>,
        children: <ClassLessonPlans cite={{ from: 'evaluation', courseSessionId }} />,
      }]}
    />
  );
}
