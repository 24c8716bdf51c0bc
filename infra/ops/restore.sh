#!/usr/bin/env bash
# Restores a backup made by infra/ops/backup.sh into a stack whose volumes are new (a new machine, or after
# `down -v`): the infrastructure first (PostgreSQL creates the empty databases, MinIO the bucket), then every database
# (pg_restore into its empty database, before its service has started) and the files, then the whole stack. The
# services find their tables at the latest migration and their outboxes as they were, except that what was published
# from five minutes before the backup began is published again: a database dumped before another may have missed it,
# and every consumer skips an event it has already handled (its inbox came back with its database). JetStream starts
# empty: it only ever holds what is in flight.
# COMPOSE is the compose command with its project, files and .env (default: `docker compose`; split on spaces).
set -euo pipefail
dir=${1:?usage: infra/ops/restore.sh DIR}
dir=$(cd "$dir" && pwd)
read -r -a compose <<<"${COMPOSE:-docker compose}"
[ -f "$dir/started-at" ] || { echo "restore: $dir holds no backup (no started-at)" >&2; exit 1; }
if "${compose[@]}" ps 2>/dev/null | grep -Eq '(gateway|system|hr|admin|files|notifications).*(Up|running)'; then
  echo "restore: the application is running; restore into a stack that is down (docker compose down -v first)" >&2
  exit 1
fi

"${compose[@]}" up -d postgres nats minio
# Only the real server listens on TCP (the image's first-start init server does not): wait for it, then each database.
# Over TCP the server asks for the password (as it does the services).
sql() { "${compose[@]}" exec -T postgres sh -c 'PGPASSWORD="$POSTGRES_PASSWORD" psql -h 127.0.0.1 -U "$POSTGRES_USER" -d "$1" -qAt' _ "$1"; }
ready() { echo 'SELECT 1' | sql "$1" >/dev/null 2>&1; }
for db in $("${compose[@]}" exec -T postgres sh -c 'echo $PORTAL_DATABASES'); do
  for i in $(seq 1 120); do ready "$db" && break; [ "$i" = 120 ] && { echo "restore: database $db not ready" >&2; exit 1; }; sleep 1; done
done

started=$(cat "$dir/started-at")
[[ $started =~ ^[0-9][0-9:.\ +-]+$ ]] || { echo "restore: started-at is not a time: $started" >&2; exit 1; }
for dump in "$dir"/*.dump; do
  db=$(basename "$dump" .dump)
  "${compose[@]}" exec -T postgres sh -c 'PGPASSWORD="$POSTGRES_PASSWORD" pg_restore -h 127.0.0.1 -U "$POSTGRES_USER" -d "$1" --clean --if-exists --no-owner --exit-on-error' _ "$db" <"$dump"
  again=$(printf "WITH again AS (UPDATE outbox SET published_at = NULL WHERE published_at >= '%s'::timestamptz - interval '5 minutes' RETURNING 1) SELECT count(*) FROM again;\n" "$started" | sql "$db")
  echo "database $db restored ($again events to publish again)"
done

"${compose[@]}" run --rm -T minio-init
"${compose[@]}" run --rm --no-deps -T --user "$(id -u):$(id -g)" -e HOME=/tmp -v "$dir/files:/backup/files" --entrypoint sh minio-init -c \
  'mc alias set portal http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null && mc mirror --overwrite /backup/files "portal/$S3_BUCKET"'

"${compose[@]}" up -d
echo "restored from $dir"
