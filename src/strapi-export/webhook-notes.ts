// An archive's webhooks -> the import's notes about them. Strapi keeps webhooks in its database;
// the gateway reads them from its config file, so they are not imported: each is printed as the
// entry to add to the config file's `webhooks.hooks`, its fields as Strapi's export names them.

const FIELDS = ['id', 'name', 'url', 'headers', 'events', 'enabled'] as const;

/** One line saying what to do, then one config entry per webhook; nothing when there are none. */
export function webhookNotes(webhooks: ReadonlyArray<Record<string, unknown>>): string[] {
  if (webhooks.length === 0) return [];
  const entries = webhooks.map((hook) => JSON.stringify(Object.fromEntries(FIELDS.filter((field) => field in hook).map((field) => [field, hook[field]]))));
  return [
    `${webhooks.length} webhook(s) in the archive, not imported: the gateway reads webhooks from its config file (--config). Add these to its "webhooks": { "hooks": [...] } (headers as exported: they may hold secrets; a URL to this machine needs "allowLocalAddresses": true):`,
    ...entries.map((entry) => `  ${entry}`),
  ];
}
