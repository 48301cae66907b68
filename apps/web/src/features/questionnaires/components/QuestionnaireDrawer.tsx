import { useEffect } from 'react';
import { Button, DatePicker, Drawer, Form, Grid, Input, Radio, Skeleton, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { QUESTIONNAIRE_LIMITS, ZSaveQuestionnaireRequest, type TQuestionnaire } from '@hxk/contracts/questionnaires';
import type { TTemplateQuestion } from '@hxk/contracts/templates';
import { validationMessage } from '../../../lib/form-rules.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useQuestionnaire } from '../api/get-questionnaire.ts';
import { useSaveQuestionnaire } from '../api/save-questionnaire.ts';
import { CoursePicker, type PickedCourse } from './CoursePicker.tsx';
import { QuestionList } from './QuestionList.tsx';
import { TeacherSelect } from './TeacherSelect.tsx';

type Values = {
  title: string;
  description?: string;
  audience: 'student' | 'teacher';
  dates: [Dayjs, Dayjs];
  questions: TTemplateQuestion[];
  courses: PickedCourse[];
  teacherIds: string[];
};

/** What the drawer edits: a new questionnaire (id null) or a draft (its id). Closed when undefined. */
export type EditTarget = { questionnaireId: string | null } | undefined;

const fromDetail = (q: TQuestionnaire): Values => ({
  title: q.title,
  description: q.description ?? '',
  audience: q.audience,
  dates: [dayjs(q.startDate), dayjs(q.endDate)],
  questions: q.questions,
  courses: q.courses.map((c) => ({ courseId: c.courseId, name: c.name, code: c.code, teacherName: c.teacher.name })),
  teacherIds: q.teachers.map((p) => p.userId),
});

/** Create or edit a draft questionnaire: title, dates, audience, questions and who answers. */
export function QuestionnaireDrawer({ target, onClose }: { target: EditTarget; onClose: () => void }) {
  const { t } = useTranslation('questionnaires');
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Values>();
  const id = target?.questionnaireId ?? null;
  const detail = useQuestionnaire(id);
  const save = useSaveQuestionnaire();
  const audience = Form.useWatch('audience', form) ?? 'student';
  const loading = id !== null && detail.isPending;

  useEffect(() => {
    if (!target) return;
    if (id === null) {
      form.resetFields();
      form.setFieldsValue({ audience: 'student', dates: [dayjs(), dayjs().add(14, 'day')], questions: [], courses: [], teacherIds: [] });
    } else if (detail.data) form.setFieldsValue(fromDetail(detail.data));
  }, [target, id, detail.data, form]);

  const submit = (v: Values) => {
    const body = {
      ...(id ? { questionnaireId: id } : {}),
      title: v.title,
      description: v.description ?? '',
      audience: v.audience,
      startDate: v.dates[0].format('YYYY-MM-DD'),
      endDate: v.dates[1].format('YYYY-MM-DD'),
      questions: v.questions,
      courseIds: v.audience === 'student' ? v.courses.map((c) => c.courseId) : [],
      teacherIds: v.audience === 'teacher' ? v.teacherIds : [],
    };
    // The contract has the last word (the form's rules catch the usual mistakes first).
    const parsed = ZSaveQuestionnaireRequest.safeParse(body);
    if (!parsed.success) {
      toastError(validationMessage(parsed.error.issues[0]?.message));
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        toastSuccess(t('editor.saved'));
        onClose();
      },
    });
  };

  const atLeastOne = (message: string) => ({
    validator: async (_: unknown, v: unknown[] | undefined) => {
      if (!v?.length) throw new Error(message);
    },
  });

  return (
    <Drawer
      open={target !== undefined}
      onClose={onClose}
      size={screens.lg ? 880 : '100%'}
      title={id ? t('editor.editTitle') : t('editor.newTitle')}
      destroyOnHidden
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="primary" loading={save.isPending} disabled={loading} onClick={() => form.submit()} data-testid="q-editor-save">
            {t('editor.save')}
          </Button>
        </Space>
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Form<Values> form={form} layout="vertical" onFinish={submit} data-testid="q-editor">
          <Form.Item name="title" label={t('editor.title')} rules={[{ required: true, whitespace: true, message: t('editor.titleRequired') }, { max: QUESTIONNAIRE_LIMITS.titleMax, message: t('editor.tooLong', { max: QUESTIONNAIRE_LIMITS.titleMax }) }]}>
            <Input maxLength={QUESTIONNAIRE_LIMITS.titleMax} showCount placeholder={t('editor.titlePlaceholder')} data-testid="q-editor-title" />
          </Form.Item>
          <Form.Item name="description" label={t('editor.description')} rules={[{ max: 500, message: t('editor.tooLong', { max: 500 }) }]}>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('editor.descriptionPlaceholder')} data-testid="q-editor-description" />
          </Form.Item>
          <Space wrap size={24} align="start">
            <Form.Item name="audience" label={t('editor.audience')} rules={[{ required: true }]}>
              <Radio.Group optionType="button" buttonStyle="solid" options={(['student', 'teacher'] as const).map((a) => ({ value: a, label: <span data-testid={`q-editor-audience-${a}`}>{t(`audience.${a}`)}</span> }))} />
            </Form.Item>
            <Form.Item name="dates" label={t('editor.dates')} rules={[{ required: true, message: t('editor.datesRequired') }]}>
              <DatePicker.RangePicker allowClear={false} data-testid="q-editor-dates" />
            </Form.Item>
          </Space>
          <Form.Item name="questions" label={t('editor.questions')} rules={[atLeastOne(t('editor.questionsRequired'))]} extra={audience === 'student' ? t('editor.studentTip', { min: QUESTIONNAIRE_LIMITS.studentSuggestedMin, max: QUESTIONNAIRE_LIMITS.studentSuggestedMax }) : undefined}>
            <QuestionList audience={audience} />
          </Form.Item>
          {audience === 'student' ? (
            <Form.Item name="courses" label={t('editor.courses')} rules={[atLeastOne(t('editor.coursesRequired'))]}>
              <CoursePicker />
            </Form.Item>
          ) : (
            <Form.Item name="teacherIds" label={t('editor.teachers')} rules={[atLeastOne(t('editor.teachersRequired'))]}>
              <TeacherSelect mode="multiple" known={detail.data?.teachers} placeholder={t('editor.teachersPlaceholder')} testId="q-editor-teachers" />
            </Form.Item>
          )}
        </Form>
      )}
    </Drawer>
  );
}
