import { Badge, Button, Dropdown, Typography, type MenuProps } from 'antd';
import { CheckOutlined, DownOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IDENTITY_NAMES } from '@hxk/contracts/permissions';
import { AvatarImage } from '../../components/AvatarImage.tsx';
import { logout } from '../../lib/session.ts';
import { PATHS } from '../../lib/paths.ts';
import { menuTitle } from '../../lib/menu-title.ts';
import { LANGUAGES, LANGUAGE_LABELS, changeLanguage, currentLanguage } from '../../lib/i18n.ts';
import { useMySchools } from '../../features/schools/api/get-my-schools.ts';
import { useSwitchSchool } from '../../features/schools/api/switch-school.ts';
import type { HeaderEntry } from './HeaderActions.tsx';

const SCHOOL_PREFIX = 'school:';
const LANGUAGE_PREFIX = 'language:';
const ENTRY_PREFIX = 'entry:';

type Items = NonNullable<MenuProps['items']>;

/**
 * Name, personal info, identity switching (for people in more than one school) and log out. On a
 * phone it is the header's one menu: behind the avatar it also holds the header entries and the
 * languages, each with its label, so the bar keeps only the logo, the bell and this menu.
 */
export function UserMenu({ name, avatar, sso, phone = null }: { name: string; avatar?: string | null; sso: boolean; phone?: { entries: HeaderEntry[] } | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const schools = useMySchools();
  const switchSchool = useSwitchSchool();
  const approved = (schools.data ?? []).filter((s) => s.status === 'approved');
  const schoolItems = approved.map((s) => ({
    key: `${SCHOOL_PREFIX}${s.schoolId}`,
    disabled: s.current,
    icon: s.current ? <CheckOutlined /> : undefined,
    label: `${s.name} · ${t(`identity.${IDENTITY_NAMES[s.identity]}`)}`,
  }));

  const items: Items = [];
  if (phone) {
    items.push({ key: 'name', type: 'group', label: <Typography.Text strong>{name}</Typography.Text> });
    for (const e of phone.entries) {
      const label = e.href ? (
        <a href={e.href} target="_blank" rel="noopener">
          {e.label}
        </a>
      ) : (
        e.label
      );
      items.push({ key: `${ENTRY_PREFIX}${e.key}`, icon: e.icon, label, extra: e.badge ? <Badge count={e.badge} size="small" /> : undefined, 'data-testid': `header-${e.key}` });
    }
    items.push({ type: 'divider' });
  }
  items.push({ key: 'me', icon: <UserOutlined />, label: menuTitle(t, 'MeInfo'), 'data-testid': 'user-menu-me' });
  if (approved.length > 1) {
    // A phone lists the schools in place: a submenu would open off the screen's edge.
    items.push(phone ? { key: 'switch', type: 'group', label: t('shell.switchIdentity'), children: schoolItems } : { key: 'switch', icon: <SwapOutlined />, label: t('shell.switchIdentity'), children: schoolItems });
  }
  if (phone) {
    const lng = currentLanguage();
    items.push({
      key: 'language',
      type: 'group',
      label: t('language.menu'),
      children: LANGUAGES.map((l) => ({ key: `${LANGUAGE_PREFIX}${l}`, label: <span lang={l}>{LANGUAGE_LABELS[l]}</span>, extra: l === lng ? <CheckOutlined style={{ color: '#1668dc' }} /> : undefined, 'data-testid': `language-${l}` })),
    });
  }
  items.push({ type: 'divider' }, { key: 'logout', icon: <LogoutOutlined />, label: t('action.logout'), danger: true });

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') void logout({ sso });
    else if (key === 'me') void navigate(PATHS.meInfo);
    else if (key.startsWith(SCHOOL_PREFIX)) switchSchool.mutate(key.slice(SCHOOL_PREFIX.length));
    else if (key.startsWith(LANGUAGE_PREFIX)) void changeLanguage(key.slice(LANGUAGE_PREFIX.length) as (typeof LANGUAGES)[number]);
    else if (key.startsWith(ENTRY_PREFIX)) phone?.entries.find((e) => `${ENTRY_PREFIX}${e.key}` === key)?.onClick?.();
  };

  if (phone) {
    const waiting = phone.entries.some((e) => e.badge);
    return (
      <Dropdown trigger={['click']} menu={{ items, onClick, selectable: false }} placement="bottomRight">
        <Button type="text" shape="circle" aria-label={t('shell.more')} aria-haspopup="menu" loading={switchSchool.isPending} data-testid="header-more">
          <Badge dot={waiting}>
            <AvatarImage src={avatar ?? null} size={32} alt="" />
          </Badge>
        </Button>
      </Dropdown>
    );
  }
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }}>
      <Button type="text" data-testid="user-menu" loading={switchSchool.isPending}>
        <span className="hide-xs">
          <Typography.Text ellipsis style={{ maxWidth: 120 }}>
            {name}
          </Typography.Text>
        </span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
