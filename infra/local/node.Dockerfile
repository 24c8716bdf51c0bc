# node:24-bookworm-slim's stand-in: Debian bookworm (debootstrap, imported as portal-local/debian:bookworm) and the
# Node.js 24 binary first on the host's PATH (infra/local/build-images.sh), with the image's `node` user (uid 1000).
FROM portal-local/debian:bookworm
COPY node /usr/local/bin/node
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version
CMD ["node"]
