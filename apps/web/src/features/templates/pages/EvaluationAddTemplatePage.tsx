import { Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTemplate } from '../api/get-template.ts';
import { TemplateBuilder } from '../components/TemplateBuilder.tsx';

/** /back/evaluationAddTemplate[?id]: a new template, or an existing one to edit. */
export function EvaluationAddTemplatePage() {
  const { t } = useTranslation('templates');
  const [params] = useSearchParams();
  const id = params.get('id');
  const template = useTemplate(id);
  if (!id) return <TemplateBuilder key="new" template={null} />;
  if (template.isError) return <Result status="404" title={t('detail.notFound')} />;
  if (!template.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  // Keyed by the template's last change: a fresh load (after adding bank questions) starts a fresh draft.
  return <TemplateBuilder key={`${id}-${template.data.updatedAt}`} template={template.data} />;
}
