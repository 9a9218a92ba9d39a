// What a sighted reader sees change, said aloud: the page's one polite live region
// (#announcer in index.html, there from the first paint so screen readers register it before
// anything is said). Views call `announce` with the results they have just drawn ("3625
// points, 1045 words"); a view that reports often (a running search) passes a `throttle`, and
// then says at most one message per interval on its channel, the latest one.

/** The live region, or one made on first use (a page without index.html's, e.g. a test page). */
function region() {
  let r = document.getElementById('announcer');
  if (!r) {
    r = document.createElement('div');
    r.id = 'announcer';
    r.className = 'visually-hidden';
    r.setAttribute('role', 'status');
    r.setAttribute('aria-live', 'polite');
    r.setAttribute('aria-atomic', 'true');
    document.body.append(r);
  }
  return r;
}

/**
 * Per channel: when it last spoke and the message waiting for its interval to end.
 * @type {Map<string, {at: number, timer: number, waiting: string | null}>}
 */
const channels = new Map();

/**
 * Says `text` through the live region. The same text said twice is said twice (a new node each
 * time). With `throttle` (ms), messages on `channel` are said at most once per interval: one
 * that comes sooner waits, and a newer one replaces it. An empty text says nothing.
 * @param {string} text
 * @param {{throttle?: number, channel?: string}} [options]
 */
export function announce(text, { throttle = 0, channel = 'default' } = {}) {
  if (!text) return;
  const c = channels.get(channel) ?? { at: -Infinity, timer: 0, waiting: null };
  channels.set(channel, c);
  const wait = c.at + throttle - performance.now();
  if (throttle > 0 && wait > 0) {
    c.waiting = text;
    if (!c.timer) {
      c.timer = setTimeout(() => {
        c.timer = 0;
        const next = c.waiting;
        c.waiting = null;
        if (next) announce(next, { throttle, channel });
      }, wait);
    }
    return;
  }
  c.at = performance.now();
  const line = document.createElement('p');
  line.textContent = text;
  region().replaceChildren(line);
}

/** Drops a channel's waiting message (its view was left or its run ended). */
export function cancelAnnouncements(channel = 'default') {
  const c = channels.get(channel);
  if (!c) return;
  clearTimeout(c.timer);
  c.timer = 0;
  c.waiting = null;
}
