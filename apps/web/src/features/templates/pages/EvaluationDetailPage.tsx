import { Button, Card, Col, Descriptions, Flex, Result, Row, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useTemplate } from '../api/get-template.ts';
import { PreviewPanel } from '../components/PreviewPanel.tsx';
import { TemplateActions } from '../components/TemplateActions.tsx';
import { TemplateStatusTag } from '../components/TemplateStatusTag.tsx';
import { VersionList } from '../components/VersionList.tsx';

/** /back/evaluationDetail?id=: a template's facts, its form, its published versions and its actions. */
export function EvaluationDetailPage() {
  const { t } = useTranslation('templates');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const template = useTemplate(id);
  const toList = () => navigate('/back/evaluationTemplate');

  if (!id || template.isError) return <Result status="404" title={t('detail.notFound')} extra={<Button onClick={toList}>{t('detail.backToList')}</Button>} />;
  const d = template.data;
  if (!d) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  return (
    <Flex vertical gap={16} data-testid="template-detail">
      <Card
        title={
          <Flex align="center" gap={8}>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={toList} aria-label={t('detail.backToList')} data-testid="detail-back" />
            {menuTitle(t, 'evaluationDetail')}
          </Flex>
        }
        extra={<TemplateActions target={d} variant="button" showDetail={false} onDeleted={toList} testId="detail" />}
      >
        <Descriptions column={{ xs: 1, sm: 2, xl: 3 }} size="small" data-testid="detail-facts">
          <Descriptions.Item label={t('list.name')}>
            <Typography.Text strong data-testid="detail-name">
              {d.name}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('list.status')}>
            <TemplateStatusTag status={d.status} testId="detail-status" />
          </Descriptions.Item>
          <Descriptions.Item label={t('list.version')}>{d.version > 0 ? t('list.versionValue', { version: d.version }) : t('detail.neverPublished')}</Descriptions.Item>
          <Descriptions.Item label={t('list.creator')}>{d.creator?.name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('list.createdAt')}>{formatDateTime(d.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('detail.updatedAt')}>{formatDateTime(d.updatedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('list.totalScore')}>
            <span data-testid="detail-total">{d.totalScore}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('list.structure')}>{t('list.structureValue', { sections: d.sectionCount, questions: d.questionCount })}</Descriptions.Item>
          <Descriptions.Item label={t('list.planCount')}>{d.planCount}</Descriptions.Item>
          {d.description && (
            <Descriptions.Item label={t('builder.description')} span={3}>
              <Typography.Text style={{ whiteSpace: 'pre-line' }}>{d.description}</Typography.Text>
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <PreviewPanel content={d.content} sticky={false} />
        </Col>
        <Col xs={24} xl={10}>
          <VersionList templateId={d.templateId} current={d.version} />
        </Col>
      </Row>
    </Flex>
  );
}
