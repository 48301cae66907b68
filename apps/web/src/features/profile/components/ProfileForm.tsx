import { Button, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TUserInfo } from '@hxk/contracts/user';
import { z } from 'zod';
import { EMAIL_RE, ZPhone } from '@hxk/contracts/auth';
import { requiredRule, zodRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useUpdateInfo, type UpdateInfoInput } from '../api/update-info.ts';

const ZName = z.string().trim().min(1, { message: 'validation.name' }).max(32, { message: 'validation.name' });
const ZEmail = z.string().trim().regex(EMAIL_RE, { message: 'validation.email' });

export function ProfileForm({ user }: { user: TUserInfo }) {
  const { t } = useTranslation('profile');
  const update = useUpdateInfo();
  return (
    <Form<UpdateInfoInput>
      layout="vertical"
      style={{ maxWidth: 420 }}
      requiredMark={false}
      initialValues={{ name: user.name, phone: user.phone ?? undefined, email: user.email ?? '', sex: user.sex }}
      onFinish={(values) =>
        update.mutate(
          { ...values, phone: values.phone || undefined, email: values.email ?? '' },
          { onSuccess: () => toastSuccess(t('info.saved')) },
        )
      }
      data-testid="profile-form"
    >
      <Form.Item label={t('info.account')} htmlFor="profile-account">
        <Input id="profile-account" value={user.account} disabled />
      </Form.Item>
      <Form.Item name="name" label={t('info.name')} rules={[requiredRule(), zodRule(ZName)]}>
        <Input maxLength={32} autoComplete="name" />
      </Form.Item>
      <Form.Item name="phone" label={t('info.phone')} rules={[zodRule(ZPhone)]}>
        <Input autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item name="email" label={t('info.email')} rules={[zodRule(ZEmail)]}>
        <Input autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item name="sex" label={t('info.sex')}>
        <Radio.Group
          options={[
            { value: 'male', label: t('info.sexMale') },
            { value: 'female', label: t('info.sexFemale') },
            { value: 'unknown', label: t('info.sexUnknown') },
          ]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('info.save')}
      </Button>
    </Form>
  );
}
