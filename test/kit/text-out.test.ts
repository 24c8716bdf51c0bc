/**
 * The kit's rules for text written into files of other formats (packages/service-kit/src/text-out.ts): every
 * control character handled per format, and a calendar file whose every line is a property, whatever the names and
 * notes in it. Pure functions: no database.
 */
import { docxLines, icsParam, icsText, xlsxCell, xmlText } from '@portal/service-kit';
import { bookingEvent, calendarFile } from '../../services/admin/src/booking/ics';

/** Every C0 control, DEL, the C1 controls and the line breaks a reader may end a line at. */
const ALL_CONTROLS = `${Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).join('')}\u007f\u0080\u0085\u009f\u2028\u2029`;

test('XML text (xlsx, docx): nothing XML 1.0 forbids, tab kept, every line break one LF', () => {
  expect(xmlText(`a${ALL_CONTROLS}b`)).toBe('a\t\n\n\n\n\nb');
  expect(xmlText('x\r\ny\rz\u2028w')).toBe('x\ny\nz\nw');
  expect(xmlText('a\ufffeb\uffffc\ud800d\udc00e😀')).toBe('abcde😀');
  expect([xmlText(null), xmlText(undefined), xmlText(12)]).toEqual(['', '', '12']);
  expect(docxLines('một\r\nhai\rba\u0001')).toEqual(['một', 'hai', 'ba']);
});

test('a spreadsheet cell is never a formula, a link or rich text: a value is text, a number, a boolean or a date', () => {
  const when = new Date('2026-01-02T03:04:05Z');
  expect([xlsxCell(null), xlsxCell(5), xlsxCell(false), xlsxCell(when)]).toEqual([null, 5, false, when]);
  expect(xlsxCell('=HYPERLINK("http://x","y")\u0000')).toBe('=HYPERLINK("http://x","y")');
  expect(xlsxCell({ formula: 'A1+1' })).toBe('{"formula":"A1+1"}');
  expect(xlsxCell({ text: 'bấm', hyperlink: 'http://x' })).toBe('{"text":"bấm","hyperlink":"http://x"}');
});

test('iCalendar: a TEXT value keeps its lines as one newline each and no other control; a parameter value is one line without a double quote', () => {
  expect(icsText(`a${ALL_CONTROLS}b`)).toBe('a\t\n\n\n\n\nb');
  expect(icsText('Họp\rATTENDEE:mailto:x@y.z\r\nURL:http://x')).toBe('Họp\nATTENDEE:mailto:x@y.z\nURL:http://x');
  expect(icsParam('Nguyễn "Văn" A\r\nATTENDEE:mailto:x@y.z\u0007')).toBe("Nguyễn 'Văn' A ATTENDEE:mailto:x@y.z");
});

/** The lines of a calendar file as a reader that ends a line at CR, LF or CRLF reads them, unfolded (RFC 5545 §3.1). */
const icsLines = (ics: string) =>
  ics.split(/\r\n|\r|\n/).reduce<string[]>((out, line) => {
    if (/^[ \t]/.test(line) && out.length) out[out.length - 1] += line.slice(1);
    else if (line) out.push(line);
    return out;
  }, []);

test("a booking's calendar file: names, room, note and addresses with CR, LF, controls and quotes never start a property", () => {
  const evil = 'x\rURL:http://evil.example\nATTENDEE;CN=y:mailto:evil@example.com\r\n\u000bEND:VEVENT';
  const event = bookingEvent({
    row: {
      id: '0b6a8c1e-0000-4000-8000-000000000001',
      name: `Họp ${evil}`,
      note: `Ghi chú ${evil}`,
      start_time: '2026-03-02T02:00:00Z',
      end_time: '2026-03-02T03:00:00Z',
      status: 'BOOKED',
      state: 'ACTIVE',
    },
    room: `Phòng ${evil}`,
    lang: 'vi',
    sequence: 0,
    orderer: { name: `Người "đặt" ${evil}`, email: 'orderer@portal.local' },
    attendees: [
      { name: `Khách ${evil}`, email: 'guest@portal.local' },
      { name: `Không địa chỉ ${evil}`, email: null },
    ],
  });
  const lines = icsLines(calendarFile([event], 'REQUEST'));
  for (const l of lines) expect(l).toMatch(/^[A-Z][A-Z0-9-]*[;:]/);
  expect(lines.filter((l) => /^URL/.test(l))).toEqual([]);
  expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(1);
  const attendees = lines.filter((l) => l.startsWith('ATTENDEE'));
  expect(attendees).toHaveLength(1);
  expect(attendees[0]).toMatch(/CN="Khách x URL:http:\/\/evil\.example ATTENDEE;CN=y:mailto:evil@example\.com END:VEVENT":mailto:guest@portal\.local$/);
  expect(lines.find((l) => l.startsWith('ORGANIZER'))).toMatch(/^ORGANIZER;CN="Người 'đặt' x URL[^"]*":MAILTO:orderer@portal\.local$/);
  expect(lines.find((l) => l.startsWith('SUMMARY'))).toBe('SUMMARY:Họp x\\nURL:http://evil.example\\nATTENDEE\\;CN=y:mailto:evil@example.com\\nEND:VEVENT');
  expect(lines.find((l) => l.startsWith('LOCATION'))).toBe('LOCATION:Phòng x\\nURL:http://evil.example\\nATTENDEE\\;CN=y:mailto:evil@example.com\\nEND:VEVENT');
});
