import type { ResourceDef } from '@portal/contracts';

/**
 * What a record's card shows on a narrow screen (ResourceCards), read from its declaration — one rule for every resource,
 * none named: its title whole; its code above it; its status badges; its key date (or date range); its person; and its
 * phone numbers and emails (tap to call or write). Only listed fields: the list answers those (lean lists).
 */
export interface CardFields {
  title: string;
  code?: string;
  /** The workflow's status (or the listed reference to the records the workflow moves by, a ticket's status), the approval status, else a listed enum `status`. */
  statuses: string[];
  /** The due moment (`deadline`), else the calendar's start (its end beside it), else the acts' start, else the first listed date. */
  date?: string;
  dateEnd?: string;
  /** The first actor naming one staff member (requester, orderer, the person on leave), else the first listed reference to a person. */
  person?: string;
  /** Listed phone and email fields. */
  contacts: string[];
  /** Up to two listed references shown nowhere else: where and with what (a department and position, a room, a car). */
  refs: string[];
}

const PEOPLE = ['staff', 'user'];

export function cardFields(def: ResourceDef): CardFields {
  const title = def.titleField;
  const listed = (name: string | undefined) => (name && name !== title && def.fields[name]?.list ? name : undefined);
  const fields = Object.entries(def.fields).filter(([name, f]) => f.list && name !== title);
  const first = (test: (f: ResourceDef['fields'][string], name: string) => boolean) => fields.find(([n, f]) => test(f, n))?.[0];

  const via = def.workflow?.alias?.via?.resource;
  const statuses = [listed(def.workflow?.field), via ? first((f) => f.type === 'ref' && f.ref === via) : undefined, listed(def.approval?.statusField)].filter(
    (x): x is string => Boolean(x),
  );
  if (!statuses.length && def.fields.status?.type === 'enum' && listed('status')) statuses.push('status');

  const calendarStart = listed(def.calendar?.start);
  const date = listed(def.deadline?.field) ?? calendarStart ?? listed(def.acts?.start) ?? first((f) => f.type === 'date' || f.type === 'datetime');
  const dateEnd = date && date === calendarStart ? listed(def.calendar?.end) : undefined;

  const actor = Object.values(def.actors ?? {})
    .map((a) => ('staff' in a ? listed(a.staff) : undefined))
    .find((n) => n && def.fields[n]!.type === 'ref');
  const person = actor ?? first((f) => f.type === 'ref' && PEOPLE.includes(f.ref!));

  const code = def.fields.code && listed('code') ? 'code' : first((f) => f.type === 'code');
  const shown = new Set([...statuses, date, dateEnd, person, code]);
  const refs = fields.filter(([n, f]) => f.type === 'ref' && !shown.has(n)).map(([n]) => n);
  return {
    title,
    ...(code ? { code } : {}),
    statuses: [...new Set(statuses)],
    ...(date ? { date } : {}),
    ...(dateEnd ? { dateEnd } : {}),
    ...(person ? { person } : {}),
    contacts: fields.filter(([, f]) => f.type === 'phone' || f.type === 'email').map(([n]) => n),
    refs: refs.slice(0, 2),
  };
}
