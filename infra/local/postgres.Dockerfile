# postgres:16-alpine's stand-in for this stack: Debian's PostgreSQL 15 with an entry point that honours the official
# image's POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB, runs /docker-entrypoint-initdb.d/* once on an empty data
# directory, and keeps the data in /var/lib/postgresql/data (the compose file's volume).
FROM portal-local/debian:bookworm
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data /docker-entrypoint-initdb.d /var/run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENTRYPOINT ["docker-entrypoint.sh"]
STOPSIGNAL SIGINT
EXPOSE 5432
CMD ["postgres"]
