import { useEffect } from 'react';
import { Alert, Button, Flex, Form, Space, Spin, TimePicker, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { checkSessionTimes, MIN_SESSION_GAP_MINUTES } from '@hxk/contracts/calendar-rules';
import { hasPermission } from '../../../lib/permissions.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSessionTimes } from '../api/get-session-times.ts';
import { useSaveSessionTimes } from '../api/save-session-times.ts';

type Row = { start?: Dayjs | null; end?: Dayjs | null };
type Values = { list: Row[] };

const minutes = (d: Dayjs) => d.hour() * 60 + d.minute();

/** The school's daily sessions, numbered in order; checked with the shared rules before saving, and again by the server. */
export function SessionTimesTab() {
  const { t } = useTranslation('schedule');
  const [form] = Form.useForm<Values>();
  const times = useSessionTimes();
  const save = useSaveSessionTimes();
  const editable = hasPermission('calendar:edit');

  useEffect(() => {
    if (times.data) form.setFieldsValue({ list: times.data.map((s) => ({ start: dayjs(s.start, 'HH:mm'), end: dayjs(s.end, 'HH:mm') })) });
  }, [times.data, form]);

  const submit = (v: Values) => {
    const list = v.list.map((r, i) => ({ sessionNo: i + 1, startMinute: minutes(r.start!), endMinute: minutes(r.end!) }));
    const issues = checkSessionTimes(list);
    if (issues.length) {
      form.setFields(issues.map((i) => ({ name: ['list', i.index, i.key === 'schedule.sessionEndBeforeStart' || i.key === 'schedule.sessionTooShort' ? 'end' : 'start'], errors: [t(`rules.${i.key.split('.')[1]}`, i.params)] })));
      return;
    }
    save.mutate({ list: v.list.map((r, i) => ({ sessionNo: i + 1, start: r.start!.format('HH:mm'), end: r.end!.format('HH:mm') })) }, { onSuccess: () => toastSuccess(t('sessionTimes.saved')) });
  };

  const required = { required: true, message: t('form.required') };
  return (
    <Spin spinning={times.isLoading}>
      <div data-testid="session-times-tab" style={{ maxWidth: 560 }}>
        <Alert type="info" showIcon title={t('sessionTimes.hint', { minutes: MIN_SESSION_GAP_MINUTES })} style={{ marginBottom: 16 }} />
        <Form<Values> form={form} onFinish={submit} initialValues={{ list: [] }} disabled={!editable} data-testid="session-times-form">
          <Form.List name="list">
            {(fields, { add, remove }) => (
              <>
                {fields.length === 0 && <Typography.Paragraph type="secondary">{t('sessionTimes.empty')}</Typography.Paragraph>}
                {fields.map(({ key, name }, index) => (
                  <Flex key={key} gap={12} align="start" data-testid="session-time-row">
                    <div style={{ width: 72, lineHeight: '32px' }}>{t('slot.sessionsOne', { n: index + 1 })}</div>
                    <Form.Item name={[name, 'start']} rules={[required]}>
                      <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} placeholder={t('sessionTimes.start')} data-testid="session-time-start" />
                    </Form.Item>
                    <Form.Item name={[name, 'end']} rules={[required]}>
                      <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} placeholder={t('sessionTimes.end')} data-testid="session-time-end" />
                    </Form.Item>
                    {editable && <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('sessionTimes.remove')} onClick={() => remove(name)} />}
                  </Flex>
                ))}
                {editable && fields.length < 20 && (
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    style={{ marginBottom: 16 }}
                    onClick={() => {
                      const last = form.getFieldValue(['list', fields.length - 1]) as Row | undefined;
                      const start = last?.end ? last.end.add(10, 'minute') : dayjs('08:00', 'HH:mm');
                      add({ start, end: start.add(45, 'minute') });
                    }}
                    data-testid="session-time-add"
                  >
                    {t('sessionTimes.add')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
          {editable && (
            <Space style={{ display: 'flex' }}>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="session-times-save">{t('action.save')}</Button>
            </Space>
          )}
        </Form>
      </div>
    </Spin>
  );
}
