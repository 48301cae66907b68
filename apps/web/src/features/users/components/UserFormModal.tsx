import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Radio, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZPhone } from '@hxk/contracts/auth';
import { ZSaveMemberRequest } from '@hxk/contracts/members';
import { IDENTITY, type TIdentity } from '@hxk/contracts/permissions';
import { ZSex } from '@hxk/contracts/user';
import { requiredRule, zodRule } from '../../../lib/form-rules.ts';
import { REQUESTABLE_IDENTITIES } from '../../../lib/identities.ts';
import { hasPermission } from '../../../lib/permissions.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useRoleOptions } from '../api/get-role-options.ts';
import { useUser } from '../api/get-user.ts';
import type { Member } from '../api/get-users.ts';
import { useSaveUser } from '../api/save-user.ts';
import { identityOptions, roleLabel } from './labels.ts';
import { UserScopeFields, type ScopeValues } from './UserScopeFields.tsx';

/** Add a person, add an administrator (identity fixed to 1), or edit a member. */
export type UserFormMode = { kind: 'add' } | { kind: 'addAdmin' } | { kind: 'edit'; userId: string };

type Values = { account?: string; name: string; phone?: string; sex: Member['sex']; identity: TIdentity; roleIds: string[] } & ScopeValues;

const EMPTY: Values = {
  account: '', name: '', phone: '', sex: 'unknown', identity: IDENTITY.teacher, roleIds: [],
  orgUnitId: null, groupIds: [], realtimePatrol: false, deptScope: 'all', scopeUnitIds: [], teacherScope: 'all', scopeTeacherIds: [],
};

function identityChoices(mode: UserFormMode, current: TIdentity | undefined): TIdentity[] {
  if (mode.kind === 'addAdmin') return [IDENTITY.admin];
  // Only holders of user:addAdmin may make someone an administrator; an administrator being edited keeps the option.
  if (hasPermission('user:addAdmin') || current === IDENTITY.admin) return [IDENTITY.admin, ...[...REQUESTABLE_IDENTITIES].sort((a, b) => a - b)];
  return [...REQUESTABLE_IDENTITIES].sort((a, b) => a - b);
}

export function UserFormModal({ mode, onClose }: { mode: UserFormMode | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<Values>();
  const editingId = mode?.kind === 'edit' ? mode.userId : null;
  const member = useUser(editingId);
  const roles = useRoleOptions();
  const save = useSaveUser();
  const open = mode !== null;
  const editing = mode?.kind === 'edit';
  const profileLocked = editing && member.data?.editableProfile === false;

  useEffect(() => {
    if (!mode) return;
    // The form stays mounted between openings: drop the previous person's values and errors.
    form.resetFields();
    if (mode.kind === 'edit') {
      const m = member.data;
      if (m) {
        form.setFieldsValue({
          name: m.name, phone: m.phone ?? '', sex: m.sex, identity: m.identity, roleIds: m.roles.map((r) => r.roleId),
          orgUnitId: m.orgUnit?.orgUnitId ?? null, groupIds: m.groups.map((g) => g.groupId), realtimePatrol: m.realtimePatrol,
          deptScope: m.deptScope, scopeUnitIds: m.scopeUnits.map((u) => u.orgUnitId), teacherScope: m.teacherScope, scopeTeacherIds: m.scopeTeachers.map((p) => p.userId),
        });
      }
    } else {
      form.setFieldsValue({ ...EMPTY, identity: mode.kind === 'addAdmin' ? IDENTITY.admin : EMPTY.identity });
    }
  }, [mode, member.data, form]);

  const submit = (v: Values) => {
    const body = {
      ...(editingId ? { userId: editingId } : { account: v.account?.trim() }),
      name: v.name.trim(),
      phone: v.phone?.trim() ?? '',
      sex: v.sex,
      identity: v.identity,
      roleIds: v.roleIds,
      orgUnitId: v.orgUnitId ?? null,
      groupIds: v.groupIds,
      realtimePatrol: v.realtimePatrol,
      deptScope: v.deptScope,
      scopeUnitIds: v.deptScope === 'selected' ? v.scopeUnitIds : [],
      teacherScope: v.teacherScope,
      scopeTeacherIds: v.teacherScope === 'selected' ? v.scopeTeacherIds : [],
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        toastSuccess(editingId ? t('form.saved') : t('form.added', { account: saved.account }));
        onClose();
      },
    });
  };

  const title = mode?.kind === 'edit' ? t('form.editTitle') : mode?.kind === 'addAdmin' ? t('form.addAdminTitle') : t('form.addTitle');
  const loading = editing && member.isLoading;
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('form.save')}
      okButtonProps={{ loading: save.isPending, disabled: loading, 'data-testid': 'user-form-ok' }}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Spin spinning={loading}>
        {!editing && <Alert type="info" showIcon title={t('form.defaultPasswordHint')} style={{ marginBottom: 16 }} />}
        {profileLocked && <Alert type="warning" showIcon title={t('form.profileShared')} style={{ marginBottom: 16 }} data-testid="user-profile-shared" />}
        <Form<Values> form={form} layout="vertical" onFinish={submit} data-testid="user-form" initialValues={EMPTY}>
          {editing ? (
            <Form.Item label={t('form.account')}>
              <Input value={member.data?.account} disabled />
            </Form.Item>
          ) : (
            <Form.Item name="account" label={t('form.account')} rules={[requiredRule(), zodRule(ZSaveMemberRequest.shape.account)]}>
              <Input maxLength={32} placeholder={t('form.accountPlaceholder')} autoComplete="off" data-testid="user-account" />
            </Form.Item>
          )}
          <Form.Item name="name" label={t('form.name')} rules={[requiredRule(), zodRule(ZSaveMemberRequest.shape.name)]}>
            <Input maxLength={32} showCount disabled={profileLocked} data-testid="user-name" />
          </Form.Item>
          <Form.Item name="phone" label={t('form.phone')} rules={[zodRule(ZPhone)]}>
            <Input maxLength={20} disabled={profileLocked} inputMode="tel" data-testid="user-phone" />
          </Form.Item>
          <Form.Item name="sex" label={t('form.sex')} rules={[requiredRule()]}>
            <Radio.Group disabled={profileLocked} options={ZSex.options.map((s) => ({ value: s, label: t(`sex.${s}`) }))} data-testid="user-sex" />
          </Form.Item>
          <Form.Item name="identity" label={t('form.identity')} rules={[requiredRule()]}>
            <Select<TIdentity>
              options={identityOptions(t, identityChoices(mode ?? { kind: 'add' }, member.data?.identity))}
              disabled={mode?.kind === 'addAdmin'}
              data-testid="user-identity"
            />
          </Form.Item>
          <Form.Item name="roleIds" label={t('form.roles')} extra={t('form.rolesHint')}>
            <Select<string[]>
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={roles.isLoading}
              maxCount={50}
              options={roles.data?.map((r) => ({ value: r.roleId, label: roleLabel(t, r) }))}
              data-testid="user-roles"
            />
          </Form.Item>
          <UserScopeFields open={open} knownTeachers={member.data?.scopeTeachers ?? []} />
        </Form>
      </Spin>
    </Modal>
  );
}
