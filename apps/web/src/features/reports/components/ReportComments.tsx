import { Empty, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TReportEvaluationRow } from '@hxk/contracts/reports';
import { formatDateTime } from '../../../lib/format.ts';

/** The evaluations' overall comments, newest first, with when and by whom (anonymous stays anonymous). */
export function ReportComments({ history }: { history: TReportEvaluationRow[] }) {
  const { t } = useTranslation('reports');
  const { token } = theme.useToken();
  const withComment = history.filter((h) => h.comment?.trim()).reverse();
  if (withComment.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('comments.empty')} />;
  return (
    <Flex vertical gap={8} data-testid="report-comments">
      {withComment.map((h) => (
        <div key={h.evaluationId} className="print-avoid-break" style={{ borderInlineStart: `3px solid ${token.colorPrimaryBorder}`, paddingInlineStart: 12 }}>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {formatDateTime(h.submittedAt)} · {h.evaluator ? h.evaluator.name : t('history.anonymous')}
          </Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-line', margin: 0 }}>{h.comment}</Typography.Paragraph>
        </div>
      ))}
    </Flex>
  );
}
