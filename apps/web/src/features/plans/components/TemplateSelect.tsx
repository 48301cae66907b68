import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TPlan } from '@hxk/contracts/plans';
import { usePublishedTemplates } from '../../../lib/reference/get-published-templates.ts';

type Props = { value?: string; onChange?: (v: string) => void; disabled?: boolean; current?: TPlan['template'] | undefined };

/** A published template with its version and total score, and a link to preview it in a new tab. */
export function TemplateSelect({ value, onChange, disabled, current }: Props) {
  const { t } = useTranslation('plans');
  const options = usePublishedTemplates('plan');
  const list = options.data ?? [];
  // The plan's own template stays choosable even if it has been stopped since.
  const all = current && !list.some((o) => o.templateId === current.templateId) ? [...list, { ...current, questionCount: 0 }] : list;
  return (
    <Flex gap={8} align="center">
      <Select<string>
        value={value}
        onChange={(v) => onChange?.(v)}
        disabled={disabled}
        loading={options.isLoading}
        showSearch={{ optionFilterProp: 'label' }}
        options={all.map((o) => ({ value: o.templateId, label: t('form.templateOption', { name: o.name, version: o.version, score: o.totalScore }) }))}
        placeholder={t('form.templatePlaceholder')}
        notFoundContent={t('form.noTemplates')}
        style={{ flex: 1, minWidth: 0 }}
        data-testid="plan-template"
      />
      {value && (
        <Link to={`/back/evaluationDetail?id=${value}`} target="_blank" rel="noreferrer" data-testid="plan-template-preview">
          {t('form.preview')}
        </Link>
      )}
    </Flex>
  );
}
