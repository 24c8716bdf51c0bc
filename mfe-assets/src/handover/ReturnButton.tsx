import { useState } from 'react';
import { App, Button } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { assetHandover, pagePath } from '@portal/contracts';
import { api, useCan, useLang, type Row } from '@portal/ui-kit';
import { H } from './texts';

/**
 * On a completed handover to a user, for the asset office: its return — a RETURN draft from the receiver back to the
 * giver with the assets they still hold (`POST /asset-handover/:id/return`), opened to be checked and sent.
 */
export function ReturnButton({ row }: { row: Row }) {
  const { label } = useLang();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const may = useCan('add', 'asset');
  const [busy, setBusy] = useState(false);
  if (!may || row.type !== 'TO_USER' || row.status !== 'CONFIRM' || row.state !== 'ACTIVE') return null;
  return (
    <Button
      icon={<RollbackOutlined />}
      loading={busy}
      data-testid="handover-return"
      onClick={async () => {
        setBusy(true);
        try {
          const back = await api<Row>('POST', `${assetHandover.path}/${row.id}/return`, { body: {} });
          navigate(`${pagePath(assetHandover)}/${back.id}?tab=2`);
        } catch (e) {
          message.error((e as Error).message);
        } finally {
          setBusy(false);
        }
      }}
    >
      {label(H.returnIt)}
    </Button>
  );
}
