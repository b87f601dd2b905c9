// Scores: the session's (in memory) and the lasting ones (localStorage), per game, mode and
// level. A damaged store is reported once and reset; it never stops the page.

const KEY = 'boardgames.scores.v1';

function emptyScore() {
  return { a: 0, b: 0, draw: 0 };
}

function isCount(n) {
  return Number.isInteger(n) && n >= 0;
}

function validStore(store) {
  if (!store || typeof store !== 'object' || Array.isArray(store)) return false;
  if (store.version !== 1 || !store.entries || typeof store.entries !== 'object') return false;
  return Object.values(store.entries).every(
    (e) => e && typeof e === 'object' && isCount(e.a) && isCount(e.b) && isCount(e.draw),
  );
}

/** The scores: `a` is "me" against the computer or the first player between two people,
 * `b` the computer or the second player. */
export class Scores {
  constructor(storage) {
    this.storage = storage;
    this.session = {};
    this.damaged = false;
    this.store = { version: 1, entries: {} };
    this.load();
  }

  load() {
    let text = null;
    try {
      text = this.storage ? this.storage.getItem(KEY) : null;
    } catch {
      return;
    }
    if (text === null) return;
    let parsed = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (validStore(parsed)) {
      this.store = parsed;
    } else {
      this.damaged = true;
      this.save();
    }
  }

  save() {
    try {
      if (this.storage) this.storage.setItem(KEY, JSON.stringify(this.store));
    } catch {
      // A full or disabled storage keeps the scores for this page only.
    }
  }

  static key(game, mode, level) {
    return `${game}|${mode}|${mode === 'computer' ? level : '-'}`;
  }

  /** The session's and the lasting score of one game, mode and level. */
  get(key) {
    return {
      session: this.session[key] || emptyScore(),
      lasting: this.store.entries[key] || emptyScore(),
    };
  }

  /** Counts one finished game: `side` is `a`, `b` or `draw`. */
  add(key, side) {
    for (const table of [this.session, this.store.entries]) {
      const entry = table[key] || emptyScore();
      entry[side] += 1;
      table[key] = entry;
    }
    this.save();
  }

  reset() {
    this.store = { version: 1, entries: {} };
    this.session = {};
    this.save();
  }
}
