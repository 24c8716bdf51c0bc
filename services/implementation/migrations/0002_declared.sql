-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE subcontractor_budget (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  implementation_id uuid,
  project_id uuid,
  category_id uuid,
  contractor_id uuid,
  contract_number text,
  responsibility_staff_id uuid,
  cost bigint,
  additional_cost bigint,
  requested bigint,
  progress integer,
  note text,
  description text,
  status text,
  payable bigint GENERATED ALWAYS AS (cost + additional_cost) STORED,
  left_to_pay bigint GENERATED ALWAYS AS (cost + additional_cost - requested) STORED
);
CREATE TABLE additional_work (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  budget_id uuid,
  implementation_id uuid,
  project_id uuid,
  contractor_id uuid,
  summary_approval_cost bigint,
  reason text,
  note text,
  approval_status text
);
CREATE TABLE payment_order (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  budget_id uuid,
  implementation_id uuid,
  project_id uuid,
  contractor_id uuid,
  kind text,
  bill_number text,
  amount bigint,
  due_date date,
  method text,
  settlement text,
  paid_amount bigint,
  confirming bigint,
  settled_date date,
  note text,
  approval_status text,
  paid_state text GENERATED ALWAYS AS (CASE WHEN paid_amount >= amount THEN 'PAID' WHEN paid_amount > 0 THEN 'PARTLY_PAID' ELSE 'UNPAID' END) STORED
);
CREATE TABLE payment_confirmation (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  payment_id uuid,
  reference text,
  amount bigint,
  paid_date date,
  status text,
  note text
);
CREATE INDEX ix_subcontractor_budget__state_created ON subcontractor_budget (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_subcontractor_budget__code ON subcontractor_budget (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_subcontractor_budget__code__q ON subcontractor_budget USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_subcontractor_budget__name ON subcontractor_budget (name);
CREATE INDEX ix_subcontractor_budget__name__q ON subcontractor_budget USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_subcontractor_budget__implementation_id ON subcontractor_budget (implementation_id);
CREATE INDEX ix_subcontractor_budget__project_id ON subcontractor_budget (project_id);
CREATE INDEX ix_subcontractor_budget__category_id ON subcontractor_budget (category_id);
CREATE INDEX ix_subcontractor_budget__contractor_id ON subcontractor_budget (contractor_id);
CREATE INDEX ix_subcontractor_budget__contract_number__q ON subcontractor_budget USING gin (portal_fold(contract_number) gin_trgm_ops);
CREATE INDEX ix_subcontractor_budget__responsibility_staff_id ON subcontractor_budget (responsibility_staff_id);
CREATE INDEX ix_subcontractor_budget__cost ON subcontractor_budget (cost);
CREATE INDEX ix_subcontractor_budget__status ON subcontractor_budget (status);
CREATE INDEX ix_additional_work__state_created ON additional_work (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_additional_work__code ON additional_work (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_additional_work__code__q ON additional_work USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_additional_work__name ON additional_work (name);
CREATE INDEX ix_additional_work__name__q ON additional_work USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_additional_work__budget_id ON additional_work (budget_id);
CREATE INDEX ix_additional_work__implementation_id ON additional_work (implementation_id);
CREATE INDEX ix_additional_work__project_id ON additional_work (project_id);
CREATE INDEX ix_additional_work__contractor_id ON additional_work (contractor_id);
CREATE INDEX ix_additional_work__summary_approval_cost ON additional_work (summary_approval_cost);
CREATE INDEX ix_additional_work__approval_status ON additional_work (approval_status);
CREATE INDEX ix_payment_order__state_created ON payment_order (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_payment_order__code ON payment_order (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_payment_order__code__q ON payment_order USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_payment_order__name ON payment_order (name);
CREATE INDEX ix_payment_order__name__q ON payment_order USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_payment_order__budget_id ON payment_order (budget_id);
CREATE INDEX ix_payment_order__implementation_id ON payment_order (implementation_id);
CREATE INDEX ix_payment_order__project_id ON payment_order (project_id);
CREATE INDEX ix_payment_order__contractor_id ON payment_order (contractor_id);
CREATE INDEX ix_payment_order__kind ON payment_order (kind);
CREATE INDEX ix_payment_order__bill_number__q ON payment_order USING gin (portal_fold(bill_number) gin_trgm_ops);
CREATE INDEX ix_payment_order__amount ON payment_order (amount);
CREATE INDEX ix_payment_order__due_date ON payment_order (due_date);
CREATE INDEX ix_payment_order__paid_state ON payment_order (paid_state);
CREATE INDEX ix_payment_order__settlement ON payment_order (settlement);
CREATE INDEX ix_payment_order__approval_status ON payment_order (approval_status);
CREATE UNIQUE INDEX op_payment_order__contractor_id ON payment_order (contractor_id) WHERE state = 'ACTIVE' AND kind IN ('ADVANCE') AND settlement IN ('OPEN') AND approval_status IN ('DRAFT', 'PENDING', 'SUBMITTED_APPROVAL', 'APPROVING', 'SUBMIT_SUPERIORS', 'RESUBMIT', 'APPROVED');
CREATE INDEX ix_payment_confirmation__state_created ON payment_confirmation (state, created_date DESC, id);
CREATE INDEX ix_payment_confirmation__state_default_order ON payment_confirmation (state, paid_date DESC NULLS LAST, id);
CREATE INDEX ix_payment_confirmation__payment_id ON payment_confirmation (payment_id);
CREATE INDEX ix_payment_confirmation__reference__q ON payment_confirmation USING gin (portal_fold(reference) gin_trgm_ops);
CREATE INDEX ix_payment_confirmation__paid_date ON payment_confirmation (paid_date);
CREATE INDEX ix_payment_confirmation__status ON payment_confirmation (status);
ALTER TABLE subcontractor_budget ADD CONSTRAINT fk_subcontractor_budget__implementation_id FOREIGN KEY (implementation_id) REFERENCES implementation_project (id);
ALTER TABLE subcontractor_budget ADD CONSTRAINT fk_subcontractor_budget__category_id FOREIGN KEY (category_id) REFERENCES implementation_category (id);
ALTER TABLE additional_work ADD CONSTRAINT fk_additional_work__budget_id FOREIGN KEY (budget_id) REFERENCES subcontractor_budget (id);
ALTER TABLE additional_work ADD CONSTRAINT fk_additional_work__implementation_id FOREIGN KEY (implementation_id) REFERENCES implementation_project (id);
ALTER TABLE payment_order ADD CONSTRAINT fk_payment_order__budget_id FOREIGN KEY (budget_id) REFERENCES subcontractor_budget (id);
ALTER TABLE payment_order ADD CONSTRAINT fk_payment_order__implementation_id FOREIGN KEY (implementation_id) REFERENCES implementation_project (id);
ALTER TABLE payment_confirmation ADD CONSTRAINT fk_payment_confirmation__payment_id FOREIGN KEY (payment_id) REFERENCES payment_order (id);
