import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZRoleName, ZSaveRoleRequest } from '@hxk/contracts/roles';
import { requiredRule, zodRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import type { TRole } from '@hxk/contracts/roles';
import { useSaveRole } from '../api/save-role.ts';

type Values = { name: string; description?: string };

/** Adds a role (`role` null) or edits one. */
export function RoleFormModal({ open, role, onClose }: { open: boolean; role: TRole | null; onClose: () => void }) {
  const { t } = useTranslation('roles');
  const [form] = Form.useForm<Values>();
  const save = useSaveRole();

  useEffect(() => {
    if (open) form.setFieldsValue({ name: role?.name ?? '', description: role?.description ?? '' });
  }, [open, role, form]);

  const submit = (values: Values) =>
    save.mutate(
      { roleId: role?.roleId, name: values.name, description: values.description ?? '' },
      {
        onSuccess: () => {
          toastSuccess(t('form.saved'));
          onClose();
        },
      },
    );

  return (
    <Modal
      open={open}
      title={role ? t('form.editTitle') : t('form.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'role-form-ok' } }
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} data-testid="role-form">
        <Form.Item name="name" label={t('form.name')} rules={[requiredRule(), zodRule(ZRoleName)]}>
          <Input maxLength={32} showCount placeholder={t('form.namePlaceholder')} data-testid="role-name" />
        </Form.Item>
        <Form.Item name="description" label={t('form.description')} rules={[zodRule(ZSaveRoleRequest.shape.description)]}>
          <Input.TextArea maxLength={200} showCount rows={3} placeholder={t('form.descriptionPlaceholder')} data-testid="role-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
