import { Flex, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { APPEAL_STATUSES, type TAppealStatus } from '@hxk/contracts/workflow';

/** Status and keyword (course, code or teacher); each change goes back to the first page. */
export function AppealFilters({ onChange, extra }: { onChange: (f: { status?: TAppealStatus | undefined; keyword?: string | undefined }) => void; extra?: ReactNode }) {
  const { t } = useTranslation('appeals');
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
      <Select<TAppealStatus>
        allowClear
        placeholder={t('filter.status')}
        style={{ flex: '0 1 180px', minWidth: 140 }}
        options={APPEAL_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        onChange={(status) => onChange({ status })}
        aria-label={t('filter.status')}
        data-testid="appeals-status"
      />
      <Input.Search
        allowClear
        placeholder={t('filter.keyword')}
        style={{ flex: '1 1 200px', maxWidth: 300 }}
        onSearch={(v) => onChange({ keyword: v.trim() || undefined })}
        data-testid="appeals-search"
      />
      {extra ? <Flex gap={8} wrap style={{ marginInlineStart: 'auto' }}>{extra}</Flex> : null}
    </Flex>
  );
}
