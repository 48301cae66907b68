import { useState } from 'react';
import { Card, Col, Empty, Grid, Menu, Row, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useRoleList } from '../api/get-role-list.ts';
import { RoleMenuTree } from '../components/RoleMenuTree.tsx';
import { RoleUsersPanel } from '../components/RoleUsersPanel.tsx';
import { roleName } from '../components/role-name.ts';

/** Left: the school's roles. Right: what the chosen role grants, and who holds it. */
export function RolePermissionPage() {
  const { t } = useTranslation('roles');
  const roles = useRoleList();
  const [chosen, setChosen] = useState<string | null>(null);
  const roleId = chosen ?? roles.data?.[0]?.roleId ?? null;
  const role = roles.data?.find((r) => r.roleId === roleId);
  // Beside the long permission tree the list of roles stays in view (below the 56 px header).
  const wide = Grid.useBreakpoint().md ?? true;

  return (
    <Row gutter={[16, 16]} data-testid="role-permission">
      <Col xs={24} md={7} xl={5}>
        <Card title={t('permission.roles')} styles={{ body: { padding: 8 } }} style={wide ? { position: 'sticky', top: 76 } : undefined}>
          {roles.isPending ? (
            <Spin style={{ display: 'block', margin: 24 }} />
          ) : (
            <Menu
              mode="inline"
              style={{ borderInlineEnd: 'none' }}
              selectedKeys={roleId ? [roleId] : []}
              onClick={({ key }) => setChosen(key)}
              items={(roles.data ?? []).map((r) => ({ key: r.roleId, label: <span data-testid={`role-item-${r.name}`}>{roleName(t, r)}</span> }))}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={17} xl={19}>
        <Card title={role ? `${menuTitle(t, 'rolePermission')} · ${roleName(t, role)}` : menuTitle(t, 'rolePermission')}>
          {role ? (
            <Tabs
              destroyOnHidden
              items={[
                { key: 'menus', label: t('permission.menusTab'), children: <RoleMenuTree key={role.roleId} roleId={role.roleId} /> },
                {
                  key: 'users',
                  label: <span data-testid="role-users-tab">{t('permission.usersTab')}</span>,
                  children: <RoleUsersPanel key={role.roleId} role={{ roleId: role.roleId, label: roleName(t, role) }} />,
                },
              ]}
            />
          ) : (
            <Empty description={t('permission.noRole')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
