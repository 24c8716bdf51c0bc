import { hrInternal, UUID_RE } from '@portal/contracts';
import type { ServiceKit } from '@portal/service-kit';

/** A staff member a booking names (its orderer, an attendee): their name and company email, as HR keeps them. */
export interface BookingPerson {
  id: string;
  name: string;
  email: string | null;
}

/**
 * The names and company emails of these staff members, by id, from HR (`POST /internal/directory/contacts`): who a
 * meeting invitation goes to and how its .ics names them. Throws 503 when HR cannot answer.
 */
export async function staffContacts(kit: ServiceKit, staffIds: readonly unknown[]): Promise<Map<string, BookingPerson>> {
  const ids = [...new Set(staffIds.filter((x): x is string => typeof x === 'string' && UUID_RE.test(x)).map((x) => x.toLowerCase()))];
  if (!ids.length) return new Map();
  const rows = await kit.call(hrInternal.contacts, { body: { staff_ids: ids } });
  return new Map(rows.map((r) => [r.id.toLowerCase(), { id: r.id, name: r.full_name, email: r.company_email || null }]));
}
