import { useEffect } from 'react';
import { Button, Card, Col, Form, Input, InputNumber, Result, Row, Space, Spin, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ZId } from '@hxk/contracts/common';
import { INDICATOR_NAME } from '@hxk/contracts/constants';
import { requiredRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useIndicator } from '../api/get-indicator.ts';
import { useSaveIndicator } from '../api/save-indicator.ts';
import { ClassificationSelect } from '../components/ClassificationSelect.tsx';
import { SecondIndicatorList, revalidateChildNames, type ChildValue } from '../components/SecondIndicatorList.tsx';

type Values = { name: string; classificationId?: string | null; description?: string; sort: number; enabled: boolean; children: ChildValue[] };
const EMPTY: Values = { name: '', classificationId: undefined, description: '', sort: 0, enabled: true, children: [] };
const LIST = '/back/indexManagement';

/** Add a first-level indicator, or edit one (?id=), with its second-level indicators. */
export function IndexAddManagementPage() {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const indicatorId = rawId && ZId.safeParse(rawId).success ? rawId : null;
  const indicator = useIndicator(indicatorId);
  const save = useSaveIndicator();
  const [form] = Form.useForm<Values>();
  const lengthMessage = t('validation.nameLength', { max: INDICATOR_NAME.max });

  useEffect(() => {
    form.resetFields();
    const d = indicator.data;
    if (d) {
      form.setFieldsValue({
        name: d.name, classificationId: d.classificationId ?? undefined, description: d.description ?? '', sort: d.sort, enabled: d.enabled,
        children: d.children.map((c) => ({ indicatorId: c.indicatorId, name: c.name, description: c.description ?? '' })),
      });
    }
  }, [indicator.data, form]);

  const submit = (v: Values) =>
    save.mutate(
      {
        ...(indicatorId ? { indicatorId } : {}),
        name: v.name.trim(), classificationId: v.classificationId ?? null, description: v.description?.trim() ?? '', sort: v.sort ?? 0, enabled: v.enabled,
        children: (v.children ?? []).map((c) => ({ ...(c.indicatorId ? { indicatorId: c.indicatorId } : {}), name: c.name.trim(), description: c.description?.trim() ?? '' })),
      },
      {
        onSuccess: () => {
          toastSuccess(indicatorId ? t('action.saved') : t('action.added'));
          navigate(LIST);
        },
      },
    );

  const back = <Button onClick={() => navigate(LIST)}>{t('action.back')}</Button>;
  if (rawId && !indicatorId) return <Result status="404" title={t('indicatorForm.notFound')} extra={back} />;
  if (indicator.isError) return <Result status="404" title={t('indicatorForm.notFound')} extra={back} />;
  return (
    <Card title={indicatorId ? t('indicatorForm.editTitle') : t('indicatorForm.addTitle')} data-testid="indicator-form">
      <Spin spinning={indicatorId !== null && indicator.isLoading}>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={EMPTY}
          onFinish={submit}
          onValuesChange={(changed: Partial<Values>) => {
            if (changed.children) revalidateChildNames(form);
          }}
          style={{ maxWidth: 880 }}
        >
          <Row gutter={16}>
            <Col xs={24} md={14}>
              <Form.Item name="name" label={t('indicatorForm.name')} rules={[requiredRule(), { whitespace: true, message: lengthMessage }, { max: INDICATOR_NAME.max, message: lengthMessage }]} extra={t('indicatorForm.nameHint', { max: INDICATOR_NAME.max })}>
                <Input maxLength={INDICATOR_NAME.max} showCount data-testid="indicator-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item name="classificationId" label={t('indicatorForm.classification')}>
                <ClassificationSelect kind="indicator" placeholder={t('common.unclassified')} data-testid="indicator-classification" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="description" label={t('indicatorForm.description')}>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} data-testid="indicator-description" />
          </Form.Item>
          <Space size="large" wrap align="start">
            <Form.Item name="sort" label={t('indicatorForm.sort')}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: 140 }} data-testid="indicator-sort" />
            </Form.Item>
            <Form.Item name="enabled" label={t('indicatorForm.enabled')} valuePropName="checked" extra={t('indicatorForm.enabledHint')}>
              <Switch data-testid="indicator-enabled" />
            </Form.Item>
          </Space>
          <SecondIndicatorList />
          <Space style={{ marginTop: 24 }}>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="indicator-save">
              {t('action.save')}
            </Button>
            <Button onClick={() => navigate(LIST)} data-testid="indicator-cancel">
              {t('common:action.cancel')}
            </Button>
          </Space>
        </Form>
      </Spin>
    </Card>
  );
}
