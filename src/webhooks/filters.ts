// A lifecycle event and a webhook -> the events the webhook is sent for it, in order: none when it
// is disabled or takes neither the event nor its content-type; a publish or an unpublish goes as
// `entry.update` (what Strapi's content API sends) to a webhook that takes that and not the
// publish event; a file's update goes as Strapi sends it, `entry.update` then `media.update`.
import type { LifecycleEvent } from '../operations/events.ts';
import { MEDIA_UID } from '../model/types.ts';
import type { Webhook, WebhookEvent } from './settings.ts';

/** The events Strapi's services emit for what the lifecycle calls `event`, in their order. */
function strapiEvents(event: LifecycleEvent): WebhookEvent[] {
  // The upload service updates the file through the entity service (entry.update, model `file`), then emits media.update.
  if (event.event === 'media.update' && event.uid === MEDIA_UID) return ['entry.update', 'media.update'];
  return [event.event];
}

/** What `hook` is sent for `event`. */
export function eventsFor(hook: Webhook, event: LifecycleEvent): WebhookEvent[] {
  if (!hook.enabled) return [];
  if (hook.contentTypes && !hook.contentTypes.includes(event.uid)) return [];
  const sent: WebhookEvent[] = [];
  for (const name of strapiEvents(event)) {
    const taken = hook.events.includes(name) ? name : fallback(hook, name);
    if (taken && !sent.includes(taken)) sent.push(taken);
  }
  return sent;
}

function fallback(hook: Webhook, name: WebhookEvent): WebhookEvent | undefined {
  const publication = name === 'entry.publish' || name === 'entry.unpublish';
  return publication && hook.events.includes('entry.update') ? 'entry.update' : undefined;
}
