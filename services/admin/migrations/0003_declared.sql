-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
ALTER TABLE book_room ADD COLUMN area_id uuid;
ALTER TABLE book_car ADD COLUMN area_id uuid;
CREATE INDEX ix_book_room__area_id ON book_room (area_id);
CREATE INDEX ix_book_car__area_id ON book_car (area_id);
ALTER TABLE book_room ADD CONSTRAINT fk_book_room__area_id FOREIGN KEY (area_id) REFERENCES administrator_area (id);
ALTER TABLE book_car ADD CONSTRAINT fk_book_car__area_id FOREIGN KEY (area_id) REFERENCES administrator_area (id);
