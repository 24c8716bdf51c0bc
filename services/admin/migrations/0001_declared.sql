-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE TABLE administrator_area (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  address text,
  description text
);
CREATE TABLE room (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  area_id uuid,
  unit_id uuid,
  capacity integer,
  equipment text,
  description text
);
CREATE TABLE car (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  license_plate text,
  name text,
  seats integer,
  year_of_manufacture integer,
  area_id uuid,
  driver_id uuid,
  cost_per_km numeric(20,2),
  driver_cost_per_day numeric(20,2),
  status text,
  description text
);
CREATE TABLE book_room (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  name text,
  room_id uuid,
  orderer_id uuid,
  department_id uuid,
  start_time timestamptz,
  end_time timestamptz,
  attendee_ids uuid[],
  save_to_calendar boolean,
  repeat text,
  series_id text,
  status text,
  note text
);
CREATE TABLE book_car (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  purpose text,
  car_id uuid,
  driver_id uuid,
  orderer_id uuid,
  department_id uuid,
  start_time timestamptz,
  end_time timestamptz,
  pickup_place text,
  destination text,
  passengers integer,
  passenger_ids uuid[],
  odometer_start integer,
  odometer_end integer,
  distance_km integer,
  car_cost numeric(20,2),
  driver_cost numeric(20,2),
  surcharge numeric(20,2),
  cost numeric(20,2),
  status text,
  approval_status text,
  note text
);
CREATE TABLE document_type (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  code text,
  name text,
  description text
);
CREATE TABLE document (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE')),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_by uuid,
  direction text,
  document_type_id uuid,
  register_no text,
  symbol text,
  summary text,
  scope_type text,
  issued_date date,
  received_date date,
  partner text,
  signer text,
  handler_id uuid,
  department_id uuid,
  due_date date,
  reply_to_id uuid,
  answered_by_id uuid,
  release text,
  visibility integer,
  viewer_ids uuid[],
  viewer_department_ids uuid[],
  note text
);
CREATE INDEX ix_administrator_area__state_created ON administrator_area (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_administrator_area__code ON administrator_area (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_administrator_area__name ON administrator_area (name);
CREATE INDEX ix_room__state_created ON room (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_room__code ON room (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_room__name ON room (name);
CREATE INDEX ix_room__area_id ON room (area_id);
CREATE INDEX ix_room__unit_id ON room (unit_id);
CREATE INDEX ix_room__capacity ON room (capacity);
CREATE INDEX ix_car__state_created ON car (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_car__license_plate ON car (lower(license_plate)) WHERE state = 'ACTIVE';
CREATE INDEX ix_car__seats ON car (seats);
CREATE INDEX ix_car__area_id ON car (area_id);
CREATE INDEX ix_car__driver_id ON car (driver_id);
CREATE INDEX ix_car__status ON car (status);
CREATE INDEX ix_book_room__state_created ON book_room (state, created_date DESC, id);
CREATE INDEX ix_book_room__state_created_scope ON book_room (state, created_date DESC, id) INCLUDE (department_id);
CREATE INDEX ix_book_room__room_id ON book_room (room_id);
CREATE INDEX ix_book_room__orderer_id ON book_room (orderer_id);
CREATE INDEX ix_book_room__department_id ON book_room (department_id);
CREATE INDEX ix_book_room__start_time ON book_room (start_time);
CREATE INDEX ix_book_room__series_id ON book_room (series_id);
CREATE INDEX ix_book_room__status ON book_room (status);
CREATE EXTENSION IF NOT EXISTS btree_gist;
ALTER TABLE book_room ADD CONSTRAINT ex_book_room__room_id EXCLUDE USING gist (room_id WITH =, tstzrange(start_time, end_time) WITH &&) WHERE (state = 'ACTIVE' AND status NOT IN ('CANCELLED'));
CREATE INDEX ix_book_car__state_created ON book_car (state, created_date DESC, id);
CREATE INDEX ix_book_car__state_created_scope ON book_car (state, created_date DESC, id) INCLUDE (department_id);
CREATE INDEX ix_book_car__car_id ON book_car (car_id);
CREATE INDEX ix_book_car__driver_id ON book_car (driver_id);
CREATE INDEX ix_book_car__orderer_id ON book_car (orderer_id);
CREATE INDEX ix_book_car__department_id ON book_car (department_id);
CREATE INDEX ix_book_car__start_time ON book_car (start_time);
CREATE INDEX ix_book_car__status ON book_car (status);
CREATE INDEX ix_book_car__approval_status ON book_car (approval_status);
CREATE EXTENSION IF NOT EXISTS btree_gist;
ALTER TABLE book_car ADD CONSTRAINT ex_book_car__car_id EXCLUDE USING gist (car_id WITH =, tstzrange(start_time, end_time) WITH &&) WHERE (state = 'ACTIVE' AND status NOT IN ('CANCELLED'));
CREATE EXTENSION IF NOT EXISTS btree_gist;
ALTER TABLE book_car ADD CONSTRAINT ex_book_car__driver_id EXCLUDE USING gist (driver_id WITH =, tstzrange(start_time, end_time) WITH &&) WHERE (state = 'ACTIVE' AND status NOT IN ('CANCELLED'));
CREATE INDEX ix_document_type__state_created ON document_type (state, created_date DESC, id);
CREATE UNIQUE INDEX uq_document_type__code ON document_type (lower(code)) WHERE state = 'ACTIVE';
CREATE INDEX ix_document_type__name ON document_type (name);
CREATE INDEX ix_document__state_created ON document (state, created_date DESC, id);
CREATE INDEX ix_document__state_created_scope ON document (state, created_date DESC, id) INCLUDE (department_id);
CREATE INDEX ix_document__direction ON document (direction);
CREATE INDEX ix_document__document_type_id ON document (document_type_id);
CREATE INDEX ix_document__register_no ON document (register_no);
CREATE INDEX ix_document__scope_type ON document (scope_type);
CREATE INDEX ix_document__issued_date ON document (issued_date);
CREATE INDEX ix_document__received_date ON document (received_date);
CREATE INDEX ix_document__handler_id ON document (handler_id);
CREATE INDEX ix_document__department_id ON document (department_id);
CREATE INDEX ix_document__due_date ON document (due_date);
CREATE INDEX ix_document__reply_to_id ON document (reply_to_id);
CREATE INDEX ix_document__answered_by_id ON document (answered_by_id);
CREATE INDEX ix_document__release ON document (release);
CREATE INDEX ix_document__visibility ON document (visibility);
CREATE UNIQUE INDEX uq_document__direction__document_type_id__register_no ON document (direction, document_type_id, lower(register_no)) WHERE state = 'ACTIVE';
ALTER TABLE room ADD CONSTRAINT fk_room__area_id FOREIGN KEY (area_id) REFERENCES administrator_area (id);
ALTER TABLE car ADD CONSTRAINT fk_car__area_id FOREIGN KEY (area_id) REFERENCES administrator_area (id);
ALTER TABLE book_room ADD CONSTRAINT fk_book_room__room_id FOREIGN KEY (room_id) REFERENCES room (id);
ALTER TABLE book_car ADD CONSTRAINT fk_book_car__car_id FOREIGN KEY (car_id) REFERENCES car (id);
ALTER TABLE document ADD CONSTRAINT fk_document__document_type_id FOREIGN KEY (document_type_id) REFERENCES document_type (id);
ALTER TABLE document ADD CONSTRAINT fk_document__reply_to_id FOREIGN KEY (reply_to_id) REFERENCES document (id);
ALTER TABLE document ADD CONSTRAINT fk_document__answered_by_id FOREIGN KEY (answered_by_id) REFERENCES document (id);
