import { Alert, Button, Card, Flex, Space, Statistic } from 'antd';
import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFinding } from '@hxk/contracts/question-rules';
import type { TTemplateStatus } from '@hxk/contracts/workflow';
import { Permission } from '../../../components/Permission.tsx';
import { RuleFindings, findingText } from '../../../components/evaluation/RuleFindings.tsx';

type Props = {
  status: TTemplateStatus | null;
  total: number;
  questionCount: number;
  errors: TFinding[];
  suggestions: TFinding[];
  /** What publishing needs beyond the errors (a name, a question). */
  publishMissing: TFinding[];
  canSave: boolean;
  saving: boolean;
  onSave: (publish: boolean) => void;
  onCancel: () => void;
};

/** The builder's total, live findings and save buttons. */
export function SaveBar(p: Props) {
  const { t } = useTranslation('templates');
  const published = p.status === 'published';
  return (
    <Card size="small" data-testid="builder-savebar">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Space size={24}>
          <Statistic title={t('builder.total')} value={p.total} data-testid="builder-total" />
          <Statistic title={t('builder.questionCount')} value={p.questionCount} />
        </Space>
        <Space wrap>
          <Button onClick={p.onCancel} data-testid="builder-cancel">
            {t('common:action.cancel')}
          </Button>
          <Permission code="template:edit">
            <Button type={published ? 'primary' : 'default'} icon={<SaveOutlined />} disabled={!p.canSave} loading={p.saving} onClick={() => p.onSave(false)} data-testid="builder-save">
              {published ? t('builder.saveNewVersion') : t('builder.save')}
            </Button>
          </Permission>
          {!published && (
            <Permission code="template:publish">
              <Button type="primary" icon={<SendOutlined />} disabled={!p.canSave || p.publishMissing.length > 0} loading={p.saving} onClick={() => p.onSave(true)} data-testid="builder-save-publish">
                {t('builder.savePublish')}
              </Button>
            </Permission>
          )}
        </Space>
      </Flex>
      {(p.errors.length > 0 || p.suggestions.length > 0) && (
        <div style={{ marginTop: 12, maxHeight: 160, overflowY: 'auto' }}>
          <RuleFindings errors={p.errors} suggestions={p.suggestions} testId="builder-findings" />
        </div>
      )}
      {!published && p.publishMissing.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          title={t('builder.beforePublish')}
          description={p.publishMissing.map((f) => findingText(f)).join(' ')}
          data-testid="builder-publish-missing"
        />
      )}
    </Card>
  );
}
