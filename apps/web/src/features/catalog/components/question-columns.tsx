import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { TQuestion } from '@hxk/contracts/catalog';
import { formatDateTime } from '../../../lib/format.ts';

type Col = 'title' | 'type' | 'score' | 'knowledge' | 'classification' | 'indicator' | 'creator' | 'updated' | 'templates';

/** The columns question lists share, in the order picked; the less important ones only show on wide screens. */
export function questionColumns(t: TFunction, pick: Col[], renderTitle?: (q: TQuestion) => ReactNode): ColumnsType<TQuestion> {
  const all: Record<Col, ColumnsType<TQuestion>[number]> = {
    title: {
      title: t('question.title'),
      dataIndex: 'title',
      render: (_: string, q) => (
        <div style={{ maxWidth: 360, minWidth: 200 }}>
          {renderTitle ? renderTitle(q) : <Typography.Text strong>{q.title}</Typography.Text>}
          {q.standard && (
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 1, tooltip: q.standard }} style={{ margin: 0, fontSize: 12 }}>
              {q.standard}
            </Typography.Paragraph>
          )}
        </div>
      ),
    },
    type: { title: t('question.type'), dataIndex: 'type', width: 150, render: (v: TQuestion['type']) => <Tag variant="filled" style={{ whiteSpace: 'normal' }}>{t(`evaluation:questionType.${v}`)}</Tag> },
    score: { title: t('question.fullMarks'), dataIndex: 'score', width: 90, align: 'right' },
    knowledge: { title: t('question.knowledgeLevel'), dataIndex: 'knowledgeLevel', render: (v: TQuestion['knowledgeLevel']) => (v ? t(`evaluation:knowledgeLevel.${v}`) : '—'), responsive: ['xxl'] },
    classification: { title: t('question.classification'), dataIndex: 'classificationName', render: (v: string | null) => v ?? <Typography.Text type="secondary">{t('common.unclassified')}</Typography.Text>, responsive: ['xxl'] },
    indicator: { title: t('question.indicator'), dataIndex: 'indicatorName', render: (v: string | null) => v ?? '—', responsive: ['xl'] },
    creator: { title: t('question.creator'), dataIndex: 'creator', render: (v: TQuestion['creator']) => v?.name ?? '—', responsive: ['xl'] },
    updated: { title: t('question.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v), responsive: ['xxl'] },
    templates: { title: t('question.templateCount'), dataIndex: 'templateCount', width: 100, align: 'right', responsive: ['xxl'] },
  };
  return pick.map((k) => ({ key: k, ...all[k] }));
}
