import { useEffect } from 'react';
import { Button, Card, Flex, Form, InputNumber, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { FRONT_ROW_LIMITS, type TFrontRowSettings } from '@hxk/contracts/classrooms';
import { Permission } from '../../../components/Permission.tsx';
import { requiredRule } from '../../../lib/form-rules.ts';
import { hasPermission } from '../../../lib/permissions.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useFrontRowSettings } from '../api/get-front-row-settings.ts';
import { useSaveFrontRowSettings } from '../api/save-front-row-settings.ts';
import { FrontRowRoomsTable } from '../components/FrontRowRoomsTable.tsx';

/** Front-row settings (/back/frontRowSettings): school-wide numbers and each room's front rows. */
export function FrontRowSettingsPage() {
  const { t } = useTranslation('classrooms');
  const [form] = Form.useForm<TFrontRowSettings>();
  const settings = useFrontRowSettings();
  const save = useSaveFrontRowSettings();

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const whole = (max: number, key: string) => ({ type: 'integer' as const, min: 0, max, message: t(key) });
  return (
    <Flex vertical gap={16} data-testid="front-row-settings">
      <Card title={t('frontRow.title')}>
        <Spin spinning={settings.isPending}>
          <Form<TFrontRowSettings>
            form={form}
            layout="inline"
            disabled={!hasPermission('frontRow:edit')}
            onFinish={(v) => save.mutate(v, { onSuccess: () => toastSuccess(t('saved')) })}
            style={{ rowGap: 16 }}
          >
            <Form.Item
              name="frontRowEmptySeats"
              label={t('frontRow.emptySeats')}
              tooltip={t('frontRow.emptySeatsHint')}
              rules={[requiredRule(), whole(FRONT_ROW_LIMITS.emptySeats, 'validation.emptySeats')]}
            >
              <InputNumber precision={0} style={{ width: 140 }} data-testid="front-empty-seats" />
            </Form.Item>
            <Form.Item
              name="frontRowMinRate"
              label={t('frontRow.minRate')}
              tooltip={t('frontRow.minRateHint')}
              rules={[requiredRule(), whole(FRONT_ROW_LIMITS.rate, 'validation.percent')]}
            >
              <InputNumber precision={0} suffix="%" style={{ width: 140 }} data-testid="front-min-rate" />
            </Form.Item>
            <Permission code="frontRow:edit">
              <Form.Item>
                <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="front-row-save">
                  {t('save')}
                </Button>
              </Form.Item>
            </Permission>
          </Form>
        </Spin>
      </Card>
      <Card title={t('frontRow.roomsTitle')}>
        <FrontRowRoomsTable />
      </Card>
    </Flex>
  );
}
