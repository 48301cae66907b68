import { useState } from 'react';
import { Alert, Card, Col, Empty, Flex, Form, Input, Modal, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TEMPLATE_LIMITS } from '@hxk/contracts/constants';
import type { TQuestionBody, TQuestionBodyInput } from '@hxk/contracts/catalog';
import { checkTemplateContent, normalizeQuestion, publishProblems, questionCount, templateTotal } from '@hxk/contracts/question-rules';
import type { TTemplate, TTemplateContent } from '@hxk/contracts/templates';
import { toastSuccess } from '../../../lib/toast.ts';
import { usePublishTemplates } from '../api/publish-templates.ts';
import { useSaveTemplate } from '../api/save-template.ts';
import { AddSectionBar } from './AddSectionBar.tsx';
import { BankPickerModal } from './BankPickerModal.tsx';
import { PreviewPanel } from './PreviewPanel.tsx';
import { QuestionDrawer } from './QuestionDrawer.tsx';
import { SaveBar } from './SaveBar.tsx';
import { SectionCard } from './SectionCard.tsx';
import { TemplateStatusTag } from './TemplateStatusTag.tsx';
import { blankQuestion, fromBank, newKey } from '../../../components/evaluation/question-ops.ts';
import { contentOps as ops, type TemplateDraft } from './template-draft.ts';

type Editing = { sectionKey: string; questionKey: string | null; value: TQuestionBodyInput };

/** The template builder: name, primary indicators and their questions, live rules, preview and save. */
export function TemplateBuilder({ template }: { template: TTemplate | null }) {
  const { t } = useTranslation('templates');
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const initial: TemplateDraft = { name: template?.name ?? '', description: template?.description ?? '', content: template?.content ?? { sections: [] } };
  const [draft, setDraft] = useState<TemplateDraft>(initial);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [picking, setPicking] = useState<string | null>(null);
  const save = useSaveTemplate();
  const publish = usePublishTemplates();

  const { content, name } = draft;
  const setContent = (fn: (c: TTemplateContent) => TTemplateContent) => setDraft((d) => ({ ...d, content: fn(d.content) }));
  const check = checkTemplateContent(content);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const publishMissing = publishProblems(name, content).filter((f) => f.path === 'name' || f.path === 'content');
  const nameValid = name.trim().length > 0 && name.trim().length <= TEMPLATE_LIMITS.nameMax;
  const sectionsValid = content.sections.every((s) => s.name.trim().length > 0);
  const canSave = nameValid && sectionsValid && check.errors.length === 0 && (dirty || template?.status !== 'published');
  const status = template?.status ?? null;
  const allTitles = content.sections.flatMap((s) => s.questions.map((q) => ({ key: q.key, title: q.title })));
  const pickingSection = content.sections.find((s) => s.key === picking);

  const doSave = async (andPublish: boolean) => {
    // A refusal is shown as a toast by the API client; the draft stays as it is.
    const res = await save.mutateAsync({ templateId: template?.templateId, name: name.trim(), description: draft.description.trim(), content }).catch(() => null);
    if (!res) return;
    const id = res.template.templateId;
    if (andPublish && res.template.status !== 'published') {
      const published = await publish.mutateAsync([id]).then(() => true, () => false);
      // Saved but not published: continue in the saved draft rather than lose the edits.
      if (!published) return void navigate(`/back/evaluationAddTemplate?id=${id}`, { replace: true });
    }
    toastSuccess(andPublish ? t('builder.savedPublished') : status === 'published' ? t('builder.savedVersion') : t('builder.saved'));
    navigate(`/back/evaluationDetail?id=${id}`);
  };
  const onSave = (andPublish: boolean) => {
    if (status !== 'published') return void doSave(andPublish);
    void modal.confirm({
      title: t('builder.newVersionConfirm'),
      content: t('builder.newVersionHint'),
      okText: t('builder.saveNewVersion'),
      cancelText: t('common:action.cancel'),
      onOk: () => doSave(false),
    });
  };
  const onQuestionDone = (body: TQuestionBody) => {
    if (!editing) return;
    const { sectionKey, questionKey } = editing;
    if (questionKey) {
      const old = content.sections.flatMap((s) => s.questions).find((q) => q.key === questionKey);
      setContent((c) => ops.updateQuestion(c, sectionKey, { ...normalizeQuestion(body), key: questionKey, sourceQuestionId: old?.sourceQuestionId ?? null }));
    } else setContent((c) => ops.addQuestions(c, sectionKey, [{ ...normalizeQuestion(body), key: newKey('q'), sourceQuestionId: null }]));
    setEditing(null);
  };

  const starts = content.sections.map((_, si) => content.sections.slice(0, si).reduce((n, x) => n + x.questions.length, 1));
  return (
    <Flex vertical gap={16} data-testid="template-builder">
      <Card title={template ? t('builder.editTitle') : t('builder.addTitle')} extra={status && <TemplateStatusTag status={status} />}>
        {status === 'published' && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('builder.publishedWarning', { version: template?.version ?? 1 })} data-testid="builder-published-warning" />}
        <Form layout="vertical" component="div">
          <Form.Item label={t('builder.name')} required validateStatus={nameValid || !dirty ? undefined : 'error'} help={nameValid || !dirty ? undefined : t('builder.nameRule', { max: TEMPLATE_LIMITS.nameMax })}>
            <Input value={draft.name} maxLength={TEMPLATE_LIMITS.nameMax} showCount placeholder={t('builder.namePlaceholder')} onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))} data-testid="builder-name" />
          </Form.Item>
          <Form.Item label={t('builder.description')} style={{ marginBottom: 0 }}>
            <Input.TextArea value={draft.description} maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('builder.descriptionPlaceholder')} onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))} data-testid="builder-description" />
          </Form.Item>
        </Form>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Flex vertical gap={12}>
            {content.sections.length === 0 && (
              <Card size="small">
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('builder.noSections')} />
              </Card>
            )}
            {content.sections.map((s, si) => {
              return (
                <SectionCard
                  key={s.key}
                  section={s}
                  index={si}
                  count={content.sections.length}
                  firstNumber={starts[si] ?? 1}
                  errors={check.errors}
                  bankPageHref={template && !dirty ? `/back/evaluationAddQuestions?templateId=${template.templateId}&section=${s.key}` : null}
                  onRename={(v) => setContent((c) => ops.renameSection(c, s.key, v))}
                  onMove={(by) => setContent((c) => ops.moveSection(c, s.key, by))}
                  onRemove={() => setContent((c) => ops.removeSection(c, s.key))}
                  onNewQuestion={() => setEditing({ sectionKey: s.key, questionKey: null, value: blankQuestion() })}
                  onPickFromBank={() => setPicking(s.key)}
                  onEditQuestion={(q) => setEditing({ sectionKey: s.key, questionKey: q.key, value: q })}
                  onMoveQuestion={(k, by) => setContent((c) => ops.moveQuestion(c, s.key, k, by))}
                  onRemoveQuestion={(k) => setContent((c) => ops.removeQuestion(c, s.key, k))}
                />
              );
            })}
            <Card size="small">
              <AddSectionBar usedNames={content.sections.map((s) => s.name)} disabled={content.sections.length >= TEMPLATE_LIMITS.sections} onAdd={(n, id) => setContent((c) => ops.addSection(c, n, id))} />
            </Card>
            <SaveBar
              status={status}
              total={templateTotal(content)}
              questionCount={questionCount(content)}
              errors={check.errors}
              suggestions={check.suggestions}
              publishMissing={publishMissing}
              canSave={canSave}
              saving={save.isPending || publish.isPending}
              onSave={onSave}
              onCancel={() => navigate(template ? `/back/evaluationDetail?id=${template.templateId}` : '/back/evaluationTemplate')}
            />
          </Flex>
        </Col>
        <Col xs={24} xl={10}>
          <PreviewPanel content={content} />
        </Col>
      </Row>
      <QuestionDrawer
        value={editing?.value ?? null}
        isNew={editing?.questionKey === null}
        otherTitles={allTitles.filter((x) => x.key !== editing?.questionKey).map((x) => x.title)}
        onClose={() => setEditing(null)}
        onDone={onQuestionDone}
      />
      <BankPickerModal
        open={picking !== null}
        sectionName={pickingSection?.name ?? ''}
        indicatorId={pickingSection?.indicatorId ?? null}
        usedTitles={allTitles.map((x) => x.title)}
        onClose={() => setPicking(null)}
        onPick={(rows) => picking && setContent((c) => ops.addQuestions(c, picking, rows.map(fromBank)))}
      />
      {modalHolder}
    </Flex>
  );
}
