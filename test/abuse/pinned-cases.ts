/**
 * Cases of the writes property that once failed: each replays first, on every run and at every depth, as a
 * case of its route, among every actor as it failed — a hole closed once stays closed whatever the seed draws. Add the counterexample a
 * failure prints, under its route, when the fix lands.
 */
export interface PinnedCase {
  actor: number;
  target: number;
  own: boolean;
  n: number;
  m: number;
  k: number;
}

export const PINNED_WRITE_CASES: Record<string, PinnedCase[]> = {
  // A hole once found: the engineer attached a file to a colleague's ticket they may not change (the kit's declared actors
  // were not yet asked by the record's "may change").
  'POST /files': [{ actor: 991, target: 8712, own: false, n: 7, m: 0, k: 1494 }],
  // A hole once found (stop 46's deep run): a member with every right moved their own team row to another project — joined
  // it, widening their own project scope (a team's project was not yet guarded as an access field).
  // Not a hole: a decentralization's roles sent back in another order (the same set, which the guard rightly lets pass)
  // read as a change by this test's own fingerprint, which compared the lists in order (stop 46; now as sets).
  'PUT /decentralization/:id': [{ actor: 822, target: 3962, own: false, n: 7201, m: 7, k: 3 }],
  'PUT /project-team/:id': [{ actor: 799, target: 3, own: true, n: 6706, m: 6879, k: 7910 }],
};
