// The boards, drawn in SVG from the server's view of a game. Every point a move can name is an
// element with `data-move` (its name in the game's notation), so clicks, the keyboard cursor
// and tests all speak the crates' coordinates.

const SVG_NS = 'http://www.w3.org/2000/svg';
const LETTERS = 'abcdefghijklmnopqrst';
const MARGIN = 26;

function el(tag, attrs, parent) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value !== null && value !== undefined) node.setAttribute(name, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

function text(parent, x, y, content, cls) {
  const node = el('text', { x, y, class: cls || 'coord', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, parent);
  node.textContent = content;
  return node;
}

/** The board points a move names, in the order they are clicked: `h8` -> [h8],
 * `offer:h8` -> [h8], `a4-a1xd2` -> [a4, a1, d2], `black` -> []. */
export function pointsOf(game, move) {
  if (typeof move !== 'string') return [];
  switch (game) {
    case 'morris':
      return move.match(/[a-g][1-7]/g) || [];
    case 'gomoku': {
      const m = /^(?:offer:|pick:)?([a-t](?:[1-9]|1[0-9]|20))$/.exec(move);
      return m ? [m[1]] : [];
    }
    case 'ultimate':
      return /^[1-9][1-9]$/.test(move) ? [move] : [];
    default:
      return /^[a-c][1-3]$/.test(move) ? [move] : [];
  }
}

// ---------------------------------------------------------------- geometry

/** Every point of a board: `{name, x, y, gx, gy}` with `x, y` in SVG units and `gx, gy` its
 * column and row (rows counted downwards) for the keyboard cursor. */
export function layout(game, view) {
  switch (game) {
    case 'ultimate':
      return ultimateLayout();
    case 'gomoku':
      // The same drawing size for every board size, so texts keep their size.
      return gridLayout(view && view.size ? view.size : 15, Math.round(480 / (view && view.size ? view.size : 15)), false, PAD);
    case 'morris':
      return morrisLayout();
    default:
      return gridLayout(3, 100, true);
  }
}

// The wood around gomoku's outer lines, so the edge stones keep clear of the board's rim.
const PAD = 6;

function gridLayout(size, step, cells, pad = 0) {
  const points = [];
  const offset = step / 2 + pad;
  for (let gy = 0; gy < size; gy += 1) {
    for (let gx = 0; gx < size; gx += 1) {
      const name = LETTERS[gx] + String(size - gy);
      points.push({ name, x: MARGIN + offset + gx * step, y: offset + gy * step, gx, gy });
    }
  }
  const side = size * step + 2 * pad;
  return { points, size, step, width: MARGIN + side, height: side + MARGIN };
}

const U_CELL = 36;
// The gap between small boards, wide enough for each board's number above it.
const U_GAP = 20;

function ultimateLayout() {
  const points = [];
  for (let gy = 0; gy < 9; gy += 1) {
    for (let gx = 0; gx < 9; gx += 1) {
      const board = 3 * Math.floor(gy / 3) + Math.floor(gx / 3) + 1;
      const cell = 3 * (gy % 3) + (gx % 3) + 1;
      const x = U_GAP + gx * U_CELL + Math.floor(gx / 3) * U_GAP + U_CELL / 2;
      const y = U_GAP + gy * U_CELL + Math.floor(gy / 3) * U_GAP + U_CELL / 2;
      points.push({ name: `${board}${cell}`, x, y, gx, gy, board });
    }
  }
  const side = 9 * U_CELL + 4 * U_GAP;
  return { points, size: 9, step: U_CELL, width: side, height: side };
}

const MORRIS_POINTS = [
  'a1', 'd1', 'g1', 'b2', 'd2', 'f2', 'c3', 'd3', 'e3', 'a4', 'b4', 'c4',
  'e4', 'f4', 'g4', 'c5', 'd5', 'e5', 'b6', 'd6', 'f6', 'a7', 'd7', 'g7',
];
const MORRIS_LINES = [
  ['a1', 'g1'], ['g1', 'g7'], ['g7', 'a7'], ['a7', 'a1'],
  ['b2', 'f2'], ['f2', 'f6'], ['f6', 'b6'], ['b6', 'b2'],
  ['c3', 'e3'], ['e3', 'e5'], ['e5', 'c5'], ['c5', 'c3'],
  ['d1', 'd3'], ['d5', 'd7'], ['a4', 'c4'], ['e4', 'g4'],
];
const M_STEP = 56;

function morrisLayout() {
  const points = MORRIS_POINTS.map((name) => {
    const gx = LETTERS.indexOf(name[0]);
    const gy = 7 - Number(name[1]);
    return { name, x: MARGIN + M_STEP / 2 + gx * M_STEP, y: M_STEP / 2 + gy * M_STEP, gx, gy };
  });
  return { points, size: 7, step: M_STEP, width: MARGIN + 7 * M_STEP, height: 7 * M_STEP + MARGIN };
}

/** The point next to `from` in direction (dx, dy): the nearest one along that row or column,
 * or, when there is none exactly there, the nearest in that half-plane. */
export function neighbour(points, from, dx, dy) {
  const start = points.find((p) => p.name === from) || points[0];
  let best = null;
  let bestCost = Infinity;
  for (const p of points) {
    const ax = (p.gx - start.gx) * dx + (p.gy - start.gy) * dy;
    if (ax <= 0) continue;
    const off = dx !== 0 ? Math.abs(p.gy - start.gy) : Math.abs(p.gx - start.gx);
    const cost = ax + off * 10;
    if (cost < bestCost) {
      bestCost = cost;
      best = p;
    }
  }
  return best ? best.name : start.name;
}

// ---------------------------------------------------------------- drawing

/**
 * Draws `model` into `svg`:
 * `{game, view, geometry, colourOf(point) -> 'first'|'second'|'black'|'white', targets: Set,
 *   captures: Set, selected: [points], cursor, hint: [points], labels: {forbidden: fn}}`.
 */
export function drawBoard(svg, model) {
  svg.replaceChildren();
  const g = model.geometry;
  svg.setAttribute('viewBox', `0 0 ${g.width} ${g.height}`);
  svg.dataset.game = model.game;
  const back = el('g', { class: 'layer-back' }, svg);
  const marks = el('g', { class: 'layer-marks' }, svg);
  switch (model.game) {
    case 'ultimate':
      drawUltimateBack(back, model);
      break;
    case 'gomoku':
      drawGomokuBack(back, model);
      break;
    case 'morris':
      drawMorrisBack(back, model);
      break;
    default:
      drawTictactoeBack(back, model);
  }
  for (const p of g.points) drawPoint(svg, p, model);
  drawLines(marks, model);
  svg.appendChild(marks);
}

function drawPoint(svg, p, model) {
  const view = model.view;
  const owner = view.cells ? view.cells[p.name] : undefined;
  const group = el('g', { class: 'pt', 'data-move': p.name, role: 'gridcell' }, svg);
  const hit = model.game === 'morris' || model.game === 'gomoku' ? model.geometry.step / 2 : model.geometry.step / 2 - 1;
  el('rect', { class: 'hit', x: p.x - hit, y: p.y - hit, width: hit * 2, height: hit * 2 }, group);
  const flags = [];
  if (model.targets.has(p.name)) flags.push('target');
  if (model.captures.has(p.name)) flags.push('capture');
  if (model.selected.includes(p.name)) flags.push('selected');
  if (model.last.includes(p.name)) flags.push('last');
  if (model.hint.includes(p.name)) flags.push('hinted');
  if (model.cursor === p.name) flags.push('cursor');
  for (const flag of flags) group.classList.add(flag);
  if (owner) group.dataset.owner = owner;
  if (model.targets.has(p.name)) group.dataset.legal = 'true';
  const forbidden = model.forbidden.get(p.name);
  if (forbidden) {
    group.dataset.forbidden = forbidden;
    group.classList.add('forbidden');
  }
  group.setAttribute('aria-label', model.describe(p.name, owner, flags, forbidden));
  const cellGame = model.game === 'tictactoe' || model.game === 'ultimate';
  if (model.last.includes(p.name) && cellGame) {
    el('rect', { class: 'last-back', x: p.x - hit, y: p.y - hit, width: hit * 2, height: hit * 2 }, group);
  }
  if (owner) drawPiece(group, p, model, owner);
  else if (flags.includes('selected') && model.mover) drawPiece(group, p, model, model.mover, 'ghost');
  else if (forbidden) drawForbidden(group, p, model.geometry.step);
  if (model.offers.includes(p.name)) el('circle', { class: 'offer-mark', cx: p.x, cy: p.y, r: model.geometry.step * 0.3 }, group);
  if (flags.includes('target') && !owner && model.dots) el('circle', { class: 'target-dot', cx: p.x, cy: p.y, r: model.geometry.step * (model.game === 'morris' ? 0.17 : 0.12) }, group);
  if (flags.includes('hinted')) el('circle', { class: 'hint-ring', cx: p.x, cy: p.y, r: model.geometry.step * 0.44 }, group);
  if (flags.includes('cursor')) {
    const c = model.geometry.step * 0.48;
    el('rect', { class: 'cursor-box', x: p.x - c, y: p.y - c, width: c * 2, height: c * 2, rx: 4 }, group);
  }
}

function drawPiece(group, p, model, owner, extra) {
  const step = model.geometry.step;
  const colour = extra === 'ghost' ? model.moverColour : model.colourOf(p.name, owner);
  if (extra === 'ghost') group.classList.add('ghost');
  if (model.game === 'tictactoe' || model.game === 'ultimate') {
    const r = step * 0.3;
    if (owner === 'first') {
      el('path', { class: 'mark-x', d: `M${p.x - r},${p.y - r}L${p.x + r},${p.y + r}M${p.x + r},${p.y - r}L${p.x - r},${p.y + r}` }, group);
    } else {
      el('circle', { class: 'mark-o', cx: p.x, cy: p.y, r }, group);
    }
  } else {
    el('circle', { class: `stone stone-${colour}`, cx: p.x, cy: p.y, r: step * (model.game === 'morris' ? 0.32 : 0.44) }, group);
    if (model.mills.has(p.name)) el('circle', { class: 'mill-ring', cx: p.x, cy: p.y, r: step * 0.4 }, group);
  }
  const number = model.numbers && extra !== 'ghost' ? model.numbers.get(p.name) : undefined;
  if (number !== undefined) {
    const last = model.last.includes(p.name) ? ' last' : '';
    const size = step * (number >= 100 ? 0.42 : 0.5);
    const label = text(group, p.x, p.y, String(number), `stone-number on-${colour}${last}`);
    label.setAttribute('font-size', size.toFixed(1));
  } else if (model.last.includes(p.name) && model.game !== 'tictactoe' && model.game !== 'ultimate') {
    el('circle', { class: `last-dot on-${colour}`, cx: p.x, cy: p.y, r: step * 0.1 }, group);
  }
}

function drawForbidden(group, p, step) {
  const r = step * 0.22;
  el('path', { class: 'forbidden-mark', d: `M${p.x - r},${p.y - r}L${p.x + r},${p.y + r}M${p.x + r},${p.y - r}L${p.x - r},${p.y + r}` }, group);
}

function drawCoords(back, model) {
  const g = model.geometry;
  for (const p of g.points) {
    if (p.gy === g.size - 1 || (model.game === 'morris' && !g.points.some((q) => q.gx === p.gx && q.gy > p.gy))) {
      text(back, p.x, g.height - MARGIN / 2, p.name.replace(/[0-9]+$/, ''));
    }
    if (p.gx === 0 || (model.game === 'morris' && !g.points.some((q) => q.gy === p.gy && q.gx < p.gx))) {
      text(back, MARGIN / 2, p.y, p.name.replace(/^[a-z]/, ''));
    }
  }
}

function drawTictactoeBack(back, model) {
  const g = model.geometry;
  el('rect', { class: 'board-bg', x: MARGIN, y: 0, width: g.width - MARGIN, height: g.height - MARGIN, rx: 8 }, back);
  for (let i = 1; i < 3; i += 1) {
    el('line', { class: 'grid-strong', x1: MARGIN + i * g.step, y1: 8, x2: MARGIN + i * g.step, y2: 3 * g.step - 8 }, back);
    el('line', { class: 'grid-strong', x1: MARGIN + 8, y1: i * g.step, x2: MARGIN + 3 * g.step - 8, y2: i * g.step }, back);
  }
  drawCoords(back, model);
}

function drawUltimateBack(back, model) {
  const g = model.geometry;
  el('rect', { class: 'board-bg', x: 0, y: 0, width: g.width, height: g.height, rx: 8 }, back);
  const boards = model.view.boards || [];
  for (let b = 0; b < 9; b += 1) {
    const info = boards[b] || { result: 'open', playable: false };
    const x0 = U_GAP + (b % 3) * (3 * U_CELL + U_GAP);
    const y0 = U_GAP + Math.floor(b / 3) * (3 * U_CELL + U_GAP);
    const side = 3 * U_CELL;
    const cls = ['small-board', `result-${info.result}`];
    if (info.playable) cls.push('playable');
    el('rect', { class: cls.join(' '), x: x0 - 3, y: y0 - 3, width: side + 6, height: side + 6, rx: 5, 'data-board': b + 1, 'data-result': info.result, 'data-playable': String(Boolean(info.playable)) }, back);
    for (let i = 1; i < 3; i += 1) {
      el('line', { class: 'grid', x1: x0 + i * U_CELL, y1: y0 + 3, x2: x0 + i * U_CELL, y2: y0 + side - 3 }, back);
      el('line', { class: 'grid', x1: x0 + 3, y1: y0 + i * U_CELL, x2: x0 + side - 3, y2: y0 + i * U_CELL }, back);
    }
    // Above its board, in the gap between the boards: clear of the frame and of the marks.
    text(back, x0 + side / 2, y0 - U_GAP / 2 - 1, String(b + 1), 'board-number');
  }
}

function drawUltimateResults(marks, model) {
  const boards = model.view.boards || [];
  boards.forEach((info, b) => {
    const cx = U_GAP + (b % 3) * (3 * U_CELL + U_GAP) + 1.5 * U_CELL;
    const cy = U_GAP + Math.floor(b / 3) * (3 * U_CELL + U_GAP) + 1.5 * U_CELL;
    if (info.line) lineThrough(marks, model, info.line, 'small-line');
    const r = U_CELL * 1.15;
    if (info.result === 'first') {
      el('path', { class: 'big-x', d: `M${cx - r},${cy - r}L${cx + r},${cy + r}M${cx + r},${cy - r}L${cx - r},${cy + r}` }, marks);
    } else if (info.result === 'second') {
      el('circle', { class: 'big-o', cx, cy, r }, marks);
    } else if (info.result === 'draw') {
      el('rect', { class: 'drawn-board', x: cx - 1.5 * U_CELL, y: cy - 1.5 * U_CELL, width: 3 * U_CELL, height: 3 * U_CELL, rx: 4 }, marks);
    }
  });
}

function drawGomokuBack(back, model) {
  const g = model.geometry;
  el('rect', { class: 'board-bg wood', x: MARGIN, y: 0, width: g.width - MARGIN, height: g.height - MARGIN, rx: 6 }, back);
  const first = g.points[0];
  const last = g.points[g.points.length - 1];
  for (let i = 0; i < g.size; i += 1) {
    const at = first.x + i * g.step;
    el('line', { class: 'grid', x1: at, y1: first.y, x2: at, y2: last.y }, back);
    const y = first.y + i * g.step;
    el('line', { class: 'grid', x1: first.x, y1: y, x2: last.x, y2: y }, back);
  }
  for (const name of starPoints(g.size)) {
    const p = g.points.find((q) => q.name === name);
    if (p) el('circle', { class: 'star', cx: p.x, cy: p.y, r: 3.2 }, back);
  }
  drawCoords(back, model);
}

function starPoints(size) {
  const stars = [];
  if (size % 2 === 1) stars.push(LETTERS[(size - 1) / 2] + String((size + 1) / 2));
  if (size >= 13) {
    for (const c of [3, size - 4]) for (const r of [4, size - 3]) stars.push(LETTERS[c] + String(r));
  }
  return stars;
}

function drawMorrisBack(back, model) {
  const g = model.geometry;
  el('rect', { class: 'board-bg wood', x: MARGIN, y: 0, width: g.width - MARGIN, height: g.height - MARGIN, rx: 6 }, back);
  const at = (name) => g.points.find((p) => p.name === name);
  for (const [a, b] of MORRIS_LINES) {
    const p = at(a);
    const q = at(b);
    el('line', { class: 'grid-strong', x1: p.x, y1: p.y, x2: q.x, y2: q.y }, back);
  }
  for (const p of g.points) el('circle', { class: 'morris-point', cx: p.x, cy: p.y, r: 5 }, back);
  drawCoords(back, model);
}

/** A line through the first and the last of `names` (points, or ultimate's small boards). */
function lineThrough(parent, model, names, cls) {
  const centre = (name) => {
    if (model.game === 'ultimate' && name.length === 1) {
      const b = Number(name) - 1;
      return {
        x: U_GAP + (b % 3) * (3 * U_CELL + U_GAP) + 1.5 * U_CELL,
        y: U_GAP + Math.floor(b / 3) * (3 * U_CELL + U_GAP) + 1.5 * U_CELL,
      };
    }
    return model.geometry.points.find((p) => p.name === name);
  };
  const ends = [...names].map(centre).filter(Boolean);
  if (ends.length < 2) return;
  const [a, b] = [ends[0], ends[ends.length - 1]];
  el('line', { class: cls, x1: a.x, y1: a.y, x2: b.x, y2: b.y, 'data-line': names.join(' ') }, parent);
}

function drawLines(marks, model) {
  if (model.game === 'ultimate') drawUltimateResults(marks, model);
  for (const line of model.view.lines || []) lineThrough(marks, model, line, 'win-line');
}
