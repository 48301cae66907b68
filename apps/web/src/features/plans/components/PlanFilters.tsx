import { Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EVALUATION_TYPES } from '@hxk/contracts/constants';
import type { TEvaluationType, TPlanSummary } from '@hxk/contracts/plans';
import { PLAN_PHASES } from '@hxk/contracts/workflow';

export type PlanFilterValues = {
  keyword?: string | undefined;
  phase?: TPlanSummary['phase'] | undefined;
  published?: boolean | undefined;
  evaluationType?: TEvaluationType | undefined;
};

/** Keyword, phase and (optionally) published state and evaluation type; every change goes back to page 1. */
export function PlanFilters({ onChange, full = true, testId = 'plan' }: { onChange: (v: PlanFilterValues) => void; full?: boolean; testId?: string }) {
  const { t } = useTranslation('plans');
  return (
    <Flex gap={12} wrap>
      <Input.Search
        allowClear
        placeholder={t('filter.keyword')}
        style={{ width: 220 }}
        onSearch={(v) => onChange({ keyword: v.trim() || undefined })}
        data-testid={`${testId}-search`}
      />
      <Select<TPlanSummary['phase']>
        allowClear
        placeholder={t('filter.phase')}
        style={{ width: 140 }}
        options={PLAN_PHASES.map((p) => ({ value: p, label: t(`evaluation:planPhase.${p}`) }))}
        onChange={(phase) => onChange({ phase })}
        aria-label={t('filter.phase')}
        data-testid={`${testId}-phase`}
      />
      {full && (
        <>
          <Select<'true' | 'false'>
            allowClear
            placeholder={t('filter.published')}
            style={{ width: 140 }}
            options={[
              { value: 'true', label: t('status.published') },
              { value: 'false', label: t('status.unpublished') },
            ]}
            onChange={(v) => onChange({ published: v === undefined ? undefined : v === 'true' })}
            aria-label={t('filter.published')}
            data-testid={`${testId}-published`}
          />
          <Select<TEvaluationType>
            allowClear
            placeholder={t('filter.evaluationType')}
            style={{ width: 160 }}
            options={EVALUATION_TYPES.map((e) => ({ value: e, label: t(`evaluation:evaluationType.${e}`) }))}
            onChange={(evaluationType) => onChange({ evaluationType })}
            aria-label={t('filter.evaluationType')}
            data-testid={`${testId}-type`}
          />
        </>
      )}
    </Flex>
  );
}
