// Calls to the server's JSON API (see crates/web/API.md). The server keeps no game state:
// every call carries the whole game.

/** An answer other than 200: `status` is the HTTP status, `body` the server's JSON. */
export class ApiError extends Error {
  constructor(status, body) {
    super(body && typeof body.error === 'string' ? body.error : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

const BUSY_RETRIES = 4;
const LONGEST_RETRY_MS = 5000;

// This tab's session: the server lets each session hold one search at a time.
const SESSION = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** POSTs `body` as JSON to `path` and answers the parsed JSON; a busy pool is retried. */
export async function post(path, body) {
  for (let attempt = 0; ; attempt += 1) {
    let response;
    try {
      response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Session': SESSION },
        body: JSON.stringify(body),
      });
    } catch (err) {
      throw new ApiError(0, { error: String(err && err.message ? err.message : err) });
    }
    let data = null;
    try {
      data = await response.json();
    } catch {
      data = { error: `HTTP ${response.status}` };
    }
    if (response.ok) return data;
    // The search pool is full, or this tab's last search is still running: the server says
    // when to try again (Retry-After, in seconds).
    if ((response.status === 503 || response.status === 429) && attempt < BUSY_RETRIES) {
      const seconds = Number(response.headers.get('Retry-After')) || 1;
      await pause(Math.min(seconds * 1000, LONGEST_RETRY_MS));
      continue;
    }
    throw new ApiError(response.status, data);
  }
}

/** The game fields every game request carries. */
export function gameFields(game) {
  const fields = { game: game.name, options: game.options, moves: game.moves };
  if (game.actions.length > 0) fields.actions = game.actions;
  return fields;
}
