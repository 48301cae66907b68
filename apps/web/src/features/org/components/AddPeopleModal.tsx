import { useState } from 'react';
import { Form, Modal, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TOrgTreeNode } from '@hxk/contracts/org';
import { requiredRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useOrgPeople } from '../api/get-org-people.ts';
import { useSetPeopleUnit } from '../api/set-people-unit.ts';

/** Puts people of the school into a unit: searched on the server among everyone in the school. */
export function AddPeopleModal({ unit, rootId, onClose }: { unit: TOrgTreeNode | null; rootId: string; onClose: () => void }) {
  const { t } = useTranslation('org');
  const [form] = Form.useForm<{ userIds: string[] }>();
  const [keyword, setKeyword] = useState('');
  const options = useOrgPeople(unit ? { orgUnitId: rootId, includeChildren: true, keyword, pageNum: 1, pageSize: 20 } : null);
  const save = useSetPeopleUnit();

  const submit = (v: { userIds: string[] }) =>
    unit &&
    save.mutate(
      { orgUnitId: unit.id, userIds: v.userIds },
      {
        onSuccess: () => {
          toastSuccess(t('people.added'));
          form.resetFields();
          onClose();
        },
      },
    );

  return (
    <Modal
      open={unit !== null}
      title={t('people.addTitle', { unit: unit?.name ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'org-people-ok' }}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="userIds" label={t('people.pick')} rules={[requiredRule()]} extra={t('people.pickHint')}>
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            notFoundContent={options.isFetching ? <Spin size="small" /> : undefined}
            options={options.data?.list.map((p) => ({ value: p.userId, label: `${p.name} (${p.account})${p.orgUnitName ? ` · ${p.orgUnitName}` : ''}` }))}
            placeholder={t('people.pickPlaceholder')}
            data-testid="org-people-pick"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
