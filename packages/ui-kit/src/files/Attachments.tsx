import { Alert, Button, Empty, Skeleton, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_LIMIT, type Feature, type MediaDto, type MediaList } from '@portal/contracts';
import { api } from '../api/client';
import { useSession } from '../api/session';
import { useCan } from '../auth/ability';
import { FileUpload } from './FileUpload';

export const attachmentsKey = (context: string) => ['/files', 'context', context];

/**
 * The files attached to a record (`context` such as `staff:<id>`): the list the caller may download, upload
 * for those with add or edit on the record's feature, delete for the uploader, an admin or an editor
 * (the files service decides again; services/files/README.md).
 */
export function Attachments({ context, feature }: { context: string; feature: Feature }) {
  const { t } = useTranslation('files');
  const qc = useQueryClient();
  const user = useSession((s) => s.user);
  const canAdd = useCan('add', feature);
  const canEdit = useCan('edit', feature);
  const key = attachmentsKey(context);
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => api<MediaList>('GET', '/files', { query: { context, limit: MAX_LIMIT }, signal }) });

  if (list.isLoading) return <Skeleton active />;
  if (list.isError || !list.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('common:loadError')}
        description={(list.error as Error | null)?.message}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('common:retry')}
          </Button>
        }
      />
    );
  }
  const files = list.data.items;
  const canUpload = canAdd || canEdit;
  const change = (items: MediaDto[]) => {
    qc.setQueryData<MediaList>(key, (old) => old && { ...old, items, totalRows: old.totalRows + items.length - old.items.length });
    void qc.invalidateQueries({ queryKey: key });
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="attachments">
      {!canUpload && <Alert type="info" showIcon title={t('noUploadRight')} />}
      <FileUpload
        value={files}
        onChange={change}
        context={context}
        disabled={!canUpload}
        canDelete={(m) => Boolean(user && (m.owner === user.id || user.is_admin)) || canEdit}
      />
      {!files.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noFiles')} />}
    </Space>
  );
}
