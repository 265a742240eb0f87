/* The browser table for `python -m engine serve`: the lobby, the table and its action bar, the showdown and the
 * hand history. Plain JavaScript, no build step, nothing fetched from another host: it talks to the server it
 * came from (GET /api/tables, the WebSocket at /ws; the protocol is docs/server.md).
 *
 * This is the view: it talks to the server, keeps what the browser keeps (localStorage) and draws. What there is
 * to draw is worked out by the model (model.js, `OmahaModel`, loaded first) from the page's state.
 *
 * The page keeps no secrets of its own: everything it draws comes from the last `view` message (built by the
 * server for this seat, so other players' cards are never in it) and the last `hand` message (the showdown as
 * this seat may see it). A seat's token is kept in localStorage so a reload takes the seat back (`resume`).
 */
"use strict";

(function () {
  const STORE = "omaha-hilo.";
  const SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
  const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
  const M = globalThis.OmahaModel;
  const { cardsOf } = M;

  /** The connection: the view's own, the model never sees it. */
  const link = {
    ws: null,             // the WebSocket, once a seat is taken or a table watched
    queue: [],            // messages waiting for the socket to open
    closing: false,       // we closed the socket on purpose: do not reconnect
    retry: 500,
    lobbyTimer: null,
  };

  // --- small helpers -------------------------------------------------------------------------------------------

  const $ = (id) => document.getElementById(id);

  /** An element with attributes and children (strings become text nodes: names are never parsed as HTML). */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key === "style") Object.assign(node.style, value);  // the CSSOM: a strict CSP allows it, a style attribute not
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  /** A face-up card drawn with CSS: rank and suit symbol, a colour per suit (a four-colour deck). */
  function card(code, classes) {
    const rank = code[0] === "T" ? "10" : code[0];
    const suit = code[1];
    return el("span", { class: `card suit-${suit} ${classes || ""}`.trim(), "data-card": code,
      title: `${rank} of ${SUIT_NAMES[suit]}` },
    el("span", { class: "rank", text: rank }), el("span", { class: "suit", text: SUITS[suit] }));
  }

  /** The classes marking a card with the halves it helped win ({code, marks} from the model). */
  const winClasses = (marks) => marks.map((half) => `win-${half}`).join(" ");

  const cardBack = () => el("span", { class: "card back", "aria-label": "a face-down card" });
  const slot = () => el("span", { class: "card slot" });

  function tokens() {
    try { return JSON.parse(localStorage.getItem(STORE + "tokens") || "{}"); } catch (e) { return {}; }
  }
  function saveToken(table, token) {
    const all = tokens();
    if (token) all[table] = token; else delete all[table];
    localStorage.setItem(STORE + "tokens", JSON.stringify(all));
  }
  function remember(key, value) {
    if (value === null || value === undefined) localStorage.removeItem(STORE + key);
    else localStorage.setItem(STORE + key, value);
  }
  const recall = (key) => localStorage.getItem(STORE + key);
  function storedSince() {
    try { return JSON.parse(recall("since") || "{}"); } catch (e) { return {}; }
  }

  /** The page's state (model.js): replaced, never edited, by the model's transitions, through `commit`. */
  let app = M.initialState(storedSince());

  let noticeTimer = null;
  function notice(text, kind) {
    const box = $("notice");
    box.textContent = text;
    box.dataset.kind = kind || "info";
    box.hidden = false;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => { box.hidden = true; }, kind === "error" ? 8000 : 5000);
  }

  function setStatus(state, text) {
    const status = $("status");
    status.dataset.state = state;
    status.textContent = text || state;
  }


  // --- the lobby ------------------------------------------------------------------------------------------------

  async function loadLobby() {
    try {
      const response = await fetch("/api/tables", { cache: "no-store" });
      const data = await response.json();
      if (!link.ws) setStatus("online", "online");
      commit(M.lobbyLoaded(app, data.tables, data.tournaments || []));
      renderLobby();
    } catch (error) {
      setStatus("offline", "server unreachable");
    }
  }

  function renderLobby() {
    renderTournaments();
    const section = M.tablesSection(app.tables, app.tournaments);
    $("table-lobby").hidden = !section;
    if (section) {
      $("tables-title").textContent = section.title;
      $("tables-hint").textContent = section.hint;
    }
    $("no-bots").hidden = !M.lobbyEmpty(app.tables);
    const body = $("tables").tBodies[0];
    body.replaceChildren(...app.tables.map((info) => {
      const row = M.lobbyRow(info);
      return el("tr", { "data-table": row.id },
        el("td", {}, el("strong", { text: row.title }), row.title !== row.id ? [" ", el("small", { class: "word", text: row.id })] : null),
        el("td", {}, nameWords(row.game)),
        el("td", { text: row.stakes }),
        el("td", { class: "buy-in", "data-label": "Buy-in", text: row.buyIn }),
        el("td", { class: "num", "data-label": "Seats", title: row.players, text: row.seats }),
        el("td", { class: "num average-pot", "data-label": "Average pot", text: row.averagePot }),
        el("td", { class: "row-buttons" },
          row.note ? el("span", { class: "row-note", text: row.note }) : null,
          row.sit ? el("button", { class: "primary sit", disabled: row.full, onclick: () => openJoin(info), text: row.sit }) : null,
          el("button", { class: "watch", onclick: () => commit(M.watch(app, info.id)), text: "Watch" })));
    }));
  }

  function renderTournaments() {
    $("tournament-lobby").hidden = app.tournaments.length === 0;
    $("tournaments-hint").textContent = M.tournamentsHint(app.tournaments);
    const me = (app.entrant || app.outOf || {}).name || recall("name");  // found in a big field's results
    $("tournaments").tBodies[0].replaceChildren(...app.tournaments.map((t) => {
      const row = M.tournamentRow(t, app.entrant, app.tournaments, me);
      return el("tr", { "data-tournament": row.id, "data-state": t.state },
        el("td", {}, el("strong", { text: row.title }), row.title !== row.id ? [" ", el("small", { class: "word", text: row.id })] : null),
        el("td", {}, nameWords(row.game)),
        el("td", { class: "tournament-state", "data-label": "Players" }, row.state,
          row.results ? el("small", { class: "results" }, row.results.split(" \u00b7 ").flatMap((place, i) =>
            [i ? " \u00b7 " : null, el("span", { class: "place", text: place })]).filter(Boolean)) : null),
        el("td", { class: "num buy-in", "data-label": "Buy-in", text: row.buyIn }),
        el("td", { class: "num", "data-label": "Stack", text: row.stack }),
        el("td", { class: "num", "data-label": "Prize pool", text: row.prize }),
        el("td", { "data-label": "Start", text: row.start }),
        el("td", { class: "row-buttons" },
          row.note ? el("span", { class: "row-note", text: row.note }) : null,
          row.register ? el("button", { class: "primary register", onclick: () => openRegister(t), text: "Register" }) : null,
          row.unregister ? el("button", { class: "unregister", onclick: () => commit(M.unregister(app, t.id)), text: "Unregister" }) : null,
          row.tables.length ? el("button", { class: "watch", onclick: () => commit(M.watch(app, row.tables[0])), text: "Watch" }) : null));
    }));
  }

  function openRegister(t) {
    const form = $("register-form");
    form.hidden = false;
    form.dataset.tournament = t.id;
    $("register-title").textContent = t.title;
    $("register-terms").textContent = M.registerTerms(t);
    const name = $("register-name");
    name.value = recall("name") || "";
    form.scrollIntoView({ block: "nearest" });
    name.focus({ preventScroll: true });
  }

  function openJoin(info) {
    const form = $("join-form");
    form.hidden = false;
    form.dataset.table = info.id;
    $("join-title").textContent = info.title;
    const buyIn = $("join-buy-in");
    const [lo, hi] = info.buy_in;
    buyIn.min = lo; buyIn.max = hi; buyIn.value = M.offeredBuyIn(info, recall("buy_in"));
    $("join-range").textContent = `${lo} to ${hi} chips`;
    const name = $("join-name");
    name.value = recall("name") || "";
    // Below the table list (on a phone, below the fold): brought into view, the name ready to type.
    form.scrollIntoView({ block: "nearest" });
    name.focus({ preventScroll: true });
  }

  // --- the model's answers --------------------------------------------------------------------------------------

  /** Something happened (a message, a click): the model's new state replaces the old, what it asks the view to
   * do is done, and what it changed is drawn again. */
  function commit({ state, effects }) {
    const before = app;
    app = state;
    for (const effect of effects) perform(effect);
    redraw(before);
    return effects;
  }

  function perform(effect) {
    if ("send" in effect) send(effect.send);
    else if ("notice" in effect) notice(effect.notice, effect.kind);
    else if ("token" in effect) saveToken(effect.token, effect.value);
    else if (effect.store === "since") {
      const all = storedSince();
      all[effect.value.table] = effect.value.hand;
      remember("since", JSON.stringify(all));
    } else if ("store" in effect) remember(effect.store, effect.value);
    else if ("screen" in effect) showScreen(effect.screen);
    else if ("lobby" in effect) loadLobby();
    else if ("disconnect" in effect) disconnect();
    else if ("refillWatchForm" in effect) delete $("watch-join").dataset.table;  // filled in again, for the rebuy
    else if ("checkFair" in effect) checkFair(effect.checkFair);
    else if ("download" in effect) saveFile(effect.download);
    else if ("lobbyAfter" in effect) setTimeout(() => commit(M.finishedPauseOver(app, effect.finished)), effect.lobbyAfter);
  }

  /** Draws again what changed between two states: the state is replaced, never edited, so a part that is the
   * same object is the same. */
  function redraw(before) {
    const changed = (...keys) => keys.some((key) => before[key] !== app[key]);
    if (app.result && changed("result")) renderResult();
    if (changed("history", "historyMissing", "reconnecting")) renderHistory();
    if (app.mode === "lobby") {
      if (changed("entrant", "tournaments")) renderTournaments();
      return;
    }
    if (changed("mode", "table", "info", "tables", "view", "result", "busted", "awayReason", "finished", "reconnecting")) {
      renderRoom();
    }
    else if (changed("acted", "pre")) { renderActions(); renderPre(); }
  }

  // --- the connection -------------------------------------------------------------------------------------------

  function send(data) {
    if (!link.ws || link.ws.readyState > WebSocket.OPEN) connect();
    if (link.ws.readyState === WebSocket.OPEN) link.ws.send(JSON.stringify(data));
    else link.queue.push(data);
  }

  function connect() {
    link.closing = false;
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
    const ws = new WebSocket(url);
    link.ws = ws;
    setStatus("connecting", "connecting\u2026");
    ws.onopen = () => {
      link.retry = 500;
      setStatus("online", "connected");
      commit(M.connectionChanged(app, true));
      const queued = link.queue;
      link.queue = [];
      for (const data of queued) ws.send(JSON.stringify(data));
    };
    ws.onmessage = (event) => commit(M.apply(app, JSON.parse(event.data), performance.now()));
    ws.onclose = () => {
      if (link.ws !== ws) return;
      link.ws = null;
      // What this socket never sent is dropped with it: each reconnect sends its own resume (or watch), so a
      // queue kept across failed attempts would send one resume per attempt once a socket opens.
      link.queue = [];
      setStatus("offline", app.takenOver ? "open in another window" : "offline");
      if (link.closing || app.takenOver || !M.reconnects(app)) return;
      setStatus("connecting", "reconnecting\u2026");
      commit(M.connectionChanged(app, false));  // what sends at the table is held until the connection is back
      setTimeout(reconnect, link.retry);
      link.retry = Math.min(link.retry * 2, 8000);
    };
  }

  /** After a drop: take the seat back with the token, or watch again. */
  function reconnect() {
    if (link.ws || link.closing || app.takenOver) return;
    commit(M.reconnect(app, app.table && tokens()[app.table]));
  }

  function disconnect() {
    link.closing = true;
    if (link.ws) link.ws.close(1000, "bye");
    link.ws = null;
    link.queue = [];
  }

  // --- screens --------------------------------------------------------------------------------------------------

  /** The lobby or the table. Back in the lobby, the table's panels are emptied for the next. */
  function showScreen(name) {
    // another screen opens at its top: the lobby's Register form is far down, and the table's header, line and
    // notice were scrolled out of sight when the draw seated the player from there
    if (document.body.dataset.screen !== name) window.scrollTo(0, 0);
    document.body.dataset.screen = name;
    $("lobby").hidden = name !== "lobby";
    $("room").hidden = name !== "room";
    clearInterval(link.lobbyTimer);
    if (name === "room") $("join-form").hidden = true;
    if (name === "lobby") {
      $("fair").hidden = true;
      $("result").replaceChildren(el("p", { class: "hint", text: "No hand finished yet." }));
      $("history").replaceChildren();
      $("where").textContent = "";
      loadLobby();
      link.lobbyTimer = setInterval(loadLobby, 3000);
    }
  }
  // --- the table ------------------------------------------------------------------------------------------------

  function renderRoom() {
    const m = app.view;
    const info = app.info;
    $("where").textContent = M.whereText(app);
    document.body.dataset.table = app.table || "";  // which table is on screen (a tournament moves a player)
    $("watch-controls").hidden = app.mode !== "watching";
    $("seat-controls").hidden = app.mode !== "seated";
    if (app.mode === "watching" && info && $("watch-join").dataset.table !== info.id) {
      $("watch-join").dataset.table = info.id;  // filled in once: never under the user's typing
      if (info.buy_in) { $("watch-buy-in").min = info.buy_in[0]; $("watch-buy-in").max = info.buy_in[1]; }
      $("watch-buy-in").value = M.offeredBuyIn(info, recall("buy_in"));
      $("watch-name").value = recall("name") || "";
    }
    const form = M.watchForm(app);
    $("watch-lead").textContent = form.lead;
    $("watch-submit").textContent = form.submit;
    $("watch-submit").disabled = Boolean(M.sendingHeld(app));
    $("stop-watching").textContent = "Back to the lobby";
    $("message").textContent = M.tableMessage(app);
    $("tourney").hidden = !app.tournament;
    $("tourney-line").textContent = M.tournamentLine(app.tournament);
    $("tourney-busts").textContent = M.bustsLine(app.tournament);
    $("watch-join").classList.toggle("tournament", Boolean((info && info.tournament) || app.finished));
    $("watch-controls").dataset.finished = app.finished ? "yes" : "";  // out of the tournament: its last hand shown
    $("actions").hidden = Boolean(app.finished);  // no turn to come: not an empty bar under the place said
    if (!m) {
      $("seats").replaceChildren();
      $("boards").replaceChildren();
      $("pot").textContent = "";
      renderActions();
      return;
    }
    const felt = $("felt");
    felt.dataset.hand = m.hand_number;
    felt.dataset.street = M.feltStreet(app);
    renderSeats();
    renderBoards();
    renderPot();
    renderGame();
    renderActions();
    renderPre();
    renderSeatControls();
    fitMessage();
    placeBets();  // last: it measures everything else as drawn
  }

  /** The finished hand's headline under the board keeps clear of every seat, whatever it says (measured as laid
   * out, so it holds at every width): a seat beside it (a lower side seat's plate reaching in) narrows it, and a
   * seat below it (the bottom seat's cards and plate) leaves it the whole lines above and no more. A long one (a
   * showdown of several pots) ran under the bottom seat's hole cards where the felt is short (1366x768). What is
   * cut off ends in an ellipsis; the whole headline is its title, and the Last hand panel says it all. The
   * stylesheet may hold it to fewer lines (`--message-lines`, two on a phone). */
  function fitMessage() {
    const message = $("message");
    message.classList.remove("fitted");
    Object.assign(message.style, { width: "", maxHeight: "", webkitLineClamp: "" });
    message.title = message.textContent;
    if (!message.getClientRects().length) return;  // not shown while a hand is played
    const column = message.getBoundingClientRect();  // the whole width it may take (table.css)
    const middle = (column.left + column.right) / 2;
    const gap = 4;
    // each seat's cards (as a row: one card on either side of the middle is still below it), plate and badges
    const seats = [...$("seats").querySelectorAll(".seat > *")].map((node) => node.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0 && r.bottom > column.top && r.left < column.right && r.right > column.left);
    // beside it (wholly to one side of its middle): it is narrowed, evenly, to stay clear
    const half = Math.min(column.width / 2, ...seats.map((r) => (r.right <= middle ? middle - r.right : r.left >= middle ? r.left - middle : Infinity) - gap));
    // below it (across its middle): the lines above
    const felt = $("felt");
    const floor = Math.min(felt.getBoundingClientRect().bottom - felt.clientTop,
      ...seats.filter((r) => r.left < middle && r.right > middle).map((r) => r.top)) - gap;
    const style = getComputedStyle(message);
    const line = parseFloat(style.lineHeight);
    const most = parseInt(style.getPropertyValue("--message-lines"), 10) || Infinity;
    const lines = Math.max(0, Math.min(most, Math.floor((floor - column.top) / line)));
    message.classList.add("fitted");
    Object.assign(message.style, { width: `${Math.max(0, 2 * half)}px`, maxHeight: `${lines * line}px`,
      webkitLineClamp: String(Math.max(1, lines)) });
  }

  /** A seat's place on the oval, you at the bottom and the others evenly round it. At eight seats and more your
   * two neighbours stand 45 degrees from you (evenly, at ten, your cards met their names) and the rest share
   * what is left; then a seat just above or below the middle of a side (within 25 degrees of it) is drawn
   * ``push`` degrees further from it (the stylesheet's --seat-push: a crowded table on a wide oval, where the
   * two seats on a side stood so close above one another that one's cards met the other's plate). */
  const NEIGHBOUR_GAP = 45;
  function seatPlace(index, count, push) {
    const even = count < 8 ? 90 + (index * 360) / count
      : index === 0 ? 90 : 90 + NEIGHBOUR_GAP + ((index - 1) * (360 - 2 * NEIGHBOUR_GAP)) / (count - 2);
    const fromSide = ((even % 180) + 180) % 180;  // 0 at a side's middle, 90 at the top and the bottom
    const off = fromSide < 90 ? fromSide : fromSide - 180;  // signed: which way is away from the side's middle
    const angle = (even + (off !== 0 && Math.abs(off) < 25 ? push * Math.sign(off) : 0)) * (Math.PI / 180);
    return { cos: Math.cos(angle), sin: Math.sin(angle) };
  }

  /** How far out the seats sit, in percent of the oval's width and height, and how far the side seats are pushed
   * apart: the stylesheet's (--seat-rx, --seat-ry, --seat-push), which knows the oval's shape at each width. */
  function seatRadius() {
    const style = getComputedStyle($("felt"));
    return { x: parseFloat(style.getPropertyValue("--seat-rx")) || 43, y: parseFloat(style.getPropertyValue("--seat-ry")) || 41,
      push: parseFloat(style.getPropertyValue("--seat-push")) || 0 };
  }
  const spot = (place, rx, ry) => ({ left: `${50 + rx * place.cos}%`, top: `${50 + ry * place.sin}%` });

  /** Each bet goes in front of its seat: from the seat towards the middle of the table, at the first place where
   * it covers nothing drawn (any seat's cards and plate, the board, the pot and the lines in the middle, a bet
   * placed before it) and is nearer its own seat than the pot or any other seat (so it reads as that seat's, not
   * as part of the pot), inside the felt, measured as laid out, so that it holds for every seat at every width.
   * When the straight line finds no such place, lines further and further to either side are tried. The dealer
   * button is inside the plate, beside the name, so it can cover nothing either. */
  const TURNS = [0, ...Array.from({ length: 14 }, (_, i) => [12 * (i + 1), -12 * (i + 1)]).flat()];  // degrees off the line
  function placeBets() {
    const felt = $("felt");
    const bets = [...felt.querySelectorAll(".bet[data-seat]")];
    if (!bets.length) return;
    const box = felt.getBoundingClientRect();
    const ox = box.left + felt.clientLeft, oy = box.top + felt.clientTop;
    const rect = (node) => {
      const r = node.getBoundingClientRect();
      return { l: r.left - ox, t: r.top - oy, r: r.right - ox, b: r.bottom - oy };
    };
    // Everything drawn at a seat (its cards and the box around them, the plate, the badges), the board and the
    // lines in the middle.
    const drawn = "#seats .seat > *, #seats .seat .card, #seats .seat.empty, #boards .card, #game, #pot > *, #message";
    const taken = [...felt.querySelectorAll(drawn)].map(rect).filter((r) => r.r > r.l && r.b > r.t);
    const gap = 3;
    const cx = felt.clientWidth / 2, cy = felt.clientHeight / 2;
    const union = (boxes) => boxes.length ? { l: Math.min(...boxes.map((b) => b.l)), t: Math.min(...boxes.map((b) => b.t)),
      r: Math.max(...boxes.map((b) => b.r)), b: Math.max(...boxes.map((b) => b.b)) } : null;
    const drawnOf = (node, selector) => union([...node.querySelectorAll(selector)].map(rect).filter((r) => r.r > r.l && r.b > r.t));
    const seats = new Map([...felt.querySelectorAll("#seats .seat[data-seat]:not(.empty)")]
      .map((node) => [node.dataset.seat, drawnOf(node, ".hole .card, .plate")]).filter(([, box]) => box));
    const pot = drawnOf(felt, "#pot > *");
    const away = (x, y, o) => Math.hypot(Math.max(o.l - x, 0, x - o.r), Math.max(o.t - y, 0, y - o.b));
    for (const bet of bets) {
      const seat = felt.querySelector(`.seat[data-seat="${bet.dataset.seat}"]`);
      if (!seat) continue;
      const s = rect(seat);
      const sx = (s.l + s.r) / 2, sy = (s.t + s.b) / 2;
      const own = seats.get(bet.dataset.seat) || s;
      const w = bet.offsetWidth / 2 + gap, h = bet.offsetHeight / 2 + gap;
      const clear = (x, y) => x - w >= 0 && x + w <= felt.clientWidth && y - h >= 0 && y + h <= felt.clientHeight
        && taken.every((o) => x - w >= o.r || x + w <= o.l || y - h >= o.b || y + h <= o.t);
      const near = (x, y) => {
        const mine = away(x, y, own);
        return (!pot || mine < away(x, y, pot))
          && [...seats].every(([other, box]) => other === bet.dataset.seat || mine < away(x, y, box));
      };
      const length = Math.hypot(cx - sx, cy - sy) || 1;
      const toward = Math.atan2(cy - sy, cx - sx);
      let found = null, fallback = null;
      for (const turn of TURNS) {
        const angle = toward + (turn * Math.PI) / 180;
        for (let t = 0; t <= length && !found; t += 2) {
          const x = sx + t * Math.cos(angle), y = sy + t * Math.sin(angle);
          if (!clear(x, y)) continue;
          if (near(x, y)) found = [x, y];
          else if (!fallback) fallback = [x, y];
        }
        if (found) break;
      }
      const [x, y] = found || fallback || [sx + (cx - sx) / 2, sy + (cy - sy) / 2];
      bet.style.left = `${x}px`;
      bet.style.top = `${y}px`;
      taken.push({ l: x - w + gap, t: y - h + gap, r: x + w - gap, b: y + h - gap });
    }
  }


  /** What the last render drew, so that what is new moves: a bet that changed pulses, a card not drawn there
   * before is dealt in, a pot that grew pulses. Drawing's own memory, not the page's state. */
  const drawnLast = { bets: {}, cards: new Set(), pot: null };

  /** A face-up card drawn where it was not drawn at the last render is dealt in (a brief animation, off under
   * prefers-reduced-motion). `where` names the place: the seat or the board. */
  function dealtCard({ code, marks }, where, seen) {
    const key = `${where}:${code}`;
    seen.add(key);
    return card(code, `${winClasses(marks)}${drawnLast.cards.has(key) ? "" : " deal-in"}`);
  }

  /** A face-down card at a seat, dealt in like a face-up one the first time it is drawn. */
  function dealtBack(seat, index, seen) {
    const key = `${seat}:back${index}`;
    seen.add(key);
    const back = cardBack();
    if (!drawnLast.cards.has(key)) back.classList.add("deal-in");
    return back;
  }

  const BADGE_WORDS = { scoop: "Scoop", high: "High", low: "Low", wins: "Wins" };

  function renderSeats() {
    const plates = M.seatPlates(app);
    const drawn = new Set();
    const bets = {};
    const nodes = [];
    $("felt").dataset.seats = plates.length;  // the stylesheet draws a crowded table's seats smaller
    const radius = seatRadius();
    for (const s of plates) {
      const place = seatPlace(s.position, plates.length, radius.push);
      const style = spot(place, radius.x, radius.y);
      if (s.empty) {
        nodes.push(el("div", { class: "seat empty", style, "data-seat": s.seat }, el("span", { text: "empty seat" })));
        continue;
      }
      const cards = [...s.cards.map((c) => dealtCard(c, s.seat, drawn)),
        ...Array.from({ length: s.backs }, (_, i) => dealtBack(s.seat, i, drawn))];
      const badges = s.badges.map((kind) => el("span", { class: `badge ${kind}`, text: BADGE_WORDS[kind] }));
      if (s.net) badges.push(el("span", { class: `net ${s.net > 0 ? "won" : "lost"}`, text: s.net > 0 ? `+${s.net}` : `${s.net}` }));
      const plate = s.plate;
      const classes = ["seat", s.me && "me", s.position === 0 && "bottom", s.acting && "acting", s.folded && "folded", s.away && "away",
        s.showdown && "showdown"].filter(Boolean).join(" ");
      nodes.push(el("div", { class: classes, style, "data-seat": s.seat, "data-name": s.name },
        el("div", { class: s.shown ? "hole shown" : "hole" }, cards),
        el("div", { class: "plate" },
          el("span", { class: "name-line" },
            plate.dealer ? el("span", { class: "dealer", title: "the dealer button", text: "D" }) : null,
            el("span", { class: "name", title: plate.name }, nameWords(plate.name))),
          el("span", { class: "stack", text: plate.stack }),
          plate.status ? el("span", { class: "state", text: plate.status }) : null,
          plate.said ? el("span", { class: "said", text: plate.said }) : null,
          plate.clock ? el("span", { class: "clock", "data-clock": "1" }) : null,
          plate.clock ? el("span", { class: "timebars" }, el("span", { class: "timebar action" }, el("span", { class: "fill" })),
            el("span", { class: "timebar bank" }, el("span", { class: "fill" }))) : null),
        badges.length ? el("div", { class: "badges" }, badges) : null));
      if (s.bet > 0) {
        bets[s.seat] = s.bet;
        const moved = drawnLast.bets[s.seat] !== s.bet ? " moved" : "";
        nodes.push(el("div", { class: `bet${moved}`, style: spot(place, 0, 0), "data-seat": s.seat },
          el("span", { class: "chip" }), el("span", { text: s.bet })));
      }
    }
    $("seats").replaceChildren(...nodes);
    drawnLast.bets = bets;
    drawnLast.cards = new Set([...drawn, ...[...drawnLast.cards].filter((key) => key.startsWith("board"))]);
    tickClock();
  }

  function renderBoards() {
    const drawn = new Set();
    $("boards").replaceChildren(...M.boardRows(app).map((board) => el("div", { class: "board", "data-board": board.index },
      board.label ? el("span", { class: "board-label", text: board.label }) : null,
      board.places.map((c) => c ? dealtCard(c, `board${board.index}`, drawn) : slot()))));
    drawnLast.cards = new Set([...drawn, ...[...drawnLast.cards].filter((key) => !key.startsWith("board"))]);
  }

  function renderPot() {
    const line = M.potLine(app);
    const pot = $("pot");
    const gathered = line ? line.gathered : null;
    const grew = gathered !== null && drawnLast.pot !== null && gathered > drawnLast.pot ? " grew" : "";
    drawnLast.pot = gathered;
    if (!line) { pot.replaceChildren(); return; }
    const parts = [el("span", { class: `pot-total${grew}`, text: `Pot ${line.total}` })];
    if (line.pots.length) {
      parts.push(el("span", { class: "side-pots" }, line.pots.map((text) => el("span", { class: "side-pot", text }))));
    }
    pot.replaceChildren(...parts);
  }

  function renderGame() {
    const line = M.gameLine(app);
    $("game").replaceChildren(...nameWords(line.text));
    $("felt").dataset.game = line.game;
  }

  // --- acting ---------------------------------------------------------------------------------------------------

  const act = (action) => commit(M.choose(app, action));

  function renderActions() {
    const m = app.view;
    const bar = $("actions");
    const offer = M.actionBar(app);
    bar.dataset.turn = offer ? "yes" : "no";
    bar.dataset.decision = m && m.view.hand ? M.decisionKey(m) : "";
    for (const id of ["act-fold", "act-check", "act-call", "act-show", "act-muck"]) $(id).hidden = true;
    $("wager").hidden = true;
    $("runs").hidden = true;
    $("turn-info").textContent = M.turnText(app, performance.now());
    if (!offer) return;
    // held while the connection is got back (the turn line says so); the bet or raise button by its amount too
    for (const button of bar.querySelectorAll(".buttons button")) button.disabled = Boolean(offer.held);
    $("act-fold").hidden = !offer.fold;
    $("act-check").hidden = !offer.check;
    if (offer.call) {
      $("act-call").hidden = false;
      $("act-call").firstChild.textContent = `Call ${offer.call} `;
    }
    if (offer.wager) setUpWager(offer.wager);
    if (offer.runs.length) {
      const runs = $("runs");
      runs.hidden = false;
      runs.replaceChildren(el("span", { text: "Run it how many times?" }),
        ...offer.runs.map((run) => el("button", { class: "act run", "data-times": run.times, disabled: Boolean(offer.held),
          onclick: () => act({ action: "run", times: run.times }), text: run.label })));
    }
    $("act-show").hidden = !offer.show;
    $("act-muck").hidden = !offer.muck;
  }

  function setUpWager(box) {
    $("wager").hidden = false;
    $("wager").dataset.kind = box.kind;
    for (const id of ["wager-slider", "wager-amount"]) {
      const input = $(id);
      input.min = box.min; input.max = box.max; input.step = 1;
      input.value = box.min;
      input.hidden = box.fixed;
      input.disabled = box.fixed;
    }
    $("quick-half").hidden = box.fixed;
    $("quick-pot").hidden = box.fixed;
    $("quick-max").hidden = box.fixed;
    $("quick-half").dataset.to = box.half;
    $("quick-pot").dataset.to = box.pot;
    $("quick-max").dataset.to = box.most;
    $("quick-max").textContent = box.mostLabel;
    labelWager();
  }

  const wagerAmount = () => Number($("wager-amount").value);

  function labelWager() {
    const legal = M.wagerLegal(app);
    if (!legal) return;
    const label = M.wagerLabel(legal, wagerAmount());
    const button = $("act-wager");
    button.firstChild.textContent = `${label.text} `;
    const held = Boolean(M.sendingHeld(app));  // the amount too: nothing it sets can be sent meanwhile
    button.disabled = !label.ok || held;
    for (const id of ["wager-amount", "wager-slider", "quick-half", "quick-pot", "quick-max"]) $(id).disabled = held;
    $("wager-amount").classList.toggle("invalid", !label.ok);
  }

  function setWager(amount) {
    $("wager-amount").value = amount;
    $("wager-slider").value = amount;
    labelWager();
  }

  const wager = () => commit(M.chooseWager(app, wagerAmount()));

  // --- the clock ------------------------------------------------------------------------------------------------

  function tickClock() {
    if (!app.view || app.mode === "lobby") return;
    const now = performance.now();
    $("turn-info").textContent = M.turnText(app, now);
    const parts = M.clockParts(app, now);
    if (!parts) return;
    const inBank = parts.phase === "bank";
    $("actions").dataset.phase = M.myTurn(app) ? parts.phase : "";
    for (const node of document.querySelectorAll("[data-clock]")) {
      node.textContent = parts.label;
      node.classList.toggle("low", parts.left < 10);
    }
    for (const bars of document.querySelectorAll(".timebars")) {
      bars.dataset.phase = parts.phase;
      bars.title = { action: "action time", bank: "on the time bank", "no-bank": "time bank used up" }[parts.phase];
    }
    for (const fill of document.querySelectorAll(".timebar.action .fill")) {
      fill.style.width = `${parts.actionFill}%`;
      fill.classList.toggle("low", parts.action < 5);
    }
    for (const fill of document.querySelectorAll(".timebar.bank .fill")) {
      fill.style.width = `${parts.bankFill}%`;
      fill.classList.toggle("spending", inBank);
    }
  }

  // --- pre-actions ----------------------------------------------------------------------------------------------

  /** The pre-action boxes, as real clients have them (the model says which show and which is ticked). */
  function renderPre() {
    const boxes = M.preBoxes(app);
    $("pre-actions").hidden = boxes === null;
    $("pre-call-label").textContent = boxes ? boxes.callLabel : "Check";
    for (const box of document.querySelectorAll("#pre-actions input")) box.checked = Boolean(boxes && boxes.ticked === box.dataset.pre);
  }

  // --- provably-fair deals ---------------------------------------------------------------------------------

  /** At a provably-fair table: the page checks the reveal itself (fair.js) and says what it found. */
  async function checkFair(result) {
    const box = $("fair");
    if (!result.reveal) { box.hidden = true; return; }
    const seen = M.fairSeen(app, result);
    // Without SHA-256 no hand can be checked here, whether or not it was seen dealt: say so first.
    const found = !globalThis.OmahaFair.available() ? { verdict: "unavailable" }
      : seen ? await globalThis.OmahaFair.check(result.reveal, seen) : { verdict: "unseen" };
    if (app.result !== result) return;
    box.hidden = false;
    box.dataset.verdict = found.verdict;
    box.dataset.hand = result.number;
    box.textContent = M.fairText(result, found);
  }

  /** A name as its words, each kept whole (a line breaks between words, never at a name's hyphen): the words
   * and the spaces between them, so the name's text is the name itself. */
  function nameWords(name) {
    return name.split(" ").flatMap((word, i) => [i ? " " : null, el("span", { class: "word", text: word })])
      .filter((part) => part !== null);
  }

  // --- seat controls --------------------------------------------------------------------------------------------

  function renderSeatControls() {
    const c = M.seatControls(app);
    if (!c) return;
    $("sit-out").hidden = c.away;
    $("come-back").hidden = !c.away;
    $("away-reason").hidden = !c.reasonShown;
    $("away-reason").textContent = c.reason;
    $("come-back").textContent = c.comeBackLabel;
    const topUp = $("top-up-amount");
    topUp.max = Math.max(1, c.topUpRoom);
    topUp.placeholder = c.topUpHint;
    $("top-up").disabled = !c.topUp || Boolean(c.held);
    for (const id of ["sit-out", "come-back", "leave", "straddle"]) $(id).disabled = Boolean(c.held);
    $("straddle-choice").hidden = c.straddle === null;
    $("leave").hidden = c.tournament;
    document.querySelector("#seat-controls .top-up").hidden = c.tournament;
    if (c.straddle !== null) $("straddle").checked = c.straddle;
    for (const [id, kind] of [["tourney-rebuy", "rebuy"], ["tourney-addon", "addon"]]) {
      $(id).hidden = !c[`${kind}Shown`];
      $(id).disabled = !c[kind] || Boolean(c.held);  // between our hands only
      $(id).textContent = c[`${kind}Label`];
    }
  }
  // --- results and history --------------------------------------------------------------------------------------

  /** One half's winners, each with their own five cards (two players who split a low made it with their own).
   * Each row is three columns of one grid, at every width: the badge, the name with the hand's name under it,
   * and the five cards, on one line, lined up with the other rows' (table.css). */
  const halfRows = (winners, half) => winners.map((w) => el("div", { class: `winner ${half}-winner`, "data-seat": w.seat },
    el("span", { class: `badge ${half}`, text: half === "high" ? "High" : "Low" }),
    el("span", { class: "who-block" }, el("span", { class: "who" }, nameWords(w.name)),
      w.hand ? el("span", { class: "hand-name", text: w.hand }) : null),
    w.hand ? el("span", { class: "five" }, w.cards.map((c) => card(c, `win-${half}`))) : null));

  /** The hands shown, a row each: the name, then the cards, which start at the same place on every row. */
  const shownRows = (rows) => el("div", { class: "shown" }, el("h4", { text: "Shown" }),
    rows.map(({ name, cards, seat }) => el("div", { class: "shown-hand", "data-seat": seat },
      el("span", { class: "who" }, nameWords(name)), el("span", { class: "cards" }, cards))));

  function renderResult() {
    const panel = M.resultPanel(app, app.result);
    const parts = [el("p", { class: "summary", text: panel.summary })];
    for (const board of panel.boards) {
      parts.push(el("div", { class: "result-board" }, el("span", { class: "label", text: board.label }),
        board.cards.map((c) => card(c.code, winClasses(c.marks)))));
    }
    for (const pot of panel.pots) {
      const rows = [el("h4", { text: pot.title }), el("p", { class: "story", text: pot.story })];
      if (pot.contested) {
        rows.push(...halfRows(pot.high, "high"));
        if (pot.low.length) rows.push(...halfRows(pot.low, "low"));
        else rows.push(el("div", { class: "winner no-low", text: "No qualifying low: the high takes the whole pot" }));
      }
      rows.push(el("div", { class: "payouts", text: pot.paid }));
      parts.push(el("div", { class: "pot-result", "data-pot": pot.index }, rows));
    }
    if (panel.shown.length) {
      parts.push(shownRows(panel.shown.map((s) => ({ name: s.name, seat: s.seat,
        cards: s.cards.map((c) => card(c.code, winClasses(c.marks))) }))));
    }
    if (panel.rake) parts.push(el("p", { class: "hint", text: panel.rake }));
    $("result").replaceChildren(...parts);
    $("result").dataset.hand = panel.number;
  }

  function renderResultFromHistory(hand) {
    const panel = M.historyPanel(app, hand);
    const parts = [el("p", { class: "summary", text: panel.summary }), el("p", { class: "hint", text: panel.source })];
    if (panel.board.length) {
      parts.push(el("div", { class: "result-board" }, el("span", { class: "label", text: "Board" }),
        panel.board.map((c) => card(c))));
    }
    parts.push(el("div", { class: "payouts", text: panel.net }));
    if (panel.shown.length) {
      parts.push(shownRows(panel.shown.map((s) => ({ name: s.name, seat: null, cards: s.cards.map((c) => card(c)) }))));
    }
    $("result").replaceChildren(...parts);
    $("result").dataset.hand = panel.number;
  }

  function renderHistory() {
    const list = $("history");
    const download = $("history-download");
    if (app.historyMissing) {
      list.replaceChildren(el("li", { class: "hint", text: "This server does not keep a history for the page." }));
      download.disabled = true;
      return;
    }
    const hands = M.historyHands(app);
    list.replaceChildren(...hands.map((h) => el("li", { "data-hand": h.number },
      el("details", {}, el("summary", { text: `Hand #${h.number}` }),
        h.phh ? el("pre", { class: "phh", text: h.phh }) : el("p", { class: "hint", text: "(no PHH for this hand)" })))));
    download.disabled = !hands.some((h) => h.phh) || Boolean(M.sendingHeld(app));
    const newest = M.historyForPanel(app, Number($("result").dataset.hand || 0));
    if (newest) renderResultFromHistory(newest);
  }

  /** Saves a file the model made (the download). */
  function saveFile({ name, text }) {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = el("a", { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // --- wiring ---------------------------------------------------------------------------------------------------

  function wire() {
    $("home").addEventListener("click", (event) => {
      event.preventDefault();
      commit(M.home(app));
    });
    $("join-form").addEventListener("submit", (event) => {
      event.preventDefault();
      commit(M.join(app, event.target.dataset.table, $("join-name").value.trim(), Number($("join-buy-in").value)));
    });
    $("join-cancel").addEventListener("click", () => { $("join-form").hidden = true; });
    $("register-form").addEventListener("submit", (event) => {
      event.preventDefault();
      $("register-form").hidden = true;
      commit(M.register(app, event.target.dataset.tournament, $("register-name").value.trim()));
    });
    $("register-cancel").addEventListener("click", () => { $("register-form").hidden = true; });
    $("watch-join").addEventListener("submit", (event) => {
      event.preventDefault();
      commit(M.join(app, app.table, $("watch-name").value.trim(), Number($("watch-buy-in").value)));
    });
    $("stop-watching").addEventListener("click", () => commit(M.stopWatching(app)));
    $("act-fold").addEventListener("click", () => act({ action: "fold" }));
    $("act-check").addEventListener("click", () => act({ action: "check" }));
    $("act-call").addEventListener("click", () => act({ action: "call" }));
    $("act-show").addEventListener("click", () => act({ action: "show" }));
    $("act-muck").addEventListener("click", () => act({ action: "muck" }));
    $("act-wager").addEventListener("click", wager);
    $("wager-slider").addEventListener("input", (event) => setWager(event.target.value));
    $("wager-amount").addEventListener("input", () => { $("wager-slider").value = $("wager-amount").value; labelWager(); });
    for (const id of ["quick-half", "quick-pot", "quick-max"]) {
      $(id).addEventListener("click", (event) => setWager(event.currentTarget.dataset.to));
    }
    $("sit-out").addEventListener("click", () => commit(M.request(app, { type: "sit_out" })));
    $("come-back").addEventListener("click", () => commit(M.request(app, { type: "come_back" })));
    $("tourney-rebuy").addEventListener("click", () => commit(M.request(app, { type: "rebuy" })));
    $("tourney-addon").addEventListener("click", () => commit(M.request(app, { type: "addon" })));
    $("leave").addEventListener("click", () => commit(M.leave(app)));
    $("top-up").addEventListener("click", () => {
      const effects = commit(M.topUp(app, Number($("top-up-amount").value)));
      if (effects.some((effect) => "send" in effect)) $("top-up-amount").value = "";
    });
    $("straddle").addEventListener("change", (event) => commit(M.request(app, { type: "straddle", on: event.target.checked })));
    $("history-download").addEventListener("click", () => commit(M.downloadHistory(app)));
    for (const box of document.querySelectorAll("#pre-actions input")) {
      box.addEventListener("change", () => commit(M.tickPre(app, box.checked ? box.dataset.pre : null)));
    }
    document.addEventListener("keydown", shortcut);
    addEventListener("resize", () => { if (app.view && app.mode !== "lobby") renderRoom(); });
    setInterval(tickClock, 250);
  }

  /** f fold, c check or call, r bet or raise (focuses the amount), Enter confirms the bet or raise. */
  function shortcut(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    const amountBox = target && target.id === "wager-amount";
    const typing = target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA") && !amountBox
      && target.type !== "range";
    if (typing || !M.myTurn(app) || $("actions").dataset.turn !== "yes") return;
    const key = event.key.toLowerCase();
    if (key === "enter") {
      if (target && target.tagName === "BUTTON" && !amountBox) return;  // the button's own click
      if (!$("wager").hidden) { event.preventDefault(); wager(); }
      return;
    }
    if (amountBox) return;
    if (key === "f" && !$("act-fold").hidden) { event.preventDefault(); act({ action: "fold" }); }
    else if (key === "c" && !$("act-check").hidden) { event.preventDefault(); act({ action: "check" }); }
    else if (key === "c" && !$("act-call").hidden) { event.preventDefault(); act({ action: "call" }); }
    else if (key === "r" && !$("wager").hidden) {
      event.preventDefault();
      const box = $("wager-amount");
      if (box.hidden) wager();  // limit: the one amount
      else { box.focus(); box.select(); }
    }
  }

  function start() {
    wire();
    const table = recall("table");
    let entrant = null;
    try { entrant = JSON.parse(recall("entrant") || "null"); } catch (e) { entrant = null; }
    let out = null;  // the tournament entry we are out of, its place's prize still to come
    try { out = JSON.parse(recall("out") || "null"); } catch (e) { out = null; }
    commit(M.start(app, { table, token: table && tokens()[table], watching: recall("watching"), entrant, out }));
  }

  start();
})();
