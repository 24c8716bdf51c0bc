/**
 * # The kit's behaviour, tested once per shape
 *
 * Paging caps, order errors, lean lists, 404s, validation by field type, uniqueness, generated codes and soft delete are
 * kit code: the same code answers for every declared resource, and what can differ between two resources is only their
 * declaration's shape — the kinds of field they have (type and options) and the features they declare. So the generated
 * suites run the kit's batteries, per commit, over a **cover**: a set of resources that together hold every field shape
 * and every declared feature that any resource holds, chosen greedily in an order drawn from the run's seed (another
 * commit, another cover: the rotation reaches every resource over successive commits). At the deep depth, every
 * resource runs every battery. Each real resource keeps, per commit, its slim battery whatever the cover (CRUD with its
 * activity entry, the export and import round trip, its workflow, its own rules' tests).
 *
 * A new resource whose declaration brings a shape no other has is in every per-commit cover until another has it too.
 */
import type { FieldDef, ResourceDef } from '@portal/contracts';
import { isDeep, SEED, shuffled } from './depth';
import { testedResources } from './resources';

/** The options that change what the kit's validation, uniqueness and code batteries do with a field. */
const MODIFIERS: (keyof FieldDef)[] = ['required', 'unique', 'readonly', 'generate', 'guard', 'computed'];

/**
 * A field's shape: its type and which of those options it has (not their values). How a list shows, finds and orders
 * fields is the resource's feature (`listed-ref`, `search:text`, `sort:date`…), read by the list batteries.
 */
export function fieldShape(f: FieldDef): string {
  return `field:${f.type}:${MODIFIERS.filter((m) => f[m] !== undefined && f[m] !== false).join('+')}`;
}

/** What a resource's declaration holds that the kit's batteries read: its fields' shapes and its features. */
export function shapesOf(r: ResourceDef): Set<string> {
  const out = new Set(Object.values(r.fields).map(fieldShape));
  const features: [string, unknown][] = [
    ['calendar', r.calendar],
    ['word', r.word],
    ['print', r.print],
    ['unique-combination', r.unique?.length],
    ['today-count', r.todayCount],
    ['workflow', r.workflow],
    ['approval', r.approval],
    ['tree', r.tree],
    ['parent', r.parent],
    ['import-key', r.importKey],
    ['exclusive', r.exclusive?.length],
    ['booking', r.booking],
    ['checklist', r.checklist],
    ['followers', r.followers?.length],
    ['own-rows', r.access === 'own'],
    ['about', r.about],
    ['acts', r.acts],
    ['write-feature', r.writeFeature],
    ['bulk', r.bulk],
    ['plain', r.plain],
    ['public-title', r.publicTitle],
    ['series', r.series],
  ];
  for (const [name, v] of features) if (v) out.add(`feature:${name}`);
  for (const [k, v] of Object.entries(r.scope ?? {})) if (v) out.add(`scope:${k}`);
  for (const f of Object.values(r.fields)) {
    if (f.list && (f.type === 'ref' || f.type === 'refs')) out.add(`listed:${f.type}`);
    if (f.search) out.add(`search:${f.type}`);
    if (f.sort) out.add(`sort:${f.type}`);
  }
  return out;
}

/**
 * The resources that together hold every shape any of them holds: greedily the one adding most shapes not yet held,
 * ties broken by an order shuffled with `seed`.
 */
export function shapeCover(resources: readonly ResourceDef[], seed: number): ResourceDef[] {
  const order = shuffled(resources, seed);
  const shapes = new Map(order.map((r) => [r.name, shapesOf(r)]));
  const held = new Set<string>();
  const cover: ResourceDef[] = [];
  for (;;) {
    let best: ResourceDef | null = null;
    let gain = 0;
    for (const r of order) {
      const g = [...shapes.get(r.name)!].filter((x) => !held.has(x)).length;
      if (g > gain) {
        best = r;
        gain = g;
      }
    }
    if (!best) return cover;
    cover.push(best);
    for (const x of shapes.get(best.name)!) held.add(x);
  }
}

/** The resources the kit's batteries run over in this run: every one at the deep depth, the seed's cover per commit. */
export const KIT_BATTERY = new Set((isDeep ? testedResources : shapeCover(testedResources, SEED)).map((r) => r.name));
export const inKitBattery = (r: ResourceDef): boolean => KIT_BATTERY.has(r.name);
