# The web app (Remix + Express + booking engine). Build: docker build -t repair-app .
# One image, two uses (docker-compose.yml, ADR 103): the replicas run server.ts (the CMD); the
# one-shot release service runs scripts/sync-engine.ts (migrations, then the sync from the CMS).
FROM node:20-bookworm-slim AS build
WORKDIR /srv
COPY package.json package-lock.json ./
# The shared rules (ADR 161): a file: dependency, linked from node_modules/@repair/rules.
COPY packages ./packages
RUN npm install --no-audit --no-fund
COPY . .
RUN npx remix vite:build

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /srv
COPY package.json package-lock.json ./
COPY packages ./packages
RUN npm install --no-audit --no-fund --omit=dev && npm cache clean --force
COPY --from=build /srv/build ./build
COPY server.ts tsconfig.json ./
COPY app ./app
COPY booking ./booking
COPY scripts ./scripts
COPY public ./public
# No tenants/: the production image carries no demo carriers. The volumes mounted here start out
# owned by the runtime user (a named volume copies the folder's owner when it is first created).
RUN mkdir -p /srv/uploads /srv/outbox && chown node:node /srv/uploads /srv/outbox
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# tsx is a runtime dependency: server.ts is TypeScript (it loads build/ only, ADR 283), and the
# release service runs scripts/sync-engine.ts over booking/.
CMD ["node", "--import", "tsx", "server.ts"]
