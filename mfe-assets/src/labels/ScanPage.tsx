import { Alert, Button, Card, Flex, Input, Result, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { asset, assetHandover, assetHandoverLine, pagePath, type ListResult } from '@portal/contracts';
import { api, ApiError, useLang, useList, useSession, type Row } from '@portal/ui-kit';
import { fill, Q } from './texts';

interface Found {
  asset: string | null;
  /** The handover of the asset waiting for the caller's answer, if they are its receiver. */
  handover: string | null;
}

/**
 * Where a label's code leads: the asset's code looked up in the register (its list's search, in the caller's scope;
 * the code itself, not a longer one containing it), then — for the receiver of a handover of it still waiting for their
 * answer (a line HAND_OVER) — that handover's assets, where they accept or deny it, or else the asset's own page. A code
 * the register does not have, or an asset the caller may not see, says so, with a search of the register and the
 * handovers waiting for the caller.
 */
export function ScanPage() {
  const { label } = useLang();
  const navigate = useNavigate();
  const code = (useParams().code ?? '').trim();
  const me = useSession((s) => s.staff?.id ?? null);
  const found = useQuery({
    queryKey: [asset.path, 'scan', code, me],
    queryFn: async ({ signal }): Promise<Found> => {
      const list = await api<ListResult<Row>>('GET', asset.path, { query: { q: code, limit: 50, fields: 'asset_code' }, signal });
      const hit = list.items.find((r) => String(r.asset_code ?? '').toLowerCase() === code.toLowerCase());
      if (!hit) return { asset: null, handover: null };
      if (!me) return { asset: hit.id, handover: null };
      const lines = await api<ListResult<Row>>('GET', assetHandoverLine.path, {
        query: { f_asset_id: hit.id, f_receiver_id: me, f_status: 'HAND_OVER', limit: 1, fields: 'handover_id' },
        signal,
      });
      const handover = lines.items[0]?.handover_id;
      return { asset: hit.id, handover: handover ? String(handover) : null };
    },
    enabled: Boolean(code),
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
  });
  const unknown = !code || (found.data && !found.data.asset);
  const waiting = useList<Row>(assetHandover.path, { f_receiver_id: me ?? undefined, f_status: 'HAND_OVER', limit: 20 }, Boolean(unknown && me));

  if (found.data?.handover) return <Navigate replace to={`${pagePath(assetHandover)}/${found.data.handover}?tab=2`} />;
  if (found.data?.asset) return <Navigate replace to={`${pagePath(asset)}/${found.data.asset}`} />;
  if (found.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={fill(label(Q.loadError), { message: found.error.message })}
        action={
          <Button size="small" onClick={() => void found.refetch()}>
            {label(Q.retry)}
          </Button>
        }
      />
    );
  if (!unknown)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin description={fill(label(Q.finding), { code })} size="large">
          <div style={{ minWidth: 200, minHeight: 40 }} />
        </Spin>
      </Flex>
    );
  const handovers = waiting.data?.items ?? [];
  return (
    <Card>
      <Result
        status="warning"
        style={{ paddingInline: 0 }}
        title={<span data-testid="scan-not-found">{fill(label(Q.notFound), { code })}</span>}
        subTitle={label(Q.notFoundHint)}
        extra={
          <Flex vertical align="center" gap={12}>
            <Input.Search
              allowClear
              defaultValue={code}
              placeholder={label(Q.search)}
              aria-label={label(Q.search)}
              enterButton
              style={{ maxWidth: 360 }}
              data-testid="scan-search"
              onSearch={(v) => navigate(`${pagePath(asset)}${v.trim() ? `?q=${encodeURIComponent(v.trim())}` : ''}`)}
            />
            <Link to={pagePath(asset)}>{label(Q.openRegister)}</Link>
          </Flex>
        }
      />
      {handovers.length > 0 && (
        <Flex vertical gap={6} data-testid="scan-waiting" style={{ borderTop: '1px solid rgba(5, 5, 5, 0.06)', paddingTop: 12 }}>
          <Typography.Text strong>{label(Q.waiting)}</Typography.Text>
          {handovers.map((h) => (
            <Flex key={h.id} gap={8} wrap>
              <Link to={`${pagePath(assetHandover)}/${h.id}?tab=2`}>{String(h.code ?? h.id)}</Link>
              {h.giver_id__title ? <Typography.Text type="secondary">{String(h.giver_id__title)}</Typography.Text> : null}
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
