import { useEffect, useMemo, type ReactNode } from 'react';
import { Button, DatePicker, Flex, Select, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TCollegeDictNode } from '@hxk/contracts/org';
import { useSemesterList } from '../../../lib/reference/get-semester-list.ts';
import { useCollegeDict } from '../../../lib/reference/get-college-dict.ts';

type TreeNode = { value: string; title: string; children: TreeNode[] };
const toTree = (nodes: TCollegeDictNode[]): TreeNode[] => nodes.map((n) => ({ value: n.id, title: n.name, children: toTree(n.children) }));

/** Semester (the current one by default), lesson days and, on the school page, a college or department; kept in the URL. */
/** The filters this bar sets; the sensitive-topic screens share it. */
type FilterUrl = { semesterId?: string; from?: string; to?: string; orgUnitId?: string };

export function ThreeRateFilterBar({ url, patch, unitFilter, children, resetAlso }: {
  url: FilterUrl;
  patch: (p: Record<string, string | undefined>) => void;
  unitFilter: boolean;
  /** Keys the reset button also clears. */
  resetAlso?: Record<string, undefined>;
  /** More filters of the screen, before the reset button. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('statistics');
  const semesters = useSemesterList();
  const colleges = useCollegeDict(unitFilter);
  const tree = useMemo(() => toTree(colleges.data ?? []), [colleges.data]);

  useEffect(() => {
    if (url.semesterId || !semesters.data?.length) return;
    const pick = semesters.data.find((s) => s.current) ?? semesters.data[0]!;
    patch({ semesterId: pick.id });
  }, [url.semesterId, semesters.data, patch]);

  return (
    <Flex gap={8} wrap data-testid="three-rate-filters">
      <Select
        style={{ flex: '0 1 220px', minWidth: 160 }}
        value={url.semesterId ?? null}
        loading={semesters.isLoading}
        placeholder={t('filter.semester')}
        options={(semesters.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        onChange={(semesterId: string) => patch({ semesterId, from: undefined, to: undefined, week: undefined })}
        aria-label={t('filter.semester')}
        data-testid="three-rate-semester"
      />
      <DatePicker.RangePicker
        style={{ flex: '1 1 240px', maxWidth: 300 }}
        allowEmpty={[true, true]}
        value={[url.from ? dayjs(url.from) : null, url.to ? dayjs(url.to) : null]}
        onChange={(range) => patch({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
        placeholder={[t('filter.from'), t('filter.to')]}
        data-testid="three-rate-range"
      />
      {unitFilter ? (
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          style={{ flex: '1 1 200px', maxWidth: 280 }}
          placeholder={t('filter.unit')}
          value={url.orgUnitId ?? null}
          treeData={tree}
          loading={colleges.isLoading}
          onChange={(v?: string | null) => patch({ orgUnitId: v ?? undefined })}
          aria-label={t('filter.unit')}
          data-testid="three-rate-unit"
        />
      ) : null}
      {children}
      <Button onClick={() => patch({ from: undefined, to: undefined, ...(unitFilter ? { orgUnitId: undefined } : {}), ...resetAlso })} data-testid="three-rate-reset">
        {t('filter.reset')}
      </Button>
    </Flex>
  );
}
