-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
ALTER TABLE asset ADD COLUMN receiver_id uuid;
CREATE INDEX ix_asset__receiver_id ON asset (receiver_id);
