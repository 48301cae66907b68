import type { ReactNode } from 'react';
import { Button, Checkbox, Col, Input, InputNumber, Radio, Row, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { KNOWLEDGE_LEVELS, QUESTION_LIMITS, QUESTION_TYPES } from '@hxk/contracts/constants';
import type { TQuestionBodyInput, TQuestionElement, TQuestionOption, TQuestionType, TScoreRange } from '@hxk/contracts/catalog';
import { COMPUTED_SCORE_TYPES, OPTION_TYPES, maxScore } from '@hxk/contracts/question-rules';

type TOptionIn = NonNullable<TQuestionBodyInput['options']>[number];
type TRangeIn = NonNullable<TQuestionBodyInput['ranges']>[number];
type TElementIn = NonNullable<TQuestionBodyInput['elements']>[number];

/** A short key for a new option, range or element (answers refer to it; the contract allows [\w-]{1,32}). */
export function newItemKey(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 8)}`;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);

/** What a question of each type starts with when the type is picked (options kept when they fit). */
function starter(type: TQuestionType, q: TQuestionBodyInput): Partial<TQuestionBodyInput> {
  const opts = q.options ?? [];
  if (OPTION_TYPES.includes(type)) {
    return { options: opts.length >= 2 ? opts : [{ key: newItemKey('o'), content: '', score: 0, scoreMin: null }, { key: newItemKey('o'), content: '', score: 0, scoreMin: null }] };
  }
  if (type === 'combo2') return { elements: (q.elements ?? []).length ? q.elements : [{ key: newItemKey('e'), name: '', score: 0 }], commentRequired: true };
  if (type === 'score') return { ranges: q.ranges ?? [] };
  return {};
}

/** A small labelled block of the editor. */
function Part(props: { label: ReactNode; children: ReactNode; extra?: ReactNode }) {
  return (
    <div style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', marginBottom: 6, gap: 8 }}>
        <Typography.Text strong>{props.label}</Typography.Text>
        {props.extra}
      </div>
      {props.children}
    </div>
  );
}

/** Column captions above a list of rows (widths as the rows below). */
function Header({ cols }: { cols: { label: string; flex: string }[] }) {
  return (
    <Row gutter={8} wrap={false}>
      {cols.map((c, i) => (
        <Col key={i} flex={c.flex}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {c.label}
          </Typography.Text>
        </Col>
      ))}
      <Col flex="32px" />
    </Row>
  );
}

/**
 * Edits one question's body: its type, evaluation element, scoring standard, full marks, knowledge
 * level, and the parts of its type (options, grades, score ranges or elements). Keys of new items
 * are generated here; the rules are checked by the caller (checkQuestion) so it can show them anywhere.
 */
export function QuestionEditor(props: { value: TQuestionBodyInput; onChange: (v: TQuestionBodyInput) => void; disabled?: boolean; testId?: string }) {
  const { value: q, onChange, disabled } = props;
  const { t } = useTranslation(['catalog', 'evaluation']);
  const tid = props.testId ?? 'question-editor';
  const set = (patch: Partial<TQuestionBodyInput>) => onChange({ ...q, ...patch });
  const options = q.options ?? [];
  const ranges = q.ranges ?? [];
  const elements = q.elements ?? [];
  const type = q.type;
  const computed = COMPUTED_SCORE_TYPES.includes(type);
  const full = computed ? maxScore({ type, score: num(q.score), options: options.map((o) => ({ ...o, score: num(o.score) }) as TQuestionOption), elements: elements.map((e) => ({ ...e, score: num(e.score) }) as TQuestionElement) }) : num(q.score);

  const setOption = (i: number, patch: Partial<TOptionIn>) => set({ options: options.map((o, j) => (j === i ? { ...o, ...patch } : o)) });
  const setRange = (i: number, patch: Partial<TRangeIn>) => set({ ranges: ranges.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const setElement = (i: number, patch: Partial<TElementIn>) => set({ elements: elements.map((e, j) => (j === i ? { ...e, ...patch } : e)) });
  const remove = <T,>(list: T[], i: number) => list.filter((_, j) => j !== i);
  const scoreInput = (value: unknown, change: (v: number) => void, testId: string, placeholder?: string) => (
    <InputNumber min={0} max={QUESTION_LIMITS.maxScore} step={1} value={num(value)} disabled={disabled} placeholder={placeholder} style={{ width: '100%' }} onChange={(v) => change(v ?? 0)} data-testid={testId} />
  );
  const removeButton = (onClick: () => void, testId: string, min = 0, count = 0) => (
    <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('catalog:editor.remove')} disabled={disabled || count <= min} onClick={onClick} data-testid={testId} />
  );

  return (
    <div data-testid={tid}>
      <Part label={t('catalog:editor.type')}>
        <Radio.Group
          value={type}
          disabled={disabled}
          optionType="button"
          buttonStyle="solid"
          onChange={(e) => {
            const next = e.target.value as TQuestionType;
            set({ type: next, ...starter(next, q) });
          }}
          options={QUESTION_TYPES.map((k) => ({ value: k, label: <span data-testid={`${tid}-type-${k}`}>{t(`evaluation:questionType.${k}`)}</span> }))}
        />
        <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
          {t(`evaluation:questionTypeHelp.${type}`)}
        </Typography.Paragraph>
      </Part>

      <Part label={t('catalog:editor.title')}>
        <Input.TextArea value={q.title} disabled={disabled} maxLength={QUESTION_LIMITS.titleMax} showCount autoSize={{ minRows: 1, maxRows: 4 }} placeholder={t('catalog:editor.titlePlaceholder')} onChange={(e) => set({ title: e.target.value })} data-testid={`${tid}-title`} />
      </Part>

      <Part label={t('catalog:editor.standard')}>
        <Input.TextArea value={q.standard ?? ''} disabled={disabled} maxLength={QUESTION_LIMITS.standardMax} showCount autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('catalog:editor.standardPlaceholder')} onChange={(e) => set({ standard: e.target.value })} data-testid={`${tid}-standard`} />
      </Part>

      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Part label={t('catalog:editor.fullMarks')}>
            {computed ? (
              <Typography.Text data-testid={`${tid}-full-marks`}>{t('catalog:editor.fullMarksComputed', { score: full })}</Typography.Text>
            ) : (
              scoreInput(q.score, (v) => set({ score: v }), `${tid}-score`)
            )}
          </Part>
        </Col>
        {type === 'star' && (
          <Col xs={24} sm={12}>
            <Part label={t('catalog:editor.stars')}>
              <InputNumber min={QUESTION_LIMITS.starsMin} max={QUESTION_LIMITS.starsMax} precision={0} value={num(q.stars ?? 5)} disabled={disabled} style={{ width: '100%' }} onChange={(v) => set({ stars: v ?? 5 })} data-testid={`${tid}-stars`} />
            </Part>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Part label={t('catalog:editor.knowledgeLevel')}>
            <Select
              allowClear
              value={q.knowledgeLevel ?? undefined}
              disabled={disabled}
              placeholder={t('catalog:editor.knowledgeLevelPlaceholder')}
              style={{ width: '100%' }}
              onChange={(v) => set({ knowledgeLevel: v ?? null })}
              options={KNOWLEDGE_LEVELS.map((k) => ({ value: k, label: t(`evaluation:knowledgeLevel.${k}`) }))}
              data-testid={`${tid}-knowledge`}
            />
          </Part>
        </Col>
      </Row>

      <Part label={t('catalog:editor.comment')}>
        <Checkbox checked={type === 'combo2' || !!q.commentRequired} disabled={disabled || type === 'combo2'} onChange={(e) => set({ commentRequired: e.target.checked })} data-testid={`${tid}-comment-required`}>
          {type === 'combo2' ? t('catalog:editor.commentAlways') : t('catalog:editor.commentRequired')}
        </Checkbox>
      </Part>

      {OPTION_TYPES.includes(type) && (
        <Part
          label={type === 'combo1' ? t('catalog:editor.grades') : t('catalog:editor.options')}
          extra={<Typography.Text type="secondary">{type === 'combo1' ? t('catalog:editor.gradesHelp') : t('catalog:editor.optionsHelp')}</Typography.Text>}
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            {options.length > 0 && (
              <Header
                cols={
                  type === 'combo1'
                    ? [{ label: t('catalog:editor.grade'), flex: 'auto' }, { label: t('catalog:editor.min'), flex: '90px' }, { label: t('catalog:editor.max'), flex: '90px' }]
                    : [{ label: t('catalog:editor.option'), flex: 'auto' }, { label: t('catalog:editor.score'), flex: '90px' }]
                }
              />
            )}
            {options.map((o, i) => (
              <Row key={o.key} gutter={8} align="middle" wrap={false} data-testid={`${tid}-option-${i}`}>
                <Col flex="auto">
                  <Input value={o.content} disabled={disabled} maxLength={200} placeholder={type === 'combo1' ? t('catalog:editor.gradePlaceholder', { n: i + 1 }) : t('catalog:editor.optionPlaceholder', { n: i + 1 })} onChange={(e) => setOption(i, { content: e.target.value })} data-testid={`${tid}-option-${i}-content`} />
                </Col>
                {type === 'combo1' && <Col flex="90px">{scoreInput(o.scoreMin ?? 0, (v) => setOption(i, { scoreMin: v }), `${tid}-option-${i}-min`, t('catalog:editor.min'))}</Col>}
                <Col flex="90px">{scoreInput(o.score, (v) => setOption(i, { score: v }), `${tid}-option-${i}-score`, t('catalog:editor.score'))}</Col>
                <Col flex="32px">{removeButton(() => set({ options: remove(options, i) }), `${tid}-option-${i}-remove`, 2, options.length)}</Col>
              </Row>
            ))}
            <Button icon={<PlusOutlined />} disabled={disabled || options.length >= QUESTION_LIMITS.options} onClick={() => set({ options: [...options, { key: newItemKey('o'), content: '', score: 0, scoreMin: type === 'combo1' ? 0 : null }] })} data-testid={`${tid}-add-option`}>
              {type === 'combo1' ? t('catalog:editor.addGrade') : t('catalog:editor.addOption')}
            </Button>
          </Space>
        </Part>
      )}

      {type === 'score' && (
        <Part label={t('catalog:editor.ranges')} extra={<Typography.Text type="secondary">{t('catalog:editor.rangesHelp')}</Typography.Text>}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {ranges.length > 0 && <Header cols={[{ label: t('catalog:editor.min'), flex: '80px' }, { label: t('catalog:editor.max'), flex: '80px' }, { label: t('catalog:editor.rangeStandard'), flex: 'auto' }]} />}
            {ranges.map((r, i) => (
              <Row key={r.key} gutter={8} align="middle" wrap={false} data-testid={`${tid}-range-${i}`}>
                <Col flex="80px">{scoreInput(r.min, (v) => setRange(i, { min: v }), `${tid}-range-${i}-min`, t('catalog:editor.min'))}</Col>
                <Col flex="80px">{scoreInput(r.max, (v) => setRange(i, { max: v }), `${tid}-range-${i}-max`, t('catalog:editor.max'))}</Col>
                <Col flex="auto">
                  <Input value={r.standard} disabled={disabled} maxLength={200} placeholder={t('catalog:editor.rangeStandard')} onChange={(e) => setRange(i, { standard: e.target.value })} data-testid={`${tid}-range-${i}-standard`} />
                </Col>
                <Col flex="32px">{removeButton(() => set({ ranges: remove(ranges, i) }), `${tid}-range-${i}-remove`, 0, ranges.length)}</Col>
              </Row>
            ))}
            <Button icon={<PlusOutlined />} disabled={disabled || ranges.length >= QUESTION_LIMITS.ranges} onClick={() => set({ ranges: [...ranges, { key: newItemKey('r'), min: 0, max: 0, standard: '' } satisfies TScoreRange] })} data-testid={`${tid}-add-range`}>
              {t('catalog:editor.addRange')}
            </Button>
          </Space>
        </Part>
      )}

      {type === 'combo2' && (
        <Part label={t('catalog:editor.elements')} extra={<Typography.Text type="secondary">{t('catalog:editor.elementsHelp')}</Typography.Text>}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {elements.length > 0 && <Header cols={[{ label: t('catalog:editor.element'), flex: 'auto' }, { label: t('catalog:editor.score'), flex: '90px' }]} />}
            {elements.map((e, i) => (
              <Row key={e.key} gutter={8} align="middle" wrap={false} data-testid={`${tid}-element-${i}`}>
                <Col flex="auto">
                  <Input value={e.name} disabled={disabled} maxLength={100} placeholder={t('catalog:editor.elementPlaceholder', { n: i + 1 })} onChange={(ev) => setElement(i, { name: ev.target.value })} data-testid={`${tid}-element-${i}-name`} />
                </Col>
                <Col flex="90px">{scoreInput(e.score, (v) => setElement(i, { score: v }), `${tid}-element-${i}-score`, t('catalog:editor.score'))}</Col>
                <Col flex="32px">{removeButton(() => set({ elements: remove(elements, i) }), `${tid}-element-${i}-remove`, 1, elements.length)}</Col>
              </Row>
            ))}
            <Button icon={<PlusOutlined />} disabled={disabled || elements.length >= QUESTION_LIMITS.elements} onClick={() => set({ elements: [...elements, { key: newItemKey('e'), name: '', score: 0 }] })} data-testid={`${tid}-add-element`}>
              {t('catalog:editor.addElement')}
            </Button>
          </Space>
        </Part>
      )}
    </div>
  );
}

/** An empty question of a type, ready for the editor. */
export function emptyQuestion(type: TQuestionType = 'single'): TQuestionBodyInput {
  const base: TQuestionBodyInput = { type, title: '', standard: '', score: type === 'score' || type === 'star' ? 10 : 0, knowledgeLevel: null, options: [], ranges: [], elements: [], stars: 5, commentRequired: false };
  return { ...base, ...starter(type, base) };
}
