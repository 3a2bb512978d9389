# Multi-stage build of the gateway. The first stage installs every dependency and type-checks;
# the runtime stage carries production dependencies only (tsx runs the TypeScript sources).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
COPY gateway ./gateway
COPY schema ./schema
COPY test ./test
RUN npx tsc --noEmit

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=1337
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY --from=build /app/src ./src
COPY --from=build /app/gateway ./gateway
COPY --from=build /app/schema ./schema
USER node
EXPOSE 1337
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||1337)+'/_health').then(r=>process.exit(r.status===204?0:1),()=>process.exit(1))"
CMD ["npx", "tsx", "gateway/main.ts"]
