-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
ALTER TABLE book_car DROP COLUMN distance_km;
ALTER TABLE book_car ADD COLUMN distance_km integer GENERATED ALWAYS AS (odometer_end - odometer_start) STORED;
CREATE INDEX ix_book_car__distance_km ON book_car (distance_km);
