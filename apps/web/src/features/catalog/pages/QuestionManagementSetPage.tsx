import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Form, Modal, Result, Row, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ZId } from '@hxk/contracts/common';
import type { TQuestion, TQuestionBodyInput, TRuleFinding } from '@hxk/contracts/catalog';
import { checkQuestion, normalizeQuestion } from '@hxk/contracts/question-rules';
import { QUESTION_TRANSITIONS } from '@hxk/contracts/workflow';
import { QuestionEditor, emptyQuestion } from '../../../components/evaluation/QuestionEditor.tsx';
import { RuleFindings } from '../../../components/evaluation/RuleFindings.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useQuestion } from '../api/get-question.ts';
import { useSaveQuestion } from '../api/save-question.ts';
import { ClassificationSelect } from '../components/ClassificationSelect.tsx';
import { IndicatorTreeSelect } from '../components/IndicatorTreeSelect.tsx';
import { questionBlanks } from '../components/question-blanks.ts';
import { bodyOf, toBody } from '../components/question-body.ts';
import { QuestionPreview } from '../components/QuestionPreview.tsx';
import { QuestionStatusTag } from '../components/QuestionStatusTag.tsx';

const LIST = '/back/questionManagement';
type Draft = { body: TQuestionBodyInput; classificationId: string | null; indicatorId: string | null };
const fromQuestion = (q: TQuestion): Draft => ({ body: bodyOf(q), classificationId: q.classificationId, indicatorId: q.indicatorId });

/** Add a question, or edit one (?id=): classification, indicator, content, live rules and preview. */
export function QuestionManagementSetPage() {
  const { t } = useTranslation('catalog');
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const questionId = rawId && ZId.safeParse(rawId).success ? rawId : null;
  const question = useQuestion(questionId);
  const navigate = useNavigate();
  const back = <Button onClick={() => navigate(LIST)}>{t('action.back')}</Button>;
  if (rawId && !questionId) return <Result status="404" title={t('questionForm.notFound')} extra={back} />;
  if (question.isError) return <Result status="404" title={t('questionForm.notFound')} extra={back} />;
  if (questionId && !question.data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  // Keyed so that a reload of the same question (after saving) starts the form from the saved content.
  return <QuestionForm key={question.data ? `${question.data.questionId}-${question.data.updatedAt}` : 'new'} question={question.data ?? null} />;
}

function QuestionForm({ question }: { question: TQuestion | null }) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const save = useSaveQuestion();
  const [draft, setDraft] = useState<Draft>(() => (question ? fromQuestion(question) : { body: emptyQuestion(), classificationId: null, indicatorId: null }));
  const body = useMemo(() => toBody(draft.body), [draft.body]);
  const check = useMemo(() => checkQuestion(body), [body]);
  const blanks = questionBlanks(body);
  const editable = !question || !!QUESTION_TRANSITIONS[question.status].edit;
  const blocked = check.errors.length > 0 || blanks.length > 0;
  // A new question's findings wait for the first change, so the form does not open in red.
  const [touched, setTouched] = useState(question !== null);

  const done = (suggestions: TRuleFinding[], submitted: boolean) => {
    toastSuccess(submitted ? t('questionForm.submitted') : t('questionForm.saved'));
    if (!suggestions.length) return navigate(LIST);
    modal.info({
      title: t('questionForm.suggestionsTitle'),
      content: (
        <ul style={{ paddingInlineStart: 18, margin: 0 }} data-testid="question-server-suggestions">
          {suggestions.map((s, i) => (
            <li key={`${s.path}-${i}`}>{s.message}</li>
          ))}
        </ul>
      ),
      okText: t('action.backToList'),
      onOk: () => navigate(LIST),
    });
  };
  const submit = (submitNow: boolean) =>
    save.mutate(
      { ...(question ? { questionId: question.questionId } : {}), ...normalizeQuestion(body), title: body.title.trim(), classificationId: draft.classificationId, indicatorId: draft.indicatorId, submit: submitNow },
      { onSuccess: (r) => done(r.suggestions, r.question.status === 'pending') },
    );

  return (
    <Row gutter={[16, 16]} data-testid="question-form">
      <Col xs={24} xl={14}>
        <Card title={question ? t('questionForm.editTitle') : t('questionForm.addTitle')} extra={question && <QuestionStatusTag question={question} showNote={false} />}>
          {question?.status === 'rejected' && question.reviewNote && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('questionForm.rejectedNote', { note: question.reviewNote })} />}
          {question?.status === 'approved' && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('questionForm.approvedHint')} />}
          {!editable && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('questionForm.pendingHint')} />}
          <Form layout="vertical">
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item label={t('question.classification')}>
                  <ClassificationSelect kind="question" value={draft.classificationId ?? undefined} disabled={!editable} placeholder={t('common.unclassified')} onChange={(v) => setDraft((d) => ({ ...d, classificationId: v ?? null }))} data-testid="question-classification" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label={t('question.indicator')}>
                  <IndicatorTreeSelect value={draft.indicatorId ?? undefined} disabled={!editable} placeholder={t('questionForm.indicatorPlaceholder')} onChange={(v) => setDraft((d) => ({ ...d, indicatorId: v ?? null }))} data-testid="question-indicator" />
                </Form.Item>
              </Col>
            </Row>
          </Form>
          <QuestionEditor value={draft.body} disabled={!editable} onChange={(b) => {
              setTouched(true);
              setDraft((d) => ({ ...d, body: b }));
            }} testId="question-editor" />
          <Space orientation="vertical" style={{ width: '100%', display: touched ? undefined : 'none' }}>
            {blanks.length > 0 && (
              <Typography.Text type="secondary" data-testid="question-blanks">
                {blanks.map((b) => t(`questionForm.blank.${b}`)).join(' ')}
              </Typography.Text>
            )}
            <RuleFindings errors={check.errors} suggestions={check.suggestions} testId="question-findings" />
          </Space>
          <Space wrap style={{ marginTop: 24 }}>
            {question?.status !== 'approved' && (
              <Permission code="question:edit">
                <Button disabled={!editable || blocked} loading={save.isPending && save.variables?.submit === false} onClick={() => submit(false)} data-testid="question-save-draft">
                  {t('questionForm.saveDraft')}
                </Button>
              </Permission>
            )}
            <Permission code="question:edit">
              <Button type="primary" disabled={!editable || blocked} loading={save.isPending && save.variables?.submit === true} onClick={() => submit(true)} data-testid="question-save-submit">
                {t('questionForm.saveSubmit')}
              </Button>
            </Permission>
            <Button onClick={() => navigate(LIST)} data-testid="question-cancel">
              {t('common:action.cancel')}
            </Button>
          </Space>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <div style={{ position: 'sticky', top: 16 }}>
          <QuestionPreview question={body} />
        </div>
      </Col>
      {modalHolder}
    </Row>
  );
}
