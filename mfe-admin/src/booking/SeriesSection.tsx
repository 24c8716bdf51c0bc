import { useState } from 'react';
import { Alert, App, Button, Card, Col, DatePicker, Flex, Form, List, Row as GridRow, Select, Tag, Typography, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type dayjs from 'dayjs';
import { bookRoom, pagePath, REPEAT, REPEAT_LABELS, seriesPaths } from '@portal/contracts';
import { api, ApiError, DATE_FORMAT, defineTexts, formatDateTime, useLang } from '@portal/ui-kit';

const useTexts = defineTexts({
  title: { vi: 'Lặp lại', en: 'Repeat' },
  until: { vi: 'Lặp đến ngày', en: 'Until' },
  preview: { vi: 'Xem trước các lần họp', en: 'Preview the dates' },
  hint: {
    vi: 'Nút Lưu chỉ đặt lần đầu tiên. Xem trước để biết lần nào trống, lần nào trùng, rồi đặt các lần trống.',
    en: 'Save books only the first date. Preview to see which dates are free and which are taken, then book the free ones.',
  },
  summary: { vi: '{free} lần trống, {taken} lần trùng lịch', en: '{free} free, {taken} taken' },
  free: { vi: 'Trống', en: 'Free' },
  taken: { vi: 'Trùng: {name}', en: 'Taken: {name}' },
  busy: { vi: 'Đã có lịch', en: 'Busy' },
  bookFree: { vi: 'Đặt {n} lần trống', en: 'Book the {n} free dates' },
  booked: { vi: 'Đã đặt {n} lần họp; bỏ qua {m} lần trùng lịch', en: '{n} meetings booked; {m} taken dates skipped' },
  untilRequired: { vi: 'Vui lòng chọn ngày kết thúc lặp lại', en: 'Please choose when the repetition ends' },
});

/** The series routes and grouping field, from the declaration (contracts kit/series.ts). */
const paths = seriesPaths(bookRoom.path);
const group = bookRoom.series!.group;

interface Occurrence {
  start_time: string;
  end_time: string;
  free: boolean;
  /** The booking holding the slot: named where the user may read it, else its times only. */
  holder?: { name?: string };
}
interface Preview {
  items: Occurrence[];
  free: number;
  taken: number;
}

/**
 * A new meeting-room booking's repetition: daily, weekly or monthly until a day; "Preview" lists every
 * date as free or taken (by which meeting) before anything is saved, and "Book the free dates" books them under one
 * series (the kit's series routes: contracts kit/series.ts), then lists them. Errors of the booking's own fields land on them in the form.
 */
export function SeriesSection({ form }: { form: FormInstance }) {
  const tr = useTexts();
  const { label } = useLang();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { id } = useParams();
  const [repeat, setRepeat] = useState<string>('NONE');
  const [until, setUntil] = useState<dayjs.Dayjs | null>(null);
  const [untilError, setUntilError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  // An existing booking is one date; a series is made when booking.
  if (id) return null;

  const call = async <T,>(path: string): Promise<T | null> => {
    setUntilError(null);
    if (!until) {
      setUntilError(tr('untilRequired'));
      return null;
    }
    setBusy(true);
    try {
      const values = form.getFieldsValue() as Record<string, unknown>;
      for (const [k, v] of Object.entries(values)) if (v === undefined) values[k] = null;
      return await api<T>('POST', path, { body: { ...values, repeat, repeat_until: until.format('YYYY-MM-DD') } });
    } catch (e) {
      if (e instanceof ApiError) {
        const own = e.errors.find((x) => x.path === 'repeat_until');
        if (own) setUntilError(own.message);
        form.setFields(e.errors.filter((x) => x.path in bookRoom.fields).map((x) => ({ name: x.path, errors: [x.message] })));
        void message.error(e.message);
      } else void message.error(String(e));
      return null;
    } finally {
      setBusy(false);
    }
  };
  const showPreview = async () => setPreview(await call<Preview>(paths.preview));
  const bookFree = async () => {
    const done = await call<Record<string, unknown> & { created: number; skipped: unknown[] }>(paths.create);
    if (!done) return;
    void message.success(tr('booked', { n: done.created, m: done.skipped.length }));
    void qc.invalidateQueries({ queryKey: [bookRoom.path] });
    // The bookings made, listed together (the list's filter by the series' group).
    navigate(`${pagePath(bookRoom)}?${new URLSearchParams({ [`f_${group}`]: String(done[group]) })}`);
  };

  return (
    <Card size="small" title={tr('title')} style={{ marginBottom: 16 }} data-testid="series">
      <GridRow gutter={16}>
        <Col xs={24} md={12} xl={8}>
          <Form.Item label={tr('title')}>
            <Select
              value={repeat}
              onChange={(v) => {
                setRepeat(v);
                setPreview(null);
              }}
              aria-label={tr('title')}
              options={REPEAT.map((r) => ({ value: r, label: label(REPEAT_LABELS[r]) }))}
            />
          </Form.Item>
        </Col>
        {repeat !== 'NONE' && (
          <Col xs={24} md={12} xl={8}>
            <Form.Item label={tr('until')} required validateStatus={untilError ? 'error' : undefined} help={untilError ?? undefined}>
              <DatePicker
                value={until}
                onChange={(d) => {
                  setUntil(d);
                  setPreview(null);
                }}
                format={DATE_FORMAT}
                style={{ width: '100%' }}
                aria-label={tr('until')}
              />
            </Form.Item>
          </Col>
        )}
      </GridRow>
      {repeat !== 'NONE' && (
        <>
          <Alert type="info" showIcon title={tr('hint')} style={{ marginBottom: 12 }} />
          <Flex gap={8} wrap style={{ marginBottom: preview ? 12 : 0 }}>
            <Button onClick={() => void showPreview()} loading={busy && !preview}>
              {tr('preview')}
            </Button>
            {preview && preview.free > 0 && (
              <Button type="primary" onClick={() => void bookFree()} loading={busy}>
                {tr('bookFree', { n: preview.free })}
              </Button>
            )}
          </Flex>
          {preview && (
            <>
              <Typography.Text strong data-testid="series-summary">
                {tr('summary', { free: preview.free, taken: preview.taken })}
              </Typography.Text>
              <List
                size="small"
                style={{ maxHeight: 320, overflow: 'auto' }}
                dataSource={preview.items}
                renderItem={(o) => (
                  <List.Item data-testid="occurrence">
                    <span>
                      {formatDateTime(o.start_time)} – {formatDateTime(o.end_time).slice(-5)}
                    </span>
                    {o.free ? (
                      <Tag color="green">{tr('free')}</Tag>
                    ) : (
                      <Tag color="red">{o.holder?.name ? tr('taken', { name: o.holder.name }) : tr('busy')}</Tag>
                    )}
                  </List.Item>
                )}
              />
            </>
          )}
        </>
      )}
    </Card>
  );
}
