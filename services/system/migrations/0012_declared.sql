-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE INDEX ix_delegation__state_default_order ON delegation (state, from_date DESC NULLS LAST, id);
CREATE INDEX ix_user_bookmark__state_default_order ON user_bookmark (state, ordering ASC NULLS LAST, id);
