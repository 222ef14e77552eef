# Multi-stage build: the web app (Node), the server (Rust), then a small runtime image.

FROM node:20-bookworm-slim AS frontend
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

FROM rust:1-bookworm AS server
RUN apt-get update && apt-get install -y --no-install-recommends libpq-dev && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
# The bundled SQLite's build flags (the query planner stability guarantee).
COPY .cargo ./.cargo
COPY crates ./crates
COPY migrations ./migrations
RUN cargo build --release -p colivra-cli

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends libpq5 ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home /app colivra
WORKDIR /app
COPY --from=server /src/target/release/colivra /usr/local/bin/colivra
COPY --from=frontend /src/frontend/dist /app/frontend/dist
ENV COLIVRA_ADDR=0.0.0.0:8080 \
    COLIVRA_STATIC_DIR=/app/frontend/dist \
    DATABASE_URL=sqlite:///app/data/colivra.db \
    RUST_LOG=info
RUN mkdir -p /app/data /var/lib/colivra && chown colivra /app/data /var/lib/colivra
USER colivra
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD curl -fsS http://127.0.0.1:8080/ready || exit 1
CMD ["colivra", "serve"]
