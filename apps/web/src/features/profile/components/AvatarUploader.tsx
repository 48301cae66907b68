import { Button, Flex, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UPLOAD_LIMITS } from '@hxk/contracts/constants';
import { AvatarImage } from '../../../components/AvatarImage.tsx';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Checks an avatar before sending it (the server checks the content again). */
export function avatarProblem(file: { type: string; size: number }): 'formatWrong' | 'tooLarge' | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'formatWrong';
  if (file.size > UPLOAD_LIMITS.imageBytes) return 'tooLarge';
  return null;
}

export function AvatarUploader({ src, name }: { src: string | null; name: string }) {
  const { t } = useTranslation('profile');
  const upload = useUploadAvatar();
  return (
    <Flex vertical align="center" gap={12}>
      <AvatarImage src={src} size={96} alt={name} />
      <Upload
        accept={IMAGE_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          const problem = avatarProblem(file);
          if (problem) {
            toastError(t(`avatar.${problem}`));
            return Upload.LIST_IGNORE;
          }
          upload.mutate(file, { onSuccess: () => toastSuccess(t('avatar.uploaded')) });
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="avatar-upload">
          {t('avatar.change')}
        </Button>
      </Upload>
      <span style={{ color: 'rgba(0,0,0,0.6)', fontSize: 12 }}>{t('avatar.hint')}</span>
    </Flex>
  );
}
