import { useState } from 'react';
import { Alert, App, Button, Modal, Progress, Space, Spin, Steps, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { importKeyFields, type ResourceDef } from '@portal/contracts';
import { apiResponse, ApiError, download, saveBlob } from '../api/client';
import { useLang } from '../i18n';

type Counts = { total: number; created: number; updated: number };
/** A line of the import's progress stream (`?progress=1`; packages/service-kit/src/resource/import-progress.ts). */
type ProgressLine =
  | { type: 'progress'; done: number; total: number }
  | {
      type: 'result';
      status: number;
      body?: { success: boolean; data?: Counts; message?: string; errors?: { path: string; message: string }[] };
      file?: { name: string; base64: string; errors: number; errorRows: number; total: number };
    };
type Result = Extract<ProgressLine, { type: 'result' }>;

/**
 * Sends the file to the import (or its check) with `progress=1` and reads the answer's lines as they come, passing each
 * progress on; returns the last line, the answer itself.
 */
async function importWithProgress(path: string, file: File, dryRun: boolean, onProgress: (p: { done: number; total: number }) => void): Promise<Result> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await apiResponse('POST', `${path}/import`, { form, query: { progress: 1, dry_run: dryRun ? 1 : undefined } });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let result: Result | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const text of lines) {
      if (!text.trim()) continue;
      const line = JSON.parse(text) as ProgressLine;
      if (line.type === 'progress') onProgress(line);
      else result = line;
    }
  }
  // The connection was cut before the last line (the service went away): no message of the server's to show.
  if (!result) throw new ApiError(0, '');
  if (result.body && !result.body.success) throw new ApiError(result.status, result.body.message ?? '', result.body.errors ?? []);
  return result;
}

const blobOf = (base64: string) =>
  new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

/** Where the dialog is: a file to check, checking, checked with errors or fine, importing, imported. */
type Phase = 'pick' | 'checking' | 'invalid' | 'valid' | 'importing' | 'done';

/**
 * Import by file (spec §2) in two steps. "Check" sends the file to the import check (`POST <path>/import?dry_run=1`),
 * which runs the real import and rolls it back: a bad file comes back with its bad cells in red (the message in each
 * cell's note), to download, fix and upload again; a good one shows what the import will do, and "Import" then runs
 * it. Errors of the whole file (unknown columns, no rows, not an .xlsx) are listed as the server words them.
 */
export function ImportDialog({ def, open, onClose }: { def: ResourceDef; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { label } = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('pick');
  const [errors, setErrors] = useState<{ path: string; message: string }[]>([]);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [marked, setMarked] = useState<{ blob: Blob; name: string; count: number; rows: number } | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const busy = phase === 'checking' || phase === 'importing';
  const keys = importKeyFields(def).map((k) => label(def.fields[k]!.label));

  const reset = (f: File | null) => {
    setFile(f);
    setPhase('pick');
    setErrors([]);
    setCounts(null);
    setMarked(null);
    setProgress(null);
  };
  const failed = (e: unknown) => {
    setErrors(
      e instanceof ApiError ? (e.errors.length ? e.errors : [{ path: '', message: e.message || t('importCutOff') }]) : [{ path: '', message: t('saveFail') }],
    );
    setPhase('pick');
  };
  const check = async () => {
    if (!file) return;
    setPhase('checking');
    setErrors([]);
    setCounts(null);
    setMarked(null);
    setProgress(null);
    try {
      const r = await importWithProgress(def.path, file, true, setProgress);
      if (r.file) {
        setMarked({ blob: blobOf(r.file.base64), name: `${file.name.replace(/\.xlsx$/i, '')}-errors.xlsx`, count: r.file.errors, rows: r.file.errorRows });
        setPhase('invalid');
      } else {
        setCounts(r.body!.data!);
        setPhase('valid');
      }
    } catch (e) {
      failed(e);
    }
  };

  const run = async () => {
    if (!file) return;
    setPhase('importing');
    setErrors([]);
    setProgress(null);
    try {
      const r = (await importWithProgress(def.path, file, false, setProgress)).body!.data!;
      setCounts(r);
      setPhase('done');
      void message.success(t('importDone', r));
      await qc.invalidateQueries({ queryKey: [def.path] });
    } catch (e) {
      failed(e);
    }
  };

  const step = phase === 'pick' ? (file ? 1 : 0) : phase === 'checking' || phase === 'invalid' ? 1 : 2;
  const primary =
    phase === 'valid' || phase === 'importing' ? (
      <Button type="primary" loading={phase === 'importing'} onClick={() => void run()} data-testid="import-run">
        {t('importRun')}
      </Button>
    ) : phase === 'done' ? null : (
      <Button type="primary" loading={phase === 'checking'} disabled={!file} onClick={() => void check()} data-testid="import-check">
        {t('importCheck')}
      </Button>
    );

  return (
    <Modal
      title={`${t('importTitle')} — ${label(def.label)}`}
      open={open}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      maskClosable={!busy}
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy}>
            {t('close')}
          </Button>
          {primary}
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Steps
          size="small"
          current={step}
          status={phase === 'invalid' ? 'error' : phase === 'done' ? 'finish' : 'process'}
          items={[{ title: t('importStepFile') }, { title: t('importStepCheck') }, { title: t('importStepImport') }]}
        />
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void download(`${def.path}/import-template`, `${def.name}-template.xlsx`)}>
            {t('importTemplate')}
          </Button>
          <Typography.Text type="secondary">{keys.length ? t('importKeyHint', { cols: keys.join(', ') }) : t('importNoKeyHint')}</Typography.Text>
        </Space>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          multiple={false}
          disabled={busy}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          beforeUpload={(f) => {
            if (!/\.xlsx$/i.test(f.name)) {
              void message.error(t('importOnlyXlsx'));
              return Upload.LIST_IGNORE;
            }
            reset(f);
            return false;
          }}
          onRemove={() => reset(null)}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('importPick')}</p>
        </Upload.Dragger>
        {busy && (
          <Alert
            type="info"
            showIcon
            icon={<Spin size="small" />}
            message={t(phase === 'checking' ? 'importChecking' : 'importImporting')}
            description={
              progress &&
              progress.total > 0 && (
                <div data-testid="import-progress">
                  <Progress percent={Math.floor((progress.done / progress.total) * 100)} size="small" />
                  <Typography.Text type="secondary">{t('importProgress', progress)}</Typography.Text>
                </div>
              )
            }
          />
        )}
        {phase === 'invalid' && marked && (
          <Alert
            type="error"
            showIcon
            data-testid="import-check-errors"
            message={t('importCheckErrors', { count: marked.count, rows: marked.rows })}
            description={
              <Space direction="vertical">
                <span>{t('importCheckErrorsHint')}</span>
                <Button danger icon={<DownloadOutlined />} onClick={() => saveBlob(marked.blob, marked.name)} data-testid="import-download-marked">
                  {t('importDownloadMarked')}
                </Button>
              </Space>
            }
          />
        )}
        {phase === 'valid' && counts && (
          <Alert type="success" showIcon data-testid="import-check-ok" message={t('importCheckOk', counts)} description={t('importCheckOkHint')} />
        )}
        {phase === 'done' && counts && <Alert type="success" showIcon message={t('importDone', counts)} />}
        {errors.length > 0 && (
          <>
            <Alert type="error" showIcon message={t('importErrors')} />
            <Table
              size="small"
              rowKey={(_, i) => String(i)}
              pagination={{ pageSize: 10 }}
              dataSource={errors}
              columns={[
                { title: t('importRow'), dataIndex: 'path', width: 240 },
                { title: t('importMessage'), dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
