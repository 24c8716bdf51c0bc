import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Table, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@portal/contracts';
import { api, ApiError, download } from '../api/client';
import { useLang } from '../i18n';

/** Import by file (spec §2): template download, an .xlsx upload with progress, and the errors per row and column. */
export function ImportDialog({ def, open, onClose }: { def: ResourceDef; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { label } = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ path: string; message: string }[]>([]);
  const [summary, setSummary] = useState<string | null>(null);

  const run = async () => {
    if (!file) return;
    setBusy(true); setErrors([]); setSummary(null);
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const r = await api<{ total: number; created: number; updated: number }>('POST', `${def.path}/import`, { form });
      const text = t('importDone', r);
      setSummary(text);
      void message.success(text);
      setFile(null);
      await qc.invalidateQueries({ queryKey: [def.path] });
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(e.errors.length ? e.errors : [{ path: '', message: e.message }]);
      } else setErrors([{ path: '', message: t('saveFail') }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={`${t('importTitle')} — ${label(def.label)}`} open={open} onCancel={onClose} width={720} destroyOnHidden
      footer={<Space><Button onClick={onClose}>{t('close')}</Button><Button type="primary" loading={busy} disabled={!file} onClick={run} data-testid="import-run">{t('importRun')}</Button></Space>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button icon={<DownloadOutlined />} onClick={() => void download(`${def.path}/import-template`, `${def.name}-template.xlsx`)}>{t('importTemplate')}</Button>
        <Upload.Dragger accept=".xlsx" maxCount={1} multiple={false} fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          beforeUpload={(f) => {
            if (!/\.xlsx$/i.test(f.name)) { void message.error(t('importOnlyXlsx')); return Upload.LIST_IGNORE; }
            setFile(f); setErrors([]); setSummary(null); return false;
          }} onRemove={() => setFile(null)}>
          <p className="ant-upload-drag-icon"><InboxOutlined /></p>
          <p>{t('importPick')}</p>
        </Upload.Dragger>
        {summary && <Alert type="success" showIcon message={summary} />}
        {errors.length > 0 && (
          <>
            <Alert type="error" showIcon message={t('importErrors')} />
            <Table size="small" rowKey={(_, i) => String(i)} pagination={{ pageSize: 10 }} dataSource={errors}
              columns={[{ title: t('importRow'), dataIndex: 'path', width: 240 }, { title: t('importMessage'), dataIndex: 'message' }]} />
          </>
        )}
      </Space>
    </Modal>
  );
}
