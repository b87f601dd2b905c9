// What the page (app.js) and the friend game's page (friend.js) share: the sides' names, the
// moves a click may start, gomoku's stones and forbidden points, the board's model, the status
// line, the detail line, the choices, the move list, the clocks, the board's keys, and the
// language kept in this browser.

import { t, detectLanguage, LANGUAGES } from './i18n.js';
import { neighbour, pointsOf } from './boards.js';
import { formatClock } from './clock.js';

export const $ = (id) => document.getElementById(id);
const LANG_KEY = 'boardgames.lang';

export function other(side) {
  return side === 'first' ? 'second' : 'first';
}

export function show(node, visible) {
  node.hidden = !visible;
}

export function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps a choice in local storage, when there is one. */
export function remember(key, value) {
  try {
    storage().setItem(key, value);
  } catch {
    // Without storage the choice lasts for this page only.
  }
}

export function recalled(key) {
  try {
    return storage() ? storage().getItem(key) : null;
  } catch {
    return null;
  }
}

/** The language chosen in this browser before, or the one its settings prefer. */
export function savedLanguage() {
  const saved = recalled(LANG_KEY);
  return LANGUAGES.includes(saved) ? saved : detectLanguage(navigator.languages || [navigator.language]);
}

export function saveLanguage(lang) {
  remember(LANG_KEY, lang);
}

// ---------------------------------------------------------------- names

/** What a side is called in `game`: X/O, black/white (gomoku, by the opening's colours),
 * white/black (morris). */
export function baseName(game, view, side) {
  if (game === 'tictactoe' || game === 'ultimate') return t(side === 'first' ? 'side_x' : 'side_o');
  if (game === 'morris') return t(side === 'first' ? 'white' : 'black');
  const colours = view && view.colours;
  if (colours) {
    if (colours.black === side) return t('black');
    if (colours.white === side) return t('white');
    return t(side === 'first' ? 'seat_first' : 'seat_second');
  }
  return t(side === 'first' ? 'black' : 'white');
}

export function reasonText(reason) {
  return reason ? t(`reason_${reason.replace(/ /g, '_')}`) : '';
}

// ---------------------------------------------------------------- moves of several clicks

/** The legal moves whose clicks start with `partial`. */
export function candidates(game, legal, partial) {
  return (legal || []).filter((move) => {
    const pts = pointsOf(game, move);
    return pts.length >= partial.length && partial.every((p, i) => pts[i] === p);
  });
}

/** The points the next click may take, and which of them are captures (`legal` is empty
 * when it is not the page's turn). */
export function targets(game, legal, partial) {
  const found = { all: new Set(), captures: new Set() };
  const k = partial.length;
  for (const move of candidates(game, legal, partial)) {
    const pts = pointsOf(game, move);
    if (pts.length <= k) continue;
    found.all.add(pts[k]);
    if (move.includes('x') && k === pts.length - 1) found.captures.add(pts[k]);
  }
  return found;
}

/** What a click on point `name` makes of the clicks so far (`partial`): `{partial}` the
 * clicks after it (a click on the last one takes it back), with `move` when they make a
 * whole move, or `refused` when no legal move goes through the point. */
export function click(game, legal, partial, name) {
  if (partial.length > 0 && partial[partial.length - 1] === name) return { partial: partial.slice(0, -1) };
  const next = [...partial, name];
  const found = candidates(game, legal, next);
  if (found.length === 0) {
    // A click elsewhere starts another move when one starts there.
    if (partial.length > 0 && candidates(game, legal, [name]).length > 0) return click(game, legal, [], name);
    return { partial: [], refused: true };
  }
  const exact = found.filter((m) => pointsOf(game, m).length === next.length);
  if (exact.length > 0 && exact.length === found.length) return { partial: [], move: exact[0] };
  return { partial: next };
}

/** The moves that are no point: the opening's choices (`black`, `declare:3`...). */
export function choices(game, legal) {
  return (legal || []).filter((m) => pointsOf(game, m).length === 0);
}

// ---------------------------------------------------------------- gomoku

/** Each gomoku stone's colour and number: stones alternate from black, whoever places
 * them, and are numbered from 1 in the order they were placed. */
export function gomokuStones(moves) {
  const colours = new Map();
  const numbers = new Map();
  let count = 0;
  for (const move of moves) {
    const pts = /^offer:/.test(move) ? [] : pointsOf('gomoku', move);
    if (pts.length === 1) {
      colours.set(pts[0], count % 2 === 0 ? 'black' : 'white');
      count += 1;
      numbers.set(pts[0], count);
    }
  }
  return { colours, numbers, next: count % 2 === 0 ? 'black' : 'white' };
}

/** Renju's forbidden points for the side to move, each with why, in the page's language. */
export function forbiddenPoints(view) {
  const map = new Map();
  if (!view.forbidden || view.forbidden.length === 0) return map;
  if (view.forbidden_for && view.to_move && view.to_move !== view.forbidden_for) return map;
  for (const f of view.forbidden) map.set(f.point, forbiddenReason(f));
  return map;
}

function forbiddenReason(f) {
  const lines = (f.lines || []).join(t('list_and'));
  return lines ? t(`forbidden_${f.kind}`, { lines }) : f.reason;
}

// ---------------------------------------------------------------- drawing

/** What `drawBoard` draws. `s`: `game`, `view`, `geometry`, `moves` (in notation), `found`
 * (the `targets`), `selected` (points), `hint` (points), `cursor`, `numbered` (gomoku's
 * stone numbers), `name(side)` (the sides' names). */
export function boardModel(s) {
  const { game, view } = s;
  let last = pointsOf(game, view.last_move);
  if (game === 'morris' && view.last_move && view.last_move.includes('x')) last = last.slice(0, -1);
  const stones = game === 'gomoku' ? gomokuStones(s.moves) : null;
  const forbidden = forbiddenPoints(view);
  const empty = s.geometry.points.length - Object.keys(view.cells || {}).length - forbidden.size;
  return {
    game,
    view,
    geometry: s.geometry,
    targets: s.found.all,
    captures: s.found.captures,
    selected: s.selected,
    last,
    hint: s.hint,
    cursor: s.cursor,
    forbidden,
    // Dots on the points one may play, unless that is every empty point (gomoku).
    dots: s.found.all.size < empty || game !== 'gomoku',
    mover: view.to_move,
    moverColour: stones ? stones.next : game === 'morris' && view.to_move === 'second' ? 'black' : 'white',
    numbers: stones && s.numbered ? stones.numbers : null,
    offers: view.offers || [],
    mills: new Set(view.mills ? [...(view.mills.first || []), ...(view.mills.second || [])] : []),
    colourOf: (point, owner) => {
      if (stones) return stones.colours.get(point) || (owner === 'first' ? 'black' : 'white');
      return owner === 'first' ? 'white' : 'black';
    },
    describe: (point, owner, flags, why) => describePoint(point, owner && s.name(owner), flags, why),
  };
}

function describePoint(point, ownerName, flags, forbidden) {
  const parts = [point];
  if (ownerName) parts.push(ownerName);
  if (forbidden) parts.push(t('forbidden_label', { reason: forbidden }));
  for (const flag of ['target', 'capture', 'selected', 'last', 'hinted']) {
    if (flags.includes(flag)) parts.push(t(`point_${flag}`));
  }
  return parts.join(', ');
}

/** The status line. `s`: `view`, `result` (`{status, reason}` or null), `name(side)`, `you`
 * (the side the person at this page plays, or null: a win of theirs reads "You win"),
 * `partial` and `capturing` (a move of several clicks under way), and optionally `busy` and
 * `preview`, texts that stand before the step of the opening and the click. */
export function statusText(s) {
  const { view: v, result: r, name } = s;
  if (r && r.status === 'draw') return t('result_draw', { reason: reasonText(r.reason) });
  if (r && r.status === s.you) return t('result_you_win', { reason: reasonText(r.reason) });
  if (r) return t('result_win', { side: name(r.status), reason: reasonText(r.reason) });
  if (s.busy) return s.busy;
  if (v.step && v.step !== 'play') {
    const colour = t(v.colour_to_place === 'white' ? 'white_stone' : 'black_stone');
    return t(`step_${v.step}`, { side: name(v.to_move), colour });
  }
  if (s.preview) return s.preview;
  if (s.partial.length > 0) {
    return t(s.capturing ? 'choose_capture' : 'choose_destination', { side: name(v.to_move), point: s.partial[0] });
  }
  return t('to_move', { side: name(v.to_move) });
}

/** The line under the board: ultimate's board to play, morris's phases and pieces, gomoku's
 * rule, opening and forbidden points. */
export function detailText(game, view, options, over, name) {
  const parts = [];
  if (game === 'ultimate' && !over) {
    parts.push(view.forced_board ? t('forced_board', { board: view.forced_board }) : t('free_choice'));
  } else if (game === 'morris') {
    for (const side of ['first', 'second']) {
      const phase = view.phase ? view.phase[side] : 'placing';
      parts.push(t('morris_side', {
        side: name(side), phase: t(`phase_${phase}`),
        hand: view.in_hand ? view.in_hand[side] : 0, board: view.on_board ? view.on_board[side] : 0,
      }));
    }
    for (const side of view.flying || []) parts.push(t('flying', { side: name(side) }));
  } else if (game === 'gomoku') {
    parts.push(t('gomoku_detail', { rule: t(`rule_${view.rule || options.rule}`), size: view.size }));
    if (view.opening) parts.push(t(`opening_${view.opening}`));
    const n = forbiddenPoints(view).size;
    if (n > 0) parts.push(t('forbidden_count', { n }));
  }
  return parts.join(' · ');
}

function choiceLabel(move) {
  const declare = /^declare:(\d+)$/.exec(move);
  if (declare) return t('choice_declare', { n: declare[1] });
  return t(`choice_${move}`);
}

/** The buttons of the opening's choices the page may make now. */
export function renderChoices(moves) {
  const box = $('choice-buttons');
  box.replaceChildren();
  for (const move of moves) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.choice = move;
    button.textContent = choiceLabel(move);
    box.appendChild(button);
  }
  show($('choices'), moves.length > 0);
}

/** The numbered moves, the newest in sight. */
export function renderMoveList(moves) {
  const list = $('move-list');
  list.replaceChildren();
  moves.forEach((move, i) => {
    const item = document.createElement('li');
    const number = document.createElement('span');
    number.className = 'ply-number';
    number.textContent = `${i + 1}.`;
    item.append(number, ` ${move}`);
    item.dataset.ply = String(i);
    item.dataset.move = move;
    list.appendChild(item);
  });
  // The list scrolls inside its box (not the page).
  list.scrollTop = list.scrollHeight;
}

/** The two clocks, or none: `clocks` is null or `{left(side), running, fallen}`. */
export function renderClocks(clocks, name) {
  show($('clocks'), Boolean(clocks));
  if (!clocks) return;
  for (const side of ['first', 'second']) {
    const box = $(`clock-${side}`);
    box.querySelector('.clock-name').textContent = name(side);
    box.querySelector('.clock-time').textContent = formatClock(clocks.left(side));
    box.classList.toggle('running', clocks.running === side);
    box.classList.toggle('fallen', clocks.fallen === side);
  }
}

/** The board's keys, for a page whose `state` has `geometry` and `cursor`: the arrows move the
 * cursor, Enter or space calls `on.play(point)`, Escape `on.escape()`; then `on.render()`. */
export function boardKeys(state, on) {
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  return (event) => {
    if (!state.geometry) return;
    if (steps[event.key]) {
      event.preventDefault();
      const [dx, dy] = steps[event.key];
      state.cursor = neighbour(state.geometry.points, state.cursor, dx, dy);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      on.play(state.cursor);
      return;
    } else if (event.key === 'Escape') {
      on.escape();
    } else return;
    on.render();
  };
}
