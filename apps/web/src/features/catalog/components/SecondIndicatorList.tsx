import { Button, Card, Col, Form, Input, Row, Space, Tooltip, Typography, type FormInstance } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { INDICATOR_NAME } from '@hxk/contracts/constants';
import { requiredRule } from '../../../lib/form-rules.ts';

export type ChildValue = { indicatorId?: string; name: string; description?: string };
const MAX_CHILDREN = 50;

/** Names of second-level indicators that appear more than once (case and spaces ignored). */
export function duplicateNames(children: (ChildValue | undefined)[] | undefined): Set<string> {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const c of children ?? []) {
    const k = (c?.name ?? '').trim().toLowerCase();
    if (!k) continue;
    if (seen.has(k)) dup.add(k);
    seen.add(k);
  }
  return dup;
}

/** Re-checks the names already touched, so a duplicate is flagged on both rows as soon as it appears. */
export function revalidateChildNames(form: FormInstance) {
  const children = (form.getFieldValue('children') as ChildValue[] | undefined) ?? [];
  const touched = children.map((_, i) => ['children', i, 'name']).filter((p) => form.isFieldTouched(p));
  if (touched.length) void form.validateFields(touched).catch(() => undefined);
}

/** The editable list of second-level indicators of the form's `children` field: add, remove, reorder. */
export function SecondIndicatorList() {
  const { t } = useTranslation('catalog');
  const lengthMessage = t('validation.nameLength', { max: INDICATOR_NAME.max });
  return (
    <Form.List name="children">
      {(fields, { add, remove, move }) => (
        <Card size="small" title={t('indicatorForm.children')} extra={<Typography.Text type="secondary">{t('indicatorForm.childrenHint')}</Typography.Text>} data-testid="indicator-children">
          {fields.length === 0 && <Typography.Paragraph type="secondary">{t('indicatorForm.noChildren')}</Typography.Paragraph>}
          {fields.map((field, i) => (
            <Row key={field.key} gutter={8} align="top" wrap={false} data-testid={`indicator-child-${i}`}>
              <Col flex="28px" style={{ paddingTop: 5 }}>
                <Typography.Text type="secondary">{i + 1}.</Typography.Text>
              </Col>
              <Col flex="2">
                <Form.Item
                  name={[field.name, 'name']}
                  rules={[
                    requiredRule(),
                    { whitespace: true, message: lengthMessage },
                    { max: INDICATOR_NAME.max, message: lengthMessage },
                    ({ getFieldValue }) => ({
                      validator: async (_r, v?: string) => {
                        const k = (v ?? '').trim().toLowerCase();
                        if (k && duplicateNames(getFieldValue('children') as ChildValue[]).has(k)) throw new Error(t('indicatorForm.duplicate'));
                      },
                    }),
                  ]}
                >
                  <Input maxLength={INDICATOR_NAME.max} showCount placeholder={t('indicatorForm.childName')} data-testid={`indicator-child-${i}-name`} />
                </Form.Item>
              </Col>
              <Col flex="3">
                <Form.Item name={[field.name, 'description']}>
                  <Input maxLength={500} placeholder={t('indicatorForm.childDescription')} data-testid={`indicator-child-${i}-description`} />
                </Form.Item>
              </Col>
              <Col flex="none">
                <Space size={0}>
                  <Tooltip title={t('indicatorForm.moveUp')}>
                    <Button type="text" icon={<ArrowUpOutlined />} aria-label={t('indicatorForm.moveUp')} disabled={i === 0} onClick={() => move(i, i - 1)} data-testid={`indicator-child-${i}-up`} />
                  </Tooltip>
                  <Tooltip title={t('indicatorForm.moveDown')}>
                    <Button type="text" icon={<ArrowDownOutlined />} aria-label={t('indicatorForm.moveDown')} disabled={i === fields.length - 1} onClick={() => move(i, i + 1)} data-testid={`indicator-child-${i}-down`} />
                  </Tooltip>
                  <Tooltip title={t('action.remove')}>
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('action.remove')} onClick={() => remove(field.name)} data-testid={`indicator-child-${i}-remove`} />
                  </Tooltip>
                </Space>
              </Col>
            </Row>
          ))}
          <Button type="dashed" block icon={<PlusOutlined />} disabled={fields.length >= MAX_CHILDREN} onClick={() => add({ name: '', description: '' })} data-testid="indicator-child-add">
            {t('indicatorForm.addChild')}
          </Button>
        </Card>
      )}
    </Form.List>
  );
}
