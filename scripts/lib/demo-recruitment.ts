import { addDays, type CallerContext } from '@portal/contracts';
import type { ServiceKit } from '@portal/service-kit';

/**
 * Demo recruitment (called by seedDemo once the roles and users exist): the approval flows of requests (department
 * head, then the director) and of candidates (department head, then the HR manager role), and three requests:
 * - TD-<year>-001, Kỹ thuật - Thi công: approved by the head and the director, recruiting, with five candidates
 *   (pending, interviewing, passed, approved offer, rejected) and their interviews;
 * - TD-<year>-002, Ban Chỉ huy công trường: submitted by the HR manager, waiting for the head of Kỹ thuật - Thi công
 *   (the site command's own head has no account, so the tree passes up);
 * - TD-<year>-003, Hành chính - Nhân sự: approved by the director, then cancelled — its candidates are "old candidates".
 * Records go through the repositories (codes, derived fields, activity); the approval history is written as the engine
 * would have left it, without notifications (the demo users' inboxes start empty). No one is hired: the demo keeps
 * its 50 staff.
 */
export async function seedRecruitmentDemo(deps: {
  hr: ServiceKit;
  ctx: CallerContext;
  staffIds: Map<string, string>;
  orgIds: Map<string, string>;
  posIds: Map<string, string>;
  userIds: Map<string, string>;
  roleIds: Map<string, string>;
}) {
  const { hr, ctx } = deps;
  const repo = (name: string) => hr.repos.get(name)!;
  const db = hr.pool;
  const year = new Date().getUTCFullYear();
  const day = (n: number) => addDays(new Date().toISOString(), n);
  const at = (n: number, hour: number) => {
    const d = new Date(Date.now() + n * 86_400_000);
    d.setUTCHours(hour - 7, 0, 0, 0);
    return d.toISOString();
  };

  const person = async (username: string, staffCode: string) => {
    const { rows } = await db.query<{ full_name: string }>('SELECT full_name FROM staff WHERE id = $1', [deps.staffIds.get(staffCode)]);
    return { id: deps.userIds.get(username)!, name: rows[0]?.full_name ?? username };
  };
  const director = await person('director', 'NV001');
  const hrManager = await person('hr.manager', 'NV002');
  const head = await person('head.kttc', 'NV003');

  const flow = async (documentType: string, name: string, levels: unknown[]) =>
    (
      await db.query<{ id: string }>(`INSERT INTO approval_flow (document_type, name, cost_band, levels) VALUES ($1, $2, 'ALL', $3) RETURNING id`, [
        documentType,
        name,
        JSON.stringify(levels),
      ])
    ).rows[0]!.id;
  const recruitmentFlow = await flow('recruitment', 'Trưởng phòng, sau đó Giám đốc duyệt', [
    { level: 1, scope: 'DEPARTMENT_TREE', up: 0 },
    { level: 2, scope: 'ROLE', role_id: deps.roleIds.get('DIRECTOR') },
  ]);
  const candidateFlow = await flow('candidate', 'Trưởng phòng, sau đó Trưởng phòng HCNS duyệt', [
    { level: 1, scope: 'DEPARTMENT_TREE', up: 0 },
    { level: 2, scope: 'ROLE', role_id: deps.roleIds.get('HR_MANAGER') },
  ]);

  /** An approval as the engine leaves it: submitted by `submitter`, approved by the first `approvedBy.length` levels. */
  const approval = async (
    resource: 'recruitment' | 'candidate',
    recordId: string,
    flowId: string,
    levels: { id: string; name: string }[],
    submitter: { id: string; name: string },
    approvedBy: { by: { id: string; name: string }; comment: string }[],
    comment: string,
  ) => {
    const done = approvedBy.length >= levels.length;
    const status = done ? 'APPROVED' : approvedBy.length ? 'APPROVING' : 'PENDING';
    const current = Math.min(approvedBy.length + 1, levels.length);
    const {
      rows: [req],
    } = await db.query<{ id: string }>(
      `INSERT INTO approval_request (document_type, resource, record_id, status, current_level, levels_count, levels, flow_id, submitted_by, approver_ids)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        resource,
        resource,
        recordId,
        status,
        current,
        levels.length,
        JSON.stringify(levels.map((l, i) => ({ level: i + 1, approver_ids: [l.id] }))),
        flowId,
        submitter.id,
        done ? [] : [levels[current - 1]!.id],
      ],
    );
    const step = (level: number, action: string, from: string | null, to: string, actor: { id: string; name: string }, text: string) =>
      db.query(
        `INSERT INTO approval_step (request_id, level, action, status_from, status_to, actor_id, actor_name, comment) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [req!.id, level, action, from, to, actor.id, actor.name, text],
      );
    await step(1, 'SUBMIT', null, 'PENDING', submitter, comment);
    for (const [i, a] of approvedBy.entries())
      await step(i + 1, 'APPROVE', i === 0 ? 'PENDING' : 'APPROVING', i === levels.length - 1 ? 'APPROVED' : 'APPROVING', a.by, a.comment);
    await db.query(`UPDATE ${resource} SET approval_status = $2 WHERE id = $1`, [recordId, status]);
  };
  const setStatus = (table: 'recruitment' | 'candidate', id: string, status: string) =>
    db.query(`UPDATE ${table} SET status = $2, updated_date = now() WHERE id = $1`, [id, status]);

  // 1. Site engineers for Kỹ thuật - Thi công: approved, recruiting.
  const site = await repo('recruitment').create(
    {
      code: `TD-${year}-001`,
      name: 'Tuyển Kỹ sư giám sát thi công',
      department_id: deps.orgIds.get('KTTC'),
      position_id: deps.posIds.get('KS'),
      quantity: 3,
      deadline: day(45),
      salary_from: 15_000_000,
      salary_to: 25_000_000,
      reason: 'Bổ sung nhân sự giám sát cho hai dự án nhà xưởng khởi công quý tới.',
      requirements: 'Tốt nghiệp đại học ngành Xây dựng dân dụng và công nghiệp; tối thiểu 3 năm kinh nghiệm giám sát; có chứng chỉ hành nghề giám sát.',
    },
    ctx,
  );
  await approval(
    'recruitment',
    site.id,
    recruitmentFlow,
    [head, director],
    hrManager,
    [
      { by: head, comment: 'Đồng ý, cần gấp cho dự án.' },
      { by: director, comment: 'Duyệt.' },
    ],
    'Đề nghị duyệt kế hoạch tuyển dụng',
  );

  const candidates: [name: string, email: string, gender: string, birthday: string, source: string, years: number, salary: number][] = [
    ['Nguyễn Văn Hùng', 'hung.nguyen.uv@example.com', 'MALE', '1995-04-12', 'TopCV', 4, 18_000_000],
    ['Trần Thị Mai', 'mai.tran.uv@example.com', 'FEMALE', '1993-09-03', 'Giới thiệu nội bộ', 6, 22_000_000],
    ['Lê Quốc Bảo', 'bao.le.uv@example.com', 'MALE', '1991-01-25', 'VietnamWorks', 8, 25_000_000],
    ['Phạm Minh Tuấn', 'tuan.pham.uv@example.com', 'MALE', '1996-07-19', 'LinkedIn', 3, 17_000_000],
    ['Hoàng Thu Trang', 'trang.hoang.uv@example.com', 'FEMALE', '1997-11-30', 'TopCV', 2, 15_000_000],
  ];
  const ids: string[] = [];
  for (const [i, [full_name, email, gender, birthday, source, experience_years, expected_salary]] of candidates.entries()) {
    ids.push(
      (
        await repo('candidate').create(
          { full_name, email, gender, birthday, source, experience_years, expected_salary, phone: `0912 345 00${i + 1}`, recruitment_id: site.id },
          ctx,
        )
      ).id,
    );
  }
  const [, interviewing, passed, offered, rejected] = ids as [string, string, string, string, string];
  const interview = (
    candidate_id: string,
    kind: 'HR' | 'MANAGER',
    scheduled_at: string,
    result: 'PENDING' | 'PASSED' | 'FAILED',
    score: number | null,
    feedback: string | null,
    interviewer: string | null,
  ) =>
    repo('candidateInterview').create(
      {
        candidate_id,
        kind,
        scheduled_at,
        result,
        score,
        feedback,
        location: 'Phòng họp tầng 3, trụ sở chính',
        interviewer_id: interviewer ? deps.staffIds.get(interviewer) : null,
      },
      ctx,
    );
  await interview(interviewing, 'HR', at(-3, 9), 'PASSED', 78, 'Giao tiếp tốt, kinh nghiệm phù hợp.', 'NV002');
  await interview(interviewing, 'MANAGER', at(2, 14), 'PENDING', null, null, 'NV003');
  await interview(passed, 'HR', at(-8, 9), 'PASSED', 85, 'Ứng viên nổi bật.', 'NV002');
  await interview(passed, 'MANAGER', at(-5, 10), 'PASSED', 88, 'Chuyên môn vững, đã quản lý đội 15 người.', 'NV003');
  await setStatus('candidate', passed, 'SUCCESS');
  await interview(offered, 'HR', at(-12, 9), 'PASSED', 80, null, 'NV002');
  await interview(offered, 'MANAGER', at(-10, 15), 'PASSED', 82, 'Đề xuất nhận.', 'NV003');
  // Submitted by the HR manager: the head approves; the HR manager's own level is skipped (no one approves their own).
  await approval('candidate', offered, candidateFlow, [head], hrManager, [{ by: head, comment: 'Đồng ý mức lương đề xuất.' }], 'Đề nghị duyệt tuyển');
  await setStatus('candidate', offered, 'APPROVED');
  await interview(rejected, 'HR', at(-6, 16), 'FAILED', 45, 'Chưa đáp ứng yêu cầu kinh nghiệm.', 'NV002');
  await setStatus('candidate', rejected, 'COMPANY_CANCELLED');

  // 2. QA/QC engineers for the site command: waiting for the head of Kỹ thuật - Thi công.
  const qa = await repo('recruitment').create(
    {
      code: `TD-${year}-002`,
      name: 'Tuyển Kỹ sư QA/QC công trường',
      department_id: deps.orgIds.get('BCH'),
      position_id: deps.posIds.get('KS'),
      quantity: 2,
      deadline: day(60),
      salary_from: 14_000_000,
      salary_to: 20_000_000,
      reason: 'Đáp ứng yêu cầu kiểm soát chất lượng của chủ đầu tư tại công trường.',
      requirements: 'Có kinh nghiệm lập hồ sơ nghiệm thu, quản lý chất lượng.',
    },
    ctx,
  );
  await approval('recruitment', qa.id, recruitmentFlow, [head, director], hrManager, [], 'Đề nghị duyệt kế hoạch tuyển dụng');

  // 3. A recruiter for Hành chính - Nhân sự: approved by the director (its head submitted it), then cancelled.
  const recruiter = await repo('recruitment').create(
    {
      code: `TD-${year}-003`,
      name: 'Tuyển Chuyên viên tuyển dụng',
      department_id: deps.orgIds.get('HCNS'),
      position_id: deps.posIds.get('NV'),
      quantity: 1,
      deadline: day(-10),
      salary_from: 10_000_000,
      salary_to: 14_000_000,
      reason: 'Thay thế nhân sự nghỉ việc.',
    },
    ctx,
  );
  await approval('recruitment', recruiter.id, recruitmentFlow, [director], hrManager, [{ by: director, comment: 'Duyệt.' }], 'Đề nghị duyệt');
  const anh = await repo('candidate').create(
    {
      full_name: 'Đỗ Ngọc Ánh',
      email: 'anh.do.uv@example.com',
      gender: 'FEMALE',
      birthday: '1998-02-14',
      phone: '0987 654 321',
      source: 'TopCV',
      experience_years: 2,
      expected_salary: 12_000_000,
      recruitment_id: recruiter.id,
    },
    ctx,
  );
  const huy = await repo('candidate').create(
    {
      full_name: 'Vũ Gia Huy',
      email: 'huy.vu.uv@example.com',
      gender: 'MALE',
      birthday: '1994-06-08',
      phone: '0987 654 322',
      source: 'Facebook',
      experience_years: 5,
      expected_salary: 15_000_000,
      recruitment_id: recruiter.id,
    },
    ctx,
  );
  await interview(huy.id, 'HR', at(-20, 10), 'PASSED', 75, 'Ứng viên nhận lời công ty khác.', 'NV002');
  await setStatus('candidate', huy.id, 'CANDIDATE_CANCELLED');
  await setStatus('candidate', anh.id, 'CANCELLED');
  await setStatus('recruitment', recruiter.id, 'CANCELLED');
}
