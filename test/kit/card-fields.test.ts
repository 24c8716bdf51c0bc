/**
 * What a list's card shows on a narrow screen (ui-kit resource/cardFields.ts), read from each declaration by one rule:
 * for every declared resource only listed fields (the list answers those), the title its title field, a status for
 * every resource with a workflow or an approval; and what it picks on the resources people use from a phone.
 */
import { allResources, contact, staff, staffLeave, ticket } from '@portal/contracts';
import { cardFields } from '../../packages/ui-kit/src/resource/cardFields';

test('every resource: the title is its title field; the rest are listed fields of their kind, each shown once', () => {
  for (const def of allResources) {
    const card = cardFields(def);
    const picked = [card.code, ...card.statuses, card.date, card.dateEnd, card.person, ...card.contacts, ...card.refs].filter((x): x is string => Boolean(x));
    const kinds = picked.map((n) => [n, def.fields[n]?.list === true && n !== def.titleField]);
    expect([def.name, card.title, kinds]).toEqual([def.name, def.titleField, picked.map((n) => [n, true])]);
    expect([def.name, new Set(picked).size]).toEqual([def.name, picked.length]);
    for (const n of [card.date, card.dateEnd].filter(Boolean))
      expect([def.name, n, ['date', 'datetime'].includes(def.fields[n!]!.type)]).toEqual([def.name, n, true]);
    if (card.person) expect([def.name, ['staff', 'user'].includes(def.fields[card.person]!.ref!)]).toEqual([def.name, true]);
    for (const n of card.contacts) expect(['phone', 'email']).toContain(def.fields[n]!.type);
  }
});

test('every resource with a workflow or an approval shows a status', () => {
  const moving = allResources.filter((d) => d.workflow || d.approval);
  expect(moving.length).toBeGreaterThan(5);
  for (const def of moving) expect([def.name, cardFields(def).statuses.length > 0]).toEqual([def.name, true]);
});

test('a ticket: its company status and approval, its deadline, its requester; staff: status, entry date, phone; a leave: its range', () => {
  expect(cardFields(ticket)).toMatchObject({
    title: 'title',
    code: 'code',
    statuses: ['status_id', 'approval_status'],
    date: 'deadline',
    person: 'requester_id',
  });
  expect(cardFields(staff)).toMatchObject({ title: 'full_name', statuses: ['status'], date: 'entry_date', contacts: ['phone', 'company_email'] });
  expect(cardFields(staff).refs).toEqual(['department_id', 'position_id']);
  expect(cardFields(staffLeave)).toMatchObject({ statuses: ['approval_status'], date: 'from_date', dateEnd: 'to_date', person: 'staff_id' });
  expect(cardFields(contact)).toMatchObject({ title: 'full_name', contacts: ['phone', 'company_email'], refs: ['position_id', 'department_id'] });
});
