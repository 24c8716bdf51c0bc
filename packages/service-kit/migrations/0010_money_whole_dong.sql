-- Amounts are whole đồng (contracts common/money.ts): the approval cost limits and the amount a request was routed by
-- become bigint, rounded half away from zero as PostgreSQL casts a numeric.
ALTER TABLE approval_cost_limit ALTER COLUMN max_cost TYPE bigint USING max_cost::bigint;
ALTER TABLE approval_request ALTER COLUMN amount TYPE bigint USING amount::bigint;
