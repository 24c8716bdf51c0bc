/**
 * The positioning matrix (spec §7 `/business-matrix`, "positioning-matrix groups and items", "matrix plan"; §3 cells
 * A1–D4) through the gateway on the demo company: each axis's criteria capped at 100 points; a project's cell computed
 * from its scores — kept by the kit's sums in every score's write — and written on the project with its history (who,
 * when, from → to); a score at most its criterion's maximum; one positioning per project; the project scope; the matrix
 * screen's figures (every cell counted, its largest shown, the rest in the pipeline filtered by the cell).
 */
import { matrixCellOf, MATRIX_BOARD_SHOWN, MATRIX_CELLS, MATRIX_ADVICE, PROJECT_OPEN_STAGES, type MatrixBoardReport } from '@portal/contracts';
import { EN, okData as ok, startTestStack, type TestStack } from '../support/stack';
import { demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(180_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const db = () => s.services.business!.pool;

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
});
afterAll(async () => {
  await s?.close();
});

type Entry = { actor_name: string; origin_data: Record<string, unknown> | null; updated_data: Record<string, unknown> | null };
const cellHistory = async (projectId: string) =>
  (ok(await api('director').get(`/activity-log?q=project:${projectId}&limit=50`)).items as Entry[])
    .filter((e) => e.updated_data && 'matrix_cell' in e.updated_data)
    .map((e) => [e.actor_name, e.origin_data?.matrix_cell ?? null, e.updated_data!.matrix_cell])
    // The log reads newest first; the history, oldest first.
    .reverse();

test('every cell has its advice; the demo positionings: each project in the cell its scores give, rescored ones with their history', async () => {
  expect(MATRIX_CELLS).toHaveLength(16);
  for (const c of MATRIX_CELLS) expect(MATRIX_ADVICE[c]).toEqual({ vi: expect.any(String), en: expect.any(String) });
  const all = ok(await api('director').get('/business-matrix?limit=50')).items as Record<string, unknown>[];
  expect(all).toHaveLength(18);
  const scores = ok(await api('director').get('/business-matrix/score?limit=300')).items as { matrix_id: string; axis: string; point: number }[];
  const cells = new Set<string>();
  for (const m of all) {
    const mine = scores.filter((x) => x.matrix_id === m.id);
    const sum = (axis: string) => mine.filter((x) => x.axis === axis).reduce((n, x) => n + x.point, 0);
    expect([m.attractiveness, m.position, m.scored]).toEqual([sum('ATTRACTIVENESS'), sum('POSITION'), 10]);
    expect(m.cell).toBe(matrixCellOf(Number(m.attractiveness), Number(m.position)));
    expect(ok(await api('director').get(`/project-business/${m.project_id}`)).matrix_cell).toBe(m.cell);
    cells.add(String(m.cell));
  }
  expect(cells.size).toBeGreaterThanOrEqual(10);
  // The board's read: the projects by cell, in the caller's scope.
  const placed = ok(await api('director').get('/project-business?limit=300&f_matrix_cell=A1')).items as { matrix_cell: string }[];
  expect(placed.length).toBe(all.filter((m) => m.cell === 'A1').length);
  // Each project's history holds every move of its cell, each from where the last left it, ending where it is.
  for (const m of all.slice(0, 6)) {
    const h = await cellHistory(String(m.project_id));
    expect(h[0]![1]).toBeNull();
    for (let i = 1; i < h.length; i++) expect(h[i]![1]).toBe(h[i - 1]![2]);
    expect(h.at(-1)![2]).toBe(m.cell);
  }
});

test('an axis holds at most 100 points of criteria', async () => {
  const groups = ok(await api('director').get('/positioning-matrix-group?f_axis=POSITION')).items as { id: string }[];
  const res = await api('admin').post('/positioning-matrix-item', { group_id: groups[0]!.id, name: 'Tiêu chí thừa', max_point: 1 }, EN);
  expect([res.status, res.body.message]).toEqual([422, 'Total maximum points cannot exceed 100 (0 left)']);
  expect((await api('sales').post('/positioning-matrix-item', { group_id: groups[0]!.id, name: 'x', max_point: 1 }, EN)).status).toBe(403);
  // A group with criteria keeps its axis (its criteria's scores were summed on it).
  const moved = await api('admin').put(`/positioning-matrix-group/${groups[0]!.id}`, { axis: 'ATTRACTIVENESS' }, EN);
  expect([moved.status, moved.body.message]).toEqual([422, 'The group has criteria scored on this axis: its axis stays']);
  const empty = ok(await api('admin').post('/positioning-matrix-group', { axis: 'POSITION', name: 'Nhóm thử chưa có tiêu chí' }));
  expect(ok(await api('admin').put(`/positioning-matrix-group/${empty.id}`, { axis: 'ATTRACTIVENESS' })).axis).toBe('ATTRACTIVENESS');
});

test('scored criterion by criterion: the cell follows, written on the project with who and from → to; one positioning per project', async () => {
  const p = ok(await api('sales').post('/project-business', { name: 'Dự án thử định vị', department_id: ids.KD }));
  const m = ok(await api('sales').post('/business-matrix', { project_id: p.id, name: 'Định vị lần đầu' }));
  expect([m.attractiveness, m.position, m.scored, m.cell]).toEqual([0, 0, 0, null]);
  const items = ok(await api('sales').get('/positioning-matrix-item?limit=50')).items as { id: string; axis: string; max_point: number }[];
  const score = (item: { id: string }, point: number) => api('sales').post('/business-matrix/score', { matrix_id: m.id, item_id: item.id, point }, EN);
  const top = items.find((i) => i.axis === 'ATTRACTIVENESS')!;
  const over = await score(top, top.max_point + 1);
  expect([over.status, over.body.errors?.[0]?.path]).toEqual([400, 'point']);
  // Every criterion at its maximum: A1.
  const made: Record<string, string> = {};
  for (const it of items) made[it.id] = ok(await score(it, it.max_point)).id;
  const full = ok(await api('sales').get(`/business-matrix/${m.id}`));
  expect([full.attractiveness, full.position, full.cell]).toEqual([100, 100, 'A1']);
  expect((await score(top, 1)).status).toBe(409);
  // The position's criteria halved, rounded down: the column drops.
  for (const it of items.filter((i) => i.axis === 'POSITION'))
    ok(await api('sales').put(`/business-matrix/score/${made[it.id]}`, { point: Math.floor(it.max_point / 2) }));
  const half = ok(await api('sales').get(`/business-matrix/${m.id}`));
  expect(half.cell).toBe(matrixCellOf(100, Number(half.position)));
  expect(ok(await api('sales').get(`/project-business/${p.id}`)).matrix_cell).toBe(half.cell);
  // A score removed: the cell is computed without it.
  ok(await api('sales').del(`/business-matrix/score/${made[top.id]}`));
  const less = ok(await api('sales').get(`/business-matrix/${m.id}`));
  expect([less.attractiveness, less.scored]).toEqual([100 - top.max_point, items.length - 1]);
  expect(less.cell).toBe(matrixCellOf(Number(less.attractiveness), Number(less.position)));
  // The project's history: every move, by the business head, each from where the last left it, through A1 to where it is.
  const h = await cellHistory(p.id);
  expect(h[0]![1]).toBeNull();
  for (let i = 1; i < h.length; i++) expect(h[i]![1]).toBe(h[i - 1]![2]);
  expect(h.map((x) => x[2])).toContain('A1');
  expect(h.at(-1)![2]).toBe(less.cell);
  expect(new Set(h.map((x) => x[0])).size).toBe(1);
  // One positioning per project.
  expect((await api('sales').post('/business-matrix', { project_id: p.id }, EN)).status).toBe(409);
  // The engineer, on no team of this project, neither reads nor scores it.
  expect((await api('eng').get(`/business-matrix/${m.id}`)).status).toBe(404);
  expect((await api('eng').post('/business-matrix/score', { matrix_id: m.id, item_id: top.id, point: 1 }, EN)).status).toBe(403);
  // The positioning removed: the project is no longer placed.
  ok(await api('sales').del(`/business-matrix/${m.id}`));
  expect(ok(await api('sales').get(`/project-business/${p.id}`)).matrix_cell).toBeNull();
});

test("the matrix screen's figures: every cell counted as the pipeline counts it, its largest shown, in the caller's scope", async () => {
  const OPEN = `&f_stage=${PROJECT_OPEN_STAGES.join(',')}`;
  const totalOf = async (who: DemoPerson, filter: string) => Number(ok(await api(who).get(`/project-business?limit=1${filter}`)).totalRows);
  const check = async (who: DemoPerson, which: 'open' | 'all') => {
    const b = ok(await api(who).get(`/business-report/matrix?which=${which}`)) as MatrixBoardReport;
    const stages = which === 'open' ? OPEN : '';
    expect(b.cells.map((c) => c.cell)).toEqual(MATRIX_CELLS);
    for (const c of b.cells) {
      expect([who, which, c.cell, c.projects]).toEqual([who, which, c.cell, await totalOf(who, `&f_matrix_cell=${c.cell}${stages}`)]);
      const shown = b.shown.filter((p) => p.cell === c.cell);
      expect(shown.length).toBe(Math.min(c.projects, MATRIX_BOARD_SHOWN));
      // The largest first: each shown project worth at least the next.
      for (let i = 1; i < shown.length; i++) expect(BigInt(shown[i - 1]!.expected_value ?? 0) >= BigInt(shown[i]!.expected_value ?? -1)).toBe(true);
    }
    expect(b.projects).toBe(await totalOf(who, stages));
    expect([b.placed, b.unplaced]).toEqual([b.cells.reduce((n, c) => n + c.projects, 0), b.projects - b.placed]);
    expect(b.shown.filter((p) => p.cell === null)).toHaveLength(Math.min(b.unplaced, MATRIX_BOARD_SHOWN));
    return b;
  };
  // A crowded cell: fourteen more open projects of the business department placed in D4 (as their positionings would).
  const { rows } = await db().query<{ id: string }>(
    `INSERT INTO project (code, name, department_id, stage, expected_value, matrix_cell)
     SELECT 'MX-' || i, 'Dự án ô D4 số ' || i, $1, 'TRACKING', i * 1000000000000::bigint, 'D4' FROM generate_series(1, 14) i RETURNING id`,
    [ids.KD],
  );
  try {
    const open = await check('director', 'open');
    expect(open.cells.find((c) => c.cell === 'D4')!.projects).toBeGreaterThan(MATRIX_BOARD_SHOWN);
    expect(open.shown.filter((p) => p.cell === 'D4')[0]).toMatchObject({ name: 'Dự án ô D4 số 14', expected_value: 14_000_000_000_000 });
    const all = await check('director', 'all');
    expect(all.projects).toBeGreaterThanOrEqual(open.projects);
    // The engineer sees the projects of his teams only: fewer, and none of the business department's new ones.
    const eng = await check('eng', 'all');
    expect(eng.projects).toBeLessThan(all.projects);
    expect(eng.shown.some((p) => p.name.startsWith('Dự án ô D4'))).toBe(false);
    await check('sales', 'open');
  } finally {
    await db().query('DELETE FROM project WHERE id = ANY($1::uuid[])', [rows.map((r) => r.id)]);
  }
  const bad = await api('director').get('/business-report/matrix?which=some', EN);
  expect([bad.status, bad.body.errors?.[0]?.path]).toEqual([400, 'which']);
  const xlsx = await api('director').get('/business-report/matrix/export?which=all', EN);
  expect([xlsx.status, xlsx.headers.get('content-type')]).toEqual([200, expect.stringContaining('spreadsheetml')]);
});
