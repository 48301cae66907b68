import { useEffect, useRef, useState } from 'react';
import { Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TITLE_EDIT_DEBOUNCE_MS } from '@hxk/contracts/constants';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useTitle } from '../api/get-title.ts';
import { useSaveTitle } from '../api/save-title.ts';

const TITLE_MAX = 50;
/** Spec section 1: only the administrator identity (stored Identity 1) sees the edit icon. */
const EDITOR_IDENTITY = '1';

/** The school's product title in the header, edited in place by administrators. */
export function ProductTitle() {
  const { t } = useTranslation();
  const title = useTitle();
  const save = useSaveTitle();
  const [draft, setDraft] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const shown = draft ?? title.data?.name ?? t('app.title');
  const canEdit = localStorage.getItem(LOCAL_KEYS.identity) === EDITOR_IDENTITY;

  const onChange = (value: string) => {
    const name = value.trim();
    clearTimeout(timer.current);
    if (name === (title.data?.name ?? '')) return setDraft(null);
    if (!name) {
      setDraft(null);
      return toastError(t('validation.required'));
    }
    setDraft(name);
    // Several quick edits in a row end in one save.
    timer.current = setTimeout(() => {
      save.mutate(name, {
        onSuccess: () => toastSuccess(t('shell.title.saved')),
        onSettled: () => setDraft(null),
      });
    }, TITLE_EDIT_DEBOUNCE_MS);
  };

  return (
    <Typography.Text
      className="app-header__title"
      data-testid="product-title"
      title={shown}
      editable={
        canEdit
          ? {
              text: shown,
              onChange,
              maxLength: TITLE_MAX,
              triggerType: ['icon'],
              tooltip: t('shell.title.edit'),
              icon: <EditOutlined data-testid="product-title-edit" />,
            }
          : false
      }
    >
      {/* CSS ellipsis on the text alone keeps the edit icon in view; antd's measured ellipsis went
          stale when the CJK fonts arrived after it measured. */}
      <span className="app-header__title-text">{shown}</span>
    </Typography.Text>
  );
}
