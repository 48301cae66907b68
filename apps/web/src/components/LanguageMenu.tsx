import { useState } from 'react';
import { Button, Flex, Popover } from 'antd';
import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@hxk/contracts/language';
import { LANGUAGES, LANGUAGE_LABELS, changeLanguage, currentLanguage } from '../lib/i18n.ts';

/**
 * The language menu (中文, English, 日本語). A popover list rather than a Dropdown: it reuses the
 * tooltip machinery forms load anyway, which keeps the login page's first download small.
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const lng = currentLanguage();
  const items = (
    <Flex vertical role="menu" style={{ minWidth: 120 }}>
      {LANGUAGES.map((l: TLanguage) => (
        <Button
          key={l}
          type="text"
          role="menuitemradio"
          aria-checked={l === lng}
          lang={l}
          style={{ justifyContent: 'space-between' }}
          onClick={() => {
            setOpen(false);
            void changeLanguage(l);
          }}
          data-testid={`language-${l}`}
        >
          {LANGUAGE_LABELS[l]}
          {l === lng ? <CheckOutlined style={{ color: '#1668dc' }} /> : <span />}
        </Button>
      ))}
    </Flex>
  );
  return (
    <Popover content={items} trigger="click" placement="bottomRight" arrow={false} open={open} onOpenChange={setOpen}>
      <Button type="text" icon={<GlobalOutlined />} aria-label={`${t('language.menu')}: ${LANGUAGE_LABELS[lng]}`} aria-haspopup="menu" data-testid="language-menu">
        <span className="hide-xs">{LANGUAGE_LABELS[lng]}</span>
      </Button>
    </Popover>
  );
}
