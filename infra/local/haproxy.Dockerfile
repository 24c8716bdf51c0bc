# haproxy:2.8's stand-in: Debian's HAProxy (2.6), run as the official image runs it — the configuration at
# /usr/local/etc/haproxy/haproxy.cfg, master-worker in the foreground, as the haproxy user, SIGUSR1 (soft stop) to stop.
FROM portal-local/debian:bookworm
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends haproxy \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /usr/local/etc/haproxy
USER haproxy
STOPSIGNAL SIGUSR1
ENTRYPOINT ["haproxy", "-W", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]
EXPOSE 8080
