import { useEffect } from 'react';
import { DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ZSaveAssignmentTaskRequest, type TAssignmentTask } from '@hxk/contracts/assignments';
import { requiredRule, zodRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSemesters } from '../../../lib/reference/get-semesters.ts';
import { useSaveTask } from '../api/save-task.ts';

type Values = { name: string; semesterId?: string; dates?: [Dayjs, Dayjs]; minClasses: number; description?: string };
const ISO = 'YYYY-MM-DD';

/** Adds a task (`task` null) or edits one: name, semester, period, minimum classes per supervisor. */
export function TaskFormModal({ open, task, onClose }: { open: boolean; task: TAssignmentTask | null; onClose: () => void }) {
  const { t } = useTranslation('assignments');
  const [form] = Form.useForm<Values>();
  const semesters = useSemesters();
  const save = useSaveTask();
  const current = semesters.data?.find((s) => s.current)?.value;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (task) {
      form.setFieldsValue({ name: task.name, semesterId: task.semesterId, dates: [dayjs(task.startDate), dayjs(task.endDate)], minClasses: task.minClasses, description: task.description ?? '' });
    } else {
      form.setFieldsValue({ name: '', semesterId: current, minClasses: 1, description: '' });
    }
  }, [open, task, current, form]);

  const submit = (v: Values) => {
    const [start, end] = v.dates!;
    save.mutate(
      { ...(task ? { taskId: task.taskId } : {}), name: v.name.trim(), semesterId: v.semesterId!, startDate: start.format(ISO), endDate: end.format(ISO), minClasses: v.minClasses, description: v.description?.trim() ?? '' },
      {
        onSuccess: () => {
          toastSuccess(task ? t('task.saved') : t('task.added'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={task ? t('task.editTitle') : t('task.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('task.save')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'task-form-ok' }}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} data-testid="task-form">
        <Form.Item name="name" label={t('task.name')} rules={[requiredRule(), zodRule(ZSaveAssignmentTaskRequest.shape.name)]}>
          <Input maxLength={64} showCount data-testid="task-name" />
        </Form.Item>
        <Form.Item name="semesterId" label={t('task.semester')} rules={[requiredRule()]}>
          <Select loading={semesters.isLoading} options={semesters.data?.map((s) => ({ value: s.value, label: s.label }))} data-testid="task-semester" />
        </Form.Item>
        <Form.Item
          name="dates"
          label={t('task.period')}
          rules={[
            requiredRule(),
            { validator: async (_r, v?: [Dayjs, Dayjs]) => { if (v && v[1].isBefore(v[0], 'day')) throw new Error(t('task.endBeforeStart')); } },
          ]}
        >
          <DatePicker.RangePicker style={{ width: '100%' }} data-testid="task-dates" />
        </Form.Item>
        <Form.Item name="minClasses" label={t('task.minClasses')} rules={[requiredRule()]} extra={t('task.minClassesHint')}>
          <InputNumber min={0} max={1000} precision={0} style={{ width: 160 }} data-testid="task-min" />
        </Form.Item>
        <Form.Item name="description" label={t('task.description')} rules={[zodRule(ZSaveAssignmentTaskRequest.shape.description)]}>
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
