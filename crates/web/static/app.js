// The page: lobby, board, controls, clocks, records and scores. The server keeps no game
// state; this module keeps the game (its options and moves) and asks the server what to draw.

import { t, applyTexts, setLanguage, language } from './i18n.js';
import { post, gameFields, ApiError } from './api.js';
import { drawBoard, layout, pointsOf } from './boards.js';
import { Scores } from './scores.js';
import { Clocks, parseTimeControl } from './clock.js';
import {
  $, other, show, storage, remember, recalled, savedLanguage, saveLanguage, baseName as nameIn,
  candidates as candidatesIn, targets as targetsIn, click, choices, forbiddenPoints as forbiddenIn,
  boardModel as modelOf, statusText, detailText, renderChoices as drawChoices, renderMoveList as drawMoves,
  renderClocks as drawClocks, boardKeys,
} from './play.js';
const NUMBERS_KEY = 'boardgames.numbers';
const CONFIRM_KEY = 'boardgames.confirm';
const MCTS_MILLIS = { beginner: 150, normal: 600, expert: 1800 };

const state = {
  game: null, // {name, options, mode, level, engine, human, moves, movers, sides, actions, control, key}
  view: null,
  geometry: null,
  partial: [], // the points clicked so far of a move of several clicks (morris)
  preview: null, // a gomoku move tapped once, shown as a ghost stone, played by a second tap
  cursor: null,
  hint: [],
  hintText: null,
  busy: false,
  resynced: false, // the page asked for the view again after a 409 (once, not in a loop)
  sending: false, // a move is on its way to the server: the board takes no input until it is back
  gen: 0, // bumped whenever the game changes under a pending request
  clocks: null,
  flag: null, // the side whose time ran out
  counted: false,
  localOffer: null, // a draw offered between two people, waiting for an answer
  message: null, // {key, params} or {text}: the last notice under the board
};
let scores = null;

// ---------------------------------------------------------------- small helpers

function notice(text) {
  $('notice-text').textContent = text;
  show($('notice'), true);
}

function errorText(err) {
  if (err instanceof ApiError) {
    if (err.status === 0) return t('network_error', { error: err.message });
    return err.message;
  }
  return String(err && err.message ? err.message : err);
}

function setMessage(message) {
  state.message = message;
  renderMessage();
}

function renderMessage() {
  const node = $('move-error');
  const m = state.message;
  node.textContent = !m ? '' : m.key ? t(m.key, m.params) : m.text;
  show(node, Boolean(m));
}

// ---------------------------------------------------------------- names

/** What a side is called in this game: X/O, black/white, white/black (morris). */
function baseName(side) {
  return nameIn(state.game ? state.game.name : selectedGame(), state.view, side);
}

/** A side's name with "you" or "the computer" against the computer. */
function sideName(side) {
  const g = state.game;
  if (!g || g.mode !== 'computer') return baseName(side);
  return t(side === g.human ? 'you_as' : 'computer_as', { side: baseName(side) });
}

// ---------------------------------------------------------------- the game's state

/** The result, a loss on time included: `{status, reason}` or null while the game goes on. */
function result() {
  if (state.flag) return { status: other(state.flag), reason: 'time' };
  const v = state.view;
  if (!v || v.status === 'ongoing') return null;
  return { status: v.status, reason: v.reason };
}

function humanTurn() {
  const g = state.game;
  const v = state.view;
  if (!g || !v || result() || state.busy || state.sending || state.localOffer) return false;
  return g.mode === 'local' || v.to_move === g.human;
}

/** The legal moves whose clicks start with `partial`. */
function candidates(partial) {
  return candidatesIn(state.game.name, state.view.legal, partial);
}

/** The points the next click may take, and which of them are captures. */
function targets() {
  return targetsIn(state.game.name, humanTurn() ? state.view.legal : [], state.partial);
}

function forbiddenPoints() {
  return forbiddenIn(state.view);
}

// ---------------------------------------------------------------- drawing

function boardModel() {
  const g = state.game;
  return modelOf({
    game: g.name,
    view: state.view,
    geometry: state.geometry,
    moves: g.moves,
    found: targets(),
    selected: state.preview ? pointsOf(g.name, state.preview) : state.partial,
    hint: state.hint,
    cursor: state.cursor,
    numbered: $('show-numbers').checked,
    name: baseName,
  });
}

function render() {
  if (!state.game || !state.view) return;
  drawBoard($('board'), boardModel());
  renderStatus();
  renderDetail();
  renderChoices();
  renderOffer();
  renderControls();
  renderMoveList();
  renderClocks();
  renderScores();
  renderMessage();
  renderTooltipForCursor();
}

function renderStatus() {
  const r = result();
  const v = state.view;
  let text = statusText({
    view: v,
    result: r,
    name: sideName,
    you: state.game.mode === 'computer' ? state.game.human : null,
    partial: state.partial,
    capturing: state.partial.length > 0 && targets().captures.size > 0,
    busy: state.busy ? t('thinking', { side: sideName(v.to_move) }) : null,
    preview: state.preview ? t('tap_again', { move: state.preview }) : null,
  });
  if (!r && state.hintText) text += ` ${t('hint_is', { move: state.hintText })}`;
  $('status').textContent = text;
  $('status').dataset.result = r ? r.status : 'ongoing';
  $('status').dataset.reason = r ? r.reason || '' : '';
  showSpinner();
}

function renderDetail() {
  const v = state.view;
  const g = state.game;
  $('detail').textContent = detailText(g.name, v, g.options, Boolean(result()), baseName);
  $('detail').dataset.phase = v.phase ? `${v.phase.first} ${v.phase.second}` : '';
}

function renderChoices() {
  drawChoices(humanTurn() ? choices(state.game.name, state.view.legal) : []);
}

function renderOffer() {
  const offerer = state.localOffer;
  show($('offer-box'), Boolean(offerer));
  if (offerer) $('offer-text').textContent = t('offer_pending', { side: sideName(offerer), other: sideName(other(offerer)) });
}

function renderControls() {
  const g = state.game;
  const over = Boolean(result());
  $('undo').disabled = g.moves.length === 0 && g.actions.length === 0 && !state.flag;
  $('hint').disabled = !humanTurn();
  $('offer-draw').disabled = !humanTurn() || Boolean(state.view.step && state.view.step !== 'play');
  $('resign').disabled = over || state.busy;
  $('move-input').disabled = !humanTurn();
  $('move-submit').disabled = !humanTurn();
  show($('save-psq'), g.name === 'gomoku' && !g.options.opening);
  show($('draw-help'), g.mode === 'computer');
  show($('gomoku-view'), g.name === 'gomoku');
}

function renderMoveList() {
  drawMoves(state.game.moves);
}

function renderClocks() {
  const c = state.clocks;
  drawClocks(c && { left: (side) => c.left(side), running: c.running, fallen: state.flag }, sideName);
}

// ---------------------------------------------------------------- scores

function currentKey() {
  if (state.game) return state.game.key;
  const choice = lobbyChoice();
  return Scores.key(choice.name, choice.mode, choice.level);
}

function renderScores() {
  const key = currentKey();
  const [game, mode, level] = key.split('|');
  const { session, lasting } = scores.get(key);
  const line = (s) => mode === 'computer'
    ? t('score_computer', { a: s.a, b: s.b, draw: s.draw })
    : t('score_local', { first: baseName('first'), second: baseName('second'), a: s.a, b: s.b, draw: s.draw });
  $('session-score').textContent = line(session);
  const scope = mode === 'computer'
    ? t('scope_computer', { game: t(`game_${game}`), level: t(`level_${level}`) })
    : t('scope_local', { game: t(`game_${game}`) });
  $('lasting-score').textContent = `${line(lasting)} (${scope})`;
}

function countResult() {
  const r = result();
  if (!r || state.counted) return;
  state.counted = true;
  const g = state.game;
  let side = 'draw';
  if (r.status !== 'draw') {
    const winner = r.status;
    side = g.mode === 'computer' ? (winner === g.human ? 'a' : 'b') : (winner === 'first' ? 'a' : 'b');
  }
  scores.add(g.key, side);
}

// ---------------------------------------------------------------- talking to the server

/** Asks the server for the view of the current game and redraws. */
async function refresh() {
  const gen = state.gen;
  const view = await post('/api/view', gameFields(state.game));
  if (gen !== state.gen) return;
  // The new position's view is here: the board takes input again (drawn once, below).
  state.sending = false;
  state.view = view;
  if (state.geometry === null || state.game.name === 'gomoku') state.geometry = layout(state.game.name, view);
  if (!state.cursor) state.cursor = centrePoint();
  state.partial = [];
  state.preview = null;
  afterView();
}

/** Whether both sides have made a move: as on the big game servers, no clock runs before. */
function clocksStarted() {
  const sides = state.game.sides || [];
  return sides.includes(null) || (sides.includes('first') && sides.includes('second'));
}

function afterView() {
  const c = state.clocks;
  if (c) {
    if (result()) c.stop();
    else if (!clocksStarted()) c.start(null);
    else if (c.running !== state.view.to_move) c.start(state.view.to_move);
  }
  countResult();
  render();
  maybeComputer();
}

function centrePoint() {
  const pts = state.geometry.points;
  const mid = (state.geometry.size - 1) / 2;
  let best = pts[0];
  for (const p of pts) {
    if (Math.abs(p.gx - mid) + Math.abs(p.gy - mid) < Math.abs(best.gx - mid) + Math.abs(best.gy - mid)) best = p;
  }
  return best.name;
}

/** The spinner turns while the computer thinks or a move is on its way to the server. */
function showSpinner() {
  show($('spinner'), state.busy || state.sending);
}

function setBusy(busy) {
  state.busy = busy;
  showSpinner();
  $('board').setAttribute('aria-busy', String(busy));
}

/** Plays `move` (already known legal) for `mover` ('human' or 'computer'). */
async function playMove(move, mover) {
  const g = state.game;
  if (result()) return;
  g.sides.push(state.view.to_move);
  g.moves.push(move);
  g.movers.push(mover);
  state.preview = null;
  state.hint = [];
  state.hintText = null;
  setMessage(null);
  if (state.clocks) state.clocks.moved(null);
  // Until the server's view of the new position is back, the old view's legal moves are
  // stale: a second click would play for the wrong side.
  // (No redraw here: the board is not replaced under the click that is still being handled.)
  state.sending = true;
  showSpinner();
  try {
    await refresh();
  } catch (err) {
    state.sending = false;
    showSpinner();
    g.moves.pop();
    g.movers.pop();
    g.sides.pop();
    if (state.clocks) state.clocks.undo(clocksStarted() ? state.view.to_move : null);
    setMessage({ text: errorText(err) });
    render();
  }
}

function computerFields() {
  const g = state.game;
  const inOpening = state.view.step && state.view.step !== 'play';
  if (g.engine === 'mcts' && !inOpening) return { engine: 'mcts', millis: MCTS_MILLIS[g.level] };
  return { level: g.level };
}

async function maybeComputer() {
  const g = state.game;
  const v = state.view;
  if (g.mode !== 'computer' || result() || v.to_move === g.human || state.busy) return;
  const gen = state.gen;
  setBusy(true);
  render();
  try {
    const side = other(g.human);
    const answer = await post('/api/move', { ...gameFields(g), ...computerFields(), side });
    if (gen !== state.gen) return;
    setBusy(false);
    await playMove(answer.move, 'computer');
  } catch (err) {
    if (gen !== state.gen) return;
    setBusy(false);
    // The server says it is not the computer's turn: this page's view was out of step.
    // Ask for the view again, which starts the computer again if it is its turn.
    if (err instanceof ApiError && err.status === 409 && !state.resynced) {
      state.resynced = true;
      refresh().catch((e) => setMessage({ key: 'computer_failed', params: { error: errorText(e) } }));
      return;
    }
    setMessage({ key: 'computer_failed', params: { error: errorText(err) } });
    render();
  }
  state.resynced = false;
}

/** Why `move` cannot be played now, in the crate's words (asked of the referee). */
async function refusal(move) {
  const g = state.game;
  try {
    await post('/api/referee', { op: 'state', game: g.name, options: g.options, moves: [...g.moves, move] });
    return t('illegal_move', { move });
  } catch (err) {
    return errorText(err);
  }
}

// ---------------------------------------------------------------- moves from the person

async function onPoint(name, fromPointer = false) {
  if (!state.view) return;
  state.cursor = name;
  if (!humanTurn()) {
    render();
    return;
  }
  if (fromPointer && state.game.name === 'gomoku' && $('confirm-moves').checked) return preview(name);
  const step = click(state.game.name, state.view.legal, state.partial, name);
  state.partial = step.partial;
  if (step.move) return playMove(step.move, 'human');
  render();
  if (step.refused) return refuse(name);
}

/** A tap shows the stone; a second tap on the same point plays it. */
function preview(name) {
  const move = candidates([name]).find((m) => pointsOf('gomoku', m).length === 1);
  if (move && state.preview === move) return playMove(move, 'human');
  if (!move) {
    state.preview = null;
    render();
    return refuse(name);
  }
  state.preview = move;
  setMessage(null);
  render();
}

async function refuse(name) {
  const forbidden = forbiddenPoints().get(name);
  if (forbidden) {
    setMessage({ key: 'forbidden_refused', params: { point: name, reason: forbidden } });
    showTooltip(name);
    return;
  }
  const gen = state.gen;
  const why = await refusal(name);
  if (gen === state.gen) setMessage({ key: 'refused', params: { move: name, reason: why } });
}

async function onTypedMove(event) {
  event.preventDefault();
  const input = $('move-input');
  const typed = input.value.trim().toLowerCase();
  if (!typed || !humanTurn()) return;
  const legal = state.view.legal.find((m) => m.toLowerCase() === typed);
  if (legal) {
    input.value = '';
    state.partial = [];
    return playMove(legal, 'human');
  }
  const forbidden = forbiddenPoints().get(typed);
  const why = forbidden || (await refusal(typed));
  setMessage({ key: 'refused', params: { move: typed, reason: why } });
}

// ---------------------------------------------------------------- controls

function stopPending() {
  state.gen += 1;
  state.sending = false;
  setBusy(false);
  state.preview = null;
  state.hint = [];
  state.hintText = null;
  state.partial = [];
  state.localOffer = null;
  setMessage(null);
}

/** Takes back the last move (against the computer: back to the person's last turn), or an
 * ending that is not a move (resignation, agreed draw, loss on time). */
function undo() {
  const g = state.game;
  stopPending();
  const takeBack = () => {
    g.moves.pop();
    g.movers.pop();
    g.sides.pop();
    if (state.clocks) state.clocks.undo(null);
  };
  // A resignation or an agreed draw is taken back alone; a fallen flag with the last move,
  // whose clocks come back with it.
  const endedByAgreementOrResignation = !state.flag && g.actions.length > 0;
  state.flag = null;
  g.actions = [];
  if (!endedByAgreementOrResignation) {
    if (g.mode === 'local') {
      if (g.moves.length > 0) takeBack();
    } else if (g.movers.includes('human')) {
      while (g.movers[g.movers.length - 1] === 'computer') takeBack();
      takeBack();
    }
  }
  if (state.clocks && g.moves.length === 0) state.clocks = new Clocks(g.control, () => performance.now());
  refresh().catch((err) => setMessage({ text: errorText(err) }));
}

async function hint() {
  if (!humanTurn()) return;
  const gen = state.gen;
  setBusy(true);
  render();
  try {
    const level = state.game.mode === 'computer' ? state.game.level : 'normal';
    const answer = await post('/api/hint', { ...gameFields(state.game), level });
    if (gen !== state.gen) return;
    state.hint = pointsOf(state.game.name, answer.move);
    state.hintText = answer.move;
  } catch (err) {
    if (gen === state.gen) setMessage({ text: errorText(err) });
  }
  if (gen === state.gen) {
    setBusy(false);
    render();
  }
}

function resign() {
  const g = state.game;
  if (result()) return;
  const side = g.mode === 'computer' ? g.human : state.view.to_move;
  stopPending();
  g.actions.push({ resign: side });
  refresh().catch((err) => {
    g.actions.pop();
    setMessage({ text: errorText(err) });
  });
}

async function offerDraw() {
  const g = state.game;
  if (!humanTurn()) return;
  if (g.mode === 'local') {
    state.localOffer = state.view.to_move;
    render();
    return;
  }
  const gen = state.gen;
  setBusy(true);
  render();
  try {
    const answer = await post('/api/draw', { ...gameFields(g), by: g.human });
    if (gen !== state.gen) return;
    setBusy(false);
    if (answer.accept) {
      g.actions.push(...answer.actions);
      await refresh();
    } else {
      setMessage({ key: 'draw_declined' });
      render();
    }
  } catch (err) {
    if (gen !== state.gen) return;
    setBusy(false);
    setMessage({ text: errorText(err) });
    render();
  }
}

function answerOffer(accept) {
  const offerer = state.localOffer;
  if (!offerer) return;
  state.localOffer = null;
  if (!accept) {
    setMessage({ key: 'draw_declined_local', params: { side: sideName(other(offerer)) } });
    render();
    return;
  }
  state.game.actions.push({ offer: offerer }, { accept: other(offerer) });
  refresh().catch((err) => {
    state.game.actions = [];
    setMessage({ text: errorText(err) });
  });
}

function newGame() {
  stopPending();
  if (state.clocks) state.clocks.stop();
  show($('play'), false);
  show($('lobby'), true);
  state.game = null;
  state.view = null;
  renderScores();
  $('start').focus();
}

// ---------------------------------------------------------------- records

function today() {
  const d = new Date();
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
}

function download(text, filename) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

async function save(psq) {
  const g = state.game;
  const names = g.mode === 'computer'
    ? { [g.human]: t('record_you'), [other(g.human)]: t('record_computer') }
    : { first: t('record_first'), second: t('record_second') };
  const body = { ...gameFields(g), tags: { First: names.first, Second: names.second, Date: today() } };
  try {
    const answer = await post('/api/record/export', body);
    if (psq) download(answer.psq, answer.filename.replace(/\.[a-z]+$/, '') + '.psq');
    else download(answer.record, answer.filename);
    setMessage({ key: 'saved', params: { file: answer.filename } });
  } catch (err) {
    setMessage({ text: errorText(err) });
  }
}

function loadError(err, file) {
  const body = err instanceof ApiError ? err.body : {};
  let where = '';
  let error = errorText(err);
  if (Number.isInteger(body.line)) where = t('at_line', { n: body.line });
  else if (Number.isInteger(body.ply)) {
    // One numbering: the crates' "ply K (m): why" (from 0) becomes "move K+1 (m): why".
    const named = /^ply \d+ \(("?)(.*?)\1\): ([\s\S]*)$/.exec(error);
    if (named) {
      where = t('at_move_named', { n: body.ply + 1, move: named[2] });
      error = named[3];
    } else where = t('at_move', { n: body.ply + 1 });
  }
  return t('load_failed', { file, where, error });
}

async function load(event) {
  const input = event.target;
  const file = input.files && input.files[0];
  if (!file) return;
  try {
    const text = await file.text();
    const body = { text };
    // By its text, or by its name unless the text is a record (which names its own rule).
    const isPsq = /^\s*Piskvorky/.test(text) || (/\.psq$/i.test(file.name) && !/^\s*\[/.test(text));
    if (isPsq) body.rule = state.game && state.game.name === 'gomoku' ? state.game.options.rule : 'freestyle';
    const answer = await post('/api/record/import', body);
    const loaded = {
      name: answer.game, options: answer.options || {}, mode: 'local', level: 'normal', engine: 'alphabeta',
      human: null, moves: answer.moves || [], actions: answer.actions || [], control: null,
    };
    loaded.movers = loaded.moves.map(() => 'human');
    loaded.sides = loaded.moves.map(() => null);
    await begin(loaded, true);
    const flag = loaded.actions.find((action) => action && action.flag);
    if (flag) {
      state.flag = flag.flag;
      render();
    }
    setMessage({ key: 'loaded', params: { file: file.name, n: loaded.moves.length } });
  } catch (err) {
    setMessage({ text: loadError(err, file.name) });
  } finally {
    input.value = '';
  }
}

// ---------------------------------------------------------------- clocks

function tick() {
  const c = state.clocks;
  if (!c || !state.game) return;
  const fallen = c.fallen();
  if (fallen && !result()) {
    state.gen += 1;
    setBusy(false);
    state.flag = fallen;
    c.stop();
    countResult();
    render();
    // The loss on time goes into the game's actions, so the record keeps it.
    state.game.actions.push({ flag: fallen });
    refresh().catch(() => state.game.actions.pop());
    return;
  }
  renderClocks();
}

// ---------------------------------------------------------------- the lobby

function selectedGame() {
  return $('lobby-form').elements.game.value;
}

/** The lobby's choices. */
function lobbyChoice() {
  const form = $('lobby-form');
  const name = form.elements.game.value;
  const options = {};
  if (name === 'gomoku') {
    options.size = Number($('opt-size').value);
    options.rule = $('opt-rule').value;
    if ($('opt-opening').value) options.opening = $('opt-opening').value;
  } else if (name === 'ultimate') {
    options.tiebreak = $('opt-tiebreak').value;
  } else if (name === 'morris' && ($('opt-threefold').checked || $('opt-quiet').checked)) {
    const rule = {};
    if ($('opt-threefold').checked) rule.threefold = true;
    if ($('opt-quiet').checked) rule.quiet_moves = Number($('opt-quiet-n').value);
    options.draw_rule = rule;
  }
  return {
    name, options, mode: form.elements.mode.value, level: $('opt-level').value,
    engine: $('opt-engine').value, first: $('opt-first').value, time: $('opt-time').value.trim(),
  };
}

function syncLobby() {
  const game = selectedGame();
  for (const box of document.querySelectorAll('fieldset[data-for]')) show(box, box.dataset.for === game);
  show($('computer-options'), $('lobby-form').elements.mode.value === 'computer');
  $('opt-quiet-n').disabled = !$('opt-quiet').checked;
  $('rule-help').textContent = t(`rule_help_${$('opt-rule').value}`);
  renderScores();
}

async function startFromLobby(event) {
  event.preventDefault();
  const choice = lobbyChoice();
  const errorBox = $('lobby-error');
  show(errorBox, false);
  let control = null;
  if (choice.time) {
    try {
      control = parseTimeControl(choice.time);
    } catch (err) {
      errorBox.textContent = t('bad_time', { text: choice.time, why: t(err.message) });
      show(errorBox, true);
      return;
    }
  }
  if (choice.mode === 'friend') {
    startFriendGame(choice, control).catch((err) => {
      errorBox.textContent = t('cannot_start', { error: errorText(err) });
      show(errorBox, true);
    });
    return;
  }
  let human = null;
  if (choice.mode === 'computer') {
    const first = choice.first === 'random' ? (Math.random() < 0.5 ? 'me' : 'computer') : choice.first;
    human = first === 'me' ? 'first' : 'second';
  }
  const game = {
    name: choice.name, options: choice.options, mode: choice.mode, level: choice.level,
    engine: choice.engine, human, moves: [], movers: [], sides: [], actions: [], control,
  };
  try {
    await begin(game, false);
  } catch (err) {
    errorBox.textContent = t('cannot_start', { error: errorText(err) });
    show(errorBox, true);
  }
}

/** A game with a friend: the server creates it, and its page (the creator's seat link) opens. */
async function startFriendGame(choice, control) {
  const time = control ? { kind: control.kind, initial: control.initial, increment: control.increment } : undefined;
  const created = await post('/api/friend', { game: choice.name, options: choice.options, time });
  window.location.assign(`/friend/${created.id}#${created.token}`);
}

/** Starts `game` (new, or loaded from a record); on an error nothing changes and it throws. */
async function begin(game, loaded) {
  game.key = Scores.key(game.name, game.mode, game.level);
  const view = await post('/api/view', gameFields(game));
  stopPending();
  if (state.clocks) state.clocks.stop();
  state.game = game;
  state.view = view;
  state.geometry = layout(game.name, view);
  state.cursor = centrePoint();
  state.flag = null;
  state.counted = loaded && view.status !== 'ongoing';
  state.clocks = game.control ? new Clocks(game.control, () => performance.now()) : null;
  $('play-title').textContent = t(`game_${game.name}`);
  show($('lobby'), false);
  show($('play'), true);
  afterView();
  $('board').focus();
}

// ---------------------------------------------------------------- the forbidden points' tooltip

function showTooltip(name) {
  const node = document.querySelector(`#board [data-move="${name}"]`);
  const tip = $('tooltip');
  if (!node || !node.dataset.forbidden) {
    hideTooltip();
    return;
  }
  tip.textContent = t('forbidden_label', { reason: node.dataset.forbidden });
  tip.dataset.point = name;
  const wrap = $('board-wrap').getBoundingClientRect();
  const box = node.getBoundingClientRect();
  show(tip, true);
  // Below the point, so the stones of the lines it names stay in sight above it.
  const left = Math.min(box.left - wrap.left + box.width / 2 - tip.offsetWidth / 2, wrap.width - tip.offsetWidth);
  tip.style.left = `${Math.max(0, left)}px`;
  const below = box.bottom - wrap.top + 4;
  tip.style.top = `${below + tip.offsetHeight > wrap.height ? box.top - wrap.top - tip.offsetHeight - 4 : below}px`;
}

function hideTooltip() {
  show($('tooltip'), false);
  delete $('tooltip').dataset.point;
}

function renderTooltipForCursor() {
  const tip = $('tooltip');
  const shown = tip.dataset.point;
  if (document.activeElement === $('board') && state.cursor && forbiddenPoints().has(state.cursor)) showTooltip(state.cursor);
  else if (shown && !forbiddenPoints().has(shown)) hideTooltip();
  else if (shown) showTooltip(shown);
}

function onBoardPointer(event) {
  const node = event.target.closest('[data-move]');
  if (node && node.dataset.forbidden) showTooltip(node.dataset.move);
  else if (event.type === 'pointerover') hideTooltip();
}

// ---------------------------------------------------------------- start-up

function fillSizes() {
  const select = $('opt-size');
  for (let n = 5; n <= 20; n += 1) {
    const option = document.createElement('option');
    option.value = String(n);
    option.textContent = `${n}×${n}`;
    if (n === 15) option.selected = true;
    select.appendChild(option);
  }
}

function chooseLanguage(lang) {
  setLanguage(lang);
  document.documentElement.lang = language();
  $('lang-select').value = language();
  applyTexts(document);
  document.title = t('title');
  if (state.game) $('play-title').textContent = t(`game_${state.game.name}`);
  syncLobby();
  render();
}

function wire() {
  $('lobby-form').addEventListener('submit', startFromLobby);
  $('lobby-form').addEventListener('change', syncLobby);
  $('board').addEventListener('click', (event) => {
    const node = event.target.closest('[data-move]');
    if (node) onPoint(node.dataset.move, true);
  });
  $('board').addEventListener('keydown', boardKeys(state, {
    play: (point) => onPoint(point),
    escape: () => {
      state.partial = [];
      state.preview = null;
      hideTooltip();
    },
    render,
  }));
  $('board').addEventListener('pointerover', onBoardPointer);
  $('board').addEventListener('pointerleave', hideTooltip);
  $('board').addEventListener('blur', hideTooltip);
  $('move-form').addEventListener('submit', onTypedMove);
  $('choice-buttons').addEventListener('click', (event) => {
    const button = event.target.closest('[data-choice]');
    if (button && humanTurn()) playMove(button.dataset.choice, 'human');
  });
  $('undo').addEventListener('click', undo);
  for (const [id, key] of [['show-numbers', NUMBERS_KEY], ['confirm-moves', CONFIRM_KEY]]) {
    $(id).addEventListener('change', (event) => {
      remember(key, event.target.checked ? 'on' : 'off');
      state.preview = null;
      render();
    });
  }
  $('hint').addEventListener('click', hint);
  $('resign').addEventListener('click', resign);
  $('offer-draw').addEventListener('click', offerDraw);
  $('accept-draw').addEventListener('click', () => answerOffer(true));
  $('decline-draw').addEventListener('click', () => answerOffer(false));
  $('new-game').addEventListener('click', newGame);
  $('save').addEventListener('click', () => save(false));
  $('save-psq').addEventListener('click', () => save(true));
  $('load').addEventListener('change', load);
  $('notice-close').addEventListener('click', () => show($('notice'), false));
  $('reset-scores').addEventListener('click', () => {
    scores.reset();
    renderScores();
  });
  $('lang-select').addEventListener('change', (event) => {
    saveLanguage(event.target.value);
    chooseLanguage(event.target.value);
  });
}

/** The board toggles: numbered stones (off unless chosen), and tap twice to play (on where
 * the pointer is a finger, unless chosen otherwise). */
function initToggles() {
  $('show-numbers').checked = recalled(NUMBERS_KEY) === 'on';
  const confirm = recalled(CONFIRM_KEY);
  $('confirm-moves').checked = confirm ? confirm === 'on' : window.matchMedia('(pointer: coarse)').matches;
}

function init() {
  const lang = savedLanguage();
  fillSizes();
  initToggles();
  scores = new Scores(storage());
  wire();
  chooseLanguage(lang);
  if (scores.damaged) notice(t('scores_damaged'));
  setInterval(tick, 100);
  document.body.dataset.ready = 'true';
}

init();
