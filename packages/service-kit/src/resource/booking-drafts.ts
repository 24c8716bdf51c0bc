import type { FastifyInstance } from 'fastify';
import { runEvery } from '../run-every';
import { notificationRequestedSubject, pagePath } from '@portal/contracts';
import { systemCaller } from '../context';
import { withTx } from '../db';
import { enqueue } from '../events/outbox';
import { ownMove } from './workflow';
import { staffRecipients } from '../approval/directory';
import type { ServiceKit } from '../app';
import type { ResourceRepository } from './repository';
import { bookingLimits } from './booking';

/** Who the sweep writes as: the activity entry and the event say "System", not a user. */
const SWEEPER = systemCaller('booking draft sweep');

/** Drafts released by one transaction at most (the rest wait for the next sweep). */
const BATCH = 50;

/**
 * The drafts of one resource declaring `booking.draft` (contracts kit/booking.ts) whose hold has run out: still DRAFT,
 * never sent for approval (no approval request), created `draft_hold_hours` or more before `now`, still holding their
 * slot, while an approval flow exists for the document type — set to the declared `release` value (the slot is free),
 * as a workflow write with its activity entry and, for a status, its status event; the orderer (`notify`) told.
 * Each draft is claimed with FOR UPDATE SKIP LOCKED and leaves the set once released, so several instances, or a sweep
 * run twice, release each once. Returns how many were released.
 */
export async function releaseExpiredDrafts(kit: ServiceKit, repo: ResourceRepository, now: Date): Promise<number> {
  const def = repo.def;
  const draft = def.booking!.draft!;
  const { release } = draft;
  const statusField = def.approval!.statusField ?? 'approval_status';
  const wf = def.workflow?.field === release.field ? def.workflow : null;
  // Only from a status that may move to the release (a trip still WAITING, not one already gone or done).
  const from = wf
    ? Object.entries(wf.moves)
        .filter(([, to]) => to.includes(release.value))
        .map(([s]) => s)
    : null;
  const hours = (await bookingLimits(kit.pool, def)).draft_hold_hours!;
  const released = await withTx(kit.pool, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `SELECT t.id FROM ${def.table} t
        WHERE t.state = 'ACTIVE' AND t.${statusField} = 'DRAFT' AND t.created_date <= $1
          AND ${from ? `t.${release.field}::text = ANY($2::text[])` : `NOT (t.${release.field}::text = ANY($2::text[]))`}
          AND NOT EXISTS (SELECT 1 FROM approval_request a WHERE a.resource = $3 AND a.record_id = t.id)
          AND EXISTS (SELECT 1 FROM approval_flow f WHERE f.document_type = $4 AND f.state = 'ACTIVE')
        ORDER BY t.created_date LIMIT ${BATCH} FOR UPDATE OF t SKIP LOCKED`,
      [new Date(now.getTime() - hours * 3_600_000), from ?? [release.value], def.name, def.approval!.documentType],
    );
    const description = `Hủy vì bản nháp chưa gửi duyệt quá ${hours} giờ / Cancelled: not sent for approval within ${hours} hours`;
    for (const { id } of rows) {
      const row = wf
        ? await ownMove(repo, tx, id, release.value, SWEEPER, description)
        : await repo.updateIn(tx, id, { [release.field]: release.value }, SWEEPER, 'update', { workflow: true, description });
      const to = await staffRecipients(kit.directory, [row[draft.notify]]);
      if (!to.user_ids.length) continue;
      const title = String(row[def.titleField] ?? '');
      await enqueue(tx, notificationRequestedSubject(kit.domain), {
        ...to,
        type: 'INFO',
        title: {
          vi: `Đã hủy ${def.label.vi.toLowerCase()} chưa gửi duyệt: ${title}`,
          en: `Cancelled, never sent for approval: ${def.label.en.toLowerCase()} ${title}`,
        },
        body: {
          vi: `Bản nháp chỉ giữ chỗ ${hours} giờ kể từ khi tạo. Hãy đặt lại và gửi duyệt nếu vẫn cần.`,
          en: `A draft holds its slot for ${hours} hours from its creation. Book again and send it for approval if it is still needed.`,
        },
        link: `${pagePath(def)}/${id}`,
        context: `${def.name}:${id}`,
      });
    }
    return rows.length;
  });
  if (released) {
    repo.onCommit();
  }
  return released;
}

/**
 * Runs releaseExpiredDrafts for every resource of the service declaring `booking.draft`, every `everyMs` while the app
 * is up, by each repository's clock (failures logged, tried again next time; one sweep at a time).
 */
export function draftSweep(app: FastifyInstance, kit: ServiceKit, everyMs: number) {
  const repos = [...kit.repos.values()].filter((r) => r.def.booking?.draft && r.def.approval);
  if (!repos.length) return;
  runEvery(app, everyMs, 'draft booking sweep', async () => {
    for (const repo of repos)
      await releaseExpiredDrafts(kit, repo, repo.now()).catch((err: Error) =>
        app.log.warn({ err: err.message, resource: repo.def.name }, 'draft booking sweep failed'),
      );
  });
}
