import { App, Button } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useLang, type Row } from '@portal/ui-kit';
import { labelsPath, MAX_LABELS } from './qr';
import { fill, Q } from './texts';

/**
 * The register's button on the assets ticked in it (ui-kit selectionActions): their QR labels' sheet (LabelsPage); more
 * than a sheet request takes (a page of 300 all ticked) are not sent there, the user is told to choose fewer.
 */
export function LabelsButton({ rows }: { rows: Row[] }) {
  const { label } = useLang();
  const { message } = App.useApp();
  const navigate = useNavigate();
  return (
    <Button
      icon={<QrcodeOutlined />}
      onClick={() =>
        rows.length > MAX_LABELS
          ? void message.warning(fill(label(Q.tooMany), { max: MAX_LABELS, n: rows.length }))
          : navigate(labelsPath(rows.map((r) => r.id)))
      }
      data-testid="asset-labels-button"
    >
      {fill(label(Q.printLabels), { n: rows.length })}
    </Button>
  );
}
