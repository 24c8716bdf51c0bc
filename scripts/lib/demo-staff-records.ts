import type { CallerContext } from '@portal/contracts';
import type { ServiceKit } from '@portal/service-kit';

/**
 * The demo staff's records, so every tab of a staff member's page has something in it: a labor contract each (the
 * probationers on a probation contract), the salary table, a degree, family, some rewards, a discipline, experience,
 * and last year's carried-over leave days.
 */
export async function seedStaffRecords(hr: ServiceKit, ctx: CallerContext, staffIds: Map<string, string>) {
  const repo = (name: string) => hr.repos.get(name)!;
  const year = new Date().getUTCFullYear();
  const { rows } = await hr.pool.query<{ id: string; code: string; status: string; entry: string | null; full_name: string }>(
    `SELECT id, code, status, to_char(entry_date, 'YYYY-MM-DD') AS entry, full_name FROM staff WHERE id = ANY($1) ORDER BY code`,
    [[...staffIds.values()]],
  );
  for (const [i, s] of rows.entries()) {
    const probation = s.status === 'PROBATION';
    const entry = s.entry ?? '2020-01-01';
    const base = 9_000_000 + (i % 10) * 1_500_000;
    await repo('laborContract').create(
      {
        staff_id: s.id,
        code: `HDLD-${s.code}`,
        name: probation ? 'Hợp đồng thử việc' : 'Hợp đồng lao động',
        document_type: 'CONTRACT',
        type: probation ? 3 : i % 4 === 0 ? 2 : 1,
        status: 1,
        start_date: entry,
        end_date: probation ? `${year}-12-31` : i % 4 === 0 ? `${year + 1}-06-30` : null,
        effective_date: entry,
        base_salary: base,
        income: base + 2_000_000,
        allowance: 1_000_000 + (i % 3) * 500_000,
        insurance_salary: base,
        dependents: i % 3,
      },
      ctx,
    );
    await repo('salaryStaff').create(
      {
        staff_id: s.id,
        decision_code: `QĐL-${s.code}-1`,
        effective_date: entry,
        base_salary: base,
        allowance: 1_000_000,
        insurance_salary: base,
        income: base + 1_000_000,
      },
      ctx,
    );
    if (!probation && i % 2 === 0) {
      await repo('salaryStaff').create(
        {
          staff_id: s.id,
          decision_code: `QĐL-${s.code}-2`,
          effective_date: `${year}-01-01`,
          base_salary: base + 1_000_000,
          allowance: 1_500_000,
          insurance_salary: base + 1_000_000,
          income: base + 2_500_000,
          note: 'Điều chỉnh lương hằng năm',
        },
        ctx,
      );
    }
    await repo('education').create(
      {
        staff_id: s.id,
        training_school: ['Đại học Xây dựng Hà Nội', 'Đại học Bách khoa TP.HCM', 'Đại học Kiến trúc Hà Nội', 'Đại học Kinh tế Quốc dân'][i % 4],
        type: 'Bằng đại học',
        major: ['Kỹ thuật xây dựng', 'Cơ điện', 'Kiến trúc', 'Kế toán'][i % 4],
        rank: ['Giỏi', 'Khá', 'Trung bình'][i % 3],
        start_date: '2008-09-01',
        end_date: '2013-06-30',
      },
      ctx,
    );
    if (i % 3 === 0)
      await repo('familyRelationship').create(
        {
          staff_id: s.id,
          full_name: `Nguyễn Thị ${['Lan', 'Hoa', 'Mai'][i % 3]}`,
          relationship: 4,
          dependent_person: false,
          birthday: '1960-05-10',
          nationality: 'Việt Nam',
          occupation: 'Hưu trí',
        },
        ctx,
      );
    if (i % 4 === 1)
      await repo('familyRelationship').create(
        {
          staff_id: s.id,
          full_name: `Trần Minh ${['An', 'Bình', 'Châu'][i % 3]}`,
          relationship: 7,
          dependent_person: true,
          birthday: '2016-03-12',
          nationality: 'Việt Nam',
        },
        ctx,
      );
    if (i % 5 === 0)
      await repo('recognition').create(
        {
          staff_id: s.id,
          type: 'AWARD',
          decision_code: `KT-${year - 1}-${s.code}`,
          issue_date: `${year - 1}-12-20`,
          title: 'Lao động tiên tiến',
          form: 'Giấy khen và tiền thưởng',
          money: 2_000_000,
          recipient: s.full_name,
        },
        ctx,
      );
    if (i === 7)
      await repo('recognition').create(
        {
          staff_id: s.id,
          type: 'DISCIPLINE',
          decision_code: `KL-${year}-${s.code}`,
          issue_date: `${year}-03-15`,
          title: 'Vi phạm nội quy an toàn công trường',
          form: 'Khiển trách',
          money: 0,
          recipient: s.full_name,
        },
        ctx,
      );
    if (i % 6 === 2)
      await repo('experienceStaff').create(
        {
          staff_id: s.id,
          project: ['Tòa nhà văn phòng Keangnam', 'Nhà máy Samsung Thái Nguyên', 'Cầu Nhật Tân'][i % 3],
          department: 'Ban chỉ huy công trường',
          role: 'Kỹ sư giám sát',
          from_date: '2014-01-01',
          to_date: '2016-12-31',
          description: 'Giám sát thi công phần kết cấu và hoàn thiện',
        },
        ctx,
      );
    if (!probation && i % 3 === 1)
      await repo('staffLeaveDay').create({ staff_id: s.id, year, carried_days: 2, extra_days: 0, note: `Phép ${year - 1} chuyển sang` }, ctx);
  }
}
