#!/usr/bin/env bash
# Backs up the compose stack (README "Backup and restore") into DIR, a new or empty folder, while it runs:
# - every service's database (the postgres container's PORTAL_DATABASES), each with pg_dump -Fc: one consistent
#   snapshot per database, taken without stopping anything — records, outboxes (what was published and what waits),
#   the inboxes of consumed events, sessions. The time the backup began is kept (started-at): the restore publishes
#   again what was published from shortly before it, which a database dumped earlier may not have received yet;
# - then the files bucket, object by object, with `mc mirror` (the minio-init job's image holds the MinIO client):
#   every file the files database names was stored before its row was written, so it is in the copy.
# The backup holds sessions and password hashes: it is readable by its owner only.
# COMPOSE is the compose command with its project, files and .env (default: `docker compose`; split on spaces).
set -euo pipefail
umask 077
dir=${1:?usage: infra/ops/backup.sh DIR}
read -r -a compose <<<"${COMPOSE:-docker compose}"
mkdir -p "$dir"
[ -z "$(ls -A "$dir")" ] || { echo "backup: $dir is not empty" >&2; exit 1; }
dir=$(cd "$dir" && pwd)
chmod 700 "$dir"
mkdir "$dir/files"

dbs=$("${compose[@]}" exec -T postgres sh -c 'echo $PORTAL_DATABASES')
[ -n "${dbs// /}" ] || { echo "backup: the postgres container names no databases (PORTAL_DATABASES)" >&2; exit 1; }
"${compose[@]}" exec -T postgres sh -c 'psql -U "$POSTGRES_USER" -d postgres -Atc "SELECT now()"' >"$dir/started-at"
for db in $dbs; do
  "${compose[@]}" exec -T postgres sh -c 'pg_dump -U "$POSTGRES_USER" -Fc "$1"' _ "$db" >"$dir/$db.dump"
  echo "database $db: $(wc -c <"$dir/$db.dump") bytes"
done

"${compose[@]}" run --rm --no-deps -T --user "$(id -u):$(id -g)" -e HOME=/tmp -v "$dir/files:/backup/files" --entrypoint sh minio-init -c \
  'mc alias set portal http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null && mc mirror --overwrite "portal/$S3_BUCKET" /backup/files'
echo "backup in $dir"
