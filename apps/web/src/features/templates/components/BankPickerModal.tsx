import { useState } from 'react';
import { Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { BankPicker } from './BankPicker.tsx';
import type { PickableQuestion } from '../api/pick-questions.ts';

type Props = { open: boolean; sectionName: string; indicatorId: string | null; usedTitles: string[]; onClose: () => void; onPick: (rows: PickableQuestion[]) => void };

/** The bank picker in a modal: the picked questions are copied into the section by the builder. */
export function BankPickerModal({ open, sectionName, indicatorId, usedTitles, onClose, onPick }: Props) {
  const { t } = useTranslation('templates');
  const [selected, setSelected] = useState<PickableQuestion[]>([]);
  const close = () => {
    setSelected([]);
    onClose();
  };
  return (
    <Modal
      open={open}
      width={{ xs: '100%', md: 880 }}
      title={t('bank.modalTitle', { name: sectionName })}
      okText={t('bank.addSelected', { count: selected.length })}
      okButtonProps={{ disabled: selected.length === 0, 'data-testid': 'bank-picker-ok' } as ButtonProps}
      cancelText={t('common:action.cancel')}
      onOk={() => {
        onPick(selected);
        close();
      }}
      onCancel={close}
      destroyOnHidden
    >
      <BankPicker selected={selected} onChange={setSelected} usedTitles={usedTitles} enabled={open} indicatorId={indicatorId} />
    </Modal>
  );
}
