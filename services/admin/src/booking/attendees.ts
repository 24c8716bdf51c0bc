import { bookRoom, hrInternal, type CallerContext } from '@portal/contracts';
import { badRequest, chargeMailOnBehalf, hooksFor, type HooksOf, type ServiceKit } from '@portal/service-kit';
import { invitees } from './invitation';

/** The attendees already found pickable for a request's caller (a series checks each occurrence: HR is asked once). */
const checked = new WeakMap<CallerContext, Set<string>>();

/**
 * Which of these staff the caller may pick (HR `POST /internal/directory/pickable`): what the UI's staff picker offers
 * them — their staff list with `staff` view, else the company directory with `contact` view (each in their data
 * scope; the directory leaves out those who quit), and themselves. 503 when HR cannot answer: nobody is invited on a guess.
 */
async function pickable(kit: ServiceKit, ctx: CallerContext, ids: string[]): Promise<Set<string>> {
  const found = await kit.call(hrInternal.pickable, { body: { staff_ids: ids }, context: kit.codec.sign(ctx) });
  return new Set(found.map((x) => x.toLowerCase()));
}

/**
 * Invitations bounded, added to a booking's own rules: the attendees a write adds must be staff the
 * caller's picker offers (400 on `attendee_ids`, naming how many are not; attendees already on the booking stay, so a
 * manager editing someone else's booking is not refused for their picks); and the people a write will mail (a booking
 * saved to calendar, new or changed: its orderer and attendees) are counted against the caller's mail limits in the
 * write's transaction — once per person per batch, 429 past the limit (service-kit mail-limit.ts).
 */
export function withInvitationLimits(base: HooksOf<typeof bookRoom>, kit: () => ServiceKit): HooksOf<typeof bookRoom> {
  const check = async (ids: string[] | null | undefined, before: string[] | null, ctx: CallerContext) => {
    const had = new Set((before ?? []).map((x) => x.toLowerCase()));
    const known = checked.get(ctx) ?? new Set<string>();
    const added = (ids ?? []).map((x) => x.toLowerCase()).filter((x) => !had.has(x) && !known.has(x));
    if (!added.length) return;
    const ok = await pickable(kit(), ctx, added);
    const refused = added.filter((x) => !ok.has(x));
    if (refused.length)
      throw badRequest([{ path: 'attendee_ids', key: 'attendee_not_pickable', params: { field: bookRoom.fields.attendee_ids!.label, n: refused.length } }]);
    for (const x of added) known.add(x);
    checked.set(ctx, known);
  };
  return hooksFor(bookRoom, {
    ...base,
    beforeCreate: async (input, ctx, tx) => {
      await base.beforeCreate?.(input, ctx, tx);
      await check(input.attendee_ids, null, ctx);
    },
    beforeUpdate: async (input, existing, ctx, tx) => {
      await base.beforeUpdate?.(input, existing, ctx, tx);
      if (input.attendee_ids !== undefined) await check(input.attendee_ids, existing.attendee_ids, ctx);
    },
    afterWrite: async (verb, row, ctx, tx) => {
      await base.afterWrite?.(verb, row, ctx, tx);
      if (verb !== 'deleted') await chargeMailOnBehalf(tx, ctx, await invitees(tx, row));
    },
  });
}
