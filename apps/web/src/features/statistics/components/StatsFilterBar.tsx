import { useEffect, useMemo } from 'react';
import { Button, DatePicker, Flex, Select, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EVALUATION_KIND_VALUES } from '@hxk/contracts/evaluations';
import { EVALUATION_TYPES } from '@hxk/contracts/constants';
import type { TCollegeDictNode } from '@hxk/contracts/org';
import { useSemesterList } from '../../../lib/reference/get-semester-list.ts';
import { useCollegeDict } from '../../../lib/reference/get-college-dict.ts';
import { useStatsFilterOptions } from '../api/get-filter-options.ts';
import type { StatsUrl } from './stats-url.ts';

/** The filters whose choices are what the semester's evaluations used (GET …/evaluation/options). */
const USED_FILTERS = [
  { key: 'templateId', list: 'templates', label: 'filter.template', testId: 'stats-template' },
  { key: 'planId', list: 'plans', label: 'filter.plan', testId: 'stats-plan' },
] as const;

type TreeNode = { value: string; title: string; children: TreeNode[] };
const toTree = (nodes: TCollegeDictNode[]): TreeNode[] => nodes.map((n) => ({ value: n.id, title: n.name, children: toTree(n.children) }));

/**
 * The filters every statistics level shares, kept in the URL: semester (the current one by default),
 * lesson days, kind, evaluation type, template and plan (those the semester's evaluations used); on
 * the school page also a college or department.
 */
export function StatsFilterBar({ url, patch, unitFilter }: { url: StatsUrl; patch: (p: StatsUrl) => void; unitFilter: boolean }) {
  const { t } = useTranslation('statistics');
  const semesters = useSemesterList();
  const colleges = useCollegeDict(unitFilter);
  const tree = useMemo(() => toTree(colleges.data ?? []), [colleges.data]);
  const options = useStatsFilterOptions(url.semesterId);

  // No semester in the URL: the current one (else the newest), without a history entry.
  useEffect(() => {
    if (url.semesterId || !semesters.data?.length) return;
    const pick = semesters.data.find((s) => s.current) ?? semesters.data[0]!;
    patch({ semesterId: pick.id });
  }, [url.semesterId, semesters.data, patch]);

  return (
    <Flex gap={8} wrap className="stats-filters" data-testid="stats-filters">
      <Select
        style={{ flex: '0 1 220px', minWidth: 160 }}
        value={url.semesterId ?? null}
        loading={semesters.isLoading}
        placeholder={t('filter.semester')}
        options={(semesters.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        onChange={(semesterId: string) => patch({ semesterId, from: undefined, to: undefined })}
        aria-label={t('filter.semester')}
        data-testid="stats-semester"
      />
      <DatePicker.RangePicker
        style={{ flex: '1 1 240px', maxWidth: 300 }}
        allowEmpty={[true, true]}
        value={[url.from ? dayjs(url.from) : null, url.to ? dayjs(url.to) : null]}
        onChange={(range) => patch({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
        placeholder={[t('filter.from'), t('filter.to')]}
        data-testid="stats-range"
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
          data-testid="stats-unit"
        />
      ) : null}
      <Select
        allowClear
        style={{ flex: '0 1 160px', minWidth: 130 }}
        placeholder={t('filter.kind')}
        value={url.kind ?? null}
        options={EVALUATION_KIND_VALUES.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        onChange={(kind?: string) => patch({ kind })}
        aria-label={t('filter.kind')}
        data-testid="stats-kind"
      />
      <Select
        allowClear
        style={{ flex: '0 1 160px', minWidth: 130 }}
        placeholder={t('filter.evaluationType')}
        value={url.evaluationType ?? null}
        options={EVALUATION_TYPES.map((k) => ({ value: k, label: t(`evaluationType.${k}`) }))}
        onChange={(evaluationType?: string) => patch({ evaluationType })}
        aria-label={t('filter.evaluationType')}
        data-testid="stats-type"
      />
      {USED_FILTERS.map(({ key, list, label, testId }) => (
        <Select
          key={key}
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ flex: '0 1 200px', minWidth: 140 }}
          placeholder={t(label)}
          value={url[key] ?? null}
          loading={options.isLoading}
          options={(options.data?.[list] ?? []).map((o) => ({ value: o.id, label: o.name }))}
          onChange={(v?: string) => patch({ [key]: v })}
          aria-label={t(label)}
          data-testid={testId}
        />
      ))}
      <Button onClick={() => patch({ from: undefined, to: undefined, ...(unitFilter ? { orgUnitId: undefined } : {}), kind: undefined, evaluationType: undefined, templateId: undefined, planId: undefined })} data-testid="stats-reset">
        {t('filter.reset')}
      </Button>
    </Flex>
  );
}
