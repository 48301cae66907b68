import { Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/toast.ts';
import { useMySchools } from '../api/get-my-schools.ts';
import { BindSchoolForm } from './BindSchoolForm.tsx';
import { MySchoolsList } from './MySchoolsList.tsx';

/** Personal info's schools section: my schools with switching, and binding another by code. */
export function MySchoolsPanel() {
  const { t } = useTranslation('schools');
  const schools = useMySchools();
  return (
    <div data-testid="my-schools">
      <MySchoolsList schools={schools.data} loading={schools.isPending} />
      <Divider titlePlacement="start">{t('bind.title')}</Divider>
      <Typography.Paragraph type="secondary">{t('bind.description')}</Typography.Paragraph>
      <BindSchoolForm onApplied={() => toastSuccess(t('bind.applied'))} />
    </div>
  );
}
