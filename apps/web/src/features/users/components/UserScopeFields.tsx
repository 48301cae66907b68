import { useEffect, useState } from 'react';
import { Divider, Form, Radio, Select, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCollegeDictNode } from '@hxk/contracts/org';
import type { TPersonRef } from '@hxk/contracts/supervision';
import { useCollegeDict } from '../../../lib/reference/get-college-dict.ts';
import { useGroupOptions } from '../../../lib/reference/get-group-options.ts';
import { useTeacherSearch } from '../api/search-teachers.ts';

export type ScopeValues = {
  orgUnitId?: string | null;
  groupIds: string[];
  realtimePatrol: boolean;
  deptScope: 'all' | 'selected';
  scopeUnitIds: string[];
  teacherScope: 'all' | 'selected';
  scopeTeacherIds: string[];
};

type TreeNode = { value: string; title: string; children: TreeNode[] };
const toTree = (nodes: TCollegeDictNode[]): TreeNode[] => nodes.map((n) => ({ value: n.id, title: n.name, children: toTree(n.children) }));

function TeacherPicker({ value, onChange, known, enabled }: { value?: string[]; onChange?: (v: string[]) => void; known: TPersonRef[]; enabled: boolean }) {
  const { t } = useTranslation('users');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useTeacherSearch(keyword || undefined, enabled);
  const byId = new Map<string, string>(known.map((p) => [p.userId, `${p.name} (${p.account})`]));
  for (const m of found.data?.list ?? []) byId.set(m.userId, `${m.name} (${m.account})`);
  return (
    <Select<string[]>
      mode="multiple"
      value={value}
      onChange={(v) => onChange?.(v)}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={found.isFetching}
      options={[...byId.entries()].map(([v, label]) => ({ value: v, label }))}
      placeholder={t('scope.teachersPlaceholder')}
      notFoundContent={t('scope.none')}
      data-testid="user-scope-teachers"
    />
  );
}

/** Department, supervision groups, real-time patrol and supervised departments and teachers (spec section 6). */
export function UserScopeFields({ open, knownTeachers }: { open: boolean; knownTeachers: TPersonRef[] }) {
  const { t } = useTranslation('users');
  const dict = useCollegeDict(open);
  const groups = useGroupOptions('supervision', open);
  const form = Form.useFormInstance<ScopeValues>();
  const deptScope = Form.useWatch('deptScope', form);
  const teacherScope = Form.useWatch('teacherScope', form);
  const tree = dict.data ? toTree(dict.data) : [];
  const scopeOptions = (['all', 'selected'] as const).map((s) => ({ value: s, label: t(`scope.${s}`) }));
  return (
    <>
      <Divider titlePlacement="start">{t('scope.title')}</Divider>
      <Form.Item name="orgUnitId" label={t('scope.department')}>
        <TreeSelect<string>
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          loading={dict.isLoading}
          treeData={tree}
          placeholder={t('scope.departmentPlaceholder')}
          data-testid="user-department"
        />
      </Form.Item>
      <Form.Item name="groupIds" label={t('scope.groups')}>
        <Select<string[]>
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={groups.isLoading}
          options={groups.data?.map((g) => ({ value: g.groupId, label: g.name }))}
          placeholder={t('scope.groupsPlaceholder')}
          data-testid="user-groups"
        />
      </Form.Item>
      <Form.Item name="realtimePatrol" label={t('scope.realtimePatrol')} valuePropName="checked">
        <Switch data-testid="user-patrol" />
      </Form.Item>
      <Form.Item name="deptScope" label={t('scope.deptScope')}>
        <Radio.Group options={scopeOptions} data-testid="user-dept-scope" />
      </Form.Item>
      {deptScope === 'selected' && (
        <Form.Item name="scopeUnitIds" label={t('scope.units')} rules={[{ required: true, type: 'array', min: 1, message: t('scope.selectOne') }]}>
          <TreeSelect<string[]>
            multiple
            treeCheckable
            showCheckedStrategy={TreeSelect.SHOW_PARENT}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            treeData={tree}
            placeholder={t('scope.unitsPlaceholder')}
            data-testid="user-scope-units"
          />
        </Form.Item>
      )}
      <Form.Item name="teacherScope" label={t('scope.teacherScope')}>
        <Radio.Group options={scopeOptions} data-testid="user-teacher-scope" />
      </Form.Item>
      {teacherScope === 'selected' && (
        <Form.Item name="scopeTeacherIds" label={t('scope.teachers')} rules={[{ required: true, type: 'array', min: 1, message: t('scope.selectOne') }]}>
          <TeacherPicker known={knownTeachers} enabled={open} />
        </Form.Item>
      )}
    </>
  );
}
