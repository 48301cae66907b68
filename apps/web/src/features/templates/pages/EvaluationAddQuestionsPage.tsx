import { useState } from 'react';
import { Button, Card, Flex, Result, Select, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Permission } from '../../../components/Permission.tsx';
import { menuTitle } from '../../../lib/menu-title.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useAddTemplateQuestions } from '../api/add-template-questions.ts';
import { useTemplate } from '../api/get-template.ts';
import type { PickableQuestion } from '../api/pick-questions.ts';
import { BankPicker } from '../components/BankPicker.tsx';

/** /back/evaluationAddQuestions?templateId=&section=: approved bank questions copied into a saved template's section. */
export function EvaluationAddQuestionsPage() {
  const { t } = useTranslation('templates');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const templateId = params.get('templateId');
  const template = useTemplate(templateId);
  const [sectionKey, setSectionKey] = useState<string | null>(params.get('section'));
  const [selected, setSelected] = useState<PickableQuestion[]>([]);
  const add = useAddTemplateQuestions();
  const back = () => navigate(templateId ? `/back/evaluationAddTemplate?id=${templateId}` : '/back/evaluationTemplate');

  if (!templateId || template.isError) return <Result status="404" title={t('detail.notFound')} />;
  if (!template.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const sections = template.data.content.sections;
  const section = sections.find((s) => s.key === sectionKey) ?? null;
  const usedTitles = sections.flatMap((s) => s.questions.map((q) => q.title));

  const submit = async () => {
    if (!section) return;
    await add.mutateAsync({ templateId, sectionKey: section.key, questionIds: selected.map((q) => q.questionId) });
    toastSuccess(t('bank.added', { count: selected.length, name: section.name }));
    back();
  };

  return (
    <Card title={menuTitle(t, 'evaluationAddQuestions')} data-testid="template-add-questions">
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Typography.Text>{t('bank.template', { name: template.data.name })}</Typography.Text>
        <Select<string>
          value={section?.key}
          placeholder={t('bank.chooseSection')}
          style={{ minWidth: 220 }}
          status={section ? undefined : 'warning'}
          options={sections.map((s) => ({ value: s.key, label: s.name }))}
          onChange={(key) => {
            setSectionKey(key);
            setSelected([]);
          }}
          data-testid="add-questions-section"
        />
        {sections.length === 0 && <Typography.Text type="warning">{t('bank.noSections')}</Typography.Text>}
      </Flex>
      {/* Each section starts the list at its own indicator. */}
      <BankPicker key={section?.key ?? ''} selected={selected} onChange={setSelected} usedTitles={usedTitles} indicatorId={section?.indicatorId} />
      <Flex justify="flex-end" style={{ marginTop: 16 }}>
        <Space>
          <Button onClick={back} data-testid="add-questions-cancel">
            {t('common:action.cancel')}
          </Button>
          <Permission code="template:edit">
            <Button type="primary" disabled={!section || selected.length === 0} loading={add.isPending} onClick={() => void submit()} data-testid="add-questions-submit">
              {t('bank.addSelected', { count: selected.length })}
            </Button>
          </Permission>
        </Space>
      </Flex>
    </Card>
  );
}
