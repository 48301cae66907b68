import { useState } from 'react';
import { Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TInvitation } from '@hxk/contracts/invitations';
import { usePublishedTemplates } from '../api/get-templates.ts';
import { classLine } from './class-line.ts';

/** The same remembered choice as free listening (features/evaluations TemplatePickModal). */
const LAST_TEMPLATE_KEY = 'hxk.listenTemplateId';

function lastTemplate(): string | undefined {
  try {
    return localStorage.getItem(LAST_TEMPLATE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Picks the published template to evaluate an invited class with. */
export function EvaluateModal({
  target,
  onCancel,
  onStart,
  starting,
}: {
  target: TInvitation | null;
  onCancel: () => void;
  onStart: (inv: TInvitation, templateId: string) => void;
  starting: boolean;
}) {
  const { t } = useTranslation('invitations');
  const templates = usePublishedTemplates(target !== null);
  const [picked, setPicked] = useState<string | undefined>(lastTemplate);
  const options = templates.data ?? [];
  // The remembered template only while it is still published.
  const value = options.some((o) => o.templateId === picked) ? picked : options.length === 1 ? options[0]?.templateId : undefined;

  const start = () => {
    if (!target || !value) return;
    try {
      localStorage.setItem(LAST_TEMPLATE_KEY, value);
    } catch {
      // Only the remembered choice is lost.
    }
    onStart(target, value);
  };

  return (
    <Modal
      open={target !== null}
      title={t('evaluate.title')}
      onCancel={onCancel}
      onOk={start}
      okText={t('evaluate.start')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ disabled: !value, loading: starting, 'data-testid': 'invitation-evaluate-start' }}
      destroyOnHidden
      width={440}
    >
      {target && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          <Typography.Text strong>{target.class.courseName}</Typography.Text> · {target.class.teacher.name}
          <br />
          {classLine(t, target.class)}
        </Typography.Paragraph>
      )}
      <Select
        value={value}
        onChange={setPicked}
        loading={templates.isLoading}
        placeholder={t('evaluate.template')}
        style={{ width: '100%' }}
        options={options.map((o) => ({ value: o.templateId, label: t('evaluate.templateOption', { name: o.name, version: o.version, score: o.totalScore, count: o.questionCount }) }))}
        notFoundContent={templates.isLoading ? undefined : t('evaluate.noTemplates')}
        data-testid="invitation-evaluate-template"
      />
    </Modal>
  );
}
