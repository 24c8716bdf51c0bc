import { parentOpenField, type CallerContext, type ResourceDef } from '@portal/contracts';
import type { Tx } from '../db';
import { AppError } from '../errors';
import { ActGuard } from './actors';
import { selectedColumns } from './query';
import { labelInSentence } from './totals';

/**
 * What a record's parent says about writing it:
 * - ResourceDef.parentOpen: a child written only while its parent's status is one of the declared ones — its workflow's,
 *   or else its approval status (a plan's lines while the plan is a draft; a payment order only on an approved budget);
 * - ResourceDef.parentEdit: a child's write is an edit of its parent, by whom and when the parent's `acts.edit` allows
 *   (an evaluation's lines by its evaluator while it is a draft).
 * The parents it will have and had are locked (`FOR UPDATE`, in id order, as the sums lock them: a status move of the
 * parent and a write of its child wait for each other instead of crossing) and read.
 */
export class ParentRules {
  private readonly link: string | null = null;
  private readonly parent: ResourceDef | null = null;
  private readonly parentActs: ActGuard | null = null;
  /** The parent's status field `parentOpen` reads. */
  private readonly field: string | undefined = undefined;

  constructor(
    private readonly def: ResourceDef,
    sameService: ReadonlyMap<string, ResourceDef>,
    now: () => Date = () => new Date(),
  ) {
    if (!def.parentOpen && !def.parentEdit) return;
    this.link = def.parent!;
    const parent = sameService.get(def.fields[this.link]?.ref ?? '');
    const field = parent && parentOpenField(parent, def.parentOpen ?? []);
    const statuses = field ? (parent.fields[field]?.values ?? []).map(String) : [];
    if (!parent || (def.parentOpen ?? []).some((s) => !statuses.includes(s))) {
      throw new Error(`${def.name}: parentOpen names statuses of its parent's workflow or approval (a resource of the same service)`);
    }
    if (def.parentEdit && !parent.acts?.edit) throw new Error(`${def.name}: parentEdit needs a parent of the same service declaring acts.edit`);
    this.parent = parent;
    this.field = field;
    if (def.parentEdit) this.parentActs = new ActGuard(parent, now);
  }

  async check(tx: Tx, input: Record<string, unknown>, existing: Record<string, unknown> | null, ctx: CallerContext): Promise<void> {
    if (!this.parent || !this.link) return;
    const parent = this.parent;
    const field = this.field;
    const ids = [input[this.link], existing?.[this.link]].filter((v): v is string => typeof v === 'string' && v.length > 0);
    for (const id of [...new Set(ids)].sort()) {
      // parentOpen reads the status alone; parentEdit the whole row its acts judge.
      const columns = selectedColumns(parent, this.parentActs || !field ? null : [field]);
      const { rows } = await tx.query<Record<string, unknown>>(`SELECT ${columns} FROM ${parent.table} WHERE id = $1 FOR UPDATE`, [id]);
      const row = rows[0];
      if (!row) continue;
      const status = field ? String(row[field]) : '';
      if (this.def.parentOpen && !this.def.parentOpen.includes(status)) {
        const params = { parent: labelInSentence(parent.label), status: parent.fields[field!]!.valueLabels?.[status] ?? { vi: status, en: status } };
        throw new AppError(422, 'parent_closed', params, [{ path: this.link, key: 'parent_closed', params }]);
      }
      this.parentActs?.check('edit', row, ctx);
    }
  }
}
