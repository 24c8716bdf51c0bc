import { useState } from 'react';
import { Alert, App, Button, Collapse, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { BULK_MAX, GENDER, GENDER_LABELS, candidate, recruitment } from '@portal/contracts';
import { api, ApiError, useCan, useLang } from '@portal/ui-kit';
import { useTexts } from './texts';
import { OpenRecruitmentSelect } from './OpenRecruitmentSelect';

const COLUMNS = ['full_name', 'email', 'phone', 'gender', 'birthday', 'source', 'expected_salary'] as const;
type Col = (typeof COLUMNS)[number];
type Draft = Record<Col, string> & { key: number };

let nextKey = 1;
const blank = (): Draft => ({ key: nextKey++, full_name: '', email: '', phone: '', gender: '', birthday: '', source: '', expected_salary: '' });

/** A gender cell as typed or pasted: the value (MALE) or its label in either language (Nam, Female). */
function genderOf(text: string): string {
  const x = text.trim().toLowerCase();
  return GENDER.find((g) => g.toLowerCase() === x || GENDER_LABELS[g].vi.toLowerCase() === x || GENDER_LABELS[g].en.toLowerCase() === x) ?? text.trim();
}

/** Rows pasted from a spreadsheet: tab-separated columns in the order of COLUMNS; blank lines skipped. */
function parsePaste(text: string): Draft[] {
  return text
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .map((line) => {
      const cells = line.split('\t');
      const d = blank();
      COLUMNS.forEach((c, i) => {
        d[c] = (cells[i] ?? '').trim();
      });
      d.gender = d.gender ? genderOf(d.gender) : '';
      return d;
    });
}

/** The body item of a row: empty cells left out; a salary typed with separators sent as a number when it is one. */
function itemOf(d: Draft): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const c of COLUMNS) {
    const v = d[c].trim();
    if (!v) continue;
    if (c === 'expected_salary') {
      const n = Number(v.replace(/[.,\s]/g, ''));
      item[c] = Number.isFinite(n) ? n : v;
    } else item[c] = v;
  }
  return item;
}

/**
 * "Bulk create" (POST /candidate/bulk-create): rows typed in a table or pasted from Excel, for one request that is
 * recruiting. All or nothing: the server's errors come back per cell (items.N.field) and nothing is created.
 */
export function BulkCreateButton({ recruitmentId }: { recruitmentId?: string }) {
  const tr = useTexts();
  const { label } = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<Draft[]>([blank()]);
  const [target, setTarget] = useState<string | null>(recruitmentId ?? null);
  const [paste, setPaste] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  if (!useCan('add', candidate.feature)) return null;

  const close = () => {
    setOpen(false);
    setRows([blank()]);
    setErrors({});
    setGeneral([]);
    setPaste('');
    if (!recruitmentId) setTarget(null);
  };
  const set = (key: number, col: Col, v: string) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, [col]: v } : r)));
  const addPasted = () => {
    const pasted = parsePaste(paste);
    setRows((rs) => [...rs.filter((r) => COLUMNS.some((c) => r[c].trim())), ...pasted].slice(0, BULK_MAX));
    setPaste('');
  };
  const submit = async () => {
    const filled = rows.filter((r) => COLUMNS.some((c) => r[c].trim()));
    setBusy(true);
    setErrors({});
    setGeneral([]);
    try {
      const res = await api<{ created: number }>('POST', '/candidate/bulk-create', { body: { recruitment_id: target, items: filled.map(itemOf) } });
      void message.success(tr('created', { n: res.created }));
      for (const p of [candidate.path, recruitment.path]) void qc.invalidateQueries({ queryKey: [p] });
      close();
    } catch (e) {
      if (!(e instanceof ApiError)) {
        void message.error(String(e));
        return;
      }
      const cells: Record<string, string> = {};
      const other: string[] = [];
      for (const x of e.errors) {
        const m = /^items\.(\d+)\.(\w+)$/.exec(x.path);
        const row = m ? filled[Number(m[1])] : undefined;
        if (m && row) cells[`${row.key}.${m[2]}`] = x.message;
        else other.push(x.path === 'recruitment_id' ? `${tr('pickRecruitment')}: ${x.message}` : x.message);
      }
      setErrors(cells);
      setGeneral(other);
      setRows(filled.length ? filled : [blank()]);
      void message.error(e.message);
    } finally {
      setBusy(false);
    }
  };

  const cell = (col: Col) => (_: unknown, r: Draft) => {
    const err = errors[`${r.key}.${col}`];
    const input =
      col === 'gender' ? (
        <Select
          size="small"
          allowClear
          style={{ width: 110 }}
          value={r.gender || undefined}
          status={err ? 'error' : undefined}
          aria-label={label(candidate.fields.gender!.label)}
          onChange={(v) => set(r.key, 'gender', (v as string | undefined) ?? '')}
          options={GENDER.map((g) => ({ value: g, label: label(GENDER_LABELS[g]) }))}
        />
      ) : (
        <Input
          size="small"
          value={r[col]}
          status={err ? 'error' : undefined}
          placeholder={col === 'birthday' ? 'dd/mm/yyyy' : undefined}
          aria-label={label(candidate.fields[col]!.label)}
          onChange={(e) => set(r.key, col, e.target.value)}
          style={{ minWidth: col === 'email' || col === 'full_name' ? 180 : 110 }}
        />
      );
    return err ? (
      <div>
        {input}
        <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }}>
          {err}
        </Typography.Text>
      </div>
    ) : (
      input
    );
  };

  return (
    <>
      <Button icon={<UsergroupAddOutlined />} onClick={() => setOpen(true)} data-testid="bulk-create">
        {tr('bulkCreate')}
      </Button>
      <Modal
        open={open}
        width={1200}
        title={tr('bulkCreate')}
        onCancel={close}
        onOk={() => void submit()}
        confirmLoading={busy}
        destroyOnHidden
        okButtonProps={{ disabled: !target || !rows.some((r) => COLUMNS.some((c) => r[c].trim())) }}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="info" showIcon title={tr('bulkHint')} />
          {!recruitmentId && <OpenRecruitmentSelect value={target} onChange={setTarget} />}
          {general.length > 0 && <Alert type="error" showIcon title={general.join(' · ')} />}
          <Collapse
            size="small"
            items={[
              {
                key: 'paste',
                label: tr('paste'),
                children: (
                  <Space orientation="vertical" style={{ width: '100%' }}>
                    <Input.TextArea
                      rows={4}
                      value={paste}
                      onChange={(e) => setPaste(e.target.value)}
                      placeholder={tr('pastePlaceholder')}
                      aria-label={tr('paste')}
                    />
                    <Button onClick={addPasted} disabled={!paste.trim()}>
                      {tr('addRows')}
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
          <Table<Draft>
            rowKey="key"
            size="small"
            dataSource={rows}
            pagination={false}
            scroll={{ x: 'max-content', y: 420 }}
            columns={[
              { key: 'n', title: '#', width: 48, render: (_: unknown, __: Draft, i: number) => i + 1 },
              ...COLUMNS.map((c) => ({
                key: c,
                title: (
                  <>
                    {label(candidate.fields[c]!.label)}
                    {candidate.fields[c]!.required ? ' *' : ''}
                  </>
                ),
                render: cell(c),
              })),
              {
                key: 'x',
                width: 48,
                render: (_: unknown, r: Draft) => (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={tr('removeRow')}
                    onClick={() => setRows((rs) => (rs.length > 1 ? rs.filter((x) => x.key !== r.key) : [blank()]))}
                  />
                ),
              },
            ]}
          />
          <Space>
            <Button icon={<PlusOutlined />} onClick={() => setRows((rs) => (rs.length < BULK_MAX ? [...rs, blank()] : rs))} disabled={rows.length >= BULK_MAX}>
              {tr('addRow')}
            </Button>
            <Typography.Text type="secondary">
              {tr('rows', { n: rows.length })} / {BULK_MAX}
            </Typography.Text>
          </Space>
        </Space>
      </Modal>
    </>
  );
}
