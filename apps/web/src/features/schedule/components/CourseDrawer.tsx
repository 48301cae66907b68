import { useEffect } from 'react';
import { Button, Drawer, Flex, Form, Input, InputNumber, Select, Space, Spin, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TCourseSlotInput } from '@hxk/contracts/courses';
import { toastSuccess } from '../../../lib/toast.ts';
import { useCourse } from '../api/get-course.ts';
import { useSessionTimes } from '../api/get-session-times.ts';
import { useSaveCourse } from '../api/save-course.ts';
import { ClassroomSelect } from './ClassroomSelect.tsx';
import { TeacherSelect } from './TeacherSelect.tsx';
import { UnitTreeSelect } from './UnitTreeSelect.tsx';
import { WEEKDAYS, weekdayLabel } from './labels.ts';

export type CourseDrawerMode = { kind: 'add' } | { kind: 'edit'; id: string };

type Slot = { weekFrom: number; weekTo: number; parity: 'all' | 'odd' | 'even'; weekday: number; sessionStart: number; sessionEnd: number; classroomId?: string | null };
type Values = { name: string; code: string; orgUnitId?: string; teacherId?: string; teachingClass?: string; studentCount: number; slots: Slot[] };

const EMPTY: Values = { name: '', code: '', studentCount: 0, slots: [] };

/** Add or edit a course with its timetable lines (weeks from-to, all/odd/even, weekday, sessions, room). */
export function CourseDrawer({ mode, semesterId, weekCount, onClose }: { mode: CourseDrawerMode | null; semesterId: string; weekCount: number; onClose: () => void }) {
  const { t } = useTranslation('schedule');
  const [form] = Form.useForm<Values>();
  const editingId = mode?.kind === 'edit' ? mode.id : null;
  const course = useCourse(editingId);
  const sessions = useSessionTimes();
  const save = useSaveCourse();
  const sessionOptions = (sessions.data?.length ? sessions.data.map((s) => s.sessionNo) : Array.from({ length: 12 }, (_, i) => i + 1))
    .map((n) => ({ value: n, label: t('slot.sessionsOne', { n }) }));
  const weekRule = { type: 'integer' as const, min: 1, max: weekCount, message: t('form.weekRange', { max: weekCount }) };

  useEffect(() => {
    if (!mode) return;
    form.resetFields();
    if (mode.kind === 'edit') {
      const c = course.data;
      if (c) {
        form.setFieldsValue({
          name: c.name, code: c.code, orgUnitId: c.orgUnitId ?? undefined, teacherId: c.teacherId, teachingClass: c.teachingClass ?? '', studentCount: c.studentCount,
          slots: c.slots.map(({ classroomName: _n, ...s }) => s),
        });
      }
    } else {
      form.setFieldsValue(EMPTY);
    }
  }, [mode, course.data, form]);

  const submit = (v: Values) => {
    const slots: TCourseSlotInput[] = v.slots.map((s) => ({ ...s, classroomId: s.classroomId ?? null }));
    save.mutate(
      { ...(editingId ? { id: editingId } : {}), semesterId, name: v.name.trim(), code: v.code.trim(), orgUnitId: v.orgUnitId ?? null, teacherId: v.teacherId!, teachingClass: v.teachingClass?.trim() || null, studentCount: v.studentCount, slots },
      {
        onSuccess: () => {
          toastSuccess(editingId ? t('form.saved') : t('form.added'));
          onClose();
        },
      },
    );
  };

  const required = { required: true, message: t('form.required') };
  return (
    <Drawer
      open={mode !== null}
      title={editingId ? t('form.editTitle') : t('form.addTitle')}
      size={960}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="primary" loading={save.isPending} disabled={!!editingId && course.isLoading} onClick={() => form.submit()} data-testid="course-form-ok">
            {t('action.save')}
          </Button>
        </Space>
      }
      data-testid="course-drawer"
    >
      <Spin spinning={!!editingId && course.isLoading}>
        <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={EMPTY} data-testid="course-form">
          <Flex gap={16} wrap>
            <Form.Item name="name" label={t('courses.name')} rules={[required, { max: 64, message: t('form.tooLong') }]} style={{ flex: '2 1 260px' }}>
              <Input maxLength={64} data-testid="course-name" />
            </Form.Item>
            <Form.Item name="code" label={t('courses.code')} rules={[required, { max: 32, message: t('form.tooLong') }]} style={{ flex: '1 1 160px' }}>
              <Input maxLength={32} data-testid="course-code" />
            </Form.Item>
          </Flex>
          <Flex gap={16} wrap>
            <Form.Item name="teacherId" label={t('courses.teacher')} rules={[required]} style={{ flex: '1 1 220px' }}>
              <TeacherSelect
                placeholder={t('form.teacherSearch')}
                // A new course belongs to its teacher's department unless one was chosen by hand; an edited one keeps its own.
                onPick={(p) => {
                  const keep = form.isFieldTouched('orgUnitId') || (editingId && form.getFieldValue('orgUnitId'));
                  if (p.orgUnitId && !keep) form.setFieldValue('orgUnitId', p.orgUnitId);
                }}
                data-testid="course-teacher"
              />
            </Form.Item>
            <Form.Item name="orgUnitId" label={t('courses.department')} style={{ flex: '1 1 220px' }}>
              <UnitTreeSelect data-testid="course-unit" />
            </Form.Item>
          </Flex>
          <Flex gap={16} wrap>
            <Form.Item name="teachingClass" label={t('courses.teachingClass')} rules={[{ max: 100, message: t('form.tooLong') }]} style={{ flex: '2 1 260px' }}>
              <Input maxLength={100} data-testid="course-class" />
            </Form.Item>
            <Form.Item name="studentCount" label={t('courses.studentCount')} rules={[required, { type: 'integer', min: 0, max: 10000, message: t('form.studentCount') }]} style={{ flex: '1 1 160px' }}>
              <InputNumber min={0} max={10000} precision={0} style={{ width: '100%' }} data-testid="course-students" />
            </Form.Item>
          </Flex>
          <Typography.Title level={5}>{t('form.sessions')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('form.sessionsHint', { weeks: weekCount })}</Typography.Paragraph>
          <Form.List name="slots">
            {(fields, { add, remove }) => (
              <>
                {fields.map(({ key, name }) => (
                  <Flex key={key} gap={8} wrap align="start" data-testid="course-slot">
                    <Form.Item name={[name, 'weekFrom']} rules={[required, weekRule]} style={{ width: 76 }}>
                      <InputNumber min={1} max={weekCount} precision={0} placeholder={t('form.weekFrom')} aria-label={t('form.weekFrom')} style={{ width: '100%' }} data-testid="slot-week-from" />
                    </Form.Item>
                    <Form.Item
                      name={[name, 'weekTo']}
                      dependencies={[['slots', name, 'weekFrom']]}
                      rules={[required, weekRule, ({ getFieldValue }) => ({ validator: async (_r, v: number) => { if (v != null && v < getFieldValue(['slots', name, 'weekFrom'])) throw new Error(t('form.weekToBeforeFrom')); } })]}
                      style={{ width: 76 }}
                    >
                      <InputNumber min={1} max={weekCount} precision={0} placeholder={t('form.weekTo')} aria-label={t('form.weekTo')} style={{ width: '100%' }} data-testid="slot-week-to" />
                    </Form.Item>
                    <Form.Item name={[name, 'parity']} rules={[required]} style={{ width: 116 }}>
                      <Select aria-label={t('form.parityLabel')} options={(['all', 'odd', 'even'] as const).map((p) => ({ value: p, label: t(`form.parity.${p}`) }))} data-testid="slot-parity" />
                    </Form.Item>
                    <Form.Item name={[name, 'weekday']} rules={[required]} style={{ width: 110 }}>
                      <Select showSearch={{ optionFilterProp: 'label' }} placeholder={t('courses.weekday')} aria-label={t('courses.weekday')} options={WEEKDAYS.map((d) => ({ value: d, label: weekdayLabel(t, d) }))} data-testid="slot-weekday" />
                    </Form.Item>
                    <Form.Item name={[name, 'sessionStart']} rules={[required]} style={{ width: 116 }}>
                      <Select showSearch={{ optionFilterProp: 'label' }} placeholder={t('form.sessionFrom')} aria-label={t('form.sessionFrom')} options={sessionOptions} data-testid="slot-session-start" />
                    </Form.Item>
                    <Form.Item
                      name={[name, 'sessionEnd']}
                      dependencies={[['slots', name, 'sessionStart']]}
                      rules={[required, ({ getFieldValue }) => ({ validator: async (_r, v: number) => { if (v != null && v < getFieldValue(['slots', name, 'sessionStart'])) throw new Error(t('form.sessionToBeforeFrom')); } })]}
                      style={{ width: 116 }}
                    >
                      <Select showSearch={{ optionFilterProp: 'label' }} placeholder={t('form.sessionTo')} aria-label={t('form.sessionTo')} options={sessionOptions} data-testid="slot-session-end" />
                    </Form.Item>
                    <Form.Item name={[name, 'classroomId']} style={{ flex: '1 1 160px', minWidth: 0 }}>
                      <ClassroomSelect placeholder={t('courses.classroom')} aria-label={t('courses.classroom')} data-testid="slot-classroom" />
                    </Form.Item>
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('form.removeSession')} onClick={() => remove(name)} data-testid="slot-remove" />
                  </Flex>
                ))}
                <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ weekFrom: 1, weekTo: weekCount, parity: 'all' })} data-testid="slot-add">
                  {t('form.addSession')}
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </Spin>
    </Drawer>
  );
}
