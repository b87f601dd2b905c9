// The page of a game with a friend (/friend/<id>): the server keeps the game and its clocks;
// this page shows its states as they arrive over a WebSocket and sends the seat's actions.
// A seat is held by the secret token after `#` in its link (or kept in this browser); without
// one the page takes the free seat if there is one, and otherwise watches.

import { t, applyTexts, setLanguage, language } from './i18n.js';
import { post, ApiError } from './api.js';
import { drawBoard, layout } from './boards.js';
import {
  $, other, show, storage, savedLanguage, saveLanguage, baseName as nameIn, targets as targetsIn, click, choices,
  boardModel as modelOf, statusText, detailText, renderChoices as drawChoices, renderMoveList, renderClocks as drawClocks,
  boardKeys,
} from './play.js';

const state = {
  id: null,
  token: null,
  seat: null, // 'first' | 'second' | null (watching)
  game: null, // the last state from the server
  receivedAt: 0,
  geometry: null,
  partial: [],
  cursor: null,
  busy: false,
  socket: null,
  connected: false,
  retry: 0,
  message: null,
  waiting: undefined, // whether the other seat was free at the last drawing
};

function seatKey() {
  return `boardgames.friend.${state.id}`;
}

// ---------------------------------------------------------------- names

function baseName(side) {
  return nameIn(state.game.game, state.game.view, side);
}

function sideName(side) {
  return side === state.seat ? t('you_as', { side: baseName(side) }) : baseName(side);
}

// ---------------------------------------------------------------- the seat's turn

function view() {
  return state.game.view;
}

function myTurn() {
  const v = view();
  return Boolean(state.seat) && !state.busy && v.status === 'ongoing' && v.to_move === state.seat;
}

function targets() {
  return targetsIn(state.game.game, myTurn() ? view().legal : [], state.partial);
}

function moves() {
  return state.game.actions.filter((a) => typeof a === 'string');
}

// ---------------------------------------------------------------- drawing

function boardModel() {
  return modelOf({
    game: state.game.game,
    view: view(),
    geometry: state.geometry,
    moves: moves(),
    found: targets(),
    selected: state.partial,
    hint: [],
    cursor: state.cursor,
    numbered: false,
    name: baseName,
  });
}

function render() {
  if (!state.game) return;
  document.title = t('friend_title', { game: t(`game_${state.game.game}`) });
  $('play-title').textContent = document.title;
  drawBoard($('board'), boardModel());
  renderRole();
  renderStatus();
  const over = view().status !== 'ongoing';
  $('detail').textContent = detailText(state.game.game, view(), state.game.options, over, baseName);
  drawChoices(myTurn() ? choices(state.game.game, view().legal) : []);
  renderOffer();
  renderControls();
  renderMoveList(moves());
  renderClocks();
  const m = state.message;
  $('move-error').textContent = m || '';
  show($('move-error'), Boolean(m));
  $('connection').textContent = state.connected ? t('friend_live') : t('friend_reconnecting');
  $('connection').dataset.connected = String(state.connected);
}

function renderRole() {
  const g = state.game;
  $('role').textContent = state.seat ? t('friend_you_play', { side: baseName(state.seat) }) : t('friend_watching');
  const waiting = state.seat && !g.seats[other(state.seat)];
  show($('share'), Boolean(state.seat));
  // Open while the friend has not come; then folded, out of the board's way (a phone).
  if (waiting !== state.waiting) $('share').open = Boolean(waiting);
  state.waiting = waiting;
  if (state.seat) {
    $('invite-link').value = `${location.origin}/friend/${state.id}`;
    $('own-link').value = `${location.origin}/friend/${state.id}#${state.token}`;
  }
  if (waiting) $('role').textContent += ` ${t('friend_waiting')}`;
}

function renderStatus() {
  const v = view();
  const over = v.status !== 'ongoing';
  $('status').textContent = statusText({
    view: v,
    result: over ? { status: v.status, reason: v.reason } : null,
    name: sideName,
    you: state.seat || null,
    partial: state.partial,
    capturing: state.partial.length > 0 && targets().captures.size > 0,
  });
  $('status').dataset.result = v.status;
  $('status').dataset.reason = v.reason || '';
  $('status').dataset.version = String(state.game.version);
  show($('spinner'), state.busy);
}

function renderOffer() {
  const offer = view().offer;
  const answerable = Boolean(state.seat) && offer && offer !== state.seat && view().status === 'ongoing';
  show($('offer-box'), Boolean(offer) && view().status === 'ongoing');
  if (!offer) return;
  $('offer-text').textContent = offer === state.seat
    ? t('friend_draw_offered')
    : t('offer_pending', { side: sideName(offer), other: sideName(other(offer)) });
  show($('accept-draw'), answerable);
  show($('decline-draw'), answerable);
}

function renderControls() {
  const v = view();
  const ongoing = v.status === 'ongoing';
  show($('seat-controls').querySelector('#offer-draw'), Boolean(state.seat));
  show($('resign'), Boolean(state.seat));
  $('offer-draw').disabled = !myTurn() || Boolean(v.offer) || Boolean(v.step && v.step !== 'play');
  $('resign').disabled = !ongoing || state.busy;
}

/** Time left for `side` now: the server's figure less the time since it was sent. */
function timeLeft(side) {
  const clocks = state.game.clocks;
  const base = clocks[side];
  if (clocks.running !== side || view().status !== 'ongoing') return base;
  return Math.max(0, base - (performance.now() - state.receivedAt));
}

function renderClocks() {
  const clocks = state.game && state.game.clocks;
  const going = view().status === 'ongoing';
  drawClocks(clocks && {
    left: timeLeft,
    running: going ? clocks.running : null,
    fallen: view().reason === 'time' ? other(view().status) : null,
  }, sideName);
}

// ---------------------------------------------------------------- the server

/** Takes a state from the server, unless it is older than the one shown. */
function receive(game) {
  if (state.game && game.version < state.game.version) return;
  const fresh = !state.game || state.game.game !== game.game;
  state.game = game;
  state.receivedAt = performance.now();
  if (fresh) {
    state.geometry = layout(game.game, game.view);
    state.cursor = state.geometry.points[Math.floor(state.geometry.points.length / 2)].name;
  }
  if (!myTurn()) state.partial = [];
  render();
}

async function act(body) {
  state.busy = true;
  state.message = null;
  render();
  try {
    const answer = await post(`/api/friend/${state.id}/act`, { token: state.token, version: state.game.version, ...body });
    state.busy = false;
    receive(answer);
  } catch (err) {
    state.busy = false;
    state.message = err instanceof ApiError && err.status !== 0 ? err.message : t('network_error', { error: err.message });
    render();
  }
}

function connect() {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const socket = new WebSocket(`${scheme}://${location.host}/api/friend/${state.id}/ws`);
  state.socket = socket;
  socket.addEventListener('open', () => {
    state.connected = true;
    state.retry = 0;
  });
  socket.addEventListener('message', (event) => {
    try {
      receive(JSON.parse(event.data));
    } catch {
      // A message that is not a state is not for this page.
    }
  });
  socket.addEventListener('close', () => {
    state.connected = false;
    if (state.game) render();
    // Back again at once, then less and less often (the server may be restarting).
    const wait = Math.min(5000, 250 * 2 ** state.retry);
    state.retry += 1;
    setTimeout(connect, wait);
  });
}

// ---------------------------------------------------------------- the seat's input

function onPoint(name) {
  if (!state.game) return;
  state.cursor = name;
  if (!myTurn()) {
    render();
    return;
  }
  const step = click(state.game.game, view().legal, state.partial, name);
  state.partial = step.partial;
  if (step.move) act({ move: step.move });
  else render();
}

function wire() {
  $('board').addEventListener('click', (event) => {
    const node = event.target.closest('[data-move]');
    if (node) onPoint(node.dataset.move);
  });
  $('board').addEventListener('keydown', boardKeys(state, {
    play: onPoint,
    escape: () => {
      state.partial = [];
    },
    render,
  }));
  $('choice-buttons').addEventListener('click', (event) => {
    const button = event.target.closest('[data-choice]');
    if (button && myTurn()) act({ move: button.dataset.choice });
  });
  $('resign').addEventListener('click', () => act({ action: 'resign' }));
  $('offer-draw').addEventListener('click', () => act({ action: 'offer' }));
  $('accept-draw').addEventListener('click', () => act({ action: 'accept' }));
  $('decline-draw').addEventListener('click', () => act({ action: 'decline' }));
  $('lang-select').addEventListener('change', (event) => {
    saveLanguage(event.target.value);
    chooseLanguage(event.target.value);
  });
  $('copy-invite').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText($('invite-link').value);
      $('copy-invite').textContent = t('friend_copied');
    } catch {
      $('invite-link').select();
    }
  });
  setInterval(() => {
    if (state.game && state.game.clocks) renderClocks();
  }, 100);
}

// ---------------------------------------------------------------- start-up

function remember() {
  try {
    storage().setItem(seatKey(), JSON.stringify({ token: state.token, seat: state.seat }));
  } catch {
    // Without storage the seat lasts as long as the link with its token.
  }
}

/** The seat this browser holds: the link's token, one kept here, or the free seat. */
async function takeSeat(game) {
  const fromLink = location.hash.slice(1);
  let kept = null;
  try {
    kept = JSON.parse(storage().getItem(seatKey()) || 'null');
  } catch {
    kept = null;
  }
  if (/^[0-9a-f]{32}$/.test(fromLink)) {
    state.token = fromLink;
    state.seat = kept && kept.token === fromLink ? kept.seat : null;
  } else if (kept && kept.token) {
    state.token = kept.token;
    state.seat = kept.seat;
  }
  if (!state.token && !(game.seats.first && game.seats.second)) {
    try {
      const joined = await post(`/api/friend/${state.id}/join`, {});
      state.token = joined.token;
      state.seat = joined.seat;
    } catch {
      // Someone else took it first: this browser watches.
    }
  }
  if (state.token && !state.seat) state.seat = await seatOf(state.token);
  if (state.token && state.seat) {
    remember();
    history.replaceState(null, '', `/friend/${state.id}#${state.token}`);
  }
}

/** The seat a token from a link holds: a move-less `version` check asks the server. */
async function seatOf(token) {
  try {
    const answer = await post(`/api/friend/${state.id}/seat`, { token });
    return answer.seat;
  } catch {
    return null;
  }
}

function chooseLanguage(lang) {
  setLanguage(lang);
  document.documentElement.lang = language();
  $('lang-select').value = language();
  applyTexts(document);
  if (state.game) render();
}

async function init() {
  chooseLanguage(savedLanguage());
  const match = /^\/friend\/([0-9a-f]{16})$/.exec(location.pathname);
  state.id = match ? match[1] : null;
  wire();
  let game = null;
  try {
    const response = await fetch(`/api/friend/${state.id}`);
    if (response.ok) game = await response.json();
  } catch {
    game = null;
  }
  if (!state.id || !game) {
    $('status').textContent = t('friend_no_game');
    document.body.dataset.ready = 'true';
    return;
  }
  await takeSeat(game);
  receive(game);
  connect();
  document.body.dataset.ready = 'true';
}

init();
