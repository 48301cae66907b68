import { TreeSelect, type TreeSelectProps } from 'antd';
import { useIndicatorTree } from '../../../lib/reference/get-indicator-tree.ts';

/** An indicator picker: first-level indicators with their second-level ones (either can be chosen). */
export function IndicatorTreeSelect(props: Omit<TreeSelectProps<string>, 'treeData' | 'loading'>) {
  const tree = useIndicatorTree();
  const treeData = (tree.data ?? []).map((i) => ({
    value: i.indicatorId,
    title: i.name,
    children: i.children.map((c) => ({ value: c.indicatorId, title: c.name })),
  }));
  return <TreeSelect<string> allowClear showSearch treeNodeFilterProp="title" treeDefaultExpandAll loading={tree.isLoading} treeData={treeData} {...props} />;
}
