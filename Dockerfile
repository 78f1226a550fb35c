# One image for every LeadFloor process; docker-compose.yml picks the part with `command`.
# The server runs TypeScript through tsx (no build step), so dev dependencies are installed.
FROM node:20-bookworm-slim

WORKDIR /app
# Copying the whole tree before `npm ci` costs layer caching but can never miss a workspace's
# package.json when a workspace is added; .dockerignore keeps node_modules and data out.
COPY . .
RUN npm ci --include=dev && npm cache clean --force
# The console's build (console/dist) is what the gateway serves at /.
RUN npm run build --workspace @leadfloor/console \
  && mkdir -p /app/.data && chown node:node /app/.data

# In a container the server must listen beyond loopback.
ENV HOST=0.0.0.0 \
    PORT=3000
USER node
EXPOSE 3000

# Without a command: the embedded all-in-one form (`npm start`), PostgreSQL included, data in
# /app/.data (mount a volume there to keep it).
CMD ["node", "--import", "tsx", "launcher/src/embedded.ts"]
