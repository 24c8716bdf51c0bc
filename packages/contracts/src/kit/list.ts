/** The list contract (spec §3, §7, §9). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 40;
export const PAGE_SIZES = [10, 20, 40, 50, 100, 200, 300] as const;
export const MAX_LIMIT = 300;
/** The most values one list filter takes (`f_<field>=a,b,…`, `f_id`): a page of records chosen by id is at most this many. */
export const MAX_FILTER_VALUES = 100;
export const DEFAULT_ORDER = 'created_date desc';

export interface ListResult<T> {
  items: T[];
  totalRows: number;
  page: number;
  limit: number;
  /** ResourceDef.todayCount: how many rows of the list (its filters, the caller's scope) fall on today (spec §3 Document). */
  today_count?: number;
  /** ResourceDef.tally: its named counts over the whole list (`totalAssets`, `totalEquipments`). */
  [tally: string]: unknown;
}

export interface Envelope<T> {
  success: true;
  data: T;
}

export interface ErrorEnvelope {
  success: false;
  message: string;
  errors?: { path: string; message: string }[];
}
