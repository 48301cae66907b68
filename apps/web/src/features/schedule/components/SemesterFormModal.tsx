import { useEffect } from 'react';
import { DatePicker, Form, Input, InputNumber, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TSemester } from '@hxk/contracts/calendar';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSaveSemester } from '../api/save-semester.ts';

type Values = { name: string; startDate: Dayjs; weekCount: number };

/** Add a semester (`semester` null) or change one; a new start date moves every class date with it. */
export function SemesterFormModal({ open, semester, onClose }: { open: boolean; semester: TSemester | null; onClose: () => void }) {
  const { t } = useTranslation('schedule');
  const [form] = Form.useForm<Values>();
  const save = useSaveSemester();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (semester) form.setFieldsValue({ name: semester.name, startDate: dayjs(semester.startDate), weekCount: semester.weekCount });
  }, [open, semester, form]);

  const submit = (v: Values) =>
    save.mutate(
      { ...(semester ? { id: semester.id } : {}), name: v.name.trim(), startDate: v.startDate.format('YYYY-MM-DD'), weekCount: v.weekCount },
      {
        onSuccess: () => {
          toastSuccess(t('semesters.saved'));
          onClose();
        },
      },
    );

  const required = { required: true, message: t('form.required') };
  return (
    <Modal
      open={open}
      title={semester ? t('semesters.editTitle') : t('semesters.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('action.save')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'semester-form-ok' }}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ weekCount: 18 }} data-testid="semester-form">
        <Form.Item name="name" label={t('semesters.name')} rules={[required, { max: 50, message: t('form.tooLong') }]}>
          <Input maxLength={50} placeholder={t('semesters.namePlaceholder')} data-testid="semester-name" />
        </Form.Item>
        <Form.Item name="startDate" label={t('semesters.startDate')} rules={[required]} extra={t('semesters.startDateHint')}>
          <DatePicker style={{ width: '100%' }} data-testid="semester-start" />
        </Form.Item>
        <Form.Item name="weekCount" label={t('semesters.weekCount')} rules={[required, { type: 'integer', min: 1, max: 60, message: t('semesters.weekCountRule') }]}>
          <InputNumber min={1} max={60} precision={0} style={{ width: '100%' }} data-testid="semester-weeks" />
        </Form.Item>
        {semester && semester.courseCount > 0 && <div style={{ color: 'var(--ant-color-warning-text)' }}>{t('semesters.moveWarning', { count: semester.courseCount })}</div>}
      </Form>
    </Modal>
  );
}
