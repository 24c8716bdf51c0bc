import {
  actRules,
  companyDayOf,
  isActor,
  isoDay,
  type ActRule,
  type ActsView,
  type CallerContext,
  type FieldDef,
  type Label,
  type ResourceDef,
} from '@portal/contracts';
import type { Tx } from '../db';
import { AppError, type FieldError } from '../errors';
import type { MessageKey } from '../i18n';
import { approvalSatisfied } from '../approval/settings';
import { comparable, isSet } from './guard';
import type { Row as RepoRow } from './repository';

type Row = Record<string, unknown>;
/** An act as the kit enforces it: one of the declared ones, or a move to a status. */
export type Act = 'edit' | 'delete' | 'submit' | 'cancel' | { move: string };

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const label = (vi: string, en: string): Label => ({ vi, en });
/** How a refusal says the act: what the caller may do (`act`), and what the record can be (`done`). */
interface Words {
  act: Label;
  done: Label;
  noun: Label;
}
const ACT_WORDS: Record<Exclude<Act, { move: string }>, Words> = {
  edit: { act: label('sửa', 'change'), done: label('sửa', 'changed'), noun: label('Sửa', 'Change') },
  delete: { act: label('xóa', 'delete'), done: label('xóa', 'deleted'), noun: label('Xóa', 'Delete') },
  submit: { act: label('gửi duyệt', 'submit'), done: label('gửi duyệt', 'submitted for approval'), noun: label('Gửi duyệt', 'Submission') },
  cancel: {
    act: label('rút yêu cầu duyệt', 'withdraw'),
    done: label('rút khỏi phê duyệt', 'withdrawn from approval'),
    noun: label('Rút yêu cầu duyệt', 'Withdrawal'),
  },
};

/**
 * The declared actors enforced (contracts kit/actors.ts): one instance per resource, run by the repository on every
 * edit and delete, by the workflow on every move and by the approval engine on submit, resubmit and withdraw — so no
 * way in skips it. `now`: the service's clock (a test's fixed one).
 */
export class ActGuard {
  constructor(
    private readonly def: ResourceDef,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get declared(): boolean {
    return Boolean(this.def.acts);
  }

  /** Whether the caller is `actor` of `row` (an administrator is every actor). */
  is(actor: string, row: Row, ctx: CallerContext): boolean {
    return isActor(this.def.actors!, actor, row, ctx, this.def.feature, this.def.scope?.staffDepartment);
  }

  private statusOf(row: Row): string | null {
    const wf = this.def.workflow;
    return wf ? String(row[wf.field] ?? this.def.fields[wf.field]!.default ?? '') : null;
  }

  private statusLabel(status: string): Label {
    const f = this.def.fields[this.def.workflow!.field]!;
    return f.valueLabels?.[status] ?? { vi: status, en: status };
  }

  /** Has the record's start (`acts.start`) come: a datetime at or before now, a date on or before the company's today. */
  started(row: Row): boolean {
    const k = this.def.acts!.start!;
    const v = row[k];
    if (v === null || v === undefined || v === '') return false;
    if (this.def.fields[k]!.type === 'date') return String(isoDay(v)) <= companyDayOf(this.now());
    return new Date(String(v instanceof Date ? v.toISOString() : v)).getTime() <= this.now().getTime();
  }

  private get record(): Label {
    return { vi: lowerFirst(this.def.label.vi), en: lowerFirst(this.def.label.en) };
  }

  private actors(by: readonly string[]): Label {
    const names = by.map((b) => this.def.actors![b]!.label);
    const join = (lang: 'vi' | 'en', or: string) =>
      names.length < 2
        ? names[0]![lang]
        : `${names
            .slice(0, -1)
            .map((n) => n[lang])
            .join(', ')} ${or} ${names[names.length - 1]![lang]}`;
    return { vi: join('vi', 'hoặc'), en: join('en', 'or') };
  }

  private words(act: Act): Words {
    if (typeof act === 'string') return ACT_WORDS[act];
    const to = this.statusLabel(act.move);
    return {
      act: label(`chuyển sang "${to.vi}"`, `move to "${to.en}"`),
      done: label(`chuyển sang "${to.vi}"`, `moved to "${to.en}"`),
      noun: label(`Chuyển sang "${to.vi}"`, `Moving to "${to.en}"`),
    };
  }

  private rulesOf(act: Act): readonly ActRule[] {
    const acts = this.def.acts;
    if (!acts) return [];
    if (typeof act === 'string') return actRules(acts[act]);
    return actRules(acts.moves?.[act.move] ?? acts.moves?.['*']);
  }

  /** Why the caller may not do `act` on `row` (403 not an actor, 422 the status or the time), or null. */
  refusal(act: Act, row: Row, ctx: CallerContext): AppError | null {
    const rules = this.rulesOf(act);
    if (!rules.length) return null;
    const status = this.statusOf(row);
    const words = this.words(act);
    const rule = rules.find((r) => !r.in || (status !== null && r.in.includes(status)));
    if (!rule) return new AppError(422, 'act_status', { record: this.record, status: this.statusLabel(status ?? ''), ...words });
    return this.ruleRefusal(
      rule,
      [row],
      ctx,
      () =>
        typeof act === 'string'
          ? new AppError(403, 'act_not_actor', { actors: this.actors(rule.by), act: words.act, record: this.record })
          : new AppError(403, 'act_move_not_actor', { actors: this.actors(rule.by), record: this.record, to: this.statusLabel(act.move) }),
      words,
    );
  }

  private ruleRefusal(rule: ActRule, rows: Row[], ctx: CallerContext, notActor: () => AppError, words: Words): AppError | null {
    if (!rule.by.some((b) => rows.every((r) => this.is(b, r, ctx)))) return notActor();
    if (rule.window) {
      const started = this.started(rows[0]!);
      if (rule.window === 'before_start' && started) return new AppError(422, 'act_started', { record: this.record, ...words });
      if (rule.window === 'after_start' && !started) return new AppError(422, 'act_not_started', { record: this.record, ...words });
    }
    return null;
  }

  check(act: Act, row: Row, ctx: CallerContext): void {
    const e = this.refusal(act, row, ctx);
    if (e) throw e;
  }

  /**
   * A move that waits for approval (`acts.approved`): the approval engine must have said APPROVED — the record's named
   * approvers or its document type's flow — unless no approval applies to it at all.
   */
  async checkApproved(tx: Tx, to: string, row: Row): Promise<void> {
    if (!this.def.acts?.approved?.includes(to)) return;
    if (!(await approvalSatisfied(tx, this.def, row as RepoRow)))
      throw new AppError(422, 'act_not_approved', { record: this.record, to: this.statusLabel(to) });
  }

  /** The fields of `group` a write sets: on a create, given and not their default; on an update, changed. */
  private written(fields: readonly string[], input: Row, existing: Row | null, ctx: CallerContext): string[] {
    return fields.filter((k) => {
      const f = this.def.fields[k]!;
      if (input[k] === undefined) return false;
      if (existing) return comparable(f, input[k]) !== comparable(f, existing[k]);
      return isSet(input[k]) && !isDefault(f, input[k], ctx);
    });
  }

  /**
   * The field groups (`acts.fields`): a write setting any field of a group is the group's actors' only — for the record
   * as it was and as it will be (nobody hands a record, or its readers, to someone out of their own reach).
   */
  checkFields(input: Row, existing: Row | null, ctx: CallerContext): void {
    for (const g of this.def.acts?.fields ?? []) {
      const written = this.written(g.fields, input, existing, ctx);
      if (!written.length) continue;
      const rows = existing ? [existing, { ...existing, ...input }] : [{ ...input, created_by: ctx.userId }];
      const status = this.statusOf(existing ?? input);
      const words = ACT_WORDS.edit;
      const labels = written.map((k) => this.def.fields[k]!.label);
      const fields: Label = { vi: labels.map((l) => l.vi).join(', '), en: labels.map((l) => l.en).join(', ') };
      if (g.in && (status === null || !g.in.includes(status)))
        throw new AppError(422, 'act_status', { record: this.record, status: this.statusLabel(status ?? ''), ...words });
      const actors = this.actors(g.by);
      const errors: FieldError[] = written.map((path) => ({ path, key: 'act_field', params: { actors } }));
      // A create is not yet under way: whether its start may lie in the past is the resource's own rule (a grace period).
      const rule = existing ? g : { ...g, window: undefined };
      const e = this.ruleRefusal(rule, rows, ctx, () => new AppError(403, 'act_fields', { actors, fields, record: this.record }, errors), words);
      if (e) throw e;
    }
  }

  /** What the caller may do with `row` (`GET <path>/:id/acts`): the declared rules, and for moves the approval gate. */
  async view(tx: Tx, row: Row, ctx: CallerContext, approvalLocked: boolean): Promise<ActsView> {
    const may = (act: Act) => this.refusal(act, row, ctx) === null;
    const wf = this.def.workflow;
    const moves: string[] = [];
    if (wf && row.state === 'ACTIVE') {
      for (const to of wf.moves[this.statusOf(row)!] ?? []) {
        if (!may({ move: to })) continue;
        if (this.def.acts?.approved?.includes(to) && !(await approvalSatisfied(tx, this.def, row as RepoRow))) continue;
        moves.push(to);
      }
    }
    const edit = row.state === 'ACTIVE' && !approvalLocked && may('edit');
    const fields = edit
      ? (this.def.acts?.fields ?? [])
          .filter((g) => {
            const status = this.statusOf(row);
            return (
              (!g.in || (status !== null && g.in.includes(status))) &&
              this.ruleRefusal(g, [row], ctx, () => new AppError(403, 'forbidden'), ACT_WORDS.edit) === null
            );
          })
          .flatMap((g) => g.fields)
      : [];
    const approval = Boolean(this.def.approval);
    return {
      edit,
      delete: row.state === 'ACTIVE' && !approvalLocked && may('delete'),
      submit: approval && row.state === 'ACTIVE' && may('submit'),
      cancel: approval && may('cancel'),
      moves,
      // Without field groups every field is the editor's; with them, the other fields are too.
      fields: edit
        ? [
            ...Object.keys(this.def.fields).filter((k) => !(this.def.acts?.fields ?? []).some((g) => g.fields.includes(k)) && !this.def.fields[k]!.readonly),
            ...fields,
          ]
        : [],
    };
  }
}

/** A create's value that is the field's default: the caller themself for a `default: 'caller'` reference, or the declared default. */
function isDefault(f: FieldDef, v: unknown, ctx: CallerContext): boolean {
  if (f.default === 'caller' && f.type === 'ref') {
    const me = f.ref === 'user' ? ctx.userId : ctx.staffId;
    return Boolean(me) && String(v).toLowerCase() === me!.toLowerCase();
  }
  return f.default !== undefined && String(v) === String(f.default);
}

export type { MessageKey };
