import { useState } from 'react';
import { Image, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UPLOAD_LIMITS } from '@hxk/contracts/constants';
import { ApiError } from '../../../lib/api.ts';
import { toastError } from '../../../lib/toast.ts';
import { inlineUrl } from './AppealImages.tsx';
import { uploadAppealImage, type TUploadedImage } from '../api/upload-appeal-image.ts';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp'];
const MAX = UPLOAD_LIMITS.appealImages;

/** The file ids of the images that finished uploading, in the order shown. */
export const uploadedIds = (list: UploadFile<TUploadedImage>[]) => list.filter((f) => f.status === 'done' && f.response).map((f) => f.response!.fileId);

/**
 * Up to 10 images, each uploaded as soon as it is picked (picture cards with a preview). Files past
 * the tenth, of another type or over 10 MB are refused here with a message; the server checks again.
 */
export function AppealImagesUpload({ evaluationId, value, onChange }: { evaluationId: string; value: UploadFile<TUploadedImage>[]; onChange: (list: UploadFile<TUploadedImage>[]) => void }) {
  const { t } = useTranslation('appeals');
  const [preview, setPreview] = useState<string | null>(null);

  return (
    <div data-testid="appeal-images-upload">
      <Upload<TUploadedImage>
        listType="picture-card"
        accept={IMAGE_TYPES.join(',')}
        multiple
        fileList={value}
        onChange={({ fileList }) => onChange(fileList)}
        beforeUpload={(file, batch) => {
          if (!IMAGE_TYPES.includes(file.type)) {
            toastError(t('create.badType', { name: file.name }));
            return Upload.LIST_IGNORE;
          }
          if (file.size > UPLOAD_LIMITS.imageBytes) {
            toastError(t('create.tooLarge', { name: file.name, mb: UPLOAD_LIMITS.imageBytes / 1024 / 1024 }));
            return Upload.LIST_IGNORE;
          }
          // Counted against what is already listed plus the files before it in the same pick.
          if (value.length + batch.indexOf(file) >= MAX) {
            toastError(t('create.tooManyImages', { max: MAX }));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          const controller = new AbortController();
          uploadAppealImage(file as File, evaluationId, controller.signal).then(
            (res) => onSuccess?.(res),
            (e: unknown) => onError?.(e instanceof ApiError ? new Error(e.message) : (e as Error)),
          );
          return { abort: () => controller.abort() };
        }}
        onPreview={(f) => setPreview(f.response?.url ? inlineUrl(f.response.url) : (f.thumbUrl ?? null))}
      >
        {value.length >= MAX ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('create.addImage')}</div>
          </button>
        )}
      </Upload>
      {preview && (
        <Image
          styles={{ root: { display: 'none' } }}
          src={preview}
          preview={{ open: true, onOpenChange: (open) => !open && setPreview(null) }}
        />
      )}
    </div>
  );
}
