# The stand-ins for MinIO (tools/s3.js, with an `mc` for the compose file's health check and bucket job) and Mailpit
# (tools/mailbox.js), on the Node.js stand-in image; their packages installed on the host (npm ci) and copied.
FROM portal-local/node:24
WORKDIR /opt/stand-ins
COPY tools/ ./
RUN printf '#!/bin/sh\nexec node /opt/stand-ins/mc.js "$@"\n' > /usr/local/bin/mc && chmod +x /usr/local/bin/mc \
 && mkdir -p /data && chown node:node /data
