import { Client } from 'pg';

/**
 * Seeds the HR database of a running stack (after the demo company) with a company of `n` staff, fast: SQL
 * `generate_series`, not the API. The organization grows to what a firm of that size has — three regional units
 * with their functional departments and site command boards, and more site boards under Kỹ thuật - Thi công — so
 * a department head's data scope is a real slice (head.kttc sees KTTC and its sub-departments, about 12 %).
 * Staff are spread over the departments (not Ban Giám đốc), with positions, statuses, dates and contact data.
 * Ends with VACUUM ANALYZE, as autovacuum would shortly after a bulk load.
 */
export async function seedStaff(hrDbUrl: string, n: number): Promise<{ departments: number; kttcDepartments: number; seconds: number }> {
  const t0 = performance.now();
  const db = new Client({ connectionString: hrDbUrl });
  await db.connect();
  try {
    const org = new Map((await db.query<{ code: string; id: string }>('SELECT code, id FROM organization')).rows.map((r) => [r.code, r.id]));
    const add = async (code: string, name: string, type: 'UNIT' | 'DEPARTMENT', parent: string, ordering: number) => {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO organization (code, name, type, parent_id, ordering) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [code, name, type, org.get(parent), ordering],
      );
      org.set(code, rows[0]!.id);
    };
    let ordering = 100;
    for (let s = 1; s <= 4; s++) await add(`BCH-KTTC-${s}`, `Ban Chỉ huy công trường KTTC ${s}`, 'DEPARTMENT', 'KTTC', ordering++);
    const REGIONS = [
      ['MB', 'Chi nhánh Miền Bắc'],
      ['MT', 'Chi nhánh Miền Trung'],
      ['MN', 'Chi nhánh Miền Nam'],
    ] as const;
    const FUNCTIONS = [
      ['KT', 'Phòng Kỹ thuật'],
      ['TC', 'Phòng Thi công'],
      ['ATLD', 'Phòng An toàn lao động'],
      ['VT', 'Phòng Vật tư - Thiết bị'],
      ['KTCT', 'Phòng Kế toán công trường'],
    ] as const;
    for (const [rc, rn] of REGIONS) {
      await add(rc, rn, 'UNIT', 'CTY', ordering++);
      for (const [fc, fn] of FUNCTIONS) await add(`${rc}-${fc}`, `${fn} ${rn.replace('Chi nhánh ', '')}`, 'DEPARTMENT', rc, ordering++);
      for (let s = 1; s <= 8; s++) await add(`${rc}-BCH${s}`, `Ban Chỉ huy công trường ${rc}-${s}`, 'DEPARTMENT', rc, ordering++);
    }
    // Each department with the unit above it.
    const { rows: depts } = await db.query<{ id: string; unit_id: string | null; code: string }>(
      `SELECT d.id, d.code, (WITH RECURSIVE up AS (SELECT id, parent_id, type FROM organization WHERE id = d.parent_id
          UNION ALL SELECT o.id, o.parent_id, o.type FROM organization o JOIN up ON o.id = up.parent_id)
        SELECT id FROM up WHERE type = 'UNIT' LIMIT 1) AS unit_id
       FROM organization d WHERE d.type = 'DEPARTMENT' AND d.code <> 'BGD' ORDER BY d.code`,
    );
    const positions = (
      await db.query<{ id: string; code: string }>(`SELECT id, code FROM position WHERE code IN ('KS', 'NV', 'PP', 'CHT') ORDER BY code`)
    ).rows.map((r) => r.id);
    await db.query(
      `
      INSERT INTO staff (code, full_name, last_name, middle_name, first_name, gender, birthday, phone, company_email, personal_email,
        nationality, ethnic, department_id, unit_id, position_id, status, labor_type, staff_type, entry_date, working_area,
        job_position, id_number, address, marital_status, created_date, updated_date)
      SELECT 'BN' || lpad(i::text, 6, '0'),
        fam || ' ' || mid || ' ' || giv, fam, mid, giv,
        CASE WHEN mid = 'Thị' THEN 'FEMALE' ELSE 'MALE' END,
        date '1965-01-01' + (i * 37 % 13000),
        '09' || lpad((i * 7919 % 100000000)::text, 8, '0'),
        'bn' || lpad(i::text, 6, '0') || '@portal.local', 'staff' || i || '@mail.vn',
        'Việt Nam', 'Kinh',
        ($2::uuid[])[1 + h.d % array_length($2::uuid[], 1)],
        ($3::uuid[])[1 + h.d % array_length($3::uuid[], 1)],
        ($4::uuid[])[1 + h.p % array_length($4::uuid[], 1)],
        (ARRAY['OFFICIAL','OFFICIAL','OFFICIAL','OFFICIAL','OFFICIAL','OFFICIAL','PROBATION','LEAVE','TRANSFER','QUIT'])[1 + h.s % 10],
        CASE WHEN h.l % 4 = 0 THEN 'OFFICE' ELSE 'CONSTRUCTION' END,
        (ARRAY['Chính thức','Thời vụ','Khoán'])[1 + i % 3],
        date '2005-01-01' + (i * 13 % 7300),
        (ARRAY['Hà Nội','TP. Hồ Chí Minh','Đà Nẵng','Hải Phòng','Cần Thơ','Bình Dương'])[1 + h.w % 6],
        (ARRAY['Kỹ sư xây dựng','Kỹ sư kết cấu','Giám sát thi công','Chuyên viên','Công nhân kỹ thuật','Kỹ sư MEP'])[1 + i % 6],
        lpad((i::bigint * 104729 % 1000000000000)::text, 12, '0'),
        'Số ' || (i % 300 + 1) || ' đường ' || (ARRAY['Láng Hạ','Nguyễn Trãi','Lê Lợi','Trần Phú','Hai Bà Trưng'])[1 + i % 5],
        (ARRAY['SINGLE','MARRIED','MARRIED','DIVORCED'])[1 + i % 4],
        timestamptz '2016-01-01 08:00+07' + i * interval '47 minutes 11 seconds',
        timestamptz '2016-01-01 08:00+07' + i * interval '47 minutes 11 seconds'
      FROM generate_series(1, $1::int) AS i,
        -- One hash per attribute, so that department, status, labor type and area are independent of each other.
        LATERAL (SELECT hashint4(i) & 1048575 AS d, hashint4(i + 1000003) & 1048575 AS p, hashint4(i + 2000003) & 1048575 AS s,
          hashint4(i + 3000017) & 1048575 AS l, hashint4(i + 4000037) & 1048575 AS w) h,
        LATERAL (SELECT (ARRAY['Nguyễn','Trần','Lê','Phạm','Hoàng','Huỳnh','Phan','Vũ','Võ','Đặng','Bùi','Đỗ','Hồ','Ngô','Dương'])[1 + i % 15] AS fam,
          (ARRAY['Văn','Thị','Minh','Quốc','Thanh','Hữu','Ngọc','Đức','Thu','Gia'])[1 + i / 15 % 10] AS mid,
          (ARRAY['An','Bình','Cường','Dũng','Giang','Hà','Hải','Hạnh','Hoa','Hùng','Khánh','Lan','Linh','Long','Mai','Nam','Nga','Phong','Phương','Quân','Sơn','Tâm','Thảo','Trang','Tuấn','Vy'])[1 + i / 150 % 26] AS giv) names`,
      [n, depts.map((d) => d.id), depts.map((d) => d.unit_id), positions],
    );
    await db.query('VACUUM ANALYZE staff');
    await db.query('VACUUM ANALYZE organization');
    const kttc = depts.filter((d) => d.code === 'KTTC' || d.code === 'BCH' || d.code.startsWith('BCH-KTTC')).length;
    return { departments: depts.length, kttcDepartments: kttc, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await db.end();
  }
}

/**
 * Seeds the assets database of a running stack (after the demo company and `seedStaff`) with `n` more assets, fast:
 * SQL `generate_series`. Each one copies a demo asset drawn at random (so types, groups, kinds, brands and prices come
 * in the demo's proportions: many laptops, few cranes), at a price within 30 % of it, bought over the last seven
 * years, managed by any of the company's departments (so `head.kttc` sees about 12 %), in the statuses of a real
 * register: over half in use, held by someone of that department, the rest new, in storage, damaged, fully depreciated
 * or liquidated. Codes continue the demo's numbering (`ASM-0201` …). Ends with VACUUM ANALYZE.
 */
export async function seedAssets(assetsDbUrl: string, hrDbUrl: string, n: number): Promise<{ seconds: number; held: number }> {
  const t0 = performance.now();
  const hr = new Client({ connectionString: hrDbUrl });
  const db = new Client({ connectionString: assetsDbUrl });
  await hr.connect();
  await db.connect();
  try {
    // The departments, each with up to 100 of its staff to hold its assets.
    const { rows: depts } = await hr.query<{ id: string; holders: string[] }>(
      `SELECT o.id, coalesce((SELECT array_agg(s.id ORDER BY s.code) FROM (SELECT id, code FROM staff s WHERE s.department_id = o.id
          AND s.state = 'ACTIVE' ORDER BY s.code LIMIT 100) s), '{}') AS holders
       FROM organization o WHERE o.type = 'DEPARTMENT' AND o.code <> 'BGD' ORDER BY o.code`,
    );
    const { rows: last } = await db.query<{ n: number }>(`SELECT coalesce(max(substring(asset_code FROM '[0-9]+$')::int), 0) AS n FROM asset`);
    await db.query(
      `
      WITH tpl AS (SELECT row_number() OVER (ORDER BY asset_code) AS k, a.*, coalesce(g.depreciation_months, a.depreciation_months, 60) AS life
          FROM asset a LEFT JOIN asset_group g ON g.id = a.group_id),
        dept AS (SELECT row_number() OVER () AS k, d.* FROM jsonb_to_recordset($3::jsonb) AS d(id uuid, holders uuid[])),
        picked AS (
          SELECT i, $2::int + i AS code, h.p, h.w, tp.name, tp.kind, tp.type_id, tp.group_id, tp.brand, tp.model, tp.serial, tp.supplier, tp.purchase_price, tp.life,
            d.id AS dept_id, d.holders, current_date - 30 - (h.age % 2520) AS bought,
            (ARRAY['USED','USED','USED','USED','USED','USED','USED','USED','USED','USED','USED',
              'STORAGE','STORAGE','STORAGE','NEW','DAMAGED','DISCOUNT','DISCOUNT','LIQUIDATION','STORAGE_DAMAGED'])[1 + h.s % 20] AS st
          FROM generate_series(1, $1::int) AS i,
            LATERAL (SELECT hashint4(i) & 1048575 AS t, hashint4(i + 1000003) & 1048575 AS d, hashint4(i + 2000003) & 1048575 AS s,
              hashint4(i + 3000017) & 1048575 AS age, hashint4(i + 4000037) & 1048575 AS p, hashint4(i + 5000011) & 1048575 AS w) h
            JOIN tpl tp ON tp.k = 1 + h.t % (SELECT count(*) FROM tpl)
            JOIN dept d ON d.k = 1 + h.d % (SELECT count(*) FROM dept))
      INSERT INTO asset (asset_code, name, kind, type_id, group_id, brand, model, serial, supplier, purchase_date, purchase_price,
        depreciation_months, extended_months, capitalised_cost, depreciation_end, department_id, holder_id, location, status,
        liquidation_date, liquidation_price, created_date, updated_date)
      SELECT 'ASM-' || lpad(code::text, greatest(4, length(code::text)), '0'), name, kind, type_id, group_id, brand, model,
        split_part(serial, '-', 1) || '-B' || i, supplier, bought, round(purchase_price * (0.7 + p % 600 / 1000.0), -3)::bigint,
        life, 0, 0, (date_trunc('month', bought) + make_interval(months => life) - interval '1 day')::date,
        dept_id, CASE WHEN st IN ('USED', 'DAMAGED') AND cardinality(holders) > 0 THEN holders[1 + w % cardinality(holders)] END,
        CASE WHEN kind = 'EQUIPMENT' THEN 'Trụ sở chính' ELSE 'Công trường ' || (ARRAY['Thủ Đức','Long An','Bắc Ninh','Đà Nẵng','Bình Dương'])[1 + w % 5] END,
        st, CASE WHEN st = 'LIQUIDATION' THEN current_date - w % 700 END,
        CASE WHEN st = 'LIQUIDATION' THEN round(purchase_price * 0.1, -3)::bigint END,
        bought + time '09:00' + i * interval '1 second', bought + time '09:00' + i * interval '1 second'
      FROM picked`,
      [n, last[0]!.n, JSON.stringify(depts)],
    );
    await db.query('VACUUM ANALYZE asset');
    const { rows: held } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM asset WHERE holder_id IS NOT NULL`);
    return { seconds: (performance.now() - t0) / 1000, held: held[0]!.n };
  } finally {
    await hr.end();
    await db.end();
  }
}

/**
 * Seeds the business database of a running stack (after the demo company) with `n` more projects of the pipeline,
 * fast: SQL `generate_series`. Each copies a demo project drawn at random — its category, area, department, stage,
 * value and probability, so the stages and departments come in the demo's proportions — named and coded apart
 * (`BN-000001` …) and registered over the last six weeks. Ends with VACUUM ANALYZE. Answers the new projects' ids.
 */
export async function seedProjects(businessDbUrl: string, n: number): Promise<{ seconds: number; ids: string[] }> {
  const t0 = performance.now();
  const db = new Client({ connectionString: businessDbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string }>(
      `WITH tpl AS (SELECT row_number() OVER (ORDER BY code) AS k, p.* FROM project p WHERE p.state = 'ACTIVE'),
            picked AS (SELECT i, tp.* FROM generate_series(1, $1::int) AS i
              JOIN tpl tp ON tp.k = 1 + (hashint4(i) & 1048575) % (SELECT count(*) FROM tpl))
       INSERT INTO project (code, name, investor, category_id, area_id, location, department_id, manager_id, rating, stage,
         expected_value, probability, expected_close, won_date, lost_reason, matrix_cell, description, created_date, updated_date)
       SELECT 'BN-' || lpad(i::text, 6, '0'), name || ' - gói ' || i, investor, category_id, area_id, location, department_id,
         manager_id, rating, stage, expected_value, probability, expected_close, won_date, lost_reason, matrix_cell, description,
         now() - (hashint4(i + 1000003) & 1023) * interval '1 hour', now() - (hashint4(i + 1000003) & 1023) * interval '1 hour'
       FROM picked RETURNING id`,
      [n],
    );
    await db.query('VACUUM ANALYZE project');
    return { seconds: (performance.now() - t0) / 1000, ids: rows.map((r) => r.id) };
  } finally {
    await db.end();
  }
}

/**
 * A feasibility study for each of `projectIds` (the seeded projects), each a copy of one of the demo company's studies
 * (spread by a hash) with its own code and name — the feasibility list's rows, read as their projects are.
 */
export async function seedFeasibility(businessDbUrl: string, projectIds: string[]): Promise<{ seconds: number }> {
  const t0 = performance.now();
  const db = new Client({ connectionString: businessDbUrl });
  await db.connect();
  try {
    await db.query(
      `WITH tpl AS (SELECT row_number() OVER (ORDER BY code) AS k, f.* FROM business_feasibility f WHERE f.state = 'ACTIVE'),
            picked AS (SELECT ids.i, ids.pid, tp.* FROM unnest($1::uuid[]) WITH ORDINALITY AS ids(pid, i)
              JOIN tpl tp ON tp.k = 1 + (hashint4(ids.i::int) & 1048575) % (SELECT count(*) FROM tpl))
       INSERT INTO business_feasibility (code, name, project_id, category_id, kind, area_id, phase_id, source_id, investment_type_id,
         development_type_id, priority, winning_possibility, investment_value, mep_rate_value, investor, consultant_ids, constructors,
         floor_acreage, project_acreage, rooms, towers, floors, tunnels, licensed, conditions, main_plan, ve_plan, primary_plan,
         ability, review_note, created_date, updated_date)
       SELECT 'KT-BN-' || lpad(i::text, 6, '0'), name || ' - nghiên cứu ' || i, pid, category_id, kind, area_id, phase_id,
         source_id, investment_type_id, development_type_id, priority, winning_possibility, investment_value, mep_rate_value, investor,
         consultant_ids, constructors, floor_acreage, project_acreage, rooms, towers, floors, tunnels, licensed, conditions, main_plan,
         ve_plan, primary_plan, ability, review_note,
         now() - (hashint4(i::int + 2000003) & 1023) * interval '1 hour', now() - (hashint4(i::int + 2000003) & 1023) * interval '1 hour'
       FROM picked`,
      [projectIds],
    );
    await db.query('VACUUM ANALYZE business_feasibility');
    return { seconds: (performance.now() - t0) / 1000 };
  } finally {
    await db.end();
  }
}
