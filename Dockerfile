# One image for every process of Trade Desk: the server node (default command), the stand-alone
# agent (`node apps/agent/dist/main.js`) and the sandbox game (`node apps/game-sim/dist/main.js`).
# docs/operations.md says how to run it; compose.yaml and deploy/k8s use it.

# --- build: every dependency, the web app, the add-on and the node bundles (npm run build)
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
    && npm run build \
    && find apps packages -name node_modules -prune -exec rm -rf {} +

# --- runtime: production dependencies only, the built files, no compiler, not root
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    SIM_HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
# Sources stay beside the bundles: the bundles read data files (migrations, sounds, the card
# catalogue, the sandbox web app's scripts) relative to them (docs/decisions/production-build.md).
COPY --from=build /app/packages ./packages
COPY --from=build /app/apps ./apps
RUN npm ci --omit=dev --no-audit --no-fund \
    && npm cache clean --force \
    && mkdir -p /data \
    && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
