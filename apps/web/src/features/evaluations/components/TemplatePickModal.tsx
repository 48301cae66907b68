import { useState } from 'react';
import { Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TListenClass } from '@hxk/contracts/evaluations';
import { useEvaluationTemplates } from '../api/get-templates.ts';
import { classTime } from './class-time.ts';

const LAST_TEMPLATE_KEY = 'hxk.listenTemplateId';

function lastTemplate(): string | undefined {
  try {
    return localStorage.getItem(LAST_TEMPLATE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Picks the published template to listen to a class with (the last choice is remembered). */
export function TemplatePickModal({
  target,
  onCancel,
  onStart,
  starting,
  testPrefix,
}: {
  target: TListenClass | null;
  onCancel: () => void;
  onStart: (c: TListenClass, templateId: string) => void;
  starting: boolean;
  testPrefix: string;
}) {
  const { t } = useTranslation('evaluations');
  const templates = useEvaluationTemplates(target !== null);
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
      title={t('listen.title')}
      onCancel={onCancel}
      onOk={start}
      okText={t('listen.start')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ disabled: !value, loading: starting, 'data-testid': `${testPrefix}-start` }}
      destroyOnHidden
      width={440}
    >
      {target && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          <Typography.Text strong>{target.courseName}</Typography.Text> · {target.teacher.name}
          <br />
          {classTime(t, target)}
        </Typography.Paragraph>
      )}
      <Select
        value={value}
        onChange={setPicked}
        loading={templates.isLoading}
        placeholder={t('listen.template')}
        style={{ width: '100%' }}
        options={options.map((o) => ({ value: o.templateId, label: t('listen.templateOption', { name: o.name, version: o.version, score: o.totalScore, count: o.questionCount }) }))}
        notFoundContent={templates.isLoading ? undefined : t('listen.noTemplates')}
        data-testid={`${testPrefix}-template`}
      />
    </Modal>
  );
}
