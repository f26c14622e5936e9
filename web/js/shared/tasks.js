// Long start-ups in pieces: a widget that builds much at once awaits nextTask() between two
// pieces, so that the page can paint and answer input in between (on a slow phone, one task of a
// few hundred milliseconds is a page that does not respond).

/**
 * Resolves in a task of its own: scheduler.yield() where the browser has it (it keeps this
 * task's place ahead of others), else a message to ourselves (setTimeout(0) waits 4 ms once nested).
 * @returns {Promise<void>}
 */
export function nextTask() {
  const scheduler = /** @type {{scheduler?: {yield?: () => Promise<void>}}} */ (globalThis)
    .scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((ok) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => (channel.port1.close(), ok());
    channel.port2.postMessage(null);
  });
}
