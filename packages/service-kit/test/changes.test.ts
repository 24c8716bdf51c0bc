/** "Did this value change", one answer by the field's type (service-kit resource/changes.ts). */
import { defineResource, f } from '@portal/contracts';
import { changedOf, changes, sameValue } from '../src/resource/changes';

const def = defineResource({
  name: 'changeProbe',
  domain: 'admin',
  path: '/change-probe',
  table: 'change_probe',
  feature: 'ticket',
  titleField: 'name',
  label: { vi: 'Thử', en: 'Probe' },
  fields: {
    name: f.text({ vi: 'Tên', en: 'Name' }),
    at: f.datetime({ vi: 'Lúc', en: 'At' }),
    day: f.date({ vi: 'Ngày', en: 'Day' }),
    who: f.ref('staff', { vi: 'Ai', en: 'Who' }),
    team: f.refs('staff', { vi: 'Nhóm', en: 'Team' }),
    paid: f.bool({ vi: 'Đã trả', en: 'Paid' }),
    amount: f.money({ vi: 'Số tiền', en: 'Amount' }),
  },
} as never);

const stored = {
  name: 'Họp',
  at: '2027-01-01T01:00:00.000Z',
  day: '2027-01-01',
  who: 'AAAAAAAA-0000-4000-8000-000000000001',
  team: ['b', 'a'],
  paid: null,
  amount: 1_000_000,
};

test('a value sent as it is stored, in another spelling, is no change', () => {
  const same = {
    name: 'Họp',
    at: '2027-01-01T08:00:00+07:00',
    day: '01/01/2027',
    who: 'aaaaaaaa-0000-4000-8000-000000000001',
    team: ['A', 'B'],
    paid: false,
    amount: '1000000',
  };
  expect(changedOf(def, same, stored)).toEqual([]);
  expect(changes(def, { name: undefined }, stored, ['name'])).toBe(false);
});

test('each field that differs, and only it, is a change', () => {
  expect(
    changedOf(def, { at: '2027-01-01T08:00:01+07:00', day: '2027-01-02', who: null, team: ['a'], paid: true, amount: 1_000_001, name: 'họp' }, stored),
  ).toEqual(['name', 'at', 'day', 'who', 'team', 'paid', 'amount']);
  expect(changes(def, { who: null }, { who: null }, ['who'])).toBe(false);
  expect(changes(def, { team: [] }, { team: null }, ['team'])).toBe(false);
  // A new record: every field given is a change.
  expect(changedOf(def, { name: 'x', amount: 0 }, null)).toEqual(['name', 'amount']);
});

test('without a declaration, by the shape of the values', () => {
  expect(sameValue('2027-01-01T08:00:00+07:00', new Date('2027-01-01T01:00:00Z'))).toBe(true);
  expect(sameValue(['x', 'y'], ['y', 'x'])).toBe(true);
  expect(sameValue('', null)).toBe(true);
  expect(sameValue('a', 'b')).toBe(false);
});
