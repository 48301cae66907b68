import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Input, Modal, Typography, theme, type ButtonProps } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TEvaluation } from '@hxk/contracts/evaluations';
import { ERRORS, formatMessage } from '@hxk/contracts/errors';
import { scoreForm } from '@hxk/contracts/question-rules';
import type { TAnswer } from '@hxk/contracts/templates';
import { EvaluationForm } from '../../../components/evaluation/EvaluationForm.tsx';
import { ClassLessonPlansPanel } from '../../../components/lesson-plans/ClassLessonPlansPanel.tsx';
import { ApiError } from '../../../lib/api.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { evaluationQueryKey } from '../api/get-evaluation.ts';
import { SUBMIT_QUIET_KEYS, useSubmitEvaluation } from '../api/submit-evaluation.ts';
import type { Draft } from './draft-saver.ts';
import { readLocalDraft, removeLocalDraft, startingDraft } from './local-draft.ts';
import { RecordHeader } from './RecordHeader.tsx';
import { SaveStatus } from './SaveStatus.tsx';
import { useAutosave } from './use-autosave.ts';

const COMMENT_MAX = 2000;

/** Brings the first question the submission refuses into view. */
function scrollToFirstProblem() {
  requestAnimationFrame(() => document.querySelector('[data-testid="record-form"] [data-testid$="-error"]')?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
}

/** A class opened to evaluate it, before anything is saved: where this browser keeps its copy, how its first save starts the evaluation, what follows the submission. */
export type BlankForm = { localId: string; create: () => Promise<string>; onSubmitted: (evaluationId: string) => void };

/**
 * My draft being filled: the form and a comment, saved as they change (the server after a quiet
 * moment, this browser at once), then submitted once after a confirmation. Mount it per evaluation.
 * A blank form (`blank`, with `e` its record to be) has no evaluation yet: its first save creates it.
 */
export function DraftEditor({ e, blank }: { e: TEvaluation; blank?: BlankForm }) {
  const { t } = useTranslation('evaluations');
  const { token } = theme.useToken();
  const qc = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const submit = useSubmitEvaluation();
  const [start] = useState(() => startingDraft(e, readLocalDraft(blank?.localId ?? e.evaluationId)));
  const [answers, setAnswers] = useState<Record<string, TAnswer>>(start.answers);
  const [comment, setComment] = useState(start.comment);
  const [showErrors, setShowErrors] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { state, saver, slot } = useAutosave(blank ? { localId: blank.localId, create: blank.create } : { evaluationId: e.evaluationId });
  const refusedKey = state.kind === 'failed' ? state.errorKey : null;

  // Submitted from another device, or gone: show the record as it now is.
  useEffect(() => {
    if ((refusedKey === 'evaluation.submitted' || refusedKey === 'common.notFound') && slot.exists) void qc.invalidateQueries({ queryKey: evaluationQueryKey(slot.localId) });
  }, [refusedKey, qc, slot]);

  // A local copy newer than the server's (a reload or a dropped connection before it was sent): send it.
  useEffect(() => {
    if (start.restored) saver.change({ answers: start.answers, comment: start.comment });
  }, [saver, start]);

  const update = (next: Draft) => {
    setAnswers(next.answers);
    setComment(next.comment);
    saver.change(next);
  };

  const refuse = (message: string) => {
    setShowErrors(true);
    setProblem(message);
    scrollToFirstProblem();
  };

  const send = async () => {
    await saver.stop();
    let evaluationId: string;
    try {
      evaluationId = await slot.id();
    } catch (err) {
      // A blank form whose evaluation could not start (the class not open yet, a clash): say why here.
      saver.resume();
      if (err instanceof ApiError) refuse(err.message);
      return;
    }
    try {
      await submit.mutateAsync({ evaluationId, answers, comment });
      removeLocalDraft(evaluationId);
      toastSuccess(t('submit.success'));
      blank?.onSubmitted(evaluationId);
    } catch (err) {
      if (err instanceof ApiError && err.errorKey === 'evaluation.submitted') {
        // Submitted from another device meanwhile: show it as it is.
        void qc.invalidateQueries({ queryKey: evaluationQueryKey(evaluationId) });
        blank?.onSubmitted(evaluationId);
        return;
      }
      saver.resume();
      if (err instanceof ApiError && SUBMIT_QUIET_KEYS.includes(err.errorKey)) refuse(err.message);
    }
  };

  const ask = () => {
    const check = scoreForm(e.template.content, answers, true);
    const first = check.errors[0];
    if (first) {
      const title = String(first.params.title ?? '');
      refuse(formatMessage(ERRORS['evaluation.incomplete'][currentLanguage()], { count: check.errors.length, first: title }));
      return;
    }
    setProblem(null);
    void modal.confirm({
      title: t('submit.confirmTitle'),
      content: t('submit.confirmText', { score: check.total, full: check.full }),
      okText: t('submit.action'),
      okButtonProps: { 'data-testid': 'record-submit-ok' } as ButtonProps,
      cancelText: t('common:action.cancel'),
      onOk: send,
    });
  };

  return (
    <Flex vertical gap={12} data-testid="record-page" data-editable="true">
      <RecordHeader e={e} />
      <ClassLessonPlansPanel courseSessionId={e.class.courseSessionId} />
      {start.restored && <Alert type="info" showIcon closable title={t('record.restored')} data-testid="record-restored" />}
      <Card size="small" title={t('record.form')} styles={{ body: { padding: 12 } }}>
        <EvaluationForm content={e.template.content} value={answers} onChange={(v) => update({ answers: v, comment })} showErrors={showErrors} testId="record-form" />
        <div style={{ marginTop: 12 }}>
          <Typography.Text strong>{t('record.comment')}</Typography.Text>
          <Input.TextArea
            value={comment}
            onChange={(ev) => update({ answers, comment: ev.target.value })}
            autoSize={{ minRows: 3, maxRows: 10 }}
            maxLength={COMMENT_MAX}
            showCount
            placeholder={t('record.commentPlaceholder')}
            style={{ marginTop: 4 }}
            data-testid="record-comment"
          />
        </div>
      </Card>
      <div
        style={{
          position: 'sticky',
          bottom: 0,
          zIndex: 3,
          background: token.colorBgContainer,
          borderTop: `1px solid ${token.colorBorderSecondary}`,
          padding: '8px 12px',
        }}
      >
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 8 }} data-testid="record-error" />}
        <Flex justify="space-between" align="center" gap={8} wrap>
          {blank && !slot.exists && state.kind === 'idle' ? (
            <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="record-not-saved">
              {t('save.fromFirstAnswer')}
            </Typography.Text>
          ) : (
            <SaveStatus state={state} lastSavedAt={e.updatedAt === e.createdAt ? null : e.updatedAt} />
          )}
          <Button type="primary" icon={<SendOutlined />} onClick={ask} loading={submit.isPending} style={{ marginInlineStart: 'auto' }} data-testid="record-submit">
            {t('submit.action')}
          </Button>
        </Flex>
      </div>
      {holder}
    </Flex>
  );
}
