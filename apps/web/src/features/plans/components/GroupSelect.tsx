import type { CSSProperties } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroupOptions } from '../../../lib/reference/get-group-options.ts';

type Props<V> = { value?: V; onChange?: (v: V) => void; disabled?: boolean; placeholder?: string; style?: CSSProperties; 'data-testid'?: string };

/** Supervision groups: several for a plan's supervisors. */
export function GroupsSelect({ value, onChange, disabled, ...rest }: Props<string[]>) {
  const { t } = useTranslation('plans');
  const groups = useGroupOptions('plan');
  return (
    <Select<string[]>
      mode="multiple"
      allowClear
      value={value}
      onChange={(v) => onChange?.(v)}
      disabled={disabled}
      loading={groups.isLoading}
      options={(groups.data ?? []).map((g) => ({ value: g.groupId, label: g.name }))}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('form.groupsPlaceholder')}
      notFoundContent={t('picker.none')}
      data-testid={rest['data-testid']}
    />
  );
}

/** One supervision group, as a list filter. */
export function GroupFilter({ value, onChange, placeholder, style, ...rest }: Props<string | undefined>) {
  const { t } = useTranslation('plans');
  const groups = useGroupOptions('plan');
  return (
    <Select<string>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={(v) => onChange?.(v || undefined)}
      loading={groups.isLoading}
      options={(groups.data ?? []).map((g) => ({ value: g.groupId, label: g.name }))}
      placeholder={placeholder ?? t('filter.group')}
      notFoundContent={t('picker.none')}
      style={style}
      data-testid={rest['data-testid']}
    />
  );
}
