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
ALTER TABLE room ADD CONSTRAINT fk_room__area_id FOREIGN KEY (area_id) REFERENCES administrator_area (id);
ALTER TABLE car ADD CONSTRAINT fk_car__area_id FOREIGN KEY (area_id) REFERENCES administrator_area (id);
ALTER TABLE book_room ADD CONSTRAINT fk_book_room__room_id FOREIGN KEY (room_id) REFERENCES room (id);
ALTER TABLE book_car ADD CONSTRAINT fk_book_car__car_id FOREIGN KEY (car_id) REFERENCES car (id);
