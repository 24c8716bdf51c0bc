-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
ALTER TABLE car ALTER COLUMN cost_per_km TYPE bigint USING cost_per_km::bigint;
ALTER TABLE car ALTER COLUMN driver_cost_per_day TYPE bigint USING driver_cost_per_day::bigint;
ALTER TABLE book_car ALTER COLUMN car_cost TYPE bigint USING car_cost::bigint;
ALTER TABLE book_car ALTER COLUMN driver_cost TYPE bigint USING driver_cost::bigint;
ALTER TABLE book_car ALTER COLUMN surcharge TYPE bigint USING surcharge::bigint;
ALTER TABLE book_car ALTER COLUMN cost TYPE bigint USING cost::bigint;
