import {
  ASSET_ALERT_KIND,
  ASSET_ALERT_KIND_LABELS,
  ASSET_SERVING,
  mailRequestedSubject,
  notificationRequestedSubject,
  type AssetAlertKind,
  type Label,
} from '@portal/contracts';
import { enqueue, withTx, type ServiceKit } from '@portal/service-kit';

/** An asset (or a handover line) needing someone's attention, and whose it is. */
interface Item {
  code: string;
  name: string;
  /** The day it concerns: a policy's end, an inspection's due date, a schedule's end, the day a handover was sent. */
  day: string;
  department_id: string | null;
  /** A waiting handover's receiver (reminded of it themselves). */
  receiver_id?: string | null;
}
interface Setting {
  kind: AssetAlertKind;
  days_ahead: number;
  recipient_ids: string[] | null;
  to_department_head: boolean;
  by_mail: boolean;
}

/** The company hour from which the day's digest goes (07:00 in Asia/Ho_Chi_Minh, UTC+7): read before work, not at midnight. */
export const DIGEST_HOUR = 7;
/** How many items of a kind a digest names (the rest are counted). */
const NAMED = 5;

/** Each kind's items on `today`, `days` ahead (overdue inspections and handovers waiting longer included). */
async function itemsOf(kit: ServiceKit, kind: AssetAlertKind, today: string, days: number): Promise<Item[]> {
  const asset = `SELECT a.asset_code AS code, a.name, to_char(%DAY%, 'YYYY-MM-DD') AS day, a.department_id FROM asset a
                  WHERE a.state = 'ACTIVE' AND a.status <> 'LIQUIDATION' AND %WHERE% ORDER BY %DAY%, a.asset_code`;
  const q = (day: string, where: string, values: unknown[]) => kit.pool.query<Item>(asset.replaceAll('%DAY%', day).replace('%WHERE%', where), values);
  switch (kind) {
    case 'INSURANCE_EXPIRY':
      return (await q('a.insured_until', 'a.insured_until BETWEEN $1::date AND $1::date + $2::int', [today, days])).rows;
    case 'INSPECTION_DUE':
      return (await q('a.next_inspection_date', 'a.next_inspection_date <= $1::date + $2::int', [today, days])).rows;
    case 'DEPRECIATION_END':
      return (
        await q('a.depreciation_end', 'a.depreciation_end BETWEEN $1::date AND $1::date + $2::int AND a.status = ANY($3::text[])', [today, days, ASSET_SERVING])
      ).rows;
    case 'HANDOVER_WAITING':
      return (
        await kit.pool.query<Item>(
          `SELECT a.asset_code || ' (' || h.code || ')' AS code, a.name, to_char((h.sent_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, 'YYYY-MM-DD') AS day,
                  h.department_id, l.receiver_id
             FROM asset_handover_line l JOIN asset_handover h ON h.id = l.handover_id JOIN asset a ON a.id = l.asset_id
            WHERE l.state = 'ACTIVE' AND l.status = 'HAND_OVER' AND h.state = 'ACTIVE' AND h.status = 'HAND_OVER'
              AND (h.sent_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date <= $1::date - $2::int
            ORDER BY h.sent_at, a.asset_code`,
          [today, days],
        )
      ).rows;
  }
}

const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** A digest's words: one line per kind, naming the first items and counting the rest. */
export function digestText(byKind: Map<AssetAlertKind, Item[]>): { title: Label; body: Label } {
  const total = [...byKind.values()].reduce((n, xs) => n + xs.length, 0);
  const lines = (lang: 'vi' | 'en') =>
    [...byKind.entries()]
      .map(([kind, xs]) => {
        const named = xs
          .slice(0, NAMED)
          .map((x) => `${x.code} ${x.name} (${dmy(x.day)})`)
          .join('; ');
        const more = xs.length > NAMED ? (lang === 'vi' ? ` và ${xs.length - NAMED} tài sản khác` : ` and ${xs.length - NAMED} more`) : '';
        return `${ASSET_ALERT_KIND_LABELS[kind]![lang]} — ${xs.length}: ${named}${more}`;
      })
      .join('\n');
  return {
    title: { vi: `Tài sản cần chú ý hôm nay: ${total}`, en: `Assets to see to today: ${total}` },
    body: { vi: lines('vi').slice(0, 1990), en: lines('en').slice(0, 1990) },
  };
}

/**
 * The day's asset digest (contracts assets/alerts.ts): for each alert that is on, its items — policies ending, assets
 * due for inspection (overdue ones too), schedules ending within its days; handovers waiting longer than its days — go
 * to its named staff (all of them), to the head of each item's managing department when ticked (the head of the
 * handover's department: the escalation of an unanswered handover), and a waiting handover to its receiver. Each person
 * gets one notification listing all of theirs, and one mail when any of their kinds asks for mail and they have an
 * address. Once per person per day, whatever runs it: the (day, user) row in `asset_alert_digest` is claimed in the
 * transaction that queues the notification, so a second run or another instance sends nothing again. Returns how many
 * digests it queued.
 */
export async function sendAssetDigests(kit: ServiceKit, today: string = kit.today()): Promise<number> {
  const { rows: settings } = await kit.pool.query<Setting>(
    `SELECT kind, days_ahead, recipient_ids, to_department_head, by_mail FROM asset_alert_setting WHERE state = 'ACTIVE' AND enabled ORDER BY kind`,
  );
  const order = (k: AssetAlertKind) => ASSET_ALERT_KIND.indexOf(k);
  const perUser = new Map<string, { items: Map<AssetAlertKind, Item[]>; mail: boolean }>();
  const give = (users: readonly string[], kind: AssetAlertKind, item: Item, mail: boolean) => {
    for (const u of users) {
      const mine = perUser.get(u) ?? { items: new Map<AssetAlertKind, Item[]>(), mail: false };
      perUser.set(u, mine);
      const xs = mine.items.get(kind) ?? [];
      if (!xs.some((x) => x.code === item.code)) xs.push(item);
      mine.items.set(kind, xs);
      mine.mail ||= mail;
    }
  };
  const heads = new Map<string, string[]>();
  const headsOf = async (dept: string | null): Promise<string[]> => {
    if (!dept) return [];
    if (!heads.has(dept)) {
      const levels = await kit.directory.resolve({
        levels: [{ level: 1, scope: 'DEPARTMENT_TREE', up: 0 }],
        given: [],
        department_id: dept,
        submitter_user_id: '00000000-0000-0000-0000-000000000000',
        submitter_staff_id: null,
      });
      heads.set(dept, levels[0]?.approver_ids ?? []);
    }
    return heads.get(dept)!;
  };
  for (const s of settings.sort((a, b) => order(a.kind) - order(b.kind))) {
    const items = await itemsOf(kit, s.kind, today, s.days_ahead);
    if (!items.length) continue;
    const staff = [...new Set([...(s.recipient_ids ?? []), ...items.map((i) => i.receiver_id).filter((x): x is string => Boolean(x))])];
    const accounts = staff.length ? await kit.directory.accountsByStaff(staff) : new Map<string, string[]>();
    const named = (s.recipient_ids ?? []).flatMap((id) => accounts.get(id.toLowerCase()) ?? []);
    for (const item of items) {
      give(named, s.kind, item, s.by_mail);
      if (s.to_department_head) give(await headsOf(item.department_id), s.kind, item, s.by_mail);
      if (item.receiver_id) give(accounts.get(item.receiver_id.toLowerCase()) ?? [], s.kind, item, s.by_mail);
    }
  }
  if (!perUser.size) return 0;
  const contacts = new Map((await kit.directory.contacts([...perUser.keys()])).map((c) => [c.id.toLowerCase(), c.email]));
  let sent = 0;
  for (const [user, mine] of perUser) {
    const { title, body } = digestText(mine.items);
    sent += await withTx(kit.pool, async (tx) => {
      const claimed = await tx.query(`INSERT INTO asset_alert_digest (day, user_id, items) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id`, [
        today,
        user,
        [...mine.items.values()].reduce((n, xs) => n + xs.length, 0),
      ]);
      if (!claimed.rowCount) return 0;
      await enqueue(tx, notificationRequestedSubject(kit.domain), {
        user_ids: [user],
        type: 'INFO',
        title,
        body,
        link: '/assets/reports',
        context: `assetDigest:${today}`,
      });
      const email = contacts.get(user.toLowerCase());
      if (mine.mail && email)
        await enqueue(tx, mailRequestedSubject(kit.domain), {
          to: [email],
          subject: `${title.vi} / ${title.en}`,
          text: `${body.vi}\n\n${body.en}\n\n— Cổng thông tin nội bộ: Tài sản → Báo cáo tài sản / The portal: Assets → Asset reports`,
        });
      return 1;
    });
  }
  return sent;
}

/** The company's hour now (Asia/Ho_Chi_Minh, UTC+7, no daylight saving). */
export const companyHour = (now: Date) => new Date(now.getTime() + 7 * 3_600_000).getUTCHours();

/** The daily part: from DIGEST_HOUR, the day's digests (once per person per day, `sendAssetDigests`). */
export async function dailyDigest(kit: ServiceKit, ranOn: { day: string }): Promise<number> {
  const today = kit.today();
  if (ranOn.day === today || companyHour(kit.now()) < DIGEST_HOUR) return 0;
  const n = await sendAssetDigests(kit, today);
  ranOn.day = today;
  return n;
}
