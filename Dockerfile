# The web app (Remix + Express + booking engine). Build: docker build -t repair-app .
FROM node:20-bookworm-slim AS build
WORKDIR /srv
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx remix vite:build

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /srv
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund --omit=dev && npm cache clean --force
COPY --from=build /srv/build ./build
COPY server.ts tsconfig.json ./
COPY app ./app
COPY booking ./booking
COPY tenants ./tenants
COPY scripts ./scripts
COPY public ./public
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["sh", "-c", "npx tsx scripts/sync-engine.ts && node --import tsx server.ts"]
