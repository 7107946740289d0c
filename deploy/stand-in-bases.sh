#!/usr/bin/env bash
# Builds local stand-ins, under the official names, for the base images the Dockerfile and
# deploy/compose.yaml use, on machines that cannot reach Docker Hub (only Debian's mirror, crates.io, npm):
#
#   debian:bookworm-slim    debootstrap bookworm (minbase) from deb.debian.org, this machine's CA certificates
#   node:20-bookworm-slim   that + this machine's Node.js 20 and npm
#   rust:1.95-bookworm      that + this machine's Rust toolchain, gcc, pkg-config, git
#   postgres:15             that + Debian's postgresql-15; entrypoint as the official image's as far as
#                           compose.yaml relies on it (POSTGRES_USER/PASSWORD/DB on an empty data directory,
#                           scram-sha-256 over the network, runs as postgres, pg_isready on PATH)
#   nginx:1.27-alpine       that + Debian's nginx-light, configured as the official image: conf.d/*.conf in
#                           http{}, no other default server, logs to stdout/stderr, nginx -g 'daemon off;'
#
#   deploy/stand-in-bases.sh docker|podman [debian node rust postgres nginx]   # default: all five
#
# They are stand-ins: sizes and versions differ (nginx 1.22, Debian's not Alpine's), and the CA of an egress
# proxy, if any, is in them. They exist so the real Dockerfile and compose file can be built and started here.
set -euo pipefail
ENGINE="${1:?usage: deploy/stand-in-bases.sh docker|podman [debian node rust postgres nginx]}"
shift
WANT=" ${*:-debian node rust postgres nginx} "
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
step() { printf '\n==> %s\n' "$*"; }
wants() { [[ "$WANT" == *" $1 "* ]]; }

# The builds need Debian's mirror, npm's registry and crates.io: the host's network, whatever the bridge allows.
# podman: buildah's chroot isolation, which works where no OCI runtime can start a container.
case "$ENGINE" in
  docker) build() { docker build --network host -t "$@" >"$WORK/build.log" 2>&1 || { tail -30 "$WORK/build.log"; exit 1; }; } ;;
  podman) build() { podman build --isolation chroot --network host --pull=never -t "$@" >"$WORK/build.log" 2>&1 \
                      || { tail -30 "$WORK/build.log"; exit 1; }; } ;;
  *) echo "stand-in-bases: ENGINE must be docker or podman" >&2; exit 2 ;;
esac
declare -A NAME=([debian]=docker.io/library/debian:bookworm-slim [node]=docker.io/library/node:20-bookworm-slim
  [rust]=docker.io/library/rust:1.95-bookworm [postgres]=docker.io/library/postgres:15
  [nginx]=docker.io/library/nginx:1.27-alpine)
image_id() { "$ENGINE" image inspect -f '{{.Id}}' "$1" 2>/dev/null || true; }
declare -A OLD=()
for image in nginx postgres rust node debian; do if wants "$image"; then OLD[$image]="$(image_id "${NAME[$image]}")"; fi; done

# Each stand-in but debian: its own build folder ($WORK/<image>) with a Dockerfile from stdin, built under the
# official name.
begin() { step "${NAME[$1]} ($2)"; mkdir -p "$WORK/$1"; }
dockerfile() { cat > "$WORK/$1/Dockerfile"; }
finish() { build "${NAME[$1]}" "$WORK/$1"; }

if wants debian; then
  command -v debootstrap >/dev/null || apt-get install -y debootstrap >/dev/null
  step "${NAME[debian]} (debootstrap bookworm minbase)"
  debootstrap --variant=minbase bookworm "$WORK/rootfs" http://deb.debian.org/debian >/dev/null
  # The machine's CA certificates (an egress proxy may sign TLS): update-ca-certificates picks up the .crt
  # files when an image installs ca-certificates; Node.js reads the bundle (NODE_EXTRA_CA_CERTS).
  mkdir -p "$WORK/rootfs/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$WORK/rootfs/usr/local/share/ca-certificates/" 2>/dev/null || true
  cat /usr/local/share/ca-certificates/*.crt > "$WORK/rootfs/usr/local/share/ca-certificates/extra-bundle.pem" 2>/dev/null || true
  rm -rf "$WORK"/rootfs/var/cache/apt/*.bin "$WORK"/rootfs/var/lib/apt/lists/* "$WORK"/rootfs/usr/share/{doc,man,info}/*
  # An imported root file system has no config: PATH and CMD as the official image has them.
  tar -C "$WORK/rootfs" -c . | "$ENGINE" import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' --change 'CMD ["bash"]' \
    - "${NAME[debian]}" >/dev/null
  rm -rf "$WORK/rootfs"
fi

if wants node; then
  begin node "this machine's Node.js $(node --version)"
  cp "$(command -v node)" "$WORK/node/node"
  cp -a "$(npm root -g)/npm" "$WORK/node/npm"
  dockerfile node <<'NODE'
FROM docker.io/library/debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends libstdc++6 ca-certificates && rm -rf /var/lib/apt/lists/*
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/extra-bundle.pem
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm
NODE
  finish node
fi

if wants rust; then
  begin rust "this machine's $(rustc --version)"
  cp -a "$(rustc --print sysroot)" "$WORK/rust/toolchain"
  rm -rf "$WORK/rust/toolchain/share/doc" "$WORK/rust/toolchain/lib/rustlib/src"
  dockerfile rust <<'RUST'
FROM docker.io/library/debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev binutils make pkg-config ca-certificates git && rm -rf /var/lib/apt/lists/*
COPY toolchain /usr/local/rust
ENV PATH=/usr/local/rust/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
RUST
  finish rust
fi

if wants postgres; then
  begin postgres "Debian's postgresql-15"
  # As the official image: no cluster from the package (the entrypoint makes one in PGDATA), listen on all
  # addresses, the server's binaries on PATH, the socket directory writable, a UTF-8 locale (the official one's
  # is en_US.utf8; minbase has C.UTF-8 only), SIGINT (fast shutdown) to stop.
  dockerfile postgres <<'PG'
FROM docker.io/library/debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-common \
 && sed -ri 's/#(create_main_cluster) .*$/\1 = false/' /etc/postgresql-common/createcluster.conf \
 && apt-get install -y --no-install-recommends postgresql-15 && rm -rf /var/lib/apt/lists/* \
 && sed -ri "s!^#?(listen_addresses)\s*=\s*\S+.*!\1 = '*'!" /usr/share/postgresql/15/postgresql.conf.sample \
 && mkdir -p /var/run/postgresql && chown postgres:postgres /var/run/postgresql && chmod 3777 /var/run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    PGDATA=/var/lib/postgresql/data LANG=C.UTF-8
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
VOLUME /var/lib/postgresql/data
ENTRYPOINT ["docker-entrypoint.sh"]
STOPSIGNAL SIGINT
EXPOSE 5432
CMD ["postgres"]
PG
  cat > "$WORK/postgres/docker-entrypoint.sh" <<'ENTRY'
#!/bin/bash
# The official image's entrypoint, as far as deploy/compose.yaml relies on it.
set -euo pipefail
if [ "${1:-}" = postgres ] && [ "$(id -u)" = 0 ]; then
  # Root: own the data directory (a fresh volume is root's), then again as postgres.
  mkdir -p "$PGDATA" && chown postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?is required (the official image refuses to start without it too)}"
  user="${POSTGRES_USER:-postgres}" db="${POSTGRES_DB:-${POSTGRES_USER:-postgres}}"
  initdb -D "$PGDATA" --username="$user" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  # A server on the socket only while the database is created, as the official image does.
  pg_ctl -D "$PGDATA" -w -o "-c listen_addresses=''" start >/dev/null
  [ "$db" = postgres ] || psql -v ON_ERROR_STOP=1 -q -U "$user" -d postgres -c "CREATE DATABASE \"$db\""
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "PostgreSQL init process complete; ready for start up."
fi
exec "$@"
ENTRY
  chmod +x "$WORK/postgres/docker-entrypoint.sh"
  finish postgres
fi

if wants nginx; then
  begin nginx "Debian's nginx-light"
  # Debian's nginx.conf includes conf.d/*.conf inside http{} as the official one does; its sites-enabled/
  # default would also take port 80 as default_server, so it goes.
  dockerfile nginx <<'NGINX'
FROM docker.io/library/debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends nginx-light && rm -rf /var/lib/apt/lists/* \
 && rm -f /etc/nginx/sites-enabled/default \
 && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
NGINX
  finish nginx
fi

# A rebuild leaves the stand-ins it replaced behind untagged: remove them (dependents first; one still used
# by a container or another image stays).
for image in nginx postgres rust node debian; do
  old="${OLD[$image]:-}"
  [ -z "$old" ] || [ "$old" = "$(image_id "${NAME[$image]}")" ] || "$ENGINE" rmi "$old" >/dev/null 2>&1 || true
done
