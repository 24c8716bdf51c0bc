#!/bin/sh
# First start of the PostgreSQL container: one database per service, owned by the portal user
# (PORTAL_DATABASES, space-separated). Each service creates its own tables (migrations at its start).
set -eu
for db in ${PORTAL_DATABASES}; do
  echo "creating database ${db}"
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres -c "CREATE DATABASE \"${db}\" OWNER \"${POSTGRES_USER}\""
done
