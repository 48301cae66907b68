import { Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EVALUATION_TYPES } from '@hxk/contracts/constants';
import { ZSavePlanRequest, type TPlan } from '@hxk/contracts/plans';
import type { TPersonRef } from '@hxk/contracts/supervision';
import { minClassesAllowed } from '@hxk/contracts/workflow';
import { requiredRule, zodRule } from '../../../lib/form-rules.ts';
import { CoursePicker } from './CoursePicker.tsx';
import { GroupsSelect } from './GroupSelect.tsx';
import { PeopleSelect } from './PeopleSelect.tsx';
import type { PlanCourse } from './course-ref.ts';
import { minClassesMessage, ruleMessage, type PlanFormValues } from './plan-form-values.ts';
import { SelectedCourses } from './SelectedCourses.tsx';
import { TemplateSelect } from './TemplateSelect.tsx';

const shape = ZSavePlanRequest.shape;

/** The sections of the plan form: basics, courses, supervisors, options (inside an antd Form). */
export function PlanFormFields({ plan, disabled }: { plan?: TPlan | undefined; disabled: boolean }) {
  const { t } = useTranslation('plans');
  const known: TPersonRef[] = plan?.supervisors ?? [];
  const form = Form.useFormInstance<PlanFormValues>();
  const courses = (Form.useWatch('courses', form) as PlanCourse[] | undefined) ?? [];
  // The picker sits outside the field (its own filters are no form inputs); the field shows the chosen list.
  const pick = (v: PlanCourse[]) => {
    form.setFields([{ name: 'courses', value: v, touched: true }]);
    void form.validateFields(['courses', 'minClasses']).catch(() => undefined);
  };
  return (
    <>
      <Card size="small" title={t('form.basics')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('field.name')} rules={[requiredRule(), zodRule(shape.name)]}>
              <Input maxLength={64} showCount data-testid="plan-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="evaluationType" label={t('field.evaluationType')} rules={[requiredRule()]}>
              <Select options={EVALUATION_TYPES.map((e) => ({ value: e, label: t(`evaluation:evaluationType.${e}`) }))} data-testid="plan-type" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="templateId" label={t('field.template')} rules={[requiredRule()]} extra={t('form.templateHint')}>
              <TemplateSelect current={plan?.template} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="dates"
              label={t('field.dates')}
              rules={[
                requiredRule(),
                {
                  validator: async (_r, v: [Dayjs, Dayjs] | null) => {
                    if (v && !v[1].isAfter(v[0], 'day')) throw new Error(ruleMessage('validation.endAfterStart'));
                  },
                },
              ]}
            >
              <DatePicker.RangePicker style={{ width: '100%' }} data-testid="plan-dates" />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t('form.courses')} style={{ marginBottom: 16 }}>
        {!disabled && (
          <div style={{ marginBottom: 16 }}>
            <CoursePicker value={courses} onChange={pick} />
          </div>
        )}
        <Form.Item name="courses" rules={[{ required: true, type: 'array', min: 1, message: t('form.coursesRequired') }]} style={{ marginBottom: 0 }}>
          <SelectedCourses disabled={disabled} />
        </Form.Item>
      </Card>
      <Card size="small" title={t('form.supervisors')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="supervisorIds"
              label={t('form.people')}
              dependencies={['groupIds']}
              extra={t('form.supervisorsHint')}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_r, v: string[] | undefined) => {
                    if (!v?.length && !(getFieldValue('groupIds') as string[] | undefined)?.length) throw new Error(t('form.supervisorsRequired'));
                  },
                }),
              ]}
            >
              <PeopleSelect known={known} data-testid="plan-supervisors" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="groupIds" label={t('form.groups')} extra={t('form.groupsHint')}>
              <GroupsSelect data-testid="plan-groups" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="minClasses"
              label={t('field.minClasses')}
              dependencies={['courses']}
              extra={t('form.minClassesHint')}
              rules={[
                requiredRule(),
                ({ getFieldValue }) => ({
                  validator: async (_r, v: number | null) => {
                    const count = (getFieldValue('courses') as PlanCourse[] | undefined)?.length ?? 0;
                    if (typeof v === 'number' && !minClassesAllowed(v, count)) throw new Error(minClassesMessage(count));
                  },
                }),
              ]}
            >
              <InputNumber min={0} max={1000} precision={0} style={{ width: 160 }} data-testid="plan-min-classes" />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t('form.options')} style={{ marginBottom: 16 }}>
        <Form.Item name="description" label={t('field.description')} rules={[zodRule(shape.description)]}>
          <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 3, maxRows: 6 }} data-testid="plan-description" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="anonymous" label={t('field.anonymous')} valuePropName="checked" extra={t('form.anonymousHint')}>
              <Switch data-testid="plan-anonymous" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="teacherCanView" label={t('field.teacherCanView')} valuePropName="checked" extra={t('form.teacherCanViewHint')}>
              <Switch data-testid="plan-teacher-can-view" />
            </Form.Item>
          </Col>
        </Row>
      </Card>
    </>
  );
}
