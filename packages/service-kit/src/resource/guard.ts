import { isoDay, type CallerContext, type FieldDef, type FieldGuard, type Label, type ResourceDef } from '@portal/contracts';
import type { Tx } from '../db';
import { AppError, badRequest, type FieldError } from '../errors';
import { Params, scopeCondition } from './query';

/**
 * # The write guard: who may change what
 *
 * One rule set for every write of every declared resource — an edit, an import row, a bulk write and a workflow's own
 * write alike — run by the repository inside the write's transaction (repository.ts). It makes the class of "a user
 * changes what decides their own access or pay" impossible by declaration, not by a check per route:
 *
 * 1. **Own records.** Nobody changes a guarded field (`FieldDef.guard`: access, pay, grant) on a record about themselves
 *    (`ResourceDef.about`): their staff record, their contracts and salaries, their account, a role they hold, their
 *    own department and the units above it. Creating such a record about oneself with a guarded value is the same
 *    change. 403 `own_record_guarded`, naming the fields. Deleting a record about oneself that has guarded fields at all
 *    (whatever they hold: the root unit above one has no parent and may have no head) is refused too, 403
 *    `own_record_delete`. Administrators too: nobody raises their own pay or re-links their own account.
 * 2. **Grants.** Only an administrator sets or changes a `grant` field (administration, roles, a role's permissions and
 *    scopes). Removing rights (deleting a decentralization) is not granting. 403 `admin_only`.
 * 3. **Scope, before and after.** A caller with a limited staff scope writes a record only within it: before the write
 *    the record is read within the scope (the repository's scoped read; for a resource whose reads are open, checked
 *    here), and after it the row written must still be within it — so no write moves a record, or creates one, outside
 *    the caller's scope. 400 `out_of_scope` on the field that decides.
 *
 * "Changes" compares values as the column stores them: a form sending back a guarded value unchanged is no change.
 */
export class WriteGuard {
  private readonly guarded: [string, FieldDef & { guard: FieldGuard }][];

  constructor(private readonly def: ResourceDef) {
    this.guarded = Object.entries(def.fields).filter((e): e is [string, FieldDef & { guard: FieldGuard }] => Boolean(e[1].guard));
    // A project team's row grants its member the project (the project scope, POSITION_OF_PROJECT approvals): its project,
    // member and position decide access, declared or not — moving one's own team row to another project is joining it.
    if (def.projects?.kind === 'team') {
      for (const name of [def.projects.project, def.projects.staff, def.projects.position])
        if (!this.guarded.some(([n]) => n === name)) this.guarded.push([name, { ...def.fields[name]!, guard: 'access' }]);
    }
    // The field naming whom the record is about carries the record's guarded values with it: moving a salary row from a
    // colleague to oneself is changing one's own pay. It is guarded as `access` whenever the record has guarded fields.
    const about = def.about && 'field' in def.about && def.about.field !== 'id' ? def.about.field : null;
    if (about && this.guarded.length && !this.guarded.some(([n]) => n === about)) this.guarded.push([about, { ...def.fields[about]!, guard: 'access' }]);
  }

  /** Rules 1 and 2, before the row is written. `existing`: the row before an update or a delete (null for a create). */
  async before(
    tx: Tx,
    verb: 'create' | 'update' | 'delete',
    input: Record<string, unknown>,
    existing: Record<string, unknown> | null,
    ctx: CallerContext,
  ): Promise<void> {
    // Where writes are narrower than reads (organization units; rows a caller reads as a deputy but does not own), the row
    // as it is must be writable before anything changes.
    if ((this.def.scope?.writeDepartment || this.def.scope?.owner) && existing) await this.checkScope(tx, String(existing.id), ctx);
    if (!this.guarded.length) return;
    if (verb === 'delete') {
      // Deleting (deactivating) a record about oneself ends every guarded value it holds or could hold, set or not:
      // one's own department, or a unit above it, taken out of the tree is a change of one's own access.
      if (await this.isAbout(tx, input, existing, ctx))
        throw this.refusal(
          403,
          'own_record_delete',
          'own_record_field',
          this.guarded.map(([n]) => n),
        );
      return;
    }
    const changed = this.changed(verb, input, existing);
    if (!changed.length) return;
    if (!ctx.isAdmin) {
      const grants = changed.filter((n) => this.def.fields[n]!.guard === 'grant');
      if (grants.length) throw this.refusal(403, 'admin_only', 'admin_only_field', grants);
    }
    if (await this.isAbout(tx, input, existing, ctx)) throw this.refusal(403, 'own_record_guarded', 'own_record_field', changed);
  }

  /**
   * Rule 3, after the row is written (in the same transaction: a refusal rolls it back). A tree whose rows are the
   * departments themselves (organization units): a unit created or moved goes under a unit in the caller's scope — the
   * unit itself counting as theirs only while it stays where it was.
   */
  async after(tx: Tx, row: Record<string, unknown>, existing: Record<string, unknown> | null, ctx: CallerContext): Promise<void> {
    const parent = this.def.tree?.parentField;
    const byId = parent && (this.def.scope?.writeDepartment ?? this.def.scope?.staffDepartment) === 'id';
    const moved = byId && (!existing || String(row[parent] ?? '') !== String(existing[parent] ?? ''));
    if (moved && !ctx.isAdmin && ctx.staffScope.departmentIds !== null) {
      const to = typeof row[parent] === 'string' ? (row[parent] as string).toLowerCase() : null;
      if (!to || !ctx.staffScope.departmentIds.some((d) => d.toLowerCase() === to)) throw badRequest([{ path: parent, key: 'out_of_scope' }], 'out_of_scope');
      return;
    }
    await this.checkScope(tx, String(row.id), ctx);
  }

  /** The guarded fields the write changes: set on a create, changed by an update. */
  changed(verb: 'create' | 'update', input: Record<string, unknown>, existing: Record<string, unknown> | null): string[] {
    return this.guarded
      .filter(([name, f]) => {
        if (verb === 'create') return isSet(input[name]);
        return input[name] !== undefined && comparable(f, input[name]) !== comparable(f, existing?.[name]);
      })
      .map(([name]) => name);
  }

  /** Whether the record, before or after the write, is about the caller (ResourceDef.about). */
  async isAbout(tx: Tx, input: Record<string, unknown>, existing: Record<string, unknown> | null, ctx: CallerContext): Promise<boolean> {
    const about = this.def.about;
    if (!about) return false;
    const same = (a: unknown, b: string | null) => b !== null && typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
    switch (about.kind) {
      case 'staff':
      case 'user': {
        const me = about.kind === 'staff' ? ctx.staffId : ctx.userId;
        const values = about.field === 'id' ? [existing?.id] : [existing?.[about.field], input[about.field]];
        return values.some((v) => same(v, me));
      }
      case 'role':
        return Boolean(existing) && (ctx.roleIds ?? []).some((r) => same(existing!.id, r));
      case 'unit': {
        if (!existing || !ctx.departmentId) return false;
        const parent = this.def.tree!.parentField;
        // The caller's own department and every unit above it: a change of their parent or head changes who approves for the caller.
        const { rows } = await tx.query(
          `WITH RECURSIVE up AS (SELECT id, ${parent} AS parent, 0 AS depth FROM ${this.def.table} WHERE id = $1
             UNION ALL SELECT t.id, t.${parent}, up.depth + 1 FROM ${this.def.table} t JOIN up ON t.id = up.parent WHERE up.depth < 50)
           SELECT 1 FROM up WHERE id = $2 LIMIT 1`,
          [ctx.departmentId, existing.id],
        );
        return rows.length > 0;
      }
    }
  }

  private async checkScope(tx: Tx, id: string, ctx: CallerContext): Promise<void> {
    const p = new Params();
    const scope = scopeCondition(this.def, ctx, p, 't', 'write');
    if (!scope) return;
    const { rows } = await tx.query(`SELECT 1 FROM ${this.def.table} t WHERE t.id = ${p.add(id)} AND ${scope}`, p.values);
    if (!rows.length) throw badRequest([{ path: this.scopeField(), key: 'out_of_scope' }], 'out_of_scope');
  }

  /** The field that decides the record's scope (named by an out_of_scope refusal). */
  private scopeField(): string {
    const s = this.def.scope;
    // The project register is its own project: what moves it in or out of a scope is its department.
    const project = s?.project === 'id' && this.def.projects?.kind === 'register' ? this.def.projects.department : s?.project;
    const field = s?.staffDepartment ?? s?.via ?? s?.writeDepartment ?? project ?? s?.owner?.[0] ?? 'id';
    return field === 'id' && this.def.tree ? this.def.tree.parentField : field;
  }

  private refusal(
    status: number,
    key: 'own_record_guarded' | 'own_record_delete' | 'admin_only',
    fieldKey: 'own_record_field' | 'admin_only_field',
    fields: string[],
  ): AppError {
    const labels = fields.map((n) => this.def.fields[n]!.label);
    const join = (lang: keyof Label) => labels.map((l) => l[lang]).join(', ');
    const errors: FieldError[] = fields.map((path) => ({ path, key: fieldKey }));
    return new AppError(status, key, { fields: { vi: join('vi'), en: join('en') } }, errors);
  }
}

/** A value that grants or holds something: not empty, not false. */
export const isSet = (v: unknown) => v !== null && v !== undefined && v !== false && v !== '' && !(Array.isArray(v) && !v.length);

/** A value as its column stores it, for comparing a write with the row. */
export function comparable(f: FieldDef, v: unknown): string {
  if (v === null || v === undefined || v === '') return 'null';
  switch (f.type) {
    case 'ref':
      return String(v).toLowerCase();
    case 'refs':
      return Array.isArray(v) && v.length ? JSON.stringify(v.map((x) => String(x).toLowerCase()).sort()) : 'null';
    case 'date':
      return String(isoDay(v));
    case 'int':
    case 'number':
    case 'money':
      return String(Number(v));
    case 'bool':
      return v ? 'true' : 'null';
    case 'json':
      return JSON.stringify(v);
    default:
      return String(v);
  }
}
