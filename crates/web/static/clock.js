// Clocks with the console `play` example's time controls: sudden death (`5m`, `300`),
// Fischer (`5m+3s`, `300+3`) and a fixed time per move (`30s/move`). Only the side to move's
// clock runs, and none before each side has made its first move (the page decides that); a
// flag falls when its time reaches zero.

const UNITS = { '': 1000, s: 1000, ms: 1, m: 60000, min: 60000, h: 3600000 };

/** Reads `90`, `1.5`, `90s`, `5m`, `1h`, `500ms` or `1m30s` as milliseconds; throws an
 * Error whose message is an i18n key. */
export function parseDuration(text) {
  const trimmed = text.trim();
  if (trimmed === '') throw new Error('time_missing');
  let millis = 0;
  const part = /(\d*\.?\d*)([a-z]*)/gy;
  let rest = trimmed;
  while (rest.length > 0) {
    part.lastIndex = 0;
    const m = part.exec(rest);
    if (!m || m[0] === '' || m[1] === '' || m[1] === '.') throw new Error('time_number');
    if (!(m[2] in UNITS)) throw new Error('time_unit');
    millis += Math.floor(parseFloat(m[1]) * UNITS[m[2]]);
    rest = rest.slice(m[0].length);
  }
  if (!Number.isFinite(millis)) throw new Error('time_number');
  return millis;
}

/** A time control from its text: `{kind, initial, increment}` in milliseconds. */
export function parseTimeControl(text) {
  const trimmed = text.trim();
  let control;
  if (trimmed.endsWith('/move')) {
    const perMove = parseDuration(trimmed.slice(0, -'/move'.length));
    control = { kind: 'per_move', initial: perMove, increment: 0 };
  } else if (trimmed.includes('+')) {
    const [total, increment] = trimmed.split('+', 2);
    control = { kind: 'fischer', initial: parseDuration(total), increment: parseDuration(increment) };
  } else {
    control = { kind: 'sudden', initial: parseDuration(trimmed), increment: 0 };
  }
  if (control.initial <= 0) throw new Error('time_zero');
  control.text = trimmed;
  return control;
}

/** Two clocks; `now` is a function giving milliseconds (performance.now in the page). */
export class Clocks {
  constructor(control, now) {
    this.control = control;
    this.now = now;
    this.remaining = { first: control.initial, second: control.initial };
    this.running = null;
    this.turnStart = now();
    this.history = [];
  }

  /** Starts the clock of `side` (the side to move); `null` runs no clock. */
  start(side) {
    this.running = side;
    this.turnStart = this.now();
  }

  /** Stops both clocks (the game is over). */
  stop() {
    if (this.running) this.remaining[this.running] = this.left(this.running);
    this.running = null;
  }

  /** Time left for `side` now, never below zero. */
  left(side) {
    const base = this.remaining[side];
    if (side !== this.running) return base;
    return Math.max(0, base - (this.now() - this.turnStart));
  }

  /** The side whose flag has fallen, or null. */
  fallen() {
    return this.running && this.left(this.running) <= 0 ? this.running : null;
  }

  /** The side to move has moved: its time is charged, the increment added, `next` starts. */
  moved(next) {
    const side = this.running;
    // Every move leaves a history entry, charged or not (before the clocks start), so an
    // undo takes back the right one.
    this.history.push({ ...this.remaining });
    if (side) {
      const left = this.left(side);
      this.remaining[side] =
        this.control.kind === 'per_move' ? this.control.initial : left + this.control.increment;
    }
    this.start(next);
  }

  /** Takes back one move's charge (undo). */
  undo(next) {
    const before = this.history.pop();
    if (before) this.remaining = before;
    this.start(next);
  }
}

/** `m:ss` (or `h:mm:ss`), with tenths under ten seconds. */
export function formatClock(ms) {
  if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1);
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
