import { addDays, businessMatrix, businessMatrixPlan, businessMatrixScore, matrixGroup, matrixItem, type CallerContext } from '@portal/contracts';
import type { ServiceKit } from '@portal/service-kit';

/** The criteria: axis, group, and its criteria with their maximum points (each axis adds up to 100). */
const CRITERIA: ['ATTRACTIVENESS' | 'POSITION', string, [string, number][]][] = [
  [
    'ATTRACTIVENESS',
    'Quy mô và lợi nhuận',
    [
      ['Giá trị phần việc cơ điện', 25],
      ['Biên lợi nhuận dự kiến', 20],
    ],
  ],
  [
    'ATTRACTIVENESS',
    'Chủ đầu tư',
    [
      ['Năng lực tài chính của chủ đầu tư', 25],
      ['Uy tín thanh toán', 15],
      ['Giá trị tham chiếu của dự án', 15],
    ],
  ],
  [
    'POSITION',
    'Quan hệ',
    [
      ['Quan hệ với chủ đầu tư', 30],
      ['Quan hệ với đơn vị tư vấn', 15],
    ],
  ],
  [
    'POSITION',
    'Năng lực và cạnh tranh',
    [
      ['Phù hợp năng lực kỹ thuật', 25],
      ['Mức độ cạnh tranh (ít đối thủ: điểm cao)', 15],
      ['Kinh nghiệm dự án tương tự', 15],
    ],
  ],
];

/** Positionings: the project's index among the seeded ones, attractiveness and position aimed at (percent), an earlier level if rescored. */
const POSITIONED: [number, number, number, [number, number]?][] = [
  [0, 88, 82],
  [1, 92, 60, [70, 45]],
  [3, 70, 80],
  [4, 80, 30],
  [5, 60, 55],
  [8, 55, 35, [40, 30]],
  [9, 78, 78],
  [10, 45, 70],
  [12, 35, 40],
  [13, 85, 52],
  [14, 62, 90],
  [16, 30, 20],
  [17, 90, 28],
  [18, 76, 62],
  [19, 58, 18],
  [24, 20, 60],
  [25, 52, 76],
  [26, 15, 10],
];

/**
 * The positioning matrix (contracts business/matrix.ts): its criteria on the two axes, and eighteen projects of the
 * pipeline scored on them by the business head — spread over the cells, two rescored since (their history shows the
 * cell they moved from) — each with an action of its plan.
 */
export async function seedMatrix(kit: ServiceKit, projects: { id: string }[], owners: string[], ctx: CallerContext, sales: CallerContext): Promise<void> {
  const items: { id: string; axis: string; max: number }[] = [];
  for (const [i, [axis, name, criteria]] of CRITERIA.entries()) {
    const g = await kit.repo(matrixGroup).create({ axis, name, ordering: i }, ctx);
    for (const [j, [cname, max_point]] of criteria.entries())
      items.push({ id: (await kit.repo(matrixItem).create({ group_id: g.id, name: cname, max_point, ordering: j }, ctx)).id, axis, max: max_point });
  }
  const matrices = kit.repo(businessMatrix);
  const scores = kit.repo(businessMatrixScore);
  const plans = kit.repo(businessMatrixPlan);
  const today = kit.today();
  const day = (n: number) => addDays(today, n);
  const level = (it: { axis: string; max: number }, a: number, p: number) => Math.round((it.max * (it.axis === 'ATTRACTIVENESS' ? a : p)) / 100);
  const positioned: string[] = [];
  for (const [index, a, p, earlier] of POSITIONED) {
    const m = await matrices.create(
      { project_id: projects[index]!.id, name: `Đánh giá định vị quý ${Math.floor(Number(today.slice(5, 7)) / 3.01) + 1}` },
      sales,
    );
    const first = earlier ?? [a, p];
    const made: string[] = [];
    for (const it of items) made.push((await scores.create({ matrix_id: m.id, item_id: it.id, point: level(it, first[0], first[1]) }, sales)).id);
    if (earlier) for (const [k, it] of items.entries()) await scores.update(made[k]!, { point: level(it, a, p) }, sales);
    positioned.push(m.id);
  }
  // Each positioning's plan: an action for one of the business officers.
  for (const [n, id] of positioned.entries())
    await plans.create(
      {
        matrix_id: id,
        action: [
          'Hẹn gặp ban lãnh đạo chủ đầu tư',
          'Mời tư vấn thiết kế tham quan công trình đã làm',
          'Chuẩn bị phương án VE giảm chi phí',
          'Tìm đối tác liên danh',
        ][n % 4],
        owner_id: owners[n % owners.length],
        due_date: day(7 + n),
        status: n % 3 === 0 ? 'DOING' : 'TODO',
      },
      ctx,
    );
}
