import { DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  LESSON_PLAN_DESCRIPTION_MAX,
  LESSON_PLAN_NAME_MAX,
  LESSON_PLAN_TARGETS,
  LESSON_PLAN_TYPES,
  type TLessonPlanTarget,
  type TLessonPlanType,
} from '@hxk/contracts/lesson-plans';
import { toastSuccess } from '../../../lib/toast.ts';
import { useReleaseCollection, useTargetOptions } from '../api/collections.ts';
import { useTemplateOptions } from '../api/template-options.ts';
import { BandsHint } from './ScoreLevel.tsx';

type Values = { name: string; type: TLessonPlanType; deadline: Dayjs; description?: string; templateId?: string | null; targetKind: TLessonPlanTarget; targetIds: string[] };

/** Releases a collection: what is asked (name, type, deadline, description) and of whom (teachers, departments, courses). */
export function ReleaseCollectionModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('lessonPlans');
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('targetKind', form) ?? 'teachers';
  const options = useTargetOptions();
  const templates = useTemplateOptions();
  const release = useReleaseCollection();
  const o = options.data;
  const choices =
    kind === 'teachers' ? (o?.teachers ?? []).map((x) => ({ value: x.id, label: `${x.name} (${x.account})${x.department ? ` · ${x.department}` : ''}` }))
    : kind === 'departments' ? (o?.departments ?? []).map((x) => ({ value: x.id, label: x.parentName ? `${x.parentName} / ${x.name}` : x.name }))
    : (o?.courses ?? []).map((x) => ({ value: x.id, label: `${x.name} (${x.code}) · ${x.teacherName}` }));

  const save = (v: Values) =>
    release.mutateAsync({
      name: v.name, type: v.type, deadline: v.deadline.toISOString(), description: v.description ?? '', targetKind: v.targetKind, targetIds: v.targetIds,
      templateId: v.templateId ?? null,
    }).then((c) => {
      toastSuccess(t('release.done', { count: c.due }));
      onClose();
    });

  return (
    <Modal open title={t('release.title')} onCancel={onClose} onOk={() => form.submit()} okText={t('release.submit')} okButtonProps={{ loading: release.isPending, 'data-testid': 'plan-release-submit' }} width={640}>
      <Form<Values> form={form} layout="vertical" initialValues={{ type: 'lessonPlan', targetKind: 'teachers', targetIds: [] }} onFinish={(v) => void save(v).catch(() => undefined)}>
        <Form.Item name="name" label={t('field.name')} rules={[{ required: true, whitespace: true, message: t('release.nameRequired') }, { max: LESSON_PLAN_NAME_MAX }]}>
          <Input maxLength={LESSON_PLAN_NAME_MAX} data-testid="plan-release-name" />
        </Form.Item>
        <Form.Item name="type" label={t('field.type')} rules={[{ required: true }]}>
          <Select options={LESSON_PLAN_TYPES.map((x) => ({ value: x, label: t(`type.${x}`) }))} />
        </Form.Item>
        <Form.Item name="deadline" label={t('field.deadline')} rules={[{ required: true, message: t('release.deadlineRequired') }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} data-testid="plan-release-deadline" />
        </Form.Item>
        <Form.Item name="templateId" label={t('field.template')} extra={<BandsHint />}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('release.templateNone')}
            loading={templates.isLoading}
            options={(templates.data ?? []).map((x) => ({ value: x.templateId, label: t('release.templateOption', { name: x.name, total: x.totalScore, count: x.questionCount }) }))}
            data-testid="plan-release-template"
          />
        </Form.Item>
        <Form.Item name="description" label={t('field.description')}>
          <Input.TextArea rows={3} maxLength={LESSON_PLAN_DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item name="targetKind" label={t('field.targetKind')}>
          <Radio.Group onChange={() => form.setFieldValue('targetIds', [])} options={LESSON_PLAN_TARGETS.map((x) => ({ value: x, label: t(`target.${x}`) }))} />
        </Form.Item>
        <Form.Item name="targetIds" label={t(`target.${kind}`)} rules={[{ required: true, type: 'array', min: 1, message: t('release.targetsRequired') }]}>
          <Select mode="multiple" allowClear showSearch optionFilterProp="label" loading={options.isLoading} options={choices} maxTagCount="responsive" data-testid="plan-release-targets" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
