import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Form, Input, Radio, Result, Select, Space, Spin, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ZId } from '@hxk/contracts/common';
import { ZSaveSupervisionGroupRequest, type TPersonRef, type TSupervisionScope } from '@hxk/contracts/supervision';
import { requiredRule, zodRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useGroup } from '../api/get-group.ts';
import { useSaveGroup } from '../api/save-group.ts';
import { OrgUnitTreeSelect } from '../components/OrgUnitTreeSelect.tsx';
import { PeopleSelect } from '../components/PeopleSelect.tsx';

type Values = {
  name: string;
  memberIds: string[];
  leaderId?: string;
  scope: TSupervisionScope;
  orgUnitIds: string[];
  teacherIds: string[];
  realtimePatrol: boolean;
  description?: string;
};
const EMPTY: Values = { name: '', memberIds: [], scope: 'school', orgUnitIds: [], teacherIds: [], realtimePatrol: false, description: '' };
const shape = ZSaveSupervisionGroupRequest.shape;

/** Add a supervision group, or edit one (?id=): name, members and their leader, scope, real-time patrol. */
export function SupervisionGroupFormPage() {
  const { t } = useTranslation('supervision');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const groupId = rawId && ZId.safeParse(rawId).success ? rawId : null;
  const group = useGroup(groupId);
  const save = useSaveGroup();
  const [form] = Form.useForm<Values>();
  const memberIds = Form.useWatch('memberIds', form) ?? [];
  const scope = Form.useWatch('scope', form) ?? 'school';

  useEffect(() => {
    form.resetFields();
    const g = group.data;
    if (g) {
      form.setFieldsValue({
        name: g.name, memberIds: g.members.map((m) => m.userId), leaderId: g.leader?.userId, scope: g.scope,
        orgUnitIds: g.units.map((u) => u.orgUnitId), teacherIds: g.teachers.map((p) => p.userId), realtimePatrol: g.realtimePatrol, description: g.description ?? '',
      });
    }
  }, [group.data, form]);

  // Names of the people picked so far, so the leader choice can offer exactly the members.
  const [picked, setPicked] = useState<TPersonRef[]>([]);
  const known = useMemo<TPersonRef[]>(() => [...(group.data?.members ?? []), ...(group.data?.teachers ?? []), ...picked], [group.data, picked]);
  const remember = (people: TPersonRef[]) => setPicked((p) => [...p, ...people.filter((x) => !p.some((y) => y.userId === x.userId))]);

  const submit = (v: Values) => {
    save.mutate(
      {
        ...(groupId ? { groupId } : {}),
        name: v.name.trim(), leaderId: v.leaderId ?? '', memberIds: v.memberIds, scope: v.scope,
        orgUnitIds: v.scope === 'departments' ? v.orgUnitIds : [], teacherIds: v.scope === 'teachers' ? v.teacherIds : [],
        realtimePatrol: v.realtimePatrol, description: v.description?.trim() ?? '',
      },
      {
        onSuccess: () => {
          toastSuccess(groupId ? t('form.saved') : t('form.added'));
          navigate('/back/SupervisionGroupManagement');
        },
      },
    );
  };

  if (rawId && !groupId) return <Result status="404" title={t('form.notFound')} />;
  if (group.isError) return <Result status="404" title={t('form.notFound')} extra={<Button onClick={() => navigate('/back/SupervisionGroupManagement')}>{t('form.back')}</Button>} />;
  return (
    <Card title={groupId ? t('form.editTitle') : t('form.addTitle')} data-testid="supervision-group-form">
      <Spin spinning={groupId !== null && group.isLoading}>
        <Form<Values> form={form} layout="vertical" initialValues={EMPTY} onFinish={submit} style={{ maxWidth: 720 }}>
          <Form.Item name="name" label={t('form.name')} rules={[requiredRule(), zodRule(shape.name)]}>
            <Input maxLength={64} showCount data-testid="group-name" />
          </Form.Item>
          <Form.Item name="memberIds" label={t('form.members')} rules={[{ required: true, type: 'array', min: 1, message: t('form.membersRequired') }]}>
            <PeopleSelect multiple known={known} onPicked={remember} placeholder={t('form.membersPlaceholder')} data-testid="group-members" />
          </Form.Item>
          <Form.Item
            name="leaderId"
            label={t('form.leader')}
            dependencies={['memberIds']}
            rules={[
              requiredRule(),
              ({ getFieldValue }) => ({
                validator: async (_r, value?: string) => {
                  if (value && !(getFieldValue('memberIds') as string[]).includes(value)) throw new Error(t('form.leaderNotMember'));
                },
              }),
            ]}
            extra={t('form.leaderHint')}
          >
            <Select<string>
              options={memberIds.map((id) => {
                const p = known.find((k) => k.userId === id);
                return { value: id, label: p ? `${p.name} (${p.account})` : id };
              })}
              placeholder={t('form.leaderPlaceholder')}
              notFoundContent={t('form.pickMembersFirst')}
              data-testid="group-leader"
            />
          </Form.Item>
          <Form.Item name="scope" label={t('form.scope')} rules={[requiredRule()]}>
            <Radio.Group
              options={(['school', 'departments', 'teachers'] as const).map((s) => ({ value: s, label: t(`scope.${s}`) }))}
              data-testid="group-scope"
            />
          </Form.Item>
          {scope === 'departments' && (
            <Form.Item name="orgUnitIds" label={t('form.units')} rules={[{ required: true, type: 'array', min: 1, message: t('form.unitsRequired') }]}>
              <OrgUnitTreeSelect data-testid="group-units" />
            </Form.Item>
          )}
          {scope === 'teachers' && (
            <Form.Item name="teacherIds" label={t('form.teachers')} rules={[{ required: true, type: 'array', min: 1, message: t('form.teachersRequired') }]}>
              <PeopleSelect multiple identity={4} known={known} placeholder={t('form.teachersPlaceholder')} data-testid="group-teachers" />
            </Form.Item>
          )}
          <Form.Item name="realtimePatrol" label={t('form.realtimePatrol')} valuePropName="checked" extra={t('form.realtimePatrolHint')}>
            <Switch data-testid="group-patrol" />
          </Form.Item>
          <Form.Item name="description" label={t('form.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 3, maxRows: 6 }} data-testid="group-description" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="group-save">
              {t('form.save')}
            </Button>
            <Button onClick={() => navigate('/back/SupervisionGroupManagement')}>{t('common:action.cancel')}</Button>
          </Space>
        </Form>
      </Spin>
    </Card>
  );
}
