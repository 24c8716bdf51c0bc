-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
ALTER TABLE staff ALTER COLUMN probation_salary TYPE bigint USING probation_salary::bigint;
ALTER TABLE staff ALTER COLUMN decentralization_id TYPE uuid USING decentralization_id::uuid;
ALTER TABLE labor_contract ALTER COLUMN base_salary TYPE bigint USING base_salary::bigint;
ALTER TABLE labor_contract ALTER COLUMN income TYPE bigint USING income::bigint;
ALTER TABLE labor_contract ALTER COLUMN allowance TYPE bigint USING allowance::bigint;
ALTER TABLE labor_contract ALTER COLUMN insurance_salary TYPE bigint USING insurance_salary::bigint;
ALTER TABLE salary_staff ALTER COLUMN base_salary TYPE bigint USING base_salary::bigint;
ALTER TABLE salary_staff ALTER COLUMN allowance TYPE bigint USING allowance::bigint;
ALTER TABLE salary_staff ALTER COLUMN insurance_salary TYPE bigint USING insurance_salary::bigint;
ALTER TABLE salary_staff ALTER COLUMN income TYPE bigint USING income::bigint;
ALTER TABLE recognition ALTER COLUMN money TYPE bigint USING money::bigint;
ALTER TABLE recruitment ALTER COLUMN salary_from TYPE bigint USING salary_from::bigint;
ALTER TABLE recruitment ALTER COLUMN salary_to TYPE bigint USING salary_to::bigint;
ALTER TABLE candidate ALTER COLUMN expected_salary TYPE bigint USING expected_salary::bigint;
CREATE INDEX ix_staff__decentralization_id ON staff (decentralization_id);
