import { Descriptions, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TQuestion } from '@hxk/contracts/catalog';
import { formatDateTime } from '../../../lib/format.ts';

/** Everything about one question, read-only: content, the parts of its type, filing and people. */
export function QuestionDetails({ q }: { q: TQuestion }) {
  const { t } = useTranslation('catalog');
  const dash = (v: string | null | undefined) => v || '—';
  const items = [
    { key: 'title', label: t('question.title'), children: <Typography.Text strong>{q.title}</Typography.Text>, span: 2 },
    { key: 'type', label: t('question.type'), children: <Tag variant="filled">{t(`evaluation:questionType.${q.type}`)}</Tag> },
    { key: 'score', label: t('question.fullMarks'), children: q.score },
    { key: 'standard', label: t('editor.standard'), children: <span style={{ whiteSpace: 'pre-line' }}>{dash(q.standard)}</span>, span: 2 },
    ...(q.type === 'star' ? [{ key: 'stars', label: t('editor.stars'), children: q.stars }] : []),
    { key: 'knowledge', label: t('question.knowledgeLevel'), children: q.knowledgeLevel ? t(`evaluation:knowledgeLevel.${q.knowledgeLevel}`) : '—' },
    { key: 'comment', label: t('editor.comment'), children: q.commentRequired ? t('detail.yes') : t('detail.no') },
    { key: 'classification', label: t('question.classification'), children: q.classificationName ?? t('common.unclassified') },
    { key: 'indicator', label: t('question.indicator'), children: dash(q.indicatorName) },
    { key: 'creator', label: t('question.creator'), children: `${dash(q.creator?.name)} · ${formatDateTime(q.createdAt)}` },
    { key: 'reviewer', label: t('detail.reviewer'), children: q.reviewer ? `${q.reviewer.name} · ${formatDateTime(q.reviewedAt)}` : '—' },
    { key: 'templates', label: t('question.templateCount'), children: q.templateCount },
    { key: 'updated', label: t('question.updatedAt'), children: formatDateTime(q.updatedAt) },
  ];
  return (
    <>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} styles={{ label: { whiteSpace: 'nowrap' } }} data-testid="question-details" />
      {q.options.length > 0 && (
        <Table
          style={{ marginTop: 16 }}
          size="small"
          rowKey="key"
          pagination={false}
          title={() => (q.type === 'combo1' ? t('editor.grades') : t('editor.options'))}
          dataSource={q.options}
          columns={[
            { title: '#', key: 'n', width: 48, render: (_, __, i) => i + 1 },
            { title: t('detail.content'), dataIndex: 'content' },
            ...(q.type === 'combo1' ? [{ title: t('detail.scoreRange'), key: 'range', render: (_: unknown, o: TQuestion['options'][number]) => `${o.scoreMin ?? 0} – ${o.score}` }] : [{ title: t('editor.score'), dataIndex: 'score' }]),
          ]}
          data-testid="question-details-options"
        />
      )}
      {q.ranges.length > 0 && (
        <Table
          style={{ marginTop: 16 }}
          size="small"
          rowKey="key"
          pagination={false}
          title={() => t('editor.ranges')}
          dataSource={q.ranges}
          columns={[
            { title: t('detail.scoreRange'), key: 'range', width: 140, render: (_, r) => `${r.min} – ${r.max}` },
            { title: t('editor.rangeStandard'), dataIndex: 'standard' },
          ]}
          data-testid="question-details-ranges"
        />
      )}
      {q.elements.length > 0 && (
        <Table
          style={{ marginTop: 16 }}
          size="small"
          rowKey="key"
          pagination={false}
          title={() => t('editor.elements')}
          dataSource={q.elements}
          columns={[
            { title: '#', key: 'n', width: 48, render: (_, __, i) => i + 1 },
            { title: t('detail.element'), dataIndex: 'name' },
            { title: t('editor.score'), dataIndex: 'score', width: 100 },
          ]}
          data-testid="question-details-elements"
        />
      )}
    </>
  );
}
