-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE ticket_status (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  stage text,
  sort_order integer,
  description text
);
CREATE TABLE ticket_group (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  department_id uuid,
  description text
);
CREATE TABLE ticket_item (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  group_id uuid,
  name text,
  performer_id uuid,
  due_hours integer,
  checklist_template text
);
CREATE TABLE ticket (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  title text,
  type text,
  group_id uuid,
  item_id uuid,
  priority text,
  requester_id uuid,
  department_id uuid,
  performer_id uuid,
  approver_ids uuid[],
  follower_ids uuid[],
  deadline timestamptz,
  status_id uuid,
  stage text,
  progress integer,
  total_checklist integer,
  overdue boolean,
  closed_date timestamptz,
  approval_status text,
  description text
);
CREATE TABLE ticket_checklist (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  ticket_id uuid,
  name text,
  required boolean,
  done boolean,
  sort_order integer,
  note text
);
CREATE TABLE working_schedule (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  content text,
  kind text,
  staff_id uuid,
  department_id uuid,
  start_time timestamptz,
  end_time timestamptz,
  location text,
  area_id uuid,
  companion_ids uuid[],
  note text
);
CREATE INDEX ix_ticket_status__state_created ON ticket_status (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_ticket_status__code ON ticket_status (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_ticket_status__stage ON ticket_status (stage);
CREATE INDEX ix_ticket_status__sort_order ON ticket_status (sort_order);
CREATE INDEX ix_ticket_group__state_created ON ticket_group (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_ticket_group__code ON ticket_group (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_ticket_group__name ON ticket_group (name);
CREATE INDEX ix_ticket_group__department_id ON ticket_group (department_id);
CREATE INDEX ix_ticket_item__state_created ON ticket_item (state, created_date DESC, id);
CREATE INDEX ix_ticket_item__group_id ON ticket_item (group_id);
CREATE INDEX ix_ticket_item__name ON ticket_item (name);
CREATE INDEX ix_ticket_item__performer_id ON ticket_item (performer_id);
CREATE INDEX ix_ticket__state_created ON ticket (state, created_date DESC, id);
CREATE INDEX ix_ticket__state_created_scope ON ticket (state, created_date DESC, id) INCLUDE (department_id);
CREATE UNIQUE INDEX uq_ticket__code ON ticket (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_ticket__type ON ticket (type);
CREATE INDEX ix_ticket__group_id ON ticket (group_id);
CREATE INDEX ix_ticket__item_id ON ticket (item_id);
CREATE INDEX ix_ticket__priority ON ticket (priority);
CREATE INDEX ix_ticket__requester_id ON ticket (requester_id);
CREATE INDEX ix_ticket__department_id ON ticket (department_id);
CREATE INDEX ix_ticket__performer_id ON ticket (performer_id);
CREATE INDEX ix_ticket__deadline ON ticket (deadline);
CREATE INDEX ix_ticket__status_id ON ticket (status_id);
CREATE INDEX ix_ticket__stage ON ticket (stage);
CREATE INDEX ix_ticket__overdue ON ticket (overdue);
CREATE INDEX ix_ticket__approval_status ON ticket (approval_status);
CREATE INDEX ix_ticket_checklist__state_created ON ticket_checklist (state, created_date DESC, id);
CREATE INDEX ix_ticket_checklist__ticket_id ON ticket_checklist (ticket_id);
CREATE INDEX ix_ticket_checklist__done ON ticket_checklist (done);
CREATE INDEX ix_ticket_checklist__sort_order ON ticket_checklist (sort_order);
CREATE INDEX ix_working_schedule__state_created ON working_schedule (state, created_date DESC, id);
CREATE INDEX ix_working_schedule__state_created_scope ON working_schedule (state, created_date DESC, id) INCLUDE (department_id);
CREATE INDEX ix_working_schedule__kind ON working_schedule (kind);
CREATE INDEX ix_working_schedule__staff_id ON working_schedule (staff_id);
CREATE INDEX ix_working_schedule__department_id ON working_schedule (department_id);
CREATE INDEX ix_working_schedule__start_time ON working_schedule (start_time);
CREATE INDEX ix_working_schedule__area_id ON working_schedule (area_id);
ALTER TABLE ticket_item ADD CONSTRAINT fk_ticket_item__group_id FOREIGN KEY (group_id) REFERENCES ticket_group (id);
ALTER TABLE ticket ADD CONSTRAINT fk_ticket__group_id FOREIGN KEY (group_id) REFERENCES ticket_group (id);
ALTER TABLE ticket ADD CONSTRAINT fk_ticket__item_id FOREIGN KEY (item_id) REFERENCES ticket_item (id);
ALTER TABLE ticket ADD CONSTRAINT fk_ticket__status_id FOREIGN KEY (status_id) REFERENCES ticket_status (id);
ALTER TABLE ticket_checklist ADD CONSTRAINT fk_ticket_checklist__ticket_id FOREIGN KEY (ticket_id) REFERENCES ticket (id);
ALTER TABLE working_schedule ADD CONSTRAINT fk_working_schedule__area_id FOREIGN KEY (area_id) REFERENCES administrator_area (id);
