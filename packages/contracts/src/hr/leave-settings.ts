import { z } from 'zod';
import type { Label } from '../kit/field';

/** How annual leave is earned: all of the year's days on 1 January, or one twelfth at the end of each month worked. */
export const LEAVE_ACCRUAL = ['YEARLY', 'MONTHLY'] as const;
export const LEAVE_ACCRUAL_LABELS: Record<(typeof LEAVE_ACCRUAL)[number], Label> = {
  YEARLY: { vi: 'Cấp đủ đầu năm', en: 'All on 1 January' },
  MONTHLY: { vi: 'Cộng dồn theo tháng', en: 'Monthly, one twelfth per month' },
};

/**
 * Leave settings (spec §7 "leave-approval … settings"; one set for the company). Defaults follow the Vietnamese Labour
 * Code: 12 days a year, earned monthly, prorated in the year of joining.
 */
export const leaveSettingSchema = z.object({
  annual_days: z.number().min(0).max(60),
  accrual: z.enum(LEAVE_ACCRUAL),
  /** Days of last year's balance carried into the new year at most. */
  carry_over_max_days: z.number().min(0).max(60),
  /** Carried days must be used by the end of this month (1–12). */
  carry_over_until_month: z.number().int().min(1).max(12),
  /** Whether an annual leave may take the balance below zero (an advance on days not yet earned). */
  allow_negative: z.boolean(),
});
export type LeaveSetting = z.infer<typeof leaveSettingSchema>;
export const LEAVE_SETTING_DEFAULTS: LeaveSetting = {
  annual_days: 12,
  accrual: 'MONTHLY',
  carry_over_max_days: 5,
  carry_over_until_month: 3,
  allow_negative: false,
};
export const LEAVE_SETTING_LABELS: Record<keyof LeaveSetting, Label> = {
  annual_days: { vi: 'Số ngày phép năm', en: 'Annual leave days' },
  accrual: { vi: 'Cách tính phép', en: 'Accrual' },
  carry_over_max_days: { vi: 'Số ngày chuyển sang năm sau tối đa', en: 'Days carried over at most' },
  carry_over_until_month: { vi: 'Phép chuyển sang dùng đến hết tháng', en: 'Carried days usable until the end of month' },
  allow_negative: { vi: 'Cho phép nghỉ vượt số phép đã tích lũy', en: 'Allow leave beyond the days earned' },
};

/** The answer of GET /staff-leave/balance. */
export interface LeaveBalance {
  staff_id: string;
  date: string;
  year: number;
  /** Days of the whole year: annual days + seniority increase, prorated from the entry date. */
  entitlement: number;
  /** Earned by `date` (monthly accrual) or the whole entitlement (yearly). */
  accrued: number;
  seniority_days: number;
  carried_days: number;
  /** Carried days that lapsed unused before `date`. */
  carried_lapsed: number;
  adjustment_days: number;
  /** Approved annual leave of the year. */
  taken: number;
  /** Annual leave of the year waiting for approval. */
  pending: number;
  /** accrued + carried (not lapsed) + adjustment − taken − pending. */
  available: number;
  /** Earned to the end of each month of the year (what the staff member will have, month by month). */
  schedule: { month: number; accrued: number }[];
}
