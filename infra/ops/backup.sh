#!/usr/bin/env bash
# Backs up the compose stack (README "Backup and restore") into DIR, while it runs:
# - every service's database (the postgres container's PORTAL_DATABASES), each with pg_dump -Fc: one consistent
#   snapshot per database, taken without stopping anything — records, outboxes (what was published and what waits),
#   the inboxes of consumed events, sessions;
# - the files bucket, object by object, with `mc mirror` (the minio-init job's image holds the MinIO client).
# COMPOSE is the compose command with its project, files and .env (default: `docker compose`).
set -euo pipefail
dir=${1:?usage: infra/ops/backup.sh DIR}
read -r -a compose <<<"${COMPOSE:-docker compose}"
mkdir -p "$dir/files"
dir=$(cd "$dir" && pwd)

dbs=$("${compose[@]}" exec -T postgres sh -c 'echo $PORTAL_DATABASES')
for db in $dbs; do
  "${compose[@]}" exec -T postgres pg_dump -U "${POSTGRES_USER:-portal}" -Fc "$db" >"$dir/$db.dump"
  echo "database $db: $(wc -c <"$dir/$db.dump") bytes"
done

"${compose[@]}" run --rm --no-deps -T -v "$dir/files:/backup/files" --entrypoint sh minio-init -c \
  'mc alias set portal http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null && mc mirror --overwrite "portal/$S3_BUCKET" /backup/files'
echo "backup in $dir"
