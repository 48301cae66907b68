import { Checkbox, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { KNOWLEDGE_LEVELS, QUESTION_TYPES } from '@hxk/contracts/constants';
import { QUESTION_STATUSES, type TKnowledgeLevel, type TQuestionStatus, type TQuestionType } from '@hxk/contracts/catalog';
import type { QuestionQuery } from '../api/get-questions.ts';
import { ClassificationSelect } from './ClassificationSelect.tsx';
import { IndicatorTreeSelect } from './IndicatorTreeSelect.tsx';

type Field = 'indicator' | 'status' | 'mine';

/** Filters of question lists; `fields` adds the ones only the management list has. */
export function QuestionFilters({ onChange, fields = [] }: { onChange: (patch: Partial<QuestionQuery>) => void; fields?: Field[] }) {
  const { t } = useTranslation('catalog');
  return (
    <Space wrap>
      <Input.Search allowClear placeholder={t('question.search')} style={{ width: 220 }} onSearch={(v) => onChange({ keyword: v.trim() || undefined })} data-testid="question-search" />
      <Select<TQuestionType>
        allowClear
        placeholder={t('question.type')}
        style={{ width: 170 }}
        options={QUESTION_TYPES.map((k) => ({ value: k, label: t(`evaluation:questionType.${k}`) }))}
        onChange={(v) => onChange({ type: v ?? undefined })}
        aria-label={t('question.type')}
        data-testid="question-filter-type"
      />
      <ClassificationSelect kind="question" placeholder={t('question.classification')} style={{ width: 160 }} onChange={(v) => onChange({ classificationId: v ?? undefined })} aria-label={t('question.classification')} data-testid="question-filter-classification" />
      {fields.includes('indicator') && (
        <IndicatorTreeSelect placeholder={t('question.indicator')} style={{ width: 200 }} onChange={(v) => onChange({ indicatorId: v ?? undefined })} aria-label={t('question.indicator')} data-testid="question-filter-indicator" />
      )}
      <Select<TKnowledgeLevel>
        allowClear
        placeholder={t('question.knowledgeLevel')}
        style={{ width: 140 }}
        options={KNOWLEDGE_LEVELS.map((k) => ({ value: k, label: t(`evaluation:knowledgeLevel.${k}`) }))}
        onChange={(v) => onChange({ knowledgeLevel: v ?? undefined })}
        aria-label={t('question.knowledgeLevel')}
        data-testid="question-filter-knowledge"
      />
      {fields.includes('status') && (
        <Select<TQuestionStatus>
          allowClear
          placeholder={t('question.status')}
          style={{ width: 140 }}
          options={QUESTION_STATUSES.map((k) => ({ value: k, label: t(`evaluation:questionStatus.${k}`) }))}
          onChange={(v) => onChange({ status: v ?? undefined })}
          aria-label={t('question.status')}
          data-testid="question-filter-status"
        />
      )}
      {fields.includes('mine') && (
        <Checkbox onChange={(e) => onChange({ mine: e.target.checked || undefined })} data-testid="question-filter-mine">
          {t('question.onlyMine')}
        </Checkbox>
      )}
    </Space>
  );
}
