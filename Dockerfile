# The product's image: the server bundle, the built web app and production dependencies only, run
# as the unprivileged `node` user. Build: docker build -t academy-crm .
# Reference deployment with PostgreSQL, MinIO and two instances: deploy/docker-compose.yml.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-fund --no-audit
COPY . .
RUN npm run build

# Production dependencies of the server only (the web app is served as built files).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --omit=dev --workspace @academy/server --no-fund --no-audit \
  # The PDFs embed one weight of Noto Sans KR; the other weights are 50 MB of nothing.
  && find node_modules/@expo-google-fonts/noto-sans-kr -name '*.ttf' ! -name 'NotoSansKR_500Medium.ttf' -delete

FROM node:20-bookworm-slim
# pg_dump / pg_restore / psql for `node apps/server/dist/ops.js backup|restore` inside the container.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:3000/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Graceful stop: SIGTERM drains requests and hands running jobs back (allow it 30 s).
STOPSIGNAL SIGTERM
# --enable-source-maps: stack traces name the TypeScript sources, and the server runs lighter with
# it (docs/DECISIONS.md "Performance (issue 17)", stop 29).
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
