#!/usr/bin/env bash
# A container's health check (docker-compose.yml, infra/Dockerfile): `healthcheck.sh http://127.0.0.1:<port>/<path>`
# exits 0 when that address answers 2xx within 3 s, 1 otherwise.
#
# Bash's /dev/tcp, not `node -e "fetch(…)"`: Docker runs the check every few seconds in every container, and a Node
# start for it cost ~0.25 s of CPU each time — 14 containers checked every 10 s kept half a core busy on an idle stack.
set -u
url="${1:?usage: healthcheck.sh http://127.0.0.1:<port>/<path>}"
rest="${url#http://}"
hostport="${rest%%/*}"
path="/${rest#*/}"
[ "$hostport" = "$rest" ] && path=/
host="${hostport%%:*}"
port="${hostport##*:}"
[ "$port" = "$hostport" ] && port=80
exec 3<>"/dev/tcp/$host/$port" || exit 1
printf 'GET %s HTTP/1.0\r\nHost: %s\r\nConnection: close\r\n\r\n' "$path" "$hostport" >&3
IFS=' ' read -r -t 3 _ status _ <&3 || exit 1
[[ "$status" == 2[0-9][0-9] ]]
