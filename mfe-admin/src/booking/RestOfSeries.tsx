import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Popconfirm, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { bookRoom, pagePath, seriesOpenStatuses, seriesPaths } from '@portal/contracts';
import { api, ApiError, defineTexts, useCan, useRecord, type Row } from '@portal/ui-kit';

const useTexts = defineTexts({
  title: { vi: 'Chuỗi lặp lại', en: 'Repeating series' },
  editHint: {
    vi: 'Nút Lưu chỉ đổi lần họp này. Để đổi cả các lần sau trong chuỗi (tên, phòng, người tham dự, giờ họp), dùng nút bên dưới.',
    en: 'Save changes only this meeting. To change the later ones of the series too (name, room, attendees, times), use the button below.',
  },
  saveRest: { vi: 'Lưu cho lần này và các lần sau', en: 'Save for this and the following' },
  updated: { vi: 'Đã cập nhật {n} lần họp', en: '{n} meetings updated' },
  cancelRest: { vi: 'Hủy lần này và các lần sau', en: 'Cancel this and the following' },
  cancelConfirm: { vi: 'Hủy lần họp này và mọi lần sau trong chuỗi?', en: 'Cancel this meeting and every later one of the series?' },
  cancelled: { vi: 'Đã hủy {n} lần họp', en: '{n} meetings cancelled' },
});

/** The series routes, grouping field and open statuses, from the declaration (contracts kit/series.ts). */
const series = bookRoom.series!;
const paths = seriesPaths(bookRoom.path);
const open = seriesOpenStatuses(series, bookRoom.workflow) ?? [];
/** The bookings of one series, listed together (the list's filter by series). */
const seriesList = (seriesId: unknown) => `${pagePath(bookRoom)}?${new URLSearchParams({ [`f_${series.group}`]: String(seriesId) })}`;
const isOpenOccurrence = (row: Row | undefined) =>
  Boolean(row?.[series.group] && open.includes(String(row[bookRoom.workflow!.field])) && row.state === 'ACTIVE');

/**
 * Editing an occurrence of a repeating meeting: Save changes this one; "Save for this and the following"
 * sends the form to `PUT /book-room/series-update`, which applies it to every later occurrence still booked — a new
 * start or end as the same shift — or to none, with the refusal's message (a clash names the meeting holding the slot).
 */
export function SeriesEditSection({ form }: { form: FormInstance }) {
  const tr = useTexts();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { id } = useParams();
  const record = useRecord<Row>(bookRoom.path, id);
  const [busy, setBusy] = useState(false);
  if (!id || !isOpenOccurrence(record.data)) return null;

  const saveRest = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    for (const [k, v] of Object.entries(values)) if (v === undefined) values[k] = null;
    setBusy(true);
    try {
      const done = await api<{ updated: number }>('PUT', paths.update, { body: { ...values, id } });
      void message.success(tr('updated', { n: done.updated }));
      void qc.invalidateQueries({ queryKey: [bookRoom.path] });
      navigate(seriesList(record.data![series.group]));
    } catch (e) {
      if (e instanceof ApiError) {
        form.setFields(e.errors.filter((x) => x.path in bookRoom.fields).map((x) => ({ name: x.path, errors: [x.message] })));
        void message.error(e.message);
      } else void message.error(String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title={tr('title')} style={{ marginBottom: 16 }} data-testid="series-edit">
      <Alert type="info" showIcon title={tr('editHint')} style={{ marginBottom: 12 }} />
      <Button onClick={() => void saveRest()} loading={busy} data-testid="series-save-rest">
        {tr('saveRest')}
      </Button>
    </Card>
  );
}

/**
 * On a booking's page, beside its status moves: "Cancel this and the following" (`POST /book-room/series-cancel`) for an
 * occurrence of a series still booked — all of them or none (one already started refuses it, with its message).
 */
export function SeriesCancelButton({ row }: { row: Row }) {
  const tr = useTexts();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  // The right the declared cancel route takes (the workflow's action: a booking is cancelled with the add right).
  const canCancel = useCan(bookRoom.workflow?.action ?? 'edit', bookRoom.feature);
  if (!canCancel || !isOpenOccurrence(row)) return null;
  const cancel = async () => {
    try {
      const done = await api<{ cancelled: number }>('POST', paths.cancel, { body: { id: row.id } });
      void message.success(tr('cancelled', { n: done.cancelled }));
      void qc.invalidateQueries({ queryKey: [bookRoom.path] });
      navigate(seriesList(row[series.group]));
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <Flex>
      <Popconfirm title={tr('cancelConfirm')} onConfirm={cancel} okButtonProps={{ danger: true }}>
        <Button danger data-testid="series-cancel-rest">
          {tr('cancelRest')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}
