-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.
CREATE INDEX ix_role__code__q ON role USING gin (portal_fold(code) gin_trgm_ops);
CREATE INDEX ix_role__name__q ON role USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_app_user__username__q ON app_user USING gin (portal_fold(username) gin_trgm_ops);
CREATE INDEX ix_app_user__email__q ON app_user USING gin (portal_fold(email) gin_trgm_ops);
CREATE INDEX ix_app_user__full_name__q ON app_user USING gin (portal_fold(full_name) gin_trgm_ops);
CREATE INDEX ix_decentralization__name__q ON decentralization USING gin (portal_fold(name) gin_trgm_ops);
CREATE INDEX ix_user_bookmark__title__q ON user_bookmark USING gin (portal_fold(title) gin_trgm_ops);
