# Multi-stage build of the gateway. The first stage installs every dependency, type-checks and
# compiles to JavaScript (dist/); the runtime stage holds production dependencies and dist/ only,
# and its process is node itself (no npm or npx in between), so SIGTERM reaches the gateway.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json vitest.config.ts ./
COPY src ./src
COPY gateway ./gateway
COPY schema ./schema
COPY test ./test
RUN npx tsc --noEmit && npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=1337
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY schema ./schema
# Media files: mount Strapi's public/uploads here (or set UPLOADS_DIR).
RUN mkdir -p public/uploads && chown node:node public/uploads
USER node
EXPOSE 1337
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||1337)+'/_health').then(r=>process.exit(r.status===204?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=64", "--heap-growing-percent=100", "dist/gateway/main.js"]
