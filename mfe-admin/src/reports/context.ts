import type { ChartLibraryState } from '@portal/ui-kit';
import type { ReportT } from './texts';

/** What every card of the administration reports page reads: texts, number format, theme, charts and the period. */
export interface Ctx {
  t: ReportT;
  fmt: (n: number | string) => string;
  dark: boolean;
  charts: ChartLibraryState;
  period: { from: string; to: string };
}
