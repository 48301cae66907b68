import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCollegeDictNode } from '@hxk/contracts/org';
import { useCollegeDict } from '../../../lib/reference/get-college-dict.ts';

type TreeNode = { value: string; title: string; children: TreeNode[] };
const toTree = (nodes: TCollegeDictNode[]): TreeNode[] => nodes.map((n) => ({ value: n.id, title: n.name, children: toTree(n.children) }));

/** Picks colleges and departments from the organisation tree. */
export function OrgUnitTreeSelect({ value, onChange, ...rest }: { value?: string[]; onChange?: (v: string[]) => void; 'data-testid'?: string }) {
  const { t } = useTranslation('supervision');
  const dict = useCollegeDict();
  return (
    <TreeSelect<string[]>
      multiple
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_PARENT}
      treeDefaultExpandAll
      allowClear
      showSearch
      treeNodeFilterProp="title"
      value={value}
      onChange={(v) => onChange?.(v)}
      loading={dict.isLoading}
      treeData={dict.data ? toTree(dict.data) : []}
      placeholder={t('picker.units')}
      notFoundContent={t('picker.none')}
      data-testid={rest['data-testid']}
    />
  );
}
