# The portal's API (it also serves the web app) as a small non-root image (docs/operations.md).
# Build: docker build -t wholesale-portal .   Run: compose.yaml, or any container platform
# with the settings production needs (DATABASE_URL, JWT_SECRET, APP_URL, SMTP_URL, …).

# 1. The workspace's package manifests: what both installs below start from.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# 2. Everything installed and built: the web app (apps/web/dist) and the API (apps/api/dist).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 3. Only the API's runtime packages (the contract is bundled into apps/api/dist).
FROM manifests AS runtime-packages
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/api --include-workspace-root=false \
  && npm cache clean --force

# 4. The image: node, the runtime packages, the built API and web app; runs as `node`.
FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-packages /app/node_modules node_modules
COPY --from=build /app/package.json package.json
COPY --from=build /app/apps/api/package.json apps/api/package.json
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Ready: database reachable, migrations current, catalog loaded (GET /api/ready).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# As npm run start:prod (package.json); `node apps/api/dist/migrate.js` migrates,
# `node apps/api/dist/backup.js` / `restore.js` back up and restore.
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=50", "apps/api/dist/main.js"]
