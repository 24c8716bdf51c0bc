import type { Label } from './field';
import type { Access, RouteDecl } from './routes';
import type { Domain } from '../common/permissions';

/**
 * A report's declaration: what its answer holds, said once for the table, the chart and the xlsx export. Its headline
 * figures, and its breakdowns — each an array of rows in the answer, its columns (key, label, kind) and the chart
 * that plots one column against another. The kit serves `GET <path>/export` from it (service-kit report.ts), the
 * report page renders it (ui-kit report/DeclaredReport.tsx).
 */

/**
 * How a column's values read and are written:
 * - text: a name (null reads as the column's `blank`);
 * - enum: a code shown by its `options` label (a code without one is shown as it is);
 * - count: a whole number of things; number: a quantity (kilometres); hours: hours, one decimal;
 * - money: whole đồng — a number, or its digits past 2^53 (common/money.ts MoneyTotal);
 * - percent: 0–100, one decimal; day: 'YYYY-MM-DD'; month: 1–12;
 * - roman: an item's number (1, 2, …) read as the spec's Roman numerals (I to X: a plan's numbered sections).
 */
export type ReportKind = 'text' | 'enum' | 'count' | 'number' | 'hours' | 'money' | 'percent' | 'day' | 'month' | 'roman';

const ROMAN: readonly [number, string][] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

/** A whole number from 1 to 3999 in Roman numerals (4 → IV, 10 → X); anything else as it is. */
export function romanNumeral(v: unknown): string {
  let n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 3999) return String(v);
  let out = '';
  for (const [value, letters] of ROMAN)
    while (n >= value) {
      out += letters;
      n -= value;
    }
  return out;
}

/** The kinds whose values are figures (right-aligned, summed by a chart). */
export const NUMERIC_KINDS: readonly ReportKind[] = ['count', 'number', 'hours', 'money', 'percent'];

/** A column of a breakdown; `C`: the keys of its rows. */
export interface ReportColumn<C extends string = string> {
  key: C;
  label: Label;
  kind: ReportKind;
  /** enum: the label of each code. */
  options?: Readonly<Record<string, Label>>;
  /** What a null value reads as ("(No department)"); none: blank. */
  blank?: Label;
}

/**
 * The chart of a breakdown: `columns` stacks `y` per `x` (coloured by `group` when given), `ring` shares `y` by `x`,
 * `funnel` narrows `y` by `x`, in the rows' order.
 */
export interface ReportChart<C extends string = string> {
  type: 'columns' | 'ring' | 'funnel';
  x: C;
  y: C;
  group?: C;
}

/** A breakdown of a report: `K` the property of the answer holding its rows, `C` the keys of a row. */
export interface ReportBreakdown<C extends string = string, K extends string = string> {
  key: K;
  title: Label;
  columns: readonly ReportColumn<C>[];
  chart: ReportChart<C> | null;
}

/** A headline figure: `key` is a property of the answer, or a path into it ('expiring.within30', 'stages.0.count'). */
export interface ReportFigure<P extends string = string> {
  key: P;
  label: Label;
  kind: ReportKind;
  /** What the figure counts, when its label does not say it all. */
  hint?: Label;
}

/** Any report's declaration, whatever its answer (what the kit and the page read). */
export interface ReportDeclaration {
  path: string;
  title: Label;
  /** What the report counts, when its title does not say it all. */
  hint?: Label;
  figures: readonly ReportFigure[];
  breakdowns: readonly ReportBreakdown[];
}

type Row<V> = NonNullable<V> extends readonly (infer R)[] ? (R extends object ? R : never) : never;
/** The properties of an answer holding rows. */
type RowKeys<T> = { [K in keyof T & string]-?: [Row<T[K]>] extends [never] ? never : K }[keyof T & string];
type BreakdownOf<T> = { [K in RowKeys<T>]: ReportBreakdown<keyof Row<T[K]> & string, K> }[RowKeys<T>];
type FigurePath<T> = {
  [K in keyof T & string]-?: NonNullable<T[K]> extends readonly (infer R)[]
    ? `${K}.${number}.${keyof R & string}`
    : NonNullable<T[K]> extends object
      ? `${K}.${keyof NonNullable<T[K]> & string}`
      : K;
}[keyof T & string];

/** A report's declaration checked against its answer `T`: every breakdown, column, chart axis and figure is one of its keys. */
export interface ReportDecl<T> extends ReportDeclaration {
  figures: readonly ReportFigure<FigurePath<T>>[];
  breakdowns: readonly BreakdownOf<T>[];
}

/** Declares a report whose answer is `T` (`declareReport<TicketsReport>()({ … })`: the keys are checked against it). */
export const declareReport =
  <T>() =>
  (d: ReportDecl<T>): ReportDecl<T> =>
    d;

/** The value of a figure in an answer (its path followed; undefined when the path does not lead anywhere). */
export function figureValue(answer: unknown, key: string): unknown {
  let v: unknown = answer;
  for (const part of key.split('.')) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}

/** The export of a report: its path, `/export` after it. */
export const reportExportPath = (path: string) => `${path}/export`;

/** A report's routes: its answer and its xlsx export, with the same right. */
export function reportRouteDecls(r: Pick<ReportDeclaration, 'path'>, summary: string, domain: Domain, access: Access): RouteDecl[] {
  return [
    { method: 'GET', path: r.path, domain, access, summary },
    { method: 'GET', path: reportExportPath(r.path), domain, access, summary: `The same as xlsx, one sheet per breakdown, headed in the caller's language` },
  ];
}
