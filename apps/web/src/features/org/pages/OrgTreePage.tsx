import { useState } from 'react';
import { Button, Card, Col, Descriptions, Empty, Flex, Modal, Row, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../components/Permission.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { menuTitle } from '../../../lib/menu-title.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useOrgTree } from '../api/get-org-tree.ts';
import { useMoveOrgUnit } from '../api/move-org-unit.ts';
import { useDeleteOrgUnit } from '../api/delete-org-unit.ts';
import { OrgTreePanel } from '../components/OrgTreePanel.tsx';
import { OrgUnitModal, type UnitModalState } from '../components/OrgUnitModal.tsx';
import { OrgPeopleTable } from '../components/OrgPeopleTable.tsx';
import { AddPeopleModal } from '../components/AddPeopleModal.tsx';
import { findNode } from '../components/tree-utils.ts';

/** /back/ZZJGtrre: the school's colleges, departments and offices with their people. */
export function OrgTreePage() {
  const { t } = useTranslation('org');
  const [modal, modalHolder] = Modal.useModal();
  const tree = useOrgTree();
  const move = useMoveOrgUnit();
  const remove = useDeleteOrgUnit();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<UnitModalState | null>(null);
  const [addingPeople, setAddingPeople] = useState(false);

  if (tree.isPending) return <PageLoading />;
  const nodes = tree.data ?? [];
  const root = nodes[0];
  const selected = (selectedId && findNode(nodes, selectedId)) || root;

  const confirmDelete = () =>
    selected &&
    modal.confirm({
      title: t('detail.deleteConfirm', { name: selected.name }),
      content: t('detail.deleteHint'),
      okButtonProps: { danger: true, 'data-testid': 'org-delete-ok' },
      okText: t('detail.delete'),
      cancelText: t('common:action.cancel'),
      // A refusal (people, courses or sub-units) is shown as the server's toast; the dialog closes either way.
      onOk: () =>
        remove.mutateAsync(selected.id).then(
          () => {
            toastSuccess(t('detail.deleted'));
            setSelectedId(selected.parentId);
          },
          () => undefined,
        ),
    });

  return (
    <Card title={menuTitle(t, 'ZZJGtrre')} data-testid="org-page">
      {!root ? (
        <Empty description={t('tree.empty')} />
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} md={10} lg={8}>
            <OrgTreePanel
              tree={nodes}
              selectedId={selected?.id ?? null}
              onSelect={setSelectedId}
              onMove={(m) => move.mutate(m, { onSuccess: () => toastSuccess(t('tree.moved')) })}
            />
          </Col>
          <Col xs={24} md={14} lg={16}>
            {selected && (
              <Flex vertical gap={16}>
                <Flex justify="space-between" align="start" wrap gap={12}>
                  <Descriptions
                    size="small"
                    column={{ xs: 1, sm: 3 }}
                    title={<span data-testid="org-selected">{selected.name}</span>}
                    items={[
                      { key: 'kind', label: t('detail.kind'), children: <Tag>{t(`kind.${selected.kind}`)}</Tag> },
                      { key: 'own', label: t('detail.ownCount'), children: selected.ownCount },
                      { key: 'total', label: t('detail.totalCount'), children: selected.totalCount },
                    ]}
                  />
                  <Permission code="org:edit">
                    <Space wrap>
                      <Button icon={<PlusOutlined />} type="primary" onClick={() => setEditing({ mode: 'add', parent: selected })} data-testid="org-add">
                        {t('detail.addChild')}
                      </Button>
                      <Button icon={<UserAddOutlined />} onClick={() => setAddingPeople(true)} data-testid="org-add-people">
                        {t('detail.addPeople')}
                      </Button>
                      {selected.parentId !== null && (
                        <>
                          <Button icon={<EditOutlined />} onClick={() => setEditing({ mode: 'rename', unit: selected })} data-testid="org-rename">
                            {t('detail.rename')}
                          </Button>
                          <Button icon={<DeleteOutlined />} danger onClick={confirmDelete} data-testid="org-delete">
                            {t('detail.delete')}
                          </Button>
                        </>
                      )}
                    </Space>
                  </Permission>
                </Flex>
                <OrgPeopleTable key={selected.id} orgUnitId={selected.id} />
              </Flex>
            )}
          </Col>
        </Row>
      )}
      <OrgUnitModal state={editing} onClose={() => setEditing(null)} onAdded={setSelectedId} />
      {root && <AddPeopleModal unit={addingPeople ? (selected ?? null) : null} rootId={root.id} onClose={() => setAddingPeople(false)} />}
      {modalHolder}
    </Card>
  );
}
