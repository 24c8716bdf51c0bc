#!/usr/bin/env bash
# Restores a backup made by infra/ops/backup.sh into a stack whose volumes are new (a new machine, or after
# `down -v`): the infrastructure first (PostgreSQL creates the empty databases, MinIO the bucket), then every database
# (pg_restore into its empty database, before its service has started) and the files, then the whole stack. The
# services find their tables at the latest migration and their outboxes as they were: what had been published is not
# published again, what had not is published now. JetStream starts empty (it only ever holds what is in flight).
# COMPOSE is the compose command with its project, files and .env (default: `docker compose`).
set -euo pipefail
dir=${1:?usage: infra/ops/restore.sh DIR}
dir=$(cd "$dir" && pwd)
read -r -a compose <<<"${COMPOSE:-docker compose}"

"${compose[@]}" up -d postgres nats minio
for _ in $(seq 1 120); do
  "${compose[@]}" exec -T postgres pg_isready -U "${POSTGRES_USER:-portal}" -d postgres >/dev/null 2>&1 && break
  sleep 1
done
# The init script creates the databases on the first start; wait for the last one it makes.
for db in $("${compose[@]}" exec -T postgres sh -c 'echo $PORTAL_DATABASES'); do
  for _ in $(seq 1 60); do
    "${compose[@]}" exec -T postgres psql -U "${POSTGRES_USER:-portal}" -d "$db" -c 'SELECT 1' >/dev/null 2>&1 && break
    sleep 1
  done
done

for dump in "$dir"/*.dump; do
  db=$(basename "$dump" .dump)
  "${compose[@]}" exec -T postgres pg_restore -U "${POSTGRES_USER:-portal}" -d "$db" --clean --if-exists --no-owner --exit-on-error <"$dump"
  echo "database $db restored"
done

"${compose[@]}" run --rm -T minio-init
"${compose[@]}" run --rm --no-deps -T -v "$dir/files:/backup/files" --entrypoint sh minio-init -c \
  'mc alias set portal http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null && mc mirror --overwrite /backup/files "portal/$S3_BUCKET"'

"${compose[@]}" up -d
echo "restored from $dir"
