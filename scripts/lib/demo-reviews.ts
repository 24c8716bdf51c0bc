import { addDays, REVIEW_DEFS, reviewGroup, reviewItem, reviewPoint, type CallerContext, type ReviewKind } from '@portal/contracts';
import { awardReview, compareReview } from '@portal/implementation';
import { moveStatus, withTx, type ServiceKit } from '@portal/service-kit';

/** A product asked for: name, unit, quantity. */
type Item = [string, string, number];
/** A quotation: the contractor's place in the list, VAT %, delivery cost (đồng), payment terms (days), delivery (days), unit prices in order. */
type Offer = [number, number, number, number, number, number[]];

interface Review {
  kind: ReviewKind;
  name: string;
  type: string;
  items: Item[];
  offers: Offer[];
  /** How far it goes: quotations still coming, compared (the award is the user's), awarded and in approval, or approved. */
  fate: 'QUOTING' | 'EVALUATING' | 'AWARDED' | 'APPROVED';
}

/** Each running project's cost reviews, three quotations each (issue 35 §9). */
const REVIEWS: Review[][] = [
  [
    {
      kind: 'supplier',
      name: 'Cung cấp thép và bu lông tầng hầm tòa A',
      type: 'EQUIPMENT_SUPPLIES',
      items: [
        ['Thép CB400-V D25', 'tấn', 48.5],
        ['Thép CB400-V D16', 'tấn', 30],
        ['Bu lông neo M24', 'bộ', 1200],
      ],
      offers: [
        [2, 10, 12_000_000, 30, 7, [15_400_000, 15_600_000, 82_000]],
        [3, 10, 0, 45, 10, [15_650_000, 15_300_000, 79_500]],
        [4, 8, 25_000_000, 15, 5, [15_500_000, 15_450_000, 85_000]],
      ],
      fate: 'AWARDED',
    },
    {
      kind: 'subcontractor',
      name: 'Thi công hệ thống phòng cháy chữa cháy tòa A',
      type: 'EXECUTION',
      items: [
        ['Hệ thống sprinkler tầng hầm', 'gói', 1],
        ['Hệ thống báo cháy tự động', 'gói', 1],
      ],
      offers: [
        [5, 10, 0, 30, 90, [2_450_000_000, 1_180_000_000]],
        [6, 10, 0, 45, 120, [2_390_000_000, 1_260_000_000]],
        [7, 10, 0, 30, 100, [2_520_000_000, 1_150_000_000]],
      ],
      fate: 'QUOTING',
    },
  ],
  [
    {
      kind: 'supplier',
      name: 'Cung cấp cáp điện và máng cáp nhà xưởng số 1',
      type: 'INSTALLATION',
      items: [
        ['Cáp CXV 4x95', 'm', 850],
        ['Máng cáp 300x100 sơn tĩnh điện', 'm', 420],
        ['Tủ điện phân phối DB-01', 'tủ', 4],
      ],
      offers: [
        [2, 10, 8_000_000, 30, 14, [612_000, 385_000, 48_500_000]],
        [3, 10, 8_000_000, 30, 10, [598_000, 392_000, 48_500_000]],
        [4, 10, 0, 60, 21, [640_000, 371_000, 52_000_000]],
      ],
      fate: 'EVALUATING',
    },
    {
      kind: 'subcontractor',
      name: 'Thi công kết cấu thép mái nhà xưởng số 1',
      type: 'EXECUTION',
      items: [
        ['Gia công, lắp dựng kèo thép', 'tấn', 185],
        ['Lợp tôn mái và phụ kiện', 'm²', 18_000],
      ],
      offers: [
        [5, 10, 0, 30, 60, [28_500_000, 265_000]],
        [6, 10, 0, 30, 75, [27_900_000, 279_000]],
        [7, 10, 0, 45, 60, [29_200_000, 258_000]],
      ],
      fate: 'APPROVED',
    },
  ],
];

/** The criteria subcontractors' quotations are scored on: group, then its items with their most points (100 in all). */
const CRITERIA: [string, [string, number][]][] = [
  [
    'Năng lực nhà thầu',
    [
      ['Kinh nghiệm công trình tương tự', 25],
      ['Nhân lực và thiết bị huy động', 15],
    ],
  ],
  [
    'Biện pháp thi công',
    [
      ['Giải pháp kỹ thuật', 20],
      ['An toàn lao động và vệ sinh môi trường', 10],
    ],
  ],
  ['Tiến độ', [['Tiến độ cam kết', 15]]],
  ['Tài chính', [['Điều kiện thanh toán và bảo lãnh', 15]]],
];

/** Each evaluator's share of an item's points for the quotations in order (the first scored best). */
const SHARES = [0.9, 0.75, 0.6];

/**
 * The running projects' cost reviews (contracts implementation/review.ts): three quotations each, at every stage —
 * quotations still coming, compared and waiting for the user's award, awarded (one line to a dearer quotation, its
 * reason given) and in approval, approved; the subcontractors' quotations scored against the review criteria by two
 * evaluators. Written as the site commander, through the kit and the award's own code.
 * `decide`: the money demo's helper sending a record for approval and deciding its first levels.
 */
export async function seedReviews(
  kit: ServiceKit,
  projects: string[],
  contractorIds: string[],
  site: CallerContext,
  decide: (resource: string, id: string, approved: number) => Promise<void>,
  evaluators: CallerContext[],
): Promise<void> {
  const items: { id: string; most: number }[] = [];
  for (const [g, [group, list]] of CRITERIA.entries()) {
    const made = await kit.repo(reviewGroup).create({ name: group, ordering: g + 1 }, site);
    for (const [i, [name, point]] of list.entries())
      items.push({ id: (await kit.repo(reviewItem).create({ group_id: made.id, name, point, ordering: i + 1 }, site)).id, most: point });
  }
  for (const [i, project] of projects.entries()) {
    for (const r of REVIEWS[i] ?? []) {
      const d = REVIEW_DEFS[r.kind];
      const review = await kit.repos.get(d.review.name)!.create(
        {
          implementation_id: project,
          name: r.name,
          type: r.type,
          priority: 'HIGH',
          start_date: addDays(kit.today(), -20),
          end_date: addDays(kit.today(), r.fate === 'QUOTING' ? 5 : -5),
          submission_cost: 0,
        },
        site,
      );
      const products: string[] = [];
      for (const [j, [name, unit, quantity]] of r.items.entries())
        products.push((await kit.repos.get(d.product.name)!.create({ review_id: review.id, name, unit, quantity, sort_order: j + 1 }, site)).id);
      // The last quotation of a review still collecting them has not come yet.
      const offers = r.fate === 'QUOTING' ? r.offers.slice(0, 2) : r.offers;
      const quotations: string[] = [];
      for (const [c, vat, delivery, terms, days, prices] of offers) {
        const q = await kit.repos.get(d.quotation.name)!.create(
          {
            review_id: review.id,
            contractor_id: contractorIds[c % contractorIds.length],
            vat_rate: vat,
            delivery_cost: delivery,
            payment_terms_days: terms,
            delivery_days: days,
            quotation_date: addDays(kit.today(), -10),
            valid_until: addDays(kit.today(), 30),
          },
          site,
        );
        quotations.push(q.id);
        for (const [j, unit_price] of prices.entries())
          await kit.repos.get(d.line.name)!.create({ quotation_id: q.id, product_id: products[j], unit_price }, site);
      }
      // A subcontractor's quotations scored by the site commander and the head of contract management.
      if (r.kind === 'subcontractor')
        for (const [e, who] of evaluators.entries())
          for (const [n, quotation_id] of quotations.entries())
            for (const it of items)
              await kit.repo(reviewPoint).create({ quotation_id, item_id: it.id, point: Math.round(it.most * (SHARES[n]! - 0.05 * e)) }, who);
      if (r.fate === 'QUOTING') continue;
      const repo = kit.repos.get(d.review.name)!;
      await withTx(kit.pool, async (tx) => moveStatus(repo, tx, await repo.get(review.id, site, tx, true), 'EVALUATING', site));
      if (r.fate === 'EVALUATING') continue;
      const compared = await compareReview(kit, r.kind, review.id, site);
      // Each line to its lowest quotation, but the first to the second lowest: the faster delivery is worth its price.
      const awards = compared.products.map((p, j) => {
        const ranked = [...p.prices].sort((a, b) => Number(a.normalized) - Number(b.normalized));
        const pick = j === 0 && ranked.length > 1 ? ranked[1]! : ranked[0]!;
        const reason = pick.quotation_id !== p.lowest[0] || p.lowest.length > 1 ? 'Giao hàng sớm hơn, đáp ứng tiến độ thi công tầng hầm.' : null;
        return { product_id: p.id, quotation_id: pick.quotation_id, reason };
      });
      await awardReview(kit, r.kind, review.id, { awards }, site);
      await decide(d.review.name, review.id, r.fate === 'APPROVED' ? 9 : 1);
    }
  }
}
