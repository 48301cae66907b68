import { useEffect, type ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TEvaluation } from '@hxk/contracts/evaluations';
import { EvaluationForm } from '../../../components/evaluation/EvaluationForm.tsx';
import { removeLocalDraft } from './local-draft.ts';
import { RecordHeader } from './RecordHeader.tsx';

/** A record that can no longer change (submitted, or someone else's): the answers, scores and comment. */
export function RecordView({ e, actions }: { e: TEvaluation; actions?: ReactNode }) {
  const { t } = useTranslation('evaluations');
  // A submitted draft needs no offline copy any more (also when submitted from another device).
  useEffect(() => removeLocalDraft(e.evaluationId), [e.evaluationId]);
  return (
    <Flex vertical gap={12} data-testid="record-page" data-editable="false">
      <RecordHeader e={e} actions={actions} />
      <Card size="small" title={t('record.form')} styles={{ body: { padding: 12 } }}>
        <EvaluationForm content={e.template.content} value={e.answers} readOnly testId="record-form" />
        <div style={{ marginTop: 12 }}>
          <Typography.Text strong>{t('record.comment')}</Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginTop: 4, marginBottom: 0 }} type={e.comment ? undefined : 'secondary'} data-testid="record-comment-text">
            {e.comment || t('record.noComment')}
          </Typography.Paragraph>
        </div>
      </Card>
    </Flex>
  );
}
