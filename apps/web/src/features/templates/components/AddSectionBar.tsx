import { useState } from 'react';
import { AutoComplete, Button, Flex, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { INDICATOR_NAME } from '@hxk/contracts/constants';
import { useIndicatorTree } from '../../../lib/reference/get-indicator-tree.ts';
import { sameName } from '../../../components/evaluation/question-ops.ts';

type Props = { usedNames: string[]; onAdd: (name: string, indicatorId: string | null) => void; disabled?: boolean };

/**
 * Adds a primary indicator: picked from the indicator bank's first-level indicators (those not in the
 * template yet) or typed (1-35 characters).
 */
export function AddSectionBar({ usedNames, onAdd, disabled }: Props) {
  const { t } = useTranslation('templates');
  const tree = useIndicatorTree();
  const [text, setText] = useState('');
  // Closed once a section is added: the suggestions would otherwise cover the section just added.
  const [open, setOpen] = useState(false);
  const name = text.trim();
  const taken = usedNames.some((n) => sameName(n, name));
  const valid = name.length >= INDICATOR_NAME.min && name.length <= INDICATOR_NAME.max && !taken;
  const options = (tree.data ?? [])
    .filter((i) => !usedNames.some((n) => sameName(n, i.name)))
    .map((i) => ({ value: i.name, label: i.classificationName ? `${i.name} · ${i.classificationName}` : i.name }));

  const add = (value: string) => {
    const v = value.trim();
    if (v.length < INDICATOR_NAME.min || v.length > INDICATOR_NAME.max || usedNames.some((n) => sameName(n, v))) return;
    const match = (tree.data ?? []).find((i) => sameName(i.name, v));
    onAdd(v, match?.indicatorId ?? null);
    setText('');
    setOpen(false);
  };

  return (
    <div>
      <Flex gap={8} wrap>
        <AutoComplete
          value={text}
          open={open}
          onOpenChange={setOpen}
          options={options}
          onChange={setText}
          // Picking fills the field; the button adds it, as for a typed name.
          onSelect={(v: string) => setText(v)}
          maxLength={INDICATOR_NAME.max}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
          placeholder={t('builder.addSectionPlaceholder')}
          disabled={disabled}
          showSearch={{ filterOption: (input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase()) }}
          data-testid="section-add-name"
        />
        <Button type="dashed" icon={<PlusOutlined />} disabled={disabled || !valid} onClick={() => add(text)} data-testid="section-add">
          {t('builder.addSection')}
        </Button>
      </Flex>
      {taken && name && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t('builder.sectionNameTaken')}
        </Typography.Text>
      )}
    </div>
  );
}
