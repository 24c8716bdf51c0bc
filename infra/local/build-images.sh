#!/usr/bin/env bash
# `npm run docker:images`: every image the compose stack needs, built on this machine — no image is pulled (Docker Hub
# is not reachable here) and no container reaches the npm registry:
#
#   portal-local/debian:bookworm   Debian bookworm (debootstrap --variant=minbase), imported
#   portal-local/node:24           node:24-bookworm-slim's stand-in: that Debian and the Node.js 24 first on PATH
#   portal-local/postgres:15       postgres:16-alpine's stand-in (Debian's PostgreSQL, the official image's POSTGRES_* and init scripts)
#   portal-local/nats:2.9          nats:2.10-alpine's stand-in (Debian's nats-server, JetStream)
#   portal-local/haproxy:2.6       haproxy:2.8's stand-in (Debian's HAProxy), the balancer in front of the gateways
#   portal-local/stand-ins:latest  MinIO's (an S3 store with the bucket job's `mc`) and Mailpit's (an SMTP catcher) stand-ins
#   portal-app:latest, portal-web:latest   infra/Dockerfile's runtime targets, from the monorepo built on the host
#
# The stand-ins are rebuilt only when their inputs change (a label holds their hash), the Debian root file system is
# kept in $PORTAL_IMAGE_CACHE (default /var/cache/portal-images); the portal's own two images are rebuilt every time.
# docker-compose.local.yml swaps the stand-ins in: docker-compose -f docker-compose.yml -f docker-compose.local.yml up -d
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
CACHE="${PORTAL_IMAGE_CACHE:-/var/cache/portal-images}"
mkdir -p "$CACHE"
# Debian's docker.io client builds with its built-in BuildKit (skipping the stages a target does not need); a newer
# client on the PATH would want the buildx plugin instead.
DOCKER_BIN="${DOCKER_BIN:-$( [ -x /usr/bin/docker ] && echo /usr/bin/docker || command -v docker )}"
docker() { "$DOCKER_BIN" "$@"; }
export DOCKER_BUILDKIT=1
log() { printf '[docker:images %s] %s\n' "$(date +%H:%M:%S)" "$*"; }

docker info >/dev/null 2>&1 || { echo "docker:images: no Docker engine answers (start dockerd as root)" >&2; exit 1; }

hash_of() { cat "$@" | sha256sum | cut -c1-16; }
current() { docker image inspect --format '{{ index .Config.Labels "portal.inputs" }}' "$1" 2>/dev/null || true; }

# 1. Debian, from the Debian mirror the machine reaches.
if ! docker image inspect portal-local/debian:bookworm >/dev/null 2>&1; then
  if [ ! -s "$CACHE/debian-bookworm.tar" ]; then
    command -v debootstrap >/dev/null || { echo "docker:images: debootstrap is missing (apt-get install debootstrap)" >&2; exit 1; }
    log "debootstrap bookworm (about a minute)"
    rm -rf "$CACHE/rootfs"
    debootstrap --variant=minbase --include=ca-certificates,libstdc++6,tzdata bookworm "$CACHE/rootfs" http://deb.debian.org/debian >"$CACHE/debootstrap.log"
    rm -rf "$CACHE/rootfs/var/cache/apt/archives/"*.deb
    tar -C "$CACHE/rootfs" -cf "$CACHE/debian-bookworm.tar.partial" . && mv "$CACHE/debian-bookworm.tar.partial" "$CACHE/debian-bookworm.tar"
    rm -rf "$CACHE/rootfs"
  fi
  log "import portal-local/debian:bookworm"
  docker import "$CACHE/debian-bookworm.tar" portal-local/debian:bookworm >/dev/null
fi

# 2. The stand-ins, each built from its Dockerfile in infra/local when its inputs changed.
standin() { # image dockerfile context-files...
  local image="$1" dockerfile="$2"; shift 2
  local ctx; ctx="$(mktemp -d)"
  cp "infra/local/$dockerfile" "$ctx/Dockerfile"
  for f in "$@"; do cp -r "$f" "$ctx/"; done
  local inputs; inputs="$(cd "$ctx" && find . -type f -not -path './tools/node_modules/*' | sort | xargs cat | sha256sum | cut -c1-16)"
  if [ "$(current "$image")" != "$inputs" ]; then
    log "build $image"
    docker build -q --label "portal.inputs=$inputs" -t "$image" "$ctx" >/dev/null
  fi
  rm -rf "$ctx"
}
# The Node.js image's stand-in takes the node first on PATH (CI's Node 24, .ci/node.sh): it must be the image's major.
node_bin="$(command -v node || true)"
node_version="$("${node_bin:-node}" --version 2>/dev/null || true)"
case "$node_version" in
  v24.*) ;;
  *)
    echo "docker:images: portal-local/node:24 needs Node.js 24 first on PATH, found ${node_version:-none} (${node_bin:-no node}); bash .ci/node.sh fetches one" >&2
    exit 1
    ;;
esac
standin portal-local/node:24 node.Dockerfile "$node_bin"
standin portal-local/postgres:15 postgres.Dockerfile infra/local/postgres-entrypoint.sh
standin portal-local/nats:2.9 nats.Dockerfile
standin portal-local/haproxy:2.6 haproxy.Dockerfile
if [ ! -d infra/local/tools/node_modules ] || [ infra/local/tools/package-lock.json -nt infra/local/tools/node_modules ]; then
  log "npm ci infra/local/tools"
  npm ci --prefix infra/local/tools --no-audit --no-fund >/dev/null
fi
standin portal-local/stand-ins:latest tools.Dockerfile infra/local/tools

# 3. The portal: the monorepo as the image's build stage leaves it (production dependencies, the front end built),
#    made on the host, then infra/Dockerfile's `app` and `web` targets from it.
STAGE="$CACHE/app"
log "stage the monorepo in $STAGE"
# The front end as the working tree says (an unchanged app is not rebuilt).
npm run build:web >"$CACHE/build-web.log" 2>&1 || { cat "$CACHE/build-web.log" >&2; exit 1; }
mkdir -p "$STAGE"
# The working tree as git sees it (.gitignore honoured; what it ignores in the stage — node_modules, dist — is kept).
rsync -a --delete --exclude .git --exclude .installed-lock --filter=':- .gitignore' ./ "$STAGE/"
for d in shell mfe-*; do rsync -a --delete "$d/dist/" "$STAGE/$d/dist/"; done
# Production dependencies installed again only when the lock file changed (from the host's npm cache where it can).
lock="$(sha256sum package-lock.json | cut -c1-16)"
if [ "$(cat "$STAGE/.installed-lock" 2>/dev/null)" != "$lock" ]; then
  log "npm ci --omit=dev in the stage"
  (cd "$STAGE" && npm ci --omit=dev --prefer-offline --no-audit --no-fund >"$CACHE/stage-npm.log" 2>&1) || { cat "$CACHE/stage-npm.log" >&2; exit 1; }
  echo "$lock" > "$STAGE/.installed-lock"
fi
log "import portal-local/built:latest"
tar -C "$CACHE" -cf - app | docker import - portal-local/built:latest >/dev/null
for target in app web; do
  log "build portal-$target:latest"
  docker build -q -f infra/Dockerfile --target "$target" --build-arg NODE_IMAGE=portal-local/node:24 \
    --build-arg BUILD_IMAGE=portal-local/built:latest -t "portal-$target:latest" . >/dev/null
done
# The images these replaced, left without a name.
docker image prune -f >/dev/null
log "done"
