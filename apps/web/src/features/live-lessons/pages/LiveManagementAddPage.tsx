import { useEffect, useMemo } from 'react';
import { Alert, Button, Card, DatePicker, Flex, Form, Input, Radio, Select, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LIVE_LESSON_AUDIENCES, LIVE_LESSON_LIMITS, type TLiveLessonAudience } from '@hxk/contracts/live-lessons';
import { menuTitle } from '../../../lib/menu-title.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useLesson, useRoomCameras, useSaveLesson } from '../api/live-lessons.ts';
import { MANAGE_PATH } from '../components/links.ts';

type Values = { title: string; description?: string; classroomId?: string; cameraId?: string; period?: [Dayjs, Dayjs]; audience: TLiveLessonAudience };

/** /back/LiveManagementAdd (?id= to change one): schedule a live broadcast of a room's camera. */
export function LiveManagementAddPage() {
  const { t } = useTranslation('liveLessons');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const lessonId = params.get('id');
  const [form] = Form.useForm<Values>();
  const rooms = useRoomCameras();
  const lesson = useLesson(lessonId);
  const save = useSaveLesson();
  const classroomId = Form.useWatch('classroomId', form);

  const cameras = useMemo(() => rooms.data?.find((r) => r.classroomId === classroomId)?.cameras ?? [], [rooms.data, classroomId]);

  useEffect(() => {
    const l = lesson.data;
    if (!l) return;
    form.setFieldsValue({ title: l.title, description: l.description ?? '', classroomId: l.classroomId, cameraId: l.cameraId, period: [dayjs(l.startsAt), dayjs(l.endsAt)], audience: l.audience });
  }, [lesson.data, form]);

  const submit = async (v: Values) => {
    const [start, end] = v.period!;
    await save.mutateAsync({
      ...(lessonId ? { lessonId } : {}),
      title: v.title,
      description: v.description?.trim() || null,
      cameraId: v.cameraId!,
      startsAt: start.second(0).millisecond(0).toISOString(),
      endsAt: end.second(0).millisecond(0).toISOString(),
      audience: v.audience,
    });
    toastSuccess(lessonId ? t('form.updated') : t('form.created'));
    void navigate(MANAGE_PATH);
  };

  const locked = lesson.data && (lesson.data.state === 'ended' || lesson.data.state === 'cancelled');
  if (lessonId && lesson.isPending) return <Spin style={{ display: 'block', padding: 48 }} />;

  return (
    <Card title={lessonId ? t('form.editTitle') : menuTitle(t, 'LiveManagementAdd')} data-testid="live-add-page">
      {lesson.isError && <Alert type="error" showIcon message={lesson.error.message} style={{ marginBottom: 16 }} />}
      {locked && <Alert type="warning" showIcon message={t('form.locked')} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{ audience: 'members' }}
        disabled={Boolean(locked) || lesson.isError}
        onFinish={(v) => void submit(v).catch(() => undefined)}
      >
        <Form.Item name="title" label={t('form.title')} rules={[{ required: true, whitespace: true, message: t('form.titleRequired') }, { max: LIVE_LESSON_LIMITS.titleMax }]}>
          <Input maxLength={LIVE_LESSON_LIMITS.titleMax} showCount placeholder={t('form.titlePlaceholder')} data-testid="lesson-title-input" />
        </Form.Item>
        <Form.Item name="classroomId" label={t('form.room')} rules={[{ required: true, message: t('form.roomRequired') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={rooms.isPending}
            placeholder={t('form.roomPlaceholder')}
            notFoundContent={rooms.isError ? rooms.error.message : t('form.noRooms')}
            options={rooms.data?.map((r) => ({ value: r.classroomId, label: `${r.buildingName} · ${r.classroomName}` }))}
            onChange={(id: string) => form.setFieldValue('cameraId', rooms.data?.find((r) => r.classroomId === id)?.cameras[0]?.cameraId)}
            data-testid="lesson-room"
          />
        </Form.Item>
        <Form.Item name="cameraId" label={t('form.camera')} rules={[{ required: true, message: t('form.cameraRequired') }]} extra={t('form.cameraHint')}>
          <Select
            placeholder={t('form.cameraPlaceholder')}
            disabled={!classroomId}
            options={cameras.map((c) => ({ value: c.cameraId, label: c.status === 'offline' ? `${c.name} (${t('form.offline')})` : c.name }))}
            data-testid="lesson-camera"
          />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('form.period')}
          rules={[
            { required: true, message: t('form.periodRequired') },
            {
              validator: (_, v?: [Dayjs, Dayjs]) =>
                !v || v[1].isAfter(v[0]) ? (!v || v[1].isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error(t('form.endPast')))) : Promise.reject(new Error(t('form.endAfterStart'))),
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            data-testid="lesson-period"
          />
        </Form.Item>
        <Form.Item name="audience" label={t('form.audience')}>
          <Radio.Group data-testid="lesson-audience">
            <Space direction="vertical">
              {LIVE_LESSON_AUDIENCES.map((a) => (
                <Radio key={a} value={a} data-testid={`lesson-audience-${a}`}>
                  {t(`form.audienceOption.${a}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="description" label={t('form.description')}>
          <Input.TextArea rows={3} maxLength={LIVE_LESSON_LIMITS.descriptionMax} showCount />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="lesson-save">
            {lessonId ? t('form.save') : t('form.schedule')}
          </Button>
          <Button disabled={false} onClick={() => void navigate(MANAGE_PATH)}>
            {t('form.back')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
