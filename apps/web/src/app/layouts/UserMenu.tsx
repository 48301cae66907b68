import { Button, Dropdown, Typography, type MenuProps } from 'antd';
import { CheckOutlined, DownOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IDENTITY_NAMES } from '@hxk/contracts/permissions';
import { logout } from '../../lib/session.ts';
import { PATHS } from '../../lib/paths.ts';
import { menuTitle } from '../../lib/menu-title.ts';
import { useMySchools } from '../../features/schools/api/get-my-schools.ts';
import { useSwitchSchool } from '../../features/schools/api/switch-school.ts';

const SCHOOL_PREFIX = 'school:';

/** Name, personal info, identity switching (for people in more than one school) and log out. */
export function UserMenu({ name, sso }: { name: string; sso: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const schools = useMySchools();
  const switchSchool = useSwitchSchool();
  const approved = (schools.data ?? []).filter((s) => s.status === 'approved');

  const items: MenuProps['items'] = [{ key: 'me', icon: <UserOutlined />, label: menuTitle(t, 'MeInfo') }];
  if (approved.length > 1) {
    items.push({
      key: 'switch',
      icon: <SwapOutlined />,
      label: t('shell.switchIdentity'),
      children: approved.map((s) => ({
        key: `${SCHOOL_PREFIX}${s.schoolId}`,
        disabled: s.current,
        icon: s.current ? <CheckOutlined /> : undefined,
        label: `${s.name} · ${t(`identity.${IDENTITY_NAMES[s.identity]}`)}`,
      })),
    });
  }
  items.push({ type: 'divider' }, { key: 'logout', icon: <LogoutOutlined />, label: t('action.logout'), danger: true });

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') void logout({ sso });
    else if (key === 'me') void navigate(PATHS.meInfo);
    else if (key.startsWith(SCHOOL_PREFIX)) switchSchool.mutate(key.slice(SCHOOL_PREFIX.length));
  };

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
