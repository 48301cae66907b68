import { useState, type ReactNode } from 'react';
import { Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePublishedTemplates } from '../../lib/reference/get-published-templates.ts';

/** The last template chosen to evaluate a class with, remembered on the device. */
const LAST_TEMPLATE_KEY = 'hxk.listenTemplateId';

function lastTemplate(): string | undefined {
  try {
    return localStorage.getItem(LAST_TEMPLATE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export type PickTarget = { courseName: string; teacherName: string; when: string };

/**
 * Picks the published template to evaluate a class with (free listening, a temporary evaluation, an
 * invited class): the last choice is remembered while that template stays published, and a school
 * with one template has it chosen already.
 */
export function TemplatePickModal({
  target,
  title,
  startText,
  onCancel,
  onStart,
  starting,
  testPrefix,
}: {
  target: PickTarget | null;
  title: ReactNode;
  startText: string;
  onCancel: () => void;
  onStart: (templateId: string) => void;
  starting: boolean;
  testPrefix: string;
}) {
  const { t } = useTranslation('evaluations');
  // The templates a class can be evaluated with, fetched while the picker is open.
  const templates = usePublishedTemplates('evaluation', target !== null);
  const [picked, setPicked] = useState<string | undefined>(lastTemplate);
  const options = templates.data ?? [];
  const value = options.some((o) => o.templateId === picked) ? picked : options.length === 1 ? options[0]?.templateId : undefined;

  const start = () => {
    if (!target || !value) return;
    try {
      localStorage.setItem(LAST_TEMPLATE_KEY, value);
    } catch {
      // Only the remembered choice is lost.
    }
    onStart(value);
  };

  return (
    <Modal
      open={target !== null}
      title={title}
      onCancel={onCancel}
      onOk={start}
      okText={startText}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ disabled: !value, loading: starting, 'data-testid': `${testPrefix}-start` }}
      destroyOnHidden
      width={440}
    >
      {target && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          <Typography.Text strong>{target.courseName}</Typography.Text> · {target.teacherName}
          <br />
          {target.when}
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
