import { useState } from 'react';
import { Alert, Button, Checkbox, Modal, Space, Typography, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UPLOAD_LIMITS } from '@hxk/contracts/constants';
import type { TLessonPlanDue } from '@hxk/contracts/lesson-plans';
import { ApiError } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { uploadPlanFile, useChangePlan, useSubmitPlan, type TUploadedFile } from '../api/my-plans.ts';

const EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'];
const MAX = UPLOAD_LIMITS.attachments;
const extOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * Hands in the plan of a due (upload window) or changes it (modification window): files are uploaded
 * as they are picked (PPT, PDF, Word or Excel, 100 MB each, no name twice), then sent together. The
 * server checks the content, the window and the counts again.
 */
export function HandInModal({ due, windowOpen, windowText, onClose }: { due: TLessonPlanDue; windowOpen: boolean; windowText: string; onClose: () => void }) {
  const { t } = useTranslation('lessonPlans');
  const [list, setList] = useState<UploadFile<TUploadedFile>[]>([]);
  const [removing, setRemoving] = useState<string[]>([]);
  const submit = useSubmitPlan();
  const change = useChangePlan();
  const plan = due.plan;
  const current = plan?.files.filter((f) => f.removedIn === null && !f.expired) ?? [];
  const uploaded = list.filter((f) => f.status === 'done' && f.response).map((f) => f.response!.fileId);
  const uploading = list.some((f) => f.status === 'uploading');
  const count = current.length - removing.length + uploaded.length;
  const names = new Set([...(plan?.files.map((f) => f.name) ?? []), ...list.map((f) => f.name)]);

  const send = async () => {
    if (plan) await change.mutateAsync({ planId: plan.planId, addFileIds: uploaded, removeFileIds: removing });
    else await submit.mutateAsync({ dueId: due.dueId, fileIds: uploaded });
    toastSuccess(plan ? t('handIn.changed') : t('handIn.submitted'));
    onClose();
  };

  return (
    <Modal
      open
      title={plan ? t('handIn.changeTitle', { course: due.course.name }) : t('handIn.title', { course: due.course.name })}
      onCancel={onClose}
      width={640}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button
            type="primary"
            disabled={uploading || count < 1 || count > MAX || (plan ? uploaded.length === 0 && removing.length === 0 : uploaded.length === 0)}
            loading={submit.isPending || change.isPending}
            onClick={() => void send().catch(() => undefined)}
            data-testid="plan-handin-send"
          >
            {plan ? t('handIn.saveChange') : t('handIn.submit')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Typography.Text type="secondary">{t('handIn.rules', { max: MAX })}</Typography.Text>
        {!windowOpen && <Alert type="warning" showIcon message={windowText} data-testid="plan-window-closed" />}
        {plan && current.length > 0 && (
          <div>
            <Typography.Text strong>{t('handIn.current', { version: plan.version })}</Typography.Text>
            {current.map((f) => (
              <div key={f.fileId}>
                <Checkbox checked={removing.includes(f.fileId)} onChange={(e) => setRemoving((r) => (e.target.checked ? [...r, f.fileId] : r.filter((x) => x !== f.fileId)))}>
                  {t('handIn.remove', { name: f.name })}
                </Checkbox>
              </div>
            ))}
          </div>
        )}
        <Upload<TUploadedFile>
          accept={EXTENSIONS.map((e) => `.${e}`).join(',')}
          multiple
          fileList={list}
          onChange={({ fileList }) => setList(fileList)}
          beforeUpload={(file, batch) => {
            if (!EXTENSIONS.includes(extOf(file.name))) {
              toastError(t('handIn.badType', { name: file.name }));
              return Upload.LIST_IGNORE;
            }
            if (file.size > UPLOAD_LIMITS.fileBytes) {
              toastError(t('handIn.tooLarge', { name: file.name }));
              return Upload.LIST_IGNORE;
            }
            if (names.has(file.name) || batch.slice(0, batch.indexOf(file)).some((b) => b.name === file.name)) {
              toastError(t('handIn.sameName', { name: file.name }));
              return Upload.LIST_IGNORE;
            }
            if (count + batch.indexOf(file) >= MAX) {
              toastError(t('handIn.tooMany', { max: MAX }));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            const controller = new AbortController();
            uploadPlanFile(file as File, due.dueId, controller.signal).then(
              (res) => onSuccess?.(res),
              (e: unknown) => onError?.(e instanceof ApiError ? new Error(e.message) : (e as Error)),
            );
            return { abort: () => controller.abort() };
          }}
        >
          <Button icon={<UploadOutlined />} disabled={count >= MAX} data-testid="plan-upload-button">
            {t('handIn.pick')}
          </Button>
        </Upload>
      </Space>
    </Modal>
  );
}
