import { Descriptions, Tag, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TPlan, TPlanSummary } from '@hxk/contracts/plans';
import { formatDateTime } from '../../../lib/format.ts';
import { BehindTag, PhaseTag, PublishedTag } from './PlanTags.tsx';
import { ProgressCell } from './ProgressCell.tsx';
import { formatRange } from './plan-utils.ts';

type Item = NonNullable<DescriptionsProps['items']>[number];

/** Every field of a plan (the summary fields when only those are known). */
export function PlanDescriptions({ plan }: { plan: TPlanSummary & Partial<Pick<TPlan, 'description' | 'groups'>> }) {
  const { t } = useTranslation('plans');
  const yesNo = (v: boolean) => (v ? <Tag color="blue">{t('status.yes')}</Tag> : <Tag>{t('status.no')}</Tag>);
  const items: Item[] = [
    { key: 'name', label: t('field.name'), children: <Typography.Text strong>{plan.name}</Typography.Text> },
    { key: 'type', label: t('field.evaluationType'), children: t(`evaluation:evaluationType.${plan.evaluationType}`) },
    {
      key: 'template',
      label: t('field.template'),
      children: (
        <>
          <Link to={`/back/evaluationDetail?id=${plan.template.templateId}`} data-testid="plan-template-link">
            {t('field.templateVersion', { name: plan.template.name, version: plan.template.version })}
          </Link>{' '}
          <Typography.Text type="secondary">{t('field.totalScore', { score: plan.template.totalScore })}</Typography.Text>
        </>
      ),
    },
    { key: 'dates', label: t('field.dates'), children: formatRange(plan.startDate, plan.endDate) },
    {
      key: 'status',
      label: t('field.status'),
      children: (
        <>
          <PhaseTag phase={plan.phase} />
          <PublishedTag published={plan.published} />
        </>
      ),
    },
    { key: 'minClasses', label: t('field.minClasses'), children: plan.minClasses },
    { key: 'courses', label: t('field.courses'), children: plan.courseCount },
    { key: 'supervisors', label: t('field.supervisors'), children: plan.supervisorCount },
    ...(plan.groups
      ? [{ key: 'groups', label: t('form.groups'), children: plan.groups.length ? plan.groups.map((g) => <Tag key={g.groupId}>{g.name}</Tag>) : '—' }]
      : []),
    {
      key: 'progress',
      label: t('field.progress'),
      children: (
        <>
          <ProgressCell done={plan.attended} required={plan.required} />
          {plan.published && <BehindTag count={plan.behind} />}
        </>
      ),
    },
    { key: 'anonymous', label: t('field.anonymous'), children: yesNo(plan.anonymous) },
    { key: 'teacherCanView', label: t('field.teacherCanView'), children: yesNo(plan.teacherCanView) },
    { key: 'creator', label: t('field.creator'), children: plan.creator?.name ?? '—' },
    { key: 'createdAt', label: t('field.createdAt'), children: formatDateTime(plan.createdAt) },
    ...(plan.description !== undefined
      ? [
          {
            key: 'description',
            label: t('field.description'),
            span: 'filled' as const,
            children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{plan.description || '—'}</Typography.Paragraph>,
          },
        ]
      : []),
  ];
  return <Descriptions bordered size="small" column={{ xs: 1, md: 2, xxl: 3 }} items={items} styles={{ label: { whiteSpace: 'nowrap' } }} data-testid="plan-descriptions" />;
}
