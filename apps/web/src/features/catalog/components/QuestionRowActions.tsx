import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TQuestion } from '@hxk/contracts/catalog';
import { QUESTION_TRANSITIONS } from '@hxk/contracts/workflow';
import { DeleteLink } from '../../../components/DeleteLink.tsx';
import { Permission } from '../../../components/Permission.tsx';

/** The actions a question's state allows (edit, submit for review, delete). */
export function QuestionRowActions({ q, onSubmit, onDelete }: { q: TQuestion; onSubmit: () => unknown; onDelete: () => unknown }) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const allowed = QUESTION_TRANSITIONS[q.status];
  return (
    <Permission code="question:edit">
      <Space size={0}>
        {allowed.edit && (
          <Button type="link" size="small" onClick={() => navigate(`/back/questionManagementSet?id=${q.questionId}`)} data-testid={`question-edit-${q.title}`}>
            {t('action.edit')}
          </Button>
        )}
        {allowed.submit && (
          <Button type="link" size="small" onClick={() => onSubmit()} data-testid={`question-submit-${q.title}`}>
            {t('question.submit')}
          </Button>
        )}
        {allowed.delete && (
          <DeleteLink
            label={t('action.delete')}
            title={t('question.deleteConfirm', { name: q.title })}
            description={q.templateCount > 0 ? t('question.deleteHintUsed', { count: q.templateCount }) : t('question.deleteHint')}
            onConfirm={onDelete}
            testId={`question-delete-${q.title}`}
          />
        )}
      </Space>
    </Permission>
  );
}
