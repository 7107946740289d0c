# syntax=docker/dockerfile:1
# The orders binary with the web app embedded, as a small image that runs as a non-root user.
# Build: docker build -t orders .   Run: docker run -p 8080:8080 orders   (SQLite with demo data)

# 1. The web app (rust-embed puts web/dist into the binary, so it is built first).
FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY web/ ./
# The type check also reads the address rules the server and the web app share (data/, see the tests).
COPY data/ /src/data/
RUN npm run build

# 2. The release binary.
FROM rust:1.95-bookworm AS server
WORKDIR /src
COPY . .
COPY --from=web /src/web/dist ./web/dist
RUN cargo build --release -p server && strip target/release/orders

# 3. What runs: the binary, CA certificates (SMTP, webhooks) and nothing else.
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /var/lib/orders --create-home orders
COPY --from=server /src/target/release/orders /usr/local/bin/orders
USER orders
WORKDIR /var/lib/orders
# No MIMALLOC_ARENA_EAGER_COMMIT=0: the binary sets that allocator option itself at its start (main.rs).
ENV ORDERS_ADDR=0.0.0.0:8080 \
    ORDERS_DATABASE_URL=/var/lib/orders/orders.db
EXPOSE 8080
# bash, not sh: /dev/tcp is a bash feature (Debian's sh is dash). The port is ORDERS_ADDR's, so the check
# follows an operator who moves it.
HEALTHCHECK --interval=10s --timeout=3s CMD ["/bin/bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${ORDERS_ADDR##*:} && printf 'GET /healthz HTTP/1.0\\r\\n\\r\\n' >&3 && grep -q '200 OK' <&3"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["orders"]
CMD ["serve"]
