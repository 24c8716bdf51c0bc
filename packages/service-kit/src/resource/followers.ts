import { notificationRequestedSubject, pagePath, type Domain, type Label, type NotificationRequest, type ResourceDef } from '@portal/contracts';
import type { Pool } from 'pg';
import { staffRecipients, type ApproverDirectory } from '../approval/directory';
import type { EventBus } from '../events/bus';
import { consume } from '../events/consumer';
import { enqueue } from '../events/outbox';
import type { Tx } from '../db';

interface RecordEvent {
  id: string;
  record?: Record<string, unknown>;
  actor_id?: string;
  actor_name?: string | null;
  workflow?: boolean;
  from?: string;
  to?: string;
  note?: string | null;
  action?: string;
  status_to?: string;
  comment?: string | null;
}

const APPROVAL_TEXTS: Record<string, Label> = {
  submit: { vi: 'đã gửi phê duyệt', en: 'sent for approval' },
  resubmit: { vi: 'đã gửi lại phê duyệt', en: 'sent for approval again' },
  approve: { vi: 'đã phê duyệt', en: 'approved' },
  submit_superiors: { vi: 'đã chuyển cấp trên', en: 'passed to superiors' },
  refuse: { vi: 'đã từ chối', en: 'refused' },
  cancel: { vi: 'đã hủy phê duyệt', en: 'cancelled the approval' },
};

/** What happened, as the followers read it; null: nothing to tell (the write of a status move: its `status` event tells). */
function whatHappened(def: ResourceDef, verb: string, e: RecordEvent): Label | null {
  const who = e.actor_name ?? '';
  if (verb === 'created') return { vi: `${who} đã tạo`, en: `Created by ${who}` };
  if (verb === 'updated') return e.workflow ? null : { vi: `${who} đã cập nhật`, en: `Updated by ${who}` };
  if (verb === 'deleted') return { vi: `${who} đã xóa`, en: `Deleted by ${who}` };
  if (verb === 'status') {
    const labels = def.workflow ? def.fields[def.workflow.field]?.valueLabels : undefined;
    const [a, b] = [labels?.[String(e.from)] ?? { vi: String(e.from), en: String(e.from) }, labels?.[String(e.to)] ?? { vi: String(e.to), en: String(e.to) }];
    const note = e.note ? `: ${e.note}` : '';
    return { vi: `${who}: ${a.vi} → ${b.vi}${note}`, en: `${who}: ${a.en} → ${b.en}${note}` };
  }
  if (verb.startsWith('approval.')) {
    const t = APPROVAL_TEXTS[e.action ?? verb.slice(9)];
    if (!t) return null;
    const note = e.comment ? `: ${e.comment}` : '';
    return { vi: `Phê duyệt: ${t.vi}${note}`, en: `Approval: ${t.en}${note}` };
  }
  return null;
}

/**
 * Followers (ResourceDef.followers): every change of a record — created, updated, a status move, an approval step,
 * deleted — is an INFO notification to the people its follower fields name, through their accounts, never to whoever
 * made the change. Read from the record's own events by one durable consumer per resource (idempotent: a redelivered
 * event tells nobody twice), so a write never waits on the directory; a directory that cannot answer makes the event
 * come again later. The record as the event carries it says who follows: someone just taken off hears of it once more.
 */
export async function notifyFollowers(opts: { domain: Domain; bus: EventBus; pool: Pool; directory: ApproverDirectory; resources: readonly ResourceDef[] }) {
  /** What happened to `record`, told to the people its follower fields name (its actor left out). */
  const tell = async (tx: Tx, def: ResourceDef, record: Record<string, unknown>, happened: Label, actorId: string | undefined) => {
    const to = await staffRecipients(
      opts.directory,
      def.followers!.flatMap((k) => (Array.isArray(record[k]) ? (record[k] as unknown[]) : [record[k]])),
      actorId,
    );
    if (!to.user_ids.length) return;
    const title = String(record[def.titleField] ?? record.id);
    const code = typeof record.code === 'string' ? `${record.code} ` : '';
    const request: NotificationRequest = {
      ...to,
      type: 'INFO',
      title: { vi: `${def.label.vi} ${code}: ${title}`, en: `${def.label.en} ${code}: ${title}` },
      body: happened,
      link: `${pagePath(def)}/${String(record.id)}`,
      context: `${def.name}:${String(record.id)}`,
    };
    await enqueue(tx, notificationRequestedSubject(opts.domain), request);
  };
  for (const def of opts.resources) {
    if (!def.followers?.length) continue;
    const prefix = `portal.${opts.domain}.${def.name}.`;
    await consume(opts.bus, opts.pool, `${opts.domain}.${def.name}.followers`, `${prefix}>`, async (event, tx) => {
      const e = event.data as RecordEvent;
      const record = e.record;
      const happened = record ? whatHappened(def, event.subject.slice(prefix.length), e) : null;
      if (!record || !happened) return;
      await tell(tx, def, { ...record, id: e.id }, happened, e.actor_id);
    });
    // A change of one of its checklist items (ResourceDef.checklist: added, ticked, removed) is a change of the record.
    for (const child of opts.resources.filter((r) => r.checklist && r.parent && r.fields[r.parent]?.ref === def.name)) {
      const childPrefix = `portal.${opts.domain}.${child.name}.`;
      await consume(opts.bus, opts.pool, `${opts.domain}.${child.name}.followers-of-${def.name}`, `${childPrefix}>`, async (event, tx) => {
        const e = event.data as RecordEvent;
        const item = e.record;
        const happened = item ? checklistChange(child, event.subject.slice(childPrefix.length), e) : null;
        if (!item || !happened) return;
        const { rows } = await tx.query<Record<string, unknown>>(`SELECT * FROM ${def.table} WHERE id = $1`, [item[child.parent!]]);
        if (rows[0]) await tell(tx, def, rows[0], happened, e.actor_id);
      });
    }
  }
}

/** A checklist item's change as the record's followers read it ("Nguyễn A đã cập nhật mục kiểm tra: Lắp đặt (đã xong)"). */
function checklistChange(child: ResourceDef, verb: string, e: RecordEvent): Label | null {
  const who = e.actor_name ?? '';
  const item = String(e.record?.[child.titleField] ?? '');
  const done = child.checklist!.done;
  if (verb === 'created') return { vi: `${who} đã thêm mục kiểm tra: ${item}`, en: `${who} added a checklist item: ${item}` };
  if (verb === 'deleted') return { vi: `${who} đã xóa mục kiểm tra: ${item}`, en: `${who} removed a checklist item: ${item}` };
  if (verb === 'updated') {
    const [vi, en] = e.record?.[done] === true ? ['đã xong', 'done'] : ['chưa xong', 'not done'];
    return { vi: `${who} đã cập nhật mục kiểm tra: ${item} (${vi})`, en: `${who} updated a checklist item: ${item} (${en})` };
  }
  return null;
}
