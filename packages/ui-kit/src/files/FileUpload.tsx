import { useRef, useState } from 'react';
import { App, Modal, Typography, Upload, type UploadFile, type UploadProps } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MediaDto } from '@portal/contracts';
import { api, ApiError, download } from '../api/client';
import { checkUpload, UPLOAD_LIMITS_MB } from './limits';
import { uploadFiles } from './upload';
import { forgetThumbnail, isPreviewable, seedThumbnail, useThumbnails } from './thumbnails';

export interface FileUploadProps {
  /** The stored files shown in the list (a form value, or a record's attachments). */
  value?: MediaDto[];
  /** The new list after an upload (new files first) or a delete. */
  onChange?: (files: MediaDto[]) => void;
  /** The record the uploads are attached to, e.g. `staff:<id>`. */
  context?: string;
  /** Where the activity-log entries of uploads and deletes go; the context by default. */
  activityContext?: string;
  isPublic?: boolean;
  /** No new uploads (the list, downloads and permitted deletes stay). */
  disabled?: boolean;
  /** Whether a stored file shows its delete button. */
  canDelete?: (m: MediaDto) => boolean;
  accept?: string;
  multiple?: boolean;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Upload with the spec's limits checked before sending (300 MB per file; images only JPG, GIF or PNG up to
 * 2 MB), each file's progress, the service's 413/415 message when it refuses one, thumbnails of images (a
 * click previews them) and the stored files with download and delete. Controlled by `value`/`onChange`, so
 * it also works as a form field.
 */
export function FileUpload({
  value = [],
  onChange,
  context,
  activityContext,
  isPublic,
  disabled,
  canDelete = () => true,
  accept,
  multiple = true,
}: FileUploadProps) {
  const { t } = useTranslation('files');
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [pending, setPending] = useState<UploadFile[]>([]);
  const [preview, setPreview] = useState<MediaDto | null>(null);
  const thumbs = useThumbnails(value);
  // Uploads finish one by one, possibly before the parent passes the new value: chain on the latest list.
  const latest = useRef(value);
  latest.current = value;
  const emit = (next: MediaDto[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const byId = new Map(value.map((m) => [m.id, m]));

  const stored: UploadFile[] = value.map((m) => ({ uid: m.id, name: m.name, size: m.size, type: m.mime, status: 'done', thumbUrl: thumbs[m.id] }));
  const shown: UploadFile[] = pending.map((f) => (f.status === 'error' ? { ...f, response: errorText(f.error) } : f));

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = checkUpload(file);
    if (!problem) return true;
    void message.error({ content: `${file.name}: ${t(problem.key, 'max' in problem ? { max: problem.max } : {})}`, key: `limit-${file.uid}` });
    return Upload.LIST_IGNORE;
  };

  // Each file's upload is tracked here (progress, then done or the error), not through antd's own statuses,
  // so that the list never depends on which render's callbacks the upload started with.
  const track = (uid: string, change: Partial<UploadFile> | null) =>
    setPending((list) => (change ? list.map((x) => (x.uid === uid ? { ...x, ...change } : x)) : list.filter((x) => x.uid !== uid)));

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const f = file as File & { uid: string };
    setPending((list) => [
      { uid: f.uid, name: f.name, size: f.size, type: f.type, status: 'uploading', percent: 0, originFileObj: f as never },
      ...list.filter((x) => x.uid !== f.uid),
    ]);
    uploadFiles([f], { context, activityContext: activityContext ?? context, isPublic, onProgress: (percent) => track(f.uid, { percent }) })
      .then((media) => {
        for (const m of media) seedThumbnail(qc, m, f);
        track(f.uid, null);
        emit([...media, ...latest.current.filter((m) => !media.some((n) => n.id === m.id))]);
        void message.success(t('uploaded', { name: f.name }));
      })
      .catch((e: unknown) => {
        track(f.uid, { status: 'error', error: e, percent: 0 });
        void message.error(t('uploadFailed', { name: f.name, message: errorText(e) }));
      });
  };

  // Only a removed failed upload comes through antd's change event (stored files are removed by `remove`).
  const handleChange: UploadProps['onChange'] = ({ file }) => {
    if (file.status === 'removed') track(file.uid, null);
  };

  const remove = (file: UploadFile): boolean | Promise<boolean> => {
    const m = byId.get(file.uid);
    if (!m) return true; // a failed upload leaves the list
    return new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('deleteFileTitle', { name: m.name }),
        content: t('common:deleteConfirmText'),
        okText: t('common:delete'),
        cancelText: t('common:cancel'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-delete-file' } as never,
        onCancel: () => resolve(false),
        onOk: async () => {
          try {
            await api('DELETE', `/files/${m.id}`, { body: { activity_context: activityContext ?? context ?? 'files' } });
            emit(latest.current.filter((x) => x.id !== m.id));
            forgetThumbnail(qc, m.id);
            void message.success(t('deleted'));
          } catch (e) {
            void message.error(e instanceof ApiError ? e.message : t('deleteFailed'));
          }
          resolve(false); // the list follows `value`, not antd's own removal
        },
      });
    });
  };

  const onDownload = (file: UploadFile) => {
    const m = byId.get(file.uid);
    if (m) download(`/files/${m.id}`, m.name).catch((e: unknown) => void message.error(e instanceof ApiError ? e.message : t('downloadFailed')));
  };

  const props: UploadProps = {
    multiple,
    accept,
    listType: 'picture',
    fileList: [...shown, ...stored],
    beforeUpload,
    customRequest,
    onChange: handleChange,
    onRemove: remove,
    onDownload,
    onPreview: (file) => {
      const m = byId.get(file.uid);
      if (m && isPreviewable(m)) setPreview(m);
    },
    showUploadList: {
      showDownloadIcon: (f) => byId.has(f.uid),
      showPreviewIcon: false,
      showRemoveIcon: (f) => {
        const m = byId.get(f.uid);
        return m ? canDelete(m) : f.status !== 'uploading';
      },
    },
  };
  return (
    <div data-testid="file-upload">
      {disabled ? (
        <Upload {...props} openFileDialogOnClick={false} />
      ) : (
        <Upload.Dragger {...props}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('uploadHint')}</p>
          <Typography.Text type="secondary">{t('uploadLimits', UPLOAD_LIMITS_MB)}</Typography.Text>
        </Upload.Dragger>
      )}
      <Modal open={Boolean(preview)} title={preview?.name} footer={null} onCancel={() => setPreview(null)} destroyOnHidden>
        {preview && thumbs[preview.id] && <img alt={preview.name} src={thumbs[preview.id]} style={{ width: '100%' }} />}
      </Modal>
    </div>
  );
}
