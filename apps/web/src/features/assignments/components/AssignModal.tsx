import { useEffect, useState } from 'react';
import { Form, Modal, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TAssignmentKind } from '@hxk/contracts/assignments';
import { toastSuccess } from '../../../lib/toast.ts';
import { useAssign } from '../api/assign.ts';
import { useCourseLookup } from '../api/lookup-courses.ts';
import { useSessionLookup } from '../api/lookup-sessions.ts';
import { sessionSlot } from './labels.ts';
import { PersonPicker } from './PersonPicker.tsx';

type Values = { supervisorIds: string[]; targetIds: string[] };

function CoursePicker({ taskId, value, onChange, multiple, ...rest }: { taskId: string; value?: string | string[]; onChange?: (v: string | string[]) => void; multiple?: boolean; 'data-testid'?: string }) {
  const { t } = useTranslation('assignments');
  const [keyword, setKeyword] = useState('');
  const courses = useCourseLookup(taskId, keyword || undefined);
  return (
    <Select<string | string[]>
      mode={multiple ? 'multiple' : undefined}
      value={value}
      onChange={(v) => onChange?.(v)}
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      loading={courses.isFetching}
      options={courses.data?.map((c) => ({ value: c.courseId, label: `${c.code} ${c.name} · ${c.teacherName}` }))}
      placeholder={t('picker.courses')}
      notFoundContent={t('picker.none')}
      data-testid={rest['data-testid']}
    />
  );
}

/** The class sessions of one course within the task's dates, ticked in a paged table. */
function SessionPicker({ taskId, value, onChange }: { taskId: string; value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation('assignments');
  const [courseId, setCourseId] = useState<string>();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const sessions = useSessionLookup({ taskId, courseId: courseId ?? '', ...page });
  return (
    <>
      <CoursePicker taskId={taskId} value={courseId} onChange={(v) => { setCourseId(v as string); setPage((p) => ({ ...p, pageNum: 1 })); }} data-testid="assign-session-course" />
      <Table
        style={{ marginTop: 8 }}
        size="small"
        rowKey="sessionId"
        dataSource={courseId ? sessions.data?.list : []}
        loading={sessions.isFetching}
        locale={{ emptyText: courseId ? t('session.none') : t('session.pickCourse') }}
        columns={[
          { title: t('session.date'), dataIndex: 'lessonDate' },
          { title: t('session.slotTitle'), key: 'slot', render: (_, s) => sessionSlot(t, s) },
          { title: t('session.classroom'), dataIndex: 'classroomName', render: (v: string | null) => v ?? '—' },
        ]}
        rowSelection={{ selectedRowKeys: value ?? [], onChange: (keys) => onChange?.(keys.map(String)), preserveSelectedRowKeys: true }}
        pagination={{ current: page.pageNum, pageSize: page.pageSize, total: sessions.data?.total ?? 0, size: 'small', onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
      />
    </>
  );
}

/** Assigns supervisors to teachers, courses or class sessions of a task. */
export function AssignModal({ open, kind, taskId, onClose }: { open: boolean; kind: TAssignmentKind; taskId: string; onClose: () => void }) {
  const { t } = useTranslation('assignments');
  const [form] = Form.useForm<Values>();
  const assign = useAssign();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const submit = (v: Values) =>
    assign.mutate({ taskId, kind, supervisorIds: v.supervisorIds, targetIds: v.targetIds }, {
      onSuccess: (r) => {
        toastSuccess(t('assign.done', { created: r.created, reassigned: r.reassigned, unchanged: r.unchanged }));
        onClose();
      },
    });
  const selectOne = { required: true, type: 'array' as const, min: 1, message: t('assign.selectOne') };
  return (
    <Modal
      open={open}
      width={kind === 'session' ? 720 : 560}
      title={t(`assign.title.${kind}`)}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('assign.ok')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: assign.isPending, 'data-testid': 'assign-ok' }}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ supervisorIds: [], targetIds: [] }}>
        <Form.Item name="supervisorIds" label={t('assign.supervisors')} rules={[selectOne]}>
          <PersonPicker data-testid="assign-supervisors" />
        </Form.Item>
        <Form.Item name="targetIds" label={t(`assign.targets.${kind}`)} rules={[selectOne]} extra={t(`assign.hint.${kind}`)}>
          {kind === 'teacher' ? (
            <PersonPicker identity={4} data-testid="assign-teachers" />
          ) : kind === 'course' ? (
            <CoursePicker taskId={taskId} multiple data-testid="assign-courses" />
          ) : (
            <SessionPicker taskId={taskId} />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
