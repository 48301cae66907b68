import { Alert, Typography } from 'antd';
import { CloseCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { ERRORS, formatMessage } from '@hxk/contracts/errors';
import type { TFinding } from '@hxk/contracts/question-rules';
import type { TLanguage } from '@hxk/contracts/language';
import { currentLanguage } from '../../lib/i18n.ts';

/** The localized text of one rule finding. */
export function findingText(f: TFinding): string {
  const msg = (ERRORS as Partial<Record<string, Record<TLanguage, string>>>)[f.key];
  return msg ? formatMessage(msg[currentLanguage()], f.params) : f.key;
}

/**
 * The findings of the question and template rules, compact: errors (which block saving) in red,
 * suggestions (which never do) as warnings. Renders nothing when there is nothing to say.
 */
export function RuleFindings(props: { errors: TFinding[]; suggestions: TFinding[]; testId?: string }) {
  const { errors, suggestions, testId } = props;
  if (!errors.length && !suggestions.length) return null;
  const list = (items: TFinding[], kind: 'error' | 'warning') => (
    <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}>
      {items.map((f, i) => (
        <li key={`${f.path}-${f.key}-${i}`} data-testid={testId ? `${testId}-${kind}` : undefined} data-path={f.path}>
          <Typography.Text type={kind === 'error' ? 'danger' : 'warning'}>
            {kind === 'error' ? <CloseCircleOutlined /> : <ExclamationCircleOutlined />} {findingText(f)}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
  return (
    <div data-testid={testId} style={{ display: 'grid', gap: 8 }}>
      {errors.length > 0 && <Alert type="error" showIcon={false} title={list(errors, 'error')} />}
      {suggestions.length > 0 && <Alert type="warning" showIcon={false} title={list(suggestions, 'warning')} />}
    </div>
  );
}
