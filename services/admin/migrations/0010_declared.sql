-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE INDEX ix_administrator_area__state_default_order ON administrator_area (state, name ASC NULLS LAST, id);
CREATE INDEX ix_room__state_default_order ON room (state, name ASC NULLS LAST, id);
CREATE INDEX ix_car__state_default_order ON car (state, license_plate ASC NULLS LAST, id);
CREATE INDEX ix_book_room__state_default_order ON book_room (state, start_time DESC NULLS LAST, id);
CREATE INDEX ix_book_car__state_default_order ON book_car (state, start_time DESC NULLS LAST, id);
CREATE INDEX ix_document_type__state_default_order ON document_type (state, name ASC NULLS LAST, id);
CREATE INDEX ix_documentation__state_default_order ON documentation (state, effective_date DESC NULLS LAST, id);
CREATE INDEX ix_ticket_status__state_default_order ON ticket_status (state, sort_order ASC NULLS LAST, id);
CREATE INDEX ix_ticket_group__state_default_order ON ticket_group (state, name ASC NULLS LAST, id);
CREATE INDEX ix_ticket_item__state_default_order ON ticket_item (state, name ASC NULLS LAST, id);
CREATE INDEX ix_ticket_checklist__state_default_order ON ticket_checklist (state, sort_order ASC NULLS LAST, id);
CREATE INDEX ix_working_schedule__state_default_order ON working_schedule (state, start_time DESC NULLS LAST, id);
