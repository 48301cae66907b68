import { Badge, Button, Card, Empty, Flex, Input, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DatabaseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INDICATOR_NAME } from '@hxk/contracts/constants';
import { maxScore, normalizeQuestion, type TFinding } from '@hxk/contracts/question-rules';
import type { TTemplateQuestion, TTemplateSection } from '@hxk/contracts/templates';

export type SectionHandlers = {
  onRename: (name: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onNewQuestion: () => void;
  onPickFromBank: () => void;
  onEditQuestion: (q: TTemplateQuestion) => void;
  onMoveQuestion: (qKey: string, by: -1 | 1) => void;
  onRemoveQuestion: (qKey: string) => void;
};

type Props = SectionHandlers & {
  section: TTemplateSection;
  index: number;
  count: number;
  /** The number of the section's first question in the whole form. */
  firstNumber: number;
  /** Errors of the template rules, by path (sections.i...). */
  errors: TFinding[];
  /** The page form of the bank picker for this section, when the template is saved and unchanged. */
  bankPageHref: string | null;
};

/** One primary indicator of the builder: its name, its questions and what can be done to them. */
export function SectionCard(props: Props) {
  const { section: s, index, count, firstNumber, errors } = props;
  const { t } = useTranslation(['templates', 'evaluation']);
  const at = `sections.${index}`;
  const nameLength = s.name.trim().length;
  const nameError = nameLength < INDICATOR_NAME.min || nameLength > INDICATOR_NAME.max ? t('builder.sectionNameRule') : errors.some((e) => e.path === `${at}.name`) ? t('builder.sectionNameTaken') : null;
  const full = Math.round(s.questions.reduce((sum, q) => sum + maxScore(normalizeQuestion(q)), 0) * 100) / 100;
  const tid = `section-${index}`;

  return (
    <Card
      size="small"
      data-testid={tid}
      title={
        <Flex align="center" gap={8} style={{ paddingBlock: 6 }}>
          <Typography.Text type="secondary">{index + 1}.</Typography.Text>
          <Tooltip title={nameError} open={nameError ? undefined : false}>
            <Input
              value={s.name}
              status={nameError ? 'error' : undefined}
              maxLength={INDICATOR_NAME.max}
              showCount
              placeholder={t('builder.sectionName')}
              onChange={(e) => props.onRename(e.target.value)}
              style={{ maxWidth: 360 }}
              data-testid={`${tid}-name`}
            />
          </Tooltip>
        </Flex>
      }
      extra={
        <Space size={0}>
          <Typography.Text type="secondary" style={{ marginInlineEnd: 8 }}>
            {t('builder.sectionScore', { score: full })}
          </Typography.Text>
          <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => props.onMove(-1)} aria-label={t('builder.moveUp')} data-testid={`${tid}-up`} />
          <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={index === count - 1} onClick={() => props.onMove(1)} aria-label={t('builder.moveDown')} data-testid={`${tid}-down`} />
          <Popconfirm title={t('builder.removeSectionConfirm', { name: s.name })} description={s.questions.length ? t('builder.removeSectionHint', { count: s.questions.length }) : undefined} okText={t('builder.remove')} okButtonProps={{ danger: true }} cancelText={t('common:action.cancel')} onConfirm={props.onRemove}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('builder.remove')} data-testid={`${tid}-remove`} />
          </Popconfirm>
        </Space>
      }
    >
      {s.questions.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('builder.sectionEmpty')} style={{ marginBlock: 8 }} />
      ) : (
        <Flex vertical>
          {s.questions.map((q, qi) => (
            <QuestionRow key={q.key} q={q} number={firstNumber + qi} first={qi === 0} last={qi === s.questions.length - 1} problems={errors.filter((e) => e.path.startsWith(`${at}.questions.${qi}.`)).length} tid={`${tid}-q${qi}`} {...props} />
          ))}
        </Flex>
      )}
      <Flex gap={8} wrap style={{ marginTop: 12 }}>
        <Button icon={<PlusOutlined />} onClick={props.onNewQuestion} data-testid={`${tid}-new-question`}>
          {t('builder.newQuestion')}
        </Button>
        <Button icon={<DatabaseOutlined />} onClick={props.onPickFromBank} data-testid={`${tid}-from-bank`}>
          {t('builder.fromBank')}
        </Button>
        {props.bankPageHref && (
          <Link to={props.bankPageHref} style={{ alignSelf: 'center' }} data-testid={`${tid}-bank-page`}>
            {t('builder.bankPage')}
          </Link>
        )}
      </Flex>
    </Card>
  );
}

type RowProps = SectionHandlers & { q: TTemplateQuestion; number: number; first: boolean; last: boolean; problems: number; tid: string };

function QuestionRow({ q, number, first, last, problems, tid, onEditQuestion, onMoveQuestion, onRemoveQuestion }: RowProps) {
  const { t } = useTranslation(['templates', 'evaluation']);
  return (
    // Always two lines (title, then tags and actions), so rows line up whatever the title's length.
    <Flex vertical gap={4} style={{ padding: '8px 0', borderTop: first ? undefined : '1px solid rgba(5, 5, 5, 0.06)' }} data-testid={tid}>
      <Flex gap={8} align="baseline" style={{ minWidth: 0 }}>
        <span style={{ flex: 'none' }}>
          <Badge count={problems} size="small" title={t('builder.questionProblems', { count: problems })}>
            <Typography.Text type="secondary" style={{ paddingInlineEnd: problems ? 6 : 0, whiteSpace: 'nowrap' }}>
              {number}.
            </Typography.Text>
          </Badge>
        </span>
        <Typography.Text style={{ minWidth: 0 }}>{q.title}</Typography.Text>
      </Flex>
      <Space size={4} wrap style={{ paddingInlineStart: 20 }}>
        <Tag bordered={false}>{t(`evaluation:questionType.${q.type}`)}</Tag>
        <Tag bordered={false} color="blue">
          {t('builder.points', { score: maxScore(normalizeQuestion(q)) })}
        </Tag>
        {q.sourceQuestionId && <Tag bordered={false} color="cyan">{t('builder.fromBankTag')}</Tag>}
        <Button type="text" size="small" icon={<EditOutlined />} onClick={() => onEditQuestion(q)} aria-label={t('builder.edit')} data-testid={`${tid}-edit`} />
        <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={first} onClick={() => onMoveQuestion(q.key, -1)} aria-label={t('builder.moveUp')} data-testid={`${tid}-up`} />
        <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={last} onClick={() => onMoveQuestion(q.key, 1)} aria-label={t('builder.moveDown')} data-testid={`${tid}-down`} />
        <Popconfirm title={t('builder.removeQuestionConfirm')} okText={t('builder.remove')} okButtonProps={{ danger: true }} cancelText={t('common:action.cancel')} onConfirm={() => onRemoveQuestion(q.key)}>
          <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('builder.remove')} data-testid={`${tid}-remove`} />
        </Popconfirm>
      </Space>
    </Flex>
  );
}
