import ExcelJS from 'exceljs';
import { staff } from '@portal/contracts';

/**
 * An .xlsx of `n` new staff as a user fills the import template: Vietnamese headers, option labels (Nam/Nữ, Chính
 * thức), dates as Excel dates, the department and position by code. Codes `IM000001`… do not collide with the seed.
 */
export async function staffWorkbook(n: number, departmentCodes: string[], positionCodes: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(staff.label.vi);
  const cols = [
    'code',
    'full_name',
    'gender',
    'birthday',
    'phone',
    'company_email',
    'department_id',
    'position_id',
    'status',
    'labor_type',
    'entry_date',
    'working_area',
    'job_position',
    'id_number',
  ] as const;
  ws.columns = cols.map((c) => ({ header: staff.fields[c]!.label.vi, key: c, width: 18 }));
  const labels = (c: (typeof cols)[number], v: string) => staff.fields[c]!.valueLabels?.[v]?.vi ?? v;
  for (let i = 1; i <= n; i++) {
    ws.addRow({
      code: `IM${String(i).padStart(6, '0')}`,
      full_name: `Nguyễn ${i % 2 ? 'Văn' : 'Thị'} Nhập ${i}`,
      gender: labels('gender', i % 2 ? 'MALE' : 'FEMALE'),
      birthday: new Date(Date.UTC(1970 + (i % 30), i % 12, (i % 27) + 1)),
      phone: `08${String(10000000 + i).slice(0, 8)}`,
      company_email: `im${i}@portal.local`,
      department_id: departmentCodes[i % departmentCodes.length],
      position_id: positionCodes[i % positionCodes.length],
      status: labels('status', i % 9 ? 'OFFICIAL' : 'PROBATION'),
      labor_type: labels('labor_type', i % 3 ? 'CONSTRUCTION' : 'OFFICE'),
      entry_date: new Date(Date.UTC(2015 + (i % 10), (i * 7) % 12, 1)),
      working_area: i % 2 ? 'Hà Nội' : 'Đà Nẵng',
      job_position: 'Kỹ sư xây dựng',
      id_number: String(100000000000 + i),
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
