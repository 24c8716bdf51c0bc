/** Each domain's messages live in its own catalogue: the kit's i18n.ts holds only the shared ones. */
import { defineMessages, isMessageKey, t } from '@portal/service-kit';
import { hrMessages } from '../../services/hr/src/messages';

test("a domain's message is translated like the kit's, in both languages", () => {
  expect(t('en', 'candidate_hired')).toBe(hrMessages.candidate_hired.en);
  expect(t('vi', 'leave_balance_exceeded', { available: 2, requested: 3 })).toMatch(/còn 2 ngày/);
  expect(isMessageKey('candidate_hired')).toBe(true);
  expect(isMessageKey('no_such_message')).toBe(false);
});

test('a key the kit or another domain already has cannot be defined again', () => {
  expect(() => defineMessages({ required: { vi: 'x', en: 'x' } })).toThrow(/defined twice/);
  expect(() => defineMessages({ candidate_hired: { vi: 'x', en: 'x' } })).toThrow(/defined twice/);
  const mine = defineMessages({ test_only_message: { vi: 'Thử {n}', en: 'Test {n}' } });
  expect(t('en', 'test_only_message' as never, { n: 1 })).toBe('Test 1');
  expect(mine.test_only_message.vi).toBe('Thử {n}');
});
