import { useEffect } from 'react';
import { Checkbox, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { APPLICATION_LINK_RE, SAME_HOST_APPLICATION_PARENT_ID } from '@hxk/contracts/constants';
import { ZSaveApplicationRequest, type TApplicationEntry } from '@hxk/contracts/settings';
import { requiredRule, zodRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSaveApplication } from '../api/save-application.ts';

type Values = { category: string; name: string; icon?: string; webPath: string; sameHost: boolean; sort: number };
const shape = ZSaveApplicationRequest.shape;

/** Adds an application entry (`entry` null) or edits one. */
export function ApplicationFormModal({ open, entry, onClose }: { open: boolean; entry: TApplicationEntry | null; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<Values>();
  const save = useSaveApplication();

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      category: entry?.category ?? '',
      name: entry?.name ?? '',
      icon: entry?.icon ?? '',
      webPath: entry?.webPath ?? '',
      sameHost: entry ? entry.parentId === SAME_HOST_APPLICATION_PARENT_ID : false,
      sort: entry?.sort ?? 0,
    });
  }, [open, entry, form]);

  const submit = (v: Values) =>
    save.mutate(
      {
        ...(entry ? { id: entry.id } : {}),
        category: v.category,
        name: v.name,
        icon: v.icon || null,
        webPath: v.webPath,
        parentId: v.sameHost ? SAME_HOST_APPLICATION_PARENT_ID : null,
        sort: v.sort ?? 0,
      },
      {
        onSuccess: () => {
          toastSuccess(t('saved'));
          onClose();
        },
      },
    );

  return (
    <Modal
      open={open}
      title={entry ? t('apps.editTitle') : t('apps.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'app-form-ok' }}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} data-testid="app-form">
        <Form.Item name="category" label={t('apps.category')} rules={[requiredRule(), zodRule(shape.category)]}>
          <Input maxLength={32} placeholder={t('apps.categoryPlaceholder')} data-testid="app-category" />
        </Form.Item>
        <Form.Item name="name" label={t('apps.name')} rules={[requiredRule(), zodRule(shape.name)]}>
          <Input maxLength={32} data-testid="app-name" />
        </Form.Item>
        <Form.Item name="webPath" label={t('apps.webPath')} rules={[requiredRule(), { pattern: APPLICATION_LINK_RE, message: t('apps.webPathRule') }]} extra={t('apps.webPathHint')}>
          <Input maxLength={500} placeholder="https://" data-testid="app-webpath" />
        </Form.Item>
        <Form.Item name="sameHost" valuePropName="checked">
          <Checkbox data-testid="app-samehost">{t('apps.sameHost')}</Checkbox>
        </Form.Item>
        <Form.Item name="icon" label={t('apps.icon')} extra={t('apps.iconHint')}>
          <Input maxLength={500} data-testid="app-icon" />
        </Form.Item>
        <Form.Item name="sort" label={t('apps.sort')}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
