import { useState } from 'react';
import { Alert, Form, Input, Modal, Typography, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPINION_MIN_LENGTH, UPLOAD_LIMITS } from '@hxk/contracts/constants';
import { VALIDATION_MESSAGES } from '@hxk/contracts/errors';
import type { TEvaluation } from '@hxk/contracts/evaluations';
import { ApiError } from '../../../lib/api.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useCreateAppeal } from '../api/create-appeal.ts';
import type { TUploadedImage } from '../api/upload-appeal-image.ts';
import { AppealImagesUpload, uploadedIds } from './AppealImagesUpload.tsx';

/** "Appeal this score": a reason of at least 5 characters and up to 10 images. */
export function CreateAppealModal({ e, open, onClose, onCreated }: { e: TEvaluation; open: boolean; onClose: () => void; onCreated: (appealId: string) => void }) {
  const { t } = useTranslation('appeals');
  const [form] = Form.useForm<{ reason: string }>();
  const [images, setImages] = useState<UploadFile<TUploadedImage>[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useCreateAppeal();
  // Closed, it starts afresh next time.
  const reset = () => {
    form.resetFields();
    setImages([]);
    setRefusal(null);
  };
  const tooShort = VALIDATION_MESSAGES['validation.opinionMin'][currentLanguage()];

  const finish = ({ reason }: { reason: string }) => {
    if (images.some((f) => f.status === 'uploading')) return toastError(t('create.stillUploading'));
    setRefusal(null);
    create.mutate(
      { evaluationId: e.evaluationId, reason: reason.trim(), imageIds: uploadedIds(images) },
      {
        onSuccess: ({ appealId }) => {
          toastSuccess(t('create.success'));
          onCreated(appealId);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.errorKey === 'appeal.pendingExists') setRefusal(err.message);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('create.title')}
      onCancel={onClose}
      afterClose={reset}
      onOk={() => form.submit()}
      okText={t('create.submit')}
      okButtonProps={{ loading: create.isPending, 'data-testid': 'appeal-create-ok' }}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
      width={620}
    >
      <Typography.Paragraph type="secondary">
        {t('create.about', { course: e.class.courseName, score: e.totalScore ?? 0, full: e.template.totalScore })}
      </Typography.Paragraph>
      {refusal && <Alert type="warning" showIcon title={refusal} style={{ marginBottom: 12 }} data-testid="appeal-create-refused" />}
      <Form form={form} layout="vertical" onFinish={finish} data-testid="appeal-create-form">
        <Form.Item
          name="reason"
          label={t('field.reason')}
          rules={[{ validator: async (_r, v?: string) => { if ((v ?? '').trim().length < OPINION_MIN_LENGTH) throw new Error(tooShort); } }]}
        >
          <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 4, maxRows: 8 }} placeholder={t('create.reasonPlaceholder')} data-testid="appeal-create-reason" />
        </Form.Item>
        <Form.Item label={t('field.images')} extra={t('create.imagesHint', { max: UPLOAD_LIMITS.appealImages, mb: UPLOAD_LIMITS.imageBytes / 1024 / 1024 })}>
          <AppealImagesUpload evaluationId={e.evaluationId} value={images} onChange={setImages} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
