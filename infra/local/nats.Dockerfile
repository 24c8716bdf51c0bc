# nats:2.10-alpine's stand-in: Debian's nats-server (JetStream on the compose file's volume) and wget for its health check.
FROM portal-local/debian:bookworm
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nats-server wget \
 && rm -rf /var/lib/apt/lists/*
ENTRYPOINT ["nats-server"]
EXPOSE 4222 8222
