// The page of a game with a friend (/friend/<id>): the server keeps the game and its clocks;
// this page shows its states as they arrive over a WebSocket and sends the seat's actions.
// A seat is held by the secret token after `#` in its link (or kept in this browser); without
// one the page takes the free seat if there is one, and otherwise watches.

import { t, applyTexts, detectLanguage, setLanguage, language, LANGUAGES } from './i18n.js';
import { post, ApiError } from './api.js';
import { drawBoard, layout, neighbour, pointsOf } from './boards.js';
import { formatClock } from './clock.js';

const $ = (id) => document.getElementById(id);
const LANG_KEY = 'boardgames.lang';

// The texts of this page only, in every language of the site.
const TEXTS = {
  en: {
    links: 'Links to this game',
    invite: 'Send this link to your friend:',
    own_link: 'Your own link, to go on playing on another device (keep it to yourself):',
    copy: 'Copy',
    copied: 'Copied',
    you_play: 'You play {side}.',
    watching: 'You are watching this game.',
    waiting_friend: 'Waiting for your friend to open the link.',
    live: 'Live.',
    reconnecting: 'Connection lost: reconnecting…',
    no_game: 'There is no such game (it may have ended long ago and been deleted).',
    draw_offered: 'You offered a draw: waiting for the answer.',
    friend_title: '{game} with a friend',
  },
  'zh-Hans': {
    links: '这盘棋的链接',
    invite: '把这个链接发给你的朋友：',
    own_link: '你自己的链接，可在另一台设备上继续下（请勿外传）：',
    copy: '复制',
    copied: '已复制',
    you_play: '你执{side}。',
    watching: '你正在观看这盘棋。',
    waiting_friend: '正在等待朋友打开链接。',
    live: '已连接。',
    reconnecting: '连接中断：正在重连……',
    no_game: '没有这盘棋（可能早已结束并被删除）。',
    draw_offered: '你已提和：等待对方答复。',
    friend_title: '与朋友下{game}',
  },
  'zh-Hant': {
    links: '這盤棋的連結',
    invite: '把這個連結發給你的朋友：',
    own_link: '你自己的連結，可在另一台裝置上繼續下（請勿外傳）：',
    copy: '複製',
    copied: '已複製',
    you_play: '你執{side}。',
    watching: '你正在觀看這盤棋。',
    waiting_friend: '正在等待朋友打開連結。',
    live: '已連線。',
    reconnecting: '連線中斷：正在重連……',
    no_game: '沒有這盤棋（可能早已結束並被刪除）。',
    draw_offered: '你已提和：等待對方答覆。',
    friend_title: '與朋友下{game}',
  },
};

function ft(key, params) {
  const text = (TEXTS[language()] || TEXTS.en)[key] || TEXTS.en[key] || key;
  return params ? text.replace(/\{(\w+)\}/g, (hole, name) => (name in params ? String(params[name]) : hole)) : text;
}

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

function show(node, visible) {
  node.hidden = !visible;
}

function other(side) {
  return side === 'first' ? 'second' : 'first';
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function seatKey() {
  return `boardgames.friend.${state.id}`;
}

// ---------------------------------------------------------------- names

function baseName(side) {
  const name = state.game.game;
  if (name === 'tictactoe' || name === 'ultimate') return t(side === 'first' ? 'side_x' : 'side_o');
  if (name === 'morris') return t(side === 'first' ? 'white' : 'black');
  const colours = state.game.view.colours;
  if (colours) {
    if (colours.black === side) return t('black');
    if (colours.white === side) return t('white');
    return t(side === 'first' ? 'seat_first' : 'seat_second');
  }
  return t(side === 'first' ? 'black' : 'white');
}

function sideName(side) {
  return side === state.seat ? t('you_as', { side: baseName(side) }) : baseName(side);
}

function reasonText(reason) {
  return reason ? t(`reason_${reason.replace(/ /g, '_')}`) : '';
}

// ---------------------------------------------------------------- the seat's turn

function view() {
  return state.game.view;
}

function myTurn() {
  const v = view();
  return Boolean(state.seat) && !state.busy && v.status === 'ongoing' && v.to_move === state.seat;
}

function candidates(partial) {
  return (view().legal || []).filter((move) => {
    const pts = pointsOf(state.game.game, move);
    return pts.length >= partial.length && partial.every((p, i) => pts[i] === p);
  });
}

function targets() {
  const found = { all: new Set(), captures: new Set() };
  if (!myTurn()) return found;
  const k = state.partial.length;
  for (const move of candidates(state.partial)) {
    const pts = pointsOf(state.game.game, move);
    if (pts.length <= k) continue;
    found.all.add(pts[k]);
    if (move.includes('x') && k === pts.length - 1) found.captures.add(pts[k]);
  }
  return found;
}

function moves() {
  return state.game.actions.filter((a) => typeof a === 'string');
}

function stoneColours() {
  const colours = new Map();
  let count = 0;
  for (const move of moves()) {
    const pts = /^offer:/.test(move) ? [] : pointsOf('gomoku', move);
    if (pts.length === 1) {
      colours.set(pts[0], count % 2 === 0 ? 'black' : 'white');
      count += 1;
    }
  }
  return colours;
}

function forbiddenPoints() {
  const v = view();
  const map = new Map();
  if (!v.forbidden || (v.forbidden_for && v.to_move && v.to_move !== v.forbidden_for)) return map;
  for (const f of v.forbidden) map.set(f.point, f.reason);
  return map;
}

// ---------------------------------------------------------------- drawing

function boardModel() {
  const name = state.game.game;
  const v = view();
  const found = targets();
  let last = pointsOf(name, v.last_move);
  if (name === 'morris' && v.last_move && v.last_move.includes('x')) last = last.slice(0, -1);
  const colours = name === 'gomoku' ? stoneColours() : null;
  const forbidden = forbiddenPoints();
  const empty = state.geometry.points.length - Object.keys(v.cells || {}).length - forbidden.size;
  return {
    game: name, view: v, geometry: state.geometry, targets: found.all, captures: found.captures,
    selected: state.partial, last, hint: [], cursor: state.cursor, forbidden,
    dots: found.all.size < empty || name !== 'gomoku',
    mover: v.to_move,
    moverColour: name === 'morris' && v.to_move === 'second' ? 'black' : 'white',
    offers: v.offers || [],
    mills: new Set(v.mills ? [...(v.mills.first || []), ...(v.mills.second || [])] : []),
    colourOf: (point, owner) => {
      if (colours) return colours.get(point) || (owner === 'first' ? 'black' : 'white');
      return owner === 'first' ? 'white' : 'black';
    },
    describe: (point, owner) => (owner ? `${point}, ${baseName(owner)}` : point),
  };
}

function render() {
  if (!state.game) return;
  document.title = ft('friend_title', { game: t(`game_${state.game.game}`) });
  $('play-title').textContent = document.title;
  drawBoard($('board'), boardModel());
  renderRole();
  renderStatus();
  renderChoices();
  renderOffer();
  renderControls();
  renderMoveList();
  renderClocks();
  const m = state.message;
  $('move-error').textContent = m || '';
  show($('move-error'), Boolean(m));
  $('connection').textContent = state.connected ? ft('live') : ft('reconnecting');
  $('connection').dataset.connected = String(state.connected);
}

function renderRole() {
  const g = state.game;
  $('role').textContent = state.seat ? ft('you_play', { side: baseName(state.seat) }) : ft('watching');
  const waiting = state.seat && !g.seats[other(state.seat)];
  show($('share'), Boolean(state.seat));
  // Open while the friend has not come; then folded, out of the board's way (a phone).
  if (waiting !== state.waiting) $('share').open = Boolean(waiting);
  state.waiting = waiting;
  if (state.seat) {
    $('invite-link').value = `${location.origin}/friend/${state.id}`;
    $('own-link').value = `${location.origin}/friend/${state.id}#${state.token}`;
  }
  if (waiting) $('role').textContent += ` ${ft('waiting_friend')}`;
}

function renderStatus() {
  const v = view();
  let text;
  if (v.status === 'draw') text = t('result_draw', { reason: reasonText(v.reason) });
  else if (v.status !== 'ongoing') text = t('result_win', { side: sideName(v.status), reason: reasonText(v.reason) });
  else if (v.step && v.step !== 'play') {
    const colour = t(v.colour_to_place === 'white' ? 'white_stone' : 'black_stone');
    text = t(`step_${v.step}`, { side: sideName(v.to_move), colour });
  } else if (state.partial.length > 0) {
    text = t(targets().captures.size > 0 ? 'choose_capture' : 'choose_destination', { side: sideName(v.to_move), point: state.partial[0] });
  } else text = t('to_move', { side: sideName(v.to_move) });
  $('status').textContent = text;
  $('status').dataset.result = v.status;
  $('status').dataset.reason = v.reason || '';
  $('status').dataset.version = String(state.game.version);
  show($('spinner'), state.busy);
}

function choiceLabel(move) {
  const declare = /^declare:(\d+)$/.exec(move);
  return declare ? t('choice_declare', { n: declare[1] }) : t(`choice_${move}`);
}

function renderChoices() {
  const box = $('choice-buttons');
  box.replaceChildren();
  const choices = myTurn() ? view().legal.filter((m) => pointsOf(state.game.game, m).length === 0) : [];
  for (const move of choices) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.choice = move;
    button.textContent = choiceLabel(move);
    box.appendChild(button);
  }
  show($('choices'), choices.length > 0);
}

function renderOffer() {
  const offer = view().offer;
  const answerable = Boolean(state.seat) && offer && offer !== state.seat && view().status === 'ongoing';
  show($('offer-box'), Boolean(offer) && view().status === 'ongoing');
  if (!offer) return;
  $('offer-text').textContent = offer === state.seat
    ? ft('draw_offered')
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

function renderMoveList() {
  const list = $('move-list');
  list.replaceChildren();
  moves().forEach((move, i) => {
    const item = document.createElement('li');
    const number = document.createElement('span');
    number.className = 'ply-number';
    number.textContent = `${i + 1}.`;
    item.append(number, ` ${move}`);
    item.dataset.ply = String(i);
    list.appendChild(item);
  });
  const last = list.lastElementChild;
  if (last) last.scrollIntoView({ block: 'nearest' });
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
  show($('clocks'), Boolean(clocks));
  if (!clocks) return;
  for (const side of ['first', 'second']) {
    const box = $(`clock-${side}`);
    box.querySelector('.clock-name').textContent = sideName(side);
    box.querySelector('.clock-time').textContent = formatClock(timeLeft(side));
    box.classList.toggle('running', clocks.running === side && view().status === 'ongoing');
    box.classList.toggle('fallen', view().reason === 'time' && view().status === other(side));
  }
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
  if (state.partial.length > 0 && state.partial[state.partial.length - 1] === name) {
    state.partial = state.partial.slice(0, -1);
    render();
    return;
  }
  const next = [...state.partial, name];
  const found = candidates(next);
  if (found.length === 0) {
    const restart = state.partial.length > 0 && candidates([name]).length > 0;
    state.partial = [];
    if (restart) onPoint(name);
    else render();
    return;
  }
  const exact = found.filter((m) => pointsOf(state.game.game, m).length === next.length);
  if (exact.length > 0 && exact.length === found.length) {
    state.partial = [];
    act({ move: exact[0] });
    return;
  }
  state.partial = next;
  render();
}

function onBoardKey(event) {
  if (!state.geometry) return;
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (steps[event.key]) {
    event.preventDefault();
    const [dx, dy] = steps[event.key];
    state.cursor = neighbour(state.geometry.points, state.cursor, dx, dy);
    render();
  } else if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    onPoint(state.cursor);
  } else if (event.key === 'Escape') {
    state.partial = [];
    render();
  }
}

function wire() {
  $('board').addEventListener('click', (event) => {
    const node = event.target.closest('[data-move]');
    if (node) onPoint(node.dataset.move);
  });
  $('board').addEventListener('keydown', onBoardKey);
  $('choice-buttons').addEventListener('click', (event) => {
    const button = event.target.closest('[data-choice]');
    if (button && myTurn()) act({ move: button.dataset.choice });
  });
  $('resign').addEventListener('click', () => act({ action: 'resign' }));
  $('offer-draw').addEventListener('click', () => act({ action: 'offer' }));
  $('accept-draw').addEventListener('click', () => act({ action: 'accept' }));
  $('decline-draw').addEventListener('click', () => act({ action: 'decline' }));
  $('copy-invite').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText($('invite-link').value);
      $('copy-invite').textContent = ft('copied');
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

async function init() {
  let saved = null;
  try {
    saved = storage() ? storage().getItem(LANG_KEY) : null;
  } catch {
    saved = null;
  }
  setLanguage(LANGUAGES.includes(saved) ? saved : detectLanguage(navigator.languages || [navigator.language]));
  document.documentElement.lang = language();
  applyTexts(document);
  for (const node of document.querySelectorAll('[data-fi]')) node.textContent = ft(node.dataset.fi);
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
    $('status').textContent = ft('no_game');
    document.body.dataset.ready = 'true';
    return;
  }
  await takeSeat(game);
  receive(game);
  connect();
  document.body.dataset.ready = 'true';
}

init();
