import { Card, Typography } from 'antd';
import { staff } from '@portal/contracts';
import { RecordFields, RecordUnready, useRecord, type Row } from '@portal/ui-kit';

/**
 * "My information" for an employee who may not read staff records: their own record (`GET /staff/me`, the kit's
 * `ResourceDef.mine`), its general information read-only. The staff page's other tabs (pay, family, transfers…) stay
 * with those who may read staff records; files and history too (they are asked of the record's own routes).
 */
export default function MyStaffRecord() {
  const record = useRecord<Row>(staff.path, 'me');
  if (record.isLoading || record.isError || !record.data) return <RecordUnready record={record} back="/" />;
  return (
    <Card
      styles={{ title: { whiteSpace: 'normal' } }}
      title={
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="my-staff-record">
          {String(record.data.full_name ?? '')}
        </Typography.Title>
      }
    >
      <RecordFields def={staff} row={record.data} />
    </Card>
  );
}
