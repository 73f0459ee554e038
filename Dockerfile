# syntax=docker/dockerfile:1
# MineCloud's production image (docs/operations.md, "Build and deploy"). Two stages: the build stage
# installs everything and runs `npm run build`; the runtime stage holds the built artefacts (dist/),
# the package files and `npm ci --omit=dev`: no TypeScript, no front-end libraries, no test tools.
# CI runs this file's runtime steps on the machine itself (scripts/deploy-check.ts): every COPY from
# the build stage, ENV, RUN, HEALTHCHECK and CMD below. What it cannot run here is the base image.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/admin/package.json apps/admin/
COPY --from=build /app/packages/contract/package.json packages/contract/
COPY --from=build /app/tools/node/package.json tools/node/
COPY --from=build /app/scripts/start.mjs /app/scripts/cli.mjs /app/scripts/require-node.mjs scripts/
COPY --from=build /app/dist dist/
RUN npm ci --omit=dev --no-audit --no-fund --cache /tmp/npm-cache && rm -rf /tmp/npm-cache
# The image's own user, not root: a flaw in the server reaches no more than its own files.
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 8080}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "scripts/start.mjs"]
