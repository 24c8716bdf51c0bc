import { useMemo, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Flex, Progress, Skeleton, Space, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { asset, MAX_FILTER_VALUES, pagePath, UUID_RE, type ListResult } from '@portal/contracts';
import { api, useLang, useLibrary, type Row } from '@portal/ui-kit';
import { loadQr, MAX_LABELS, PER_SHEET, qrPath, scanUrl, type QrLibrary } from './qr';
import { fill, Q } from './texts';

/**
 * The sheet on paper: A4 (`@page asset-labels`, 0.5 mm above and below: 8 × 37 mm fill the rest), 3 columns × 8 rows
 * of 70 × 37 mm labels — the common die-cut label sheet — a sheet per 24 labels, each on a page of its own; each label's
 * text kept 3 mm inside its edges, where a printer that cannot print to the paper's edge still prints. On the screen
 * the sheets are shown as pages (scrolling sideways in a narrow window), the labels' cut lines dotted; printed, only the
 * sheets are (the frame and the buttons are not: shell global.css, `portal-no-print`).
 */
const CSS = `
@page asset-labels { size: A4; margin: 0.5mm 0; }
.asset-labels-scroll { overflow-x: auto; }
.asset-labels-sheet {
  page: asset-labels;
  box-sizing: border-box; width: 210mm; height: 296mm; overflow: hidden;
  display: grid; grid-template-columns: repeat(3, 70mm); grid-template-rows: repeat(8, 37mm); align-content: start;
  background: #fff; color: #000; margin: 0 auto 16px; box-shadow: 0 1px 6px rgba(0, 0, 0, 0.25);
  font-family: Arial, Helvetica, sans-serif;
}
.asset-label {
  box-sizing: border-box; width: 70mm; height: 37mm; padding: 3mm 3mm 3mm 4mm; overflow: hidden;
  display: flex; align-items: center; gap: 2.5mm; outline: 1px dashed #d9d9d9; outline-offset: -1px;
}
.asset-label-qr { flex: none; width: 29mm; height: 29mm; display: block; }
.asset-label-text { min-width: 0; display: flex; flex-direction: column; gap: 1.2mm; }
.asset-label-code { font-size: 12pt; font-weight: 700; line-height: 1.1; letter-spacing: 0.2px; overflow-wrap: anywhere; }
.asset-label-name, .asset-label-dept {
  display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden; overflow-wrap: anywhere;
}
.asset-label-name { font-size: 8.5pt; line-height: 1.2; -webkit-line-clamp: 3; }
.asset-label-dept { font-size: 7pt; line-height: 1.2; color: #333; -webkit-line-clamp: 2; }
@media print {
  .asset-labels-scroll { overflow: visible; }
  .asset-labels-sheet { margin: 0; box-shadow: none; break-after: page; }
  .asset-labels-sheet:last-child { break-after: auto; }
  .asset-label { outline: none; }
}
`;

/** How many assets one read asks for by id: as many as the list's `f_id` takes. */
const BY_ID = MAX_FILTER_VALUES;
const chunks = <T,>(xs: T[], n: number): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/** The ids in the address (`?ids=<id>,<id>,…`): well-formed, each once, in their order. */
function idsOf(raw: string | null): string[] {
  const ids = (raw ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => UUID_RE.test(s));
  return [...new Set(ids)];
}

/** An asset's QR code: its scan page's address, drawn as an SVG (sharp at any printer's resolution). */
function QrCode({ lib, code }: { lib: QrLibrary; code: string }) {
  const url = scanUrl(code);
  const { size, d } = useMemo(() => qrPath(lib, url), [lib, url]);
  return (
    <svg
      className="asset-label-qr"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={`QR ${code}`}
      data-testid="asset-label-qr"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

function Label({ row, lib }: { row: Row; lib: QrLibrary | null }) {
  const code = String(row.asset_code ?? '');
  return (
    <div className="asset-label" data-testid="asset-label" data-code={code}>
      {lib ? <QrCode lib={lib} code={code} /> : <div className="asset-label-qr" />}
      <div className="asset-label-text">
        <span className="asset-label-code">{code}</span>
        <span className="asset-label-name">{String(row.name ?? '')}</span>
        {row.department_id__title ? <span className="asset-label-dept">{String(row.department_id__title)}</span> : null}
      </div>
    </div>
  );
}

/**
 * The QR labels of the assets chosen in the register (`/assets/asset-labels?ids=<id>,…`, at most MAX_LABELS): per asset
 * its QR code — the address of its scan page (ScanPage), which opens it on a phone — its code, its name and its
 * managing department, on A4 label sheets ready to print. The assets are read by id, a hundred at a time, in the caller's
 * scope as any list (one they may not see gets no label, and they are told how many).
 */
export function LabelsPage() {
  const { label } = useLang();
  const [params] = useSearchParams();
  const ids = useMemo(() => idsOf(params.get('ids')), [params]);
  const tooMany = ids.length > MAX_LABELS;
  const qr = useLibrary(loadQr);
  // The chosen assets read by id, BY_ID at a time (the list's f_id), each read in the caller's scope.
  const parts = useMemo(() => (tooMany ? [] : chunks(ids, BY_ID)), [ids, tooMany]);
  const reads = useQueries({
    queries: parts.map((part) => ({
      queryKey: [asset.path, 'by-id', part],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api<ListResult<Row>>('GET', asset.path, { query: { f_id: part.join(','), limit: BY_ID, fields: 'asset_code,name,department_id' }, signal }),
    })),
  });
  const finished = reads.every((r) => !r.isPending);
  const done = reads.reduce((n, r, i) => n + (r.isPending ? 0 : parts[i]!.length), 0);
  const rows = reads.flatMap((r) => r.data?.items ?? []).sort((a, b) => String(a.asset_code).localeCompare(String(b.asset_code), undefined, { numeric: true }));
  // Asked for and not given: out of the caller's scope, deleted, or in a read that failed.
  const failed = finished ? ids.length - rows.length : 0;
  const sheets: Row[][] = [];
  for (let i = 0; i < rows.length; i += PER_SHEET) sheets.push(rows.slice(i, i + PER_SHEET));
  const register = pagePath(asset);

  const head = (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Flex vertical>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {label(Q.title)}
        </Typography.Title>
        {rows.length > 0 && finished && (
          <Typography.Text type="secondary" data-testid="asset-labels-count">
            {fill(label(Q.count), { n: rows.length, pages: sheets.length })}
          </Typography.Text>
        )}
      </Flex>
      <Space wrap>
        <Link to={register}>{label(Q.back)}</Link>
        <Button
          type="primary"
          icon={<PrinterOutlined />}
          disabled={!rows.length || !finished || !qr.lib}
          onClick={() => window.print()}
          data-testid="asset-labels-print"
        >
          {label(Q.print)}
        </Button>
      </Space>
    </Flex>
  );

  let body: ReactNode;
  if (!ids.length) body = <Empty description={label(Q.none)} />;
  else if (tooMany)
    body = <Alert type="error" showIcon title={fill(label(Q.tooMany), { max: MAX_LABELS, n: ids.length })} data-testid="asset-labels-too-many" />;
  else if (!finished)
    body = (
      <Flex vertical gap={8}>
        <Typography.Text>{fill(label(Q.loading), { done, n: ids.length })}</Typography.Text>
        <Progress percent={Math.round((done / ids.length) * 100)} showInfo={false} />
        <Skeleton active />
      </Flex>
    );
  else if (!rows.length) body = <Empty description={fill(label(Q.unreadable), { n: failed })} />;
  else body = null;

  return (
    <>
      <style>{CSS}</style>
      <Card className="portal-no-print" style={{ marginBottom: 16 }}>
        <Flex vertical gap={12}>
          {head}
          {qr.error && (
            <Alert
              type="error"
              showIcon
              title={label(Q.qrError)}
              action={
                <Button size="small" onClick={qr.retry}>
                  {label(Q.retry)}
                </Button>
              }
            />
          )}
          {failed > 0 && rows.length > 0 && finished && (
            <Alert type="warning" showIcon title={fill(label(Q.unreadable), { n: failed })} data-testid="asset-labels-unreadable" />
          )}
          {body}
        </Flex>
      </Card>
      {!body && (
        <div className="asset-labels-scroll" data-testid="asset-labels">
          {sheets.map((sheet, i) => (
            // A sheet is its place in the run: its labels are the run's, in code order.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <div className="asset-labels-sheet" key={i} data-testid="asset-labels-sheet">
              {sheet.map((row) => (
                <Label key={row.id} row={row} lib={qr.lib} />
              ))}
            </div>
          ))}
        </div>
      )}
    </>
  );
}
