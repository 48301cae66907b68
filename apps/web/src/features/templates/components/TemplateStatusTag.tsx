import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TTemplateStatus } from '@hxk/contracts/workflow';

const COLORS: Record<TTemplateStatus, string> = { draft: 'default', published: 'green', stopped: 'orange' };

export function TemplateStatusTag({ status, testId }: { status: TTemplateStatus; testId?: string }) {
  const { t } = useTranslation('evaluation');
  return (
    <Tag color={COLORS[status]} data-testid={testId}>
      {t(`templateStatus.${status}`)}
    </Tag>
  );
}
