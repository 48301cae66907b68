import { useEffect } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TOrgTreeNode } from '@hxk/contracts/org';
import { requiredRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useAddOrgUnit } from '../api/add-org-unit.ts';
import { useRenameOrgUnit } from '../api/rename-org-unit.ts';

type Values = { name: string; kind: 'college' | 'department' | 'office' };
export type UnitModalState = { mode: 'add'; parent: TOrgTreeNode } | { mode: 'rename'; unit: TOrgTreeNode };

/** Adds a unit under a parent, or renames one. */
export function OrgUnitModal({ state, onClose, onAdded }: { state: UnitModalState | null; onClose: () => void; onAdded: (id: string) => void }) {
  const { t } = useTranslation('org');
  const [form] = Form.useForm<Values>();
  const add = useAddOrgUnit();
  const rename = useRenameOrgUnit();

  useEffect(() => {
    if (!state) return;
    if (state.mode === 'rename') form.setFieldsValue({ name: state.unit.name });
    else form.setFieldsValue({ name: '', kind: state.parent.kind === 'school' ? 'college' : 'department' });
  }, [state, form]);

  const submit = (v: Values) => {
    if (!state) return;
    const done = () => {
      toastSuccess(t('form.saved'));
      onClose();
    };
    if (state.mode === 'rename') rename.mutate({ id: state.unit.id, name: v.name }, { onSuccess: done });
    else add.mutate({ parentId: state.parent.id, name: v.name, kind: v.kind }, { onSuccess: (u) => { done(); onAdded(u.id); } });
  };

  return (
    <Modal
      open={state !== null}
      title={state?.mode === 'rename' ? t('form.renameTitle') : t('form.addTitle', { parent: state?.mode === 'add' ? state.parent.name : '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: add.isPending || rename.isPending, 'data-testid': 'org-form-ok' }}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} data-testid="org-form">
        <Form.Item name="name" label={t('form.name')} rules={[requiredRule(), { max: 50, message: t('form.nameTooLong') }, { whitespace: true, message: t('form.nameRequired') }]}>
          <Input maxLength={50} showCount placeholder={t('form.namePlaceholder')} data-testid="org-name" />
        </Form.Item>
        {state?.mode === 'add' && (
          <Form.Item name="kind" label={t('form.kind')} rules={[requiredRule()]}>
            <Select
              data-testid="org-kind"
              options={(['college', 'department', 'office'] as const).map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
