import type { FastifyInstance } from 'fastify';
import { notificationRequestedSubject, pagePath, PORTAL_TIME_ZONE, type DeadlineDecl, type ResourceDef } from '@portal/contracts';
import { withTx, ident, type Tx } from '../db';
import { enqueue } from '../events/outbox';
import { staffRecipientsOfEach, type Recipients } from '../approval/directory';
import type { ServiceKit } from '../app';
import type { Row } from './repository';
import { runEvery } from '../run-every';

/** Records taken by one statement of a sweep: a long backlog is worked through over several sweeps. */
const BATCH = 200;

/** The due moment of a record as a timestamptz expression: a date is due at the end of its day, company time. */
function dueExpr(def: ResourceDef, d: DeadlineDecl, alias = 't'): string {
  const col = `${alias}.${ident(d.field)}`;
  return def.fields[d.field]!.type === 'date' ? `((${col} + 1)::timestamp AT TIME ZONE '${PORTAL_TIME_ZONE}')` : col;
}

function openCondition(d: DeadlineDecl, values: unknown[], alias = 't'): string {
  if (!d.open) return 'true';
  values.push(d.open.values);
  return `${alias}.${ident(d.open.field)}::text = ANY($${values.length}::text[])`;
}

/** How a record is named in a reminder: its generated code (when it has one) and its title. */
function nameOf(def: ResourceDef, row: Row): string {
  const code = Object.entries(def.fields).find(([, f]) => f.generate)?.[0];
  return [code ? row[code] : null, row[def.titleField]]
    .filter((x) => x !== null && x !== undefined && x !== '')
    .map(String)
    .join(' ');
}

/** Tells the people of each record (two directory calls for all of them, not two per record). */
async function tellAll(kit: ServiceKit, tx: Tx, def: ResourceDef, d: DeadlineDecl, rows: Row[], kind: 'ahead' | 'overdue') {
  if (!rows.length) return;
  const people = rows.map((row) => d.notify.flatMap((k) => (Array.isArray(row[k]) ? (row[k] as unknown[]) : [row[k]])));
  const to = await staffRecipientsOfEach(kit.directory, people);
  for (const [i, row] of rows.entries()) await tell(kit, tx, def, d, row, kind, to[i]!);
}

async function tell(kit: ServiceKit, tx: Tx, def: ResourceDef, d: DeadlineDecl, row: Row, kind: 'ahead' | 'overdue', to: Recipients) {
  if (!to.user_ids.length) return;
  const due = row[d.field] instanceof Date ? (row[d.field] as Date) : new Date(String(row[d.field]));
  const when = (locale: string) =>
    def.fields[d.field]!.type === 'date'
      ? due.toLocaleDateString(locale, { timeZone: 'UTC', dateStyle: 'short' })
      : due.toLocaleString(locale, { timeZone: PORTAL_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });
  const name = nameOf(def, row);
  // The field's label opens the Vietnamese sentence as written; English reads it inside one ("The deadline …").
  const { vi: field, en } = def.fields[d.field]!.label;
  const fieldEn = en.charAt(0).toLowerCase() + en.slice(1);
  await enqueue(tx, notificationRequestedSubject(kit.domain), {
    ...to,
    type: 'INFO',
    title:
      kind === 'overdue'
        ? { vi: `${def.label.vi} quá hạn: ${name}`, en: `${def.label.en} overdue: ${name}` }
        : { vi: `${def.label.vi} sắp đến hạn: ${name}`, en: `${def.label.en} due soon: ${name}` },
    body:
      kind === 'overdue'
        ? { vi: `${field} ${when('vi-VN')} đã qua`, en: `The ${fieldEn} ${when('en-GB')} has passed` }
        : { vi: `${field}: ${when('vi-VN')}`, en: `The ${fieldEn} is ${when('en-GB')}` },
    link: `${pagePath(def)}/${row.id}`,
    context: `${def.name}:${row.id}`,
  });
}

/**
 * One sweep of a resource's deadline (ResourceDef.deadline) at `now`: the reminders ahead that have come due, then the
 * records that have passed their due moment (flagged, and moved to `moveTo` when declared). Safe to run at once in several instances and again at any time: a reminder
 * ahead is recorded (resource, record, due moment, hours) under a primary key, inserted with ON CONFLICT DO NOTHING, and
 * only the instance whose insert wrote the row tells anyone; a record passing its due moment is claimed by the UPDATE that
 * sets its flag (SKIP LOCKED), and a flagged record is not taken again. Returns how many reminders were queued.
 */
export async function sweepDeadline(kit: ServiceKit, def: ResourceDef, now: Date): Promise<number> {
  const d = def.deadline!;
  const t = ident(def.table);
  const due = dueExpr(def, d);
  const count = await withTx(kit.pool, async (tx) => {
    let sent = 0;
    for (const hours of d.remindBefore ?? []) {
      const values: unknown[] = [now, hours, def.name, `before:${hours}`];
      const open = openCondition(d, values);
      const { rows } = await tx.query<Row>(
        `WITH coming AS (
           SELECT t.id, ${due} AS due FROM ${t} t
            WHERE t.state = 'ACTIVE' AND ${open} AND NOT coalesce(t.${ident(d.flag)}, false)
              AND ${due} > $1 AND ${due} <= $1::timestamptz + make_interval(hours => $2) ORDER BY ${due} LIMIT ${BATCH}),
         told AS (
           INSERT INTO deadline_notice (resource, record_id, due, kind) SELECT $3, id, due, $4 FROM coming
           ON CONFLICT DO NOTHING RETURNING record_id)
         SELECT t.* FROM ${t} t JOIN told ON told.record_id = t.id`,
        values,
      );
      await tellAll(kit, tx, def, d, rows, 'ahead');
      sent += rows.length;
    }
    const values: unknown[] = [now];
    const open = openCondition(d, values);
    if (d.moveTo) values.push(d.moveTo);
    const moved = d.moveTo ? `, ${ident(d.open!.field)} = $${values.length}` : '';
    const { rows } = await tx.query<Row>(
      `UPDATE ${t} SET ${ident(d.flag)} = true${moved} WHERE id IN (
         SELECT t.id FROM ${t} t WHERE t.state = 'ACTIVE' AND ${open} AND NOT coalesce(t.${ident(d.flag)}, false) AND ${due} < $1
          ORDER BY ${due} LIMIT ${BATCH} FOR UPDATE SKIP LOCKED) RETURNING *`,
      values,
    );
    await tellAll(kit, tx, def, d, rows, 'overdue');
    return sent + rows.length;
  });
  if (count) kit.repo(def).onCommit();
  return count;
}

/** The deadline sweep of every resource of the service declaring `deadline`, every `everyMs`, by each repository's clock. */
export function deadlineSweep(app: FastifyInstance, kit: ServiceKit, everyMs: number) {
  const repos = [...kit.repos.values()].filter((r) => r.def.deadline);
  if (!repos.length) return;
  runEvery(app, everyMs, 'deadline sweep', async () => {
    for (const repo of repos) await sweepDeadline(kit, repo.def, repo.now());
  });
}
