import { useState } from 'react';
import { App, Button } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { bookRoom } from '@portal/contracts';
import { ApiError, defineTexts, download, type Row } from '@portal/ui-kit';

const useTexts = defineTexts({
  save: { vi: 'Lưu vào lịch (.ics)', en: 'Save to calendar (.ics)' },
  failed: { vi: 'Không tải được tệp lịch', en: 'The calendar file could not be downloaded' },
});

/**
 * On a booking's page: "Save to calendar (.ics)" downloads `GET /book-room/:id/ics`, the meeting as a
 * calendar file with the same UID as the invitations mailed about it, so opening it updates the same event.
 */
export function SaveToCalendarButton({ row }: { row: Row }) {
  const tr = useTexts();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const name = String(row.name ?? '')
        .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '')
        .trim()
        .slice(0, 100);
      await download(`${bookRoom.path}/${row.id}/ics`, `${name || 'booking'}.ics`);
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : tr('failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<CalendarOutlined />} loading={busy} onClick={() => void save()} data-testid="booking-save-ics">
      {tr('save')}
    </Button>
  );
}
