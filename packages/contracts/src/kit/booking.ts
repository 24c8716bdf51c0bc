import type { FieldDef, Label } from './field';

/**
 * Limits on what a record holding slots (`ResourceDef.exclusive`: a room, a car and its driver) may book, kept by the kit
 * on every write (service-kit resource/booking.ts) from settings an administrator changes (`GET|PUT <path>/booking-setting`,
 * one settings record per resource, the declared `defaults` until then):
 * - `longest`: one booking lasts at most this many `unit`s (refused on the exclusive `to` field);
 * - `ahead_days`: its start is at most this many days after today, the company's day (refused on the `from` field);
 * - `draft` (a resource with `approval`): a record still DRAFT and never sent for approval, where an approval flow exists
 *   for its document type, holds its slot `draft_hold_hours` from its creation; then the kit's sweep sets
 *   `release.field` to `release.value` (a value of the exclusive `unless`: the slot is freed), logs it and notifies the
 *   staff member `notify` names. Without a flow a draft is an ordinary booking (nothing waits for approval).
 * A write by the record's own workflow, and an edit leaving the times as they are, are not checked again (a booking made
 * before the limits were tightened is still renamed).
 */
export interface BookingDecl {
  unit: 'hour' | 'day';
  defaults: BookingLimits;
  draft?: { release: { field: string; value: string }; notify: string };
}

/** The settings record of one resource: what `BookingDecl` limits, as the administrator set them. */
export interface BookingLimits {
  longest: number;
  ahead_days: number;
  /** Only for a resource declaring `draft`. */
  draft_hold_hours?: number;
}

/** What the settings accept: a booking of a minute to a quarter, opening up to three years ahead; a draft held up to 30 days. */
export const BOOKING_LIMIT_BOUNDS = {
  longest: { hour: { min: 1, max: 24 * 92 }, day: { min: 1, max: 92 } },
  ahead_days: { min: 1, max: 3 * 366 },
  draft_hold_hours: { min: 1, max: 720 },
} as const;

export const BOOKING_SETTING_LABELS = {
  title: { vi: 'Giới hạn đặt chỗ', en: 'Booking limits' },
  hint: {
    vi: 'Áp dụng cho lượt đặt mới và khi đổi thời gian của lượt đặt đã có. Bản nháp chưa gửi duyệt chỉ giữ chỗ trong số giờ dưới đây khi có quy trình duyệt, sau đó được tự động hủy và người đặt được báo.',
    en: 'Applies to new bookings and to changed times of existing ones. A draft not sent for approval holds its slot for the hours below where an approval flow exists; then it is cancelled and its orderer told.',
  },
  longest_hour: { vi: 'Thời lượng tối đa mỗi lượt đặt (giờ)', en: 'Longest booking (hours)' },
  longest_day: { vi: 'Thời lượng tối đa mỗi lượt đặt (ngày)', en: 'Longest booking (days)' },
  ahead_days: { vi: 'Đặt trước tối đa (ngày)', en: 'Bookable ahead (days)' },
  draft_hold_hours: { vi: 'Bản nháp chưa gửi duyệt giữ chỗ tối đa (giờ)', en: 'A draft not sent for approval holds its slot (hours)' },
} satisfies Record<string, Label>;

/** The path of a resource's booking settings. */
export const bookingSettingPath = (path: string) => `${path}/booking-setting`;

/** The declaration's own checks (defineResource): limits need slots; a draft hold needs approval and names real fields. */
export function checkBooking(
  name: string,
  booking: BookingDecl | undefined,
  fields: Record<string, FieldDef>,
  exclusive: readonly { from: string; to: string; unless?: { field: string; values: readonly string[] } }[] | undefined,
  approval: boolean,
) {
  if (!booking) return;
  const x = exclusive ?? [];
  if (!x.length) throw new Error(`${name}: booking limits need exclusive`);
  if (x.some((d) => d.from !== x[0]!.from || d.to !== x[0]!.to)) throw new Error(`${name}: booking limits need every exclusive over the same from and to`);
  const b = BOOKING_LIMIT_BOUNDS;
  const d = booking.defaults;
  const within = (v: number | undefined, r: { min: number; max: number }) => Number.isInteger(v) && v! >= r.min && v! <= r.max;
  if (!within(d.longest, b.longest[booking.unit]) || !within(d.ahead_days, b.ahead_days)) throw new Error(`${name}: booking defaults out of bounds`);
  if (Boolean(booking.draft) !== (d.draft_hold_hours !== undefined) || (booking.draft && !within(d.draft_hold_hours, b.draft_hold_hours)))
    throw new Error(`${name}: booking.draft and defaults.draft_hold_hours go together`);
  if (!booking.draft) return;
  if (!approval) throw new Error(`${name}: booking.draft needs approval`);
  const { release, notify } = booking.draft;
  if (!x.every((e) => e.unless?.field === release.field && e.unless.values.includes(release.value)))
    throw new Error(`${name}: booking.draft.release must be a value every exclusive leaves out (unless)`);
  if (fields[notify]?.type !== 'ref' || fields[notify]!.ref !== 'staff') throw new Error(`${name}: booking.draft.notify must be a ref field to staff`);
}
