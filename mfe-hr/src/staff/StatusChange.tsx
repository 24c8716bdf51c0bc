import { useState } from 'react';
import { Alert, Button, Modal } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { staffStatus } from '@portal/contracts';
import { ResourceForm, useCan, useParentChanged } from '@portal/ui-kit';

/**
 * "Change status" on a staff member's page (spec §4: probation, official, quit, transfer, leave): files a status change
 * (services/hr/src/staff-status.ts applies it), then the staff record, its tabs and its activity log reload.
 */
export function StatusChangeButton({ staffId }: { staffId: string }) {
  const { t } = useTranslation('hr');
  const [open, setOpen] = useState(false);
  const changed = useParentChanged(staffStatus);
  if (!useCan('add', staffStatus.feature)) return null;
  return (
    <>
      <Button icon={<SwapOutlined />} onClick={() => setOpen(true)}>
        {t('changeStatus')}
      </Button>
      <Modal open={open} destroyOnHidden footer={null} width={900} title={t('changeStatus')} onCancel={() => setOpen(false)}>
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('changeStatusHint')} />
        <ResourceForm
          def={staffStatus}
          bare
          initial={{ staff_id: staffId }}
          hidden={['staff_id']}
          onCancel={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            changed();
          }}
        />
      </Modal>
    </>
  );
}
