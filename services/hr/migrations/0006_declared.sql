-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
ALTER TABLE staff_leave ADD COLUMN deputy_staff_id uuid;
CREATE INDEX ix_staff_leave__deputy_staff_id ON staff_leave (deputy_staff_id);
ALTER TABLE staff_leave ADD CONSTRAINT fk_staff_leave__deputy_staff_id FOREIGN KEY (deputy_staff_id) REFERENCES staff (id);
