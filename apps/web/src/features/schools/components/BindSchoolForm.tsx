import { Modal, Button, Flex, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IDENTITY, type TIdentity } from '@hxk/contracts/permissions';
import { requiredRule } from '../../../lib/form-rules.ts';
import { useApplyBindSchool } from '../api/apply-bind-school.ts';
import type { MySchool } from '../api/get-my-schools.ts';
import { getSchoolByCode } from '../api/get-school-by-code.ts';
import { identityOptions } from './identity-options.ts';

type Values = { code: string; identity: TIdentity };

/** Bind by school code: look the school up, confirm it, apply (pending until an administrator approves). */
export function BindSchoolForm({ onApplied }: { onApplied: (school: MySchool) => void }) {
  const { t } = useTranslation('schools');
  const [modal, modalHolder] = Modal.useModal();
  const [form] = Form.useForm<Values>();
  const [looking, setLooking] = useState(false);
  const apply = useApplyBindSchool();

  const submit = async (values: Values) => {
    setLooking(true);
    let school;
    try {
      school = await getSchoolByCode(values.code.trim());
    } catch {
      return; // "incorrect school code" is shown by the API client
    } finally {
      setLooking(false);
    }
    modal.confirm({
      title: t('bind.confirmTitle'),
      content: t('bind.confirmContent', { name: school.name, code: school.code }),
      okText: t('bind.confirmOk'),
      cancelText: t('common:action.cancel'),
      onOk: () =>
        apply.mutateAsync({ code: school.code, identity: values.identity }).then((applied) => {
          form.resetFields();
          onApplied(applied);
        }),
    });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ identity: IDENTITY.teacher }}
      onFinish={(v) => void submit(v)}
      data-testid="bind-school-form"
    >
      <Flex gap={12} wrap>
        <Form.Item name="code" label={t('bind.code')} rules={[requiredRule()]} style={{ flex: '2 1 200px' }}>
          <Input placeholder={t('bind.codePlaceholder')} maxLength={32} data-testid="school-code" />
        </Form.Item>
        <Form.Item name="identity" label={t('bind.identity')} rules={[requiredRule()]} style={{ flex: '1 1 140px' }}>
          <Select options={identityOptions()} />
        </Form.Item>
      </Flex>
      <Button type="primary" htmlType="submit" loading={looking || apply.isPending} data-testid="bind-submit">
        {t('bind.submit')}
      </Button>
      {modalHolder}
    </Form>
  );
}
