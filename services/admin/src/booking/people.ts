import { AppError, fetchAny, INTERNAL_HEADER, type ServiceKit } from '@portal/service-kit';

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
  const ids = [...new Set(staffIds.filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase()))];
  if (!ids.length) return new Map();
  const base = kit.serviceUrl('hr');
  if (!base) throw new AppError(503, 'service_unavailable');
  let rows: { id: string; full_name: string; company_email: string | null }[];
  try {
    const res = await fetchAny(base, '/internal/directory/contacts', {
      method: 'POST',
      timeoutMs: 5000,
      body: JSON.stringify({ staff_ids: ids }),
      headers: { [INTERNAL_HEADER]: kit.codec.internalToken(kit.domain), 'content-type': 'application/json' },
    });
    if (!res.ok) throw new Error(`hr contacts: ${res.status}`);
    rows = ((await res.json()) as { data: typeof rows }).data;
  } catch {
    throw new AppError(503, 'service_unavailable');
  }
  return new Map(rows.map((r) => [r.id.toLowerCase(), { id: r.id, name: r.full_name, email: r.company_email || null }]));
}
