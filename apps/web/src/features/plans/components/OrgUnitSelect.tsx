import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCollegeDictNode } from '@hxk/contracts/org';
import { useCollegeDict } from '../../../lib/reference/get-college-dict.ts';

type TreeNode = { value: string; title: string; children: TreeNode[] };
const toTree = (nodes: TCollegeDictNode[]): TreeNode[] => nodes.map((n) => ({ value: n.id, title: n.name, children: toTree(n.children) }));

/** One college or department from the organisation tree (courses of the units below it count too). */
export function OrgUnitSelect({ value, onChange, testId }: { value?: string | undefined; onChange: (v: string | undefined) => void; testId?: string }) {
  const { t } = useTranslation('plans');
  const dict = useCollegeDict();
  return (
    <TreeSelect<string>
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      value={value}
      onChange={(v) => onChange(v || undefined)}
      loading={dict.isLoading}
      treeData={dict.data ? toTree(dict.data) : []}
      placeholder={t('courses.department')}
      notFoundContent={t('picker.none')}
      style={{ width: 200 }}
      popupMatchSelectWidth={false}
      data-testid={testId}
    />
  );
}
