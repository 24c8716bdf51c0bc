import { addDays, categoryChecklist, construction, implementationCategory, implementationProject } from '@portal/contracts';
import { implementProject } from '@portal/implementation';
import { moveStatus, sweepDeadline, withTx, type ServiceKit } from '@portal/service-kit';
import type { DemoCompany } from './demo-company';

/** Constructions of a running project: code, name, floors, floor area (m²). */
const CONSTRUCTIONS: Record<string, [string, string, number, number][]> = {
  'Chung cư Green River Long Biên': [
    ['CT-A', 'Tòa A', 25, 21_500],
    ['CT-B', 'Tòa B', 25, 21_500],
    ['CT-HT', 'Hạ tầng ngoài nhà', 0, 0],
  ],
  'Nhà xưởng Foxconn Bắc Giang': [
    ['XG-01', 'Nhà xưởng số 1', 2, 18_000],
    ['XG-VP', 'Nhà văn phòng điều hành', 4, 3_200],
  ],
};

/** Work packages: code, name, construction code, budget (million đồng), days from the project's start to its start and its length, status. */
const PACKAGES: Record<string, [string, string, string, number, number, number, string][]> = {
  'Chung cư Green River Long Biên': [
    ['HM-01', 'Kết cấu phần ngầm', 'CT-A', 38_000, -120, 150, 'IN_PROGRESS'],
    ['HM-02', 'Kết cấu phần thân tòa A', 'CT-A', 52_000, 10, 240, 'IN_PROGRESS'],
    ['HM-03', 'Hệ thống cơ điện (MEP) tòa A', 'CT-A', 41_000, 90, 260, 'WAITING'],
    ['HM-04', 'Kết cấu phần thân tòa B', 'CT-B', 50_000, 60, 240, 'NEW'],
    ['HM-05', 'Đường nội bộ và thoát nước', 'CT-HT', 9_500, 200, 90, 'NEW'],
  ],
  'Nhà xưởng Foxconn Bắc Giang': [
    ['HM-01', 'Móng và nền nhà xưởng', 'XG-01', 24_000, -60, 90, 'IN_PROGRESS'],
    ['HM-02', 'Kết cấu thép và mái', 'XG-01', 61_000, 20, 120, 'WAITING'],
    ['HM-03', 'Hoàn thiện nhà văn phòng', 'XG-VP', 12_000, 45, 150, 'NEW'],
  ],
};

/** A work package's checklist: name, required, days from the package's start it is due, done when the package has begun. */
const CHECKLIST: [string, boolean, number, boolean][] = [
  ['Biện pháp thi công được tư vấn giám sát phê duyệt', true, -7, true],
  ['Nghiệm thu vật liệu đầu vào', true, 10, true],
  ['Nghiệm thu cốp pha, cốt thép', true, 30, false],
  ['Thí nghiệm mẫu bê tông 28 ngày', true, 60, false],
  ['Bản vẽ hoàn công', false, 120, false],
];

/**
 * The demo company's implementation: the projects the business demo won arrive as their won event would bring them;
 * the two largest are under way — contract signed, started months ago, the site commander (NV011) in charge — with
 * their constructions, work packages in several states and each package's checklist, partly done; the third (the
 * cold store) has just arrived.
 */
export async function seedDomainDemo(kit: ServiceKit, company: DemoCompany): Promise<void> {
  const { ctx, staffIds } = company;
  const today = kit.today();
  const projects = kit.repo(implementationProject);
  const running = company.wonProjects.filter((p) => CONSTRUCTIONS[p.name]);
  const implemented = new Map<string, string>();
  for (const won of company.wonProjects) implemented.set(won.name, await withTx(kit.pool, (tx) => implementProject(kit, tx, won)));
  for (const [n, won] of running.entries()) {
    const start = addDays(today, -150 + 60 * n);
    const id = implemented.get(won.name)!;
    await projects.update(
      id,
      {
        contract_number: `${120 + n}/2026/HĐXD`,
        investor: n === 0 ? 'Công ty TNHH Bất động sản Sông Hồng' : 'Foxconn Việt Nam',
        location: n === 0 ? 'Phúc Đồng, Long Biên, Hà Nội' : 'KCN Quang Châu, Bắc Giang',
        manager_id: staffIds.get('NV011'),
        start_date: start,
        end_date: addDays(start, 540),
        progress: n === 0 ? 28 : 15,
      },
      ctx,
    );
    await withTx(kit.pool, async (tx) => moveStatus(projects, tx, await projects.get(id, ctx, tx, true), 'IN_PROGRESS', ctx));
    const constructionIds = new Map<string, string>();
    for (const [code, name, floors, area] of CONSTRUCTIONS[won.name]!) {
      const row = await kit.repo(construction).create({ implementation_id: id, code, name, floors, floor_area: area || null }, ctx);
      constructionIds.set(code, row.id);
    }
    const categories = kit.repo(implementationCategory);
    for (const [k, [code, name, at, millions, from, days, status]] of PACKAGES[won.name]!.entries()) {
      const begins = addDays(start, from);
      const cat = await categories.create(
        {
          implementation_id: id,
          code,
          name,
          construction_id: constructionIds.get(at),
          manager_id: staffIds.get(k % 2 === 0 ? 'NV011' : 'NV004'),
          budget: millions * 1_000_000,
          start_date: begins,
          end_date: addDays(begins, days),
        },
        ctx,
      );
      const begun = status === 'IN_PROGRESS';
      for (const [i, [item, required, due, done]] of CHECKLIST.entries()) {
        await kit.repo(categoryChecklist).create(
          {
            category_id: cat.id,
            name: item,
            required,
            owner_id: staffIds.get(i % 2 === 0 ? 'NV004' : 'NV011'),
            due_date: addDays(begins, due),
            done: begun && done,
            sort_order: i + 1,
          },
          ctx,
        );
      }
      const path = status === 'IN_PROGRESS' ? ['IN_PROGRESS'] : status === 'WAITING' ? ['WAITING'] : [];
      for (const to of path) await withTx(kit.pool, async (tx) => moveStatus(categories, tx, await categories.get(cat.id, ctx, tx, true), to, ctx));
    }
  }
  // The checklists as a running service's sweep leaves them: the items past due flagged, their owners told.
  await sweepDeadline(kit, categoryChecklist, kit.now());
}
