/* The browser table for `python -m engine serve`: the lobby, the table and its action bar, the showdown and the
 * hand history. Plain JavaScript, no build step, nothing fetched from another host: it talks to the server it
 * came from (GET /api/tables, the WebSocket at /ws; the protocol is docs/server.md).
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
  const GAMES = { "limit": "Limit", "pot-limit": "Pot-Limit", "no-limit": "No-Limit", "mixed": "Mixed" };
  const RUN_WORDS = ["", "Once", "Twice", "Three times"];

  const app = {
    ws: null,             // the WebSocket, once a seat is taken or a table watched
    queue: [],            // messages waiting for the socket to open
    mode: "lobby",        // lobby | seated | watching
    table: null,          // the table id we sit at or watch
    info: null,           // that table's lobby entry (title, blinds, buy_in, ...)
    tables: [],           // the lobby
    view: null,           // the last view message
    receivedAt: 0,        // when it came (for the clock)
    result: null,         // the last hand message
    rules: null,          // the rules of the last hand seen (boards, hole cards)
    names: {},            // table seat -> name, as last seen (for results after a player left)
    acted: null,          // the decision we answered ("hand:events"), so a button is pressed once
    history: [],          // [{number, phh}]
    historyAsked: false,
    historyMissing: false,
    lastSent: null,       // the type of the last message sent: what an "unknown_type" error refused
    closing: false,       // we closed the socket on purpose: do not reconnect
    takenOver: false,     // another window resumed our seat
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
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "style") node.style.cssText = value; // CSSOM: allowed by the CSP, a style attribute is not
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const cardsOf = (text) => (text ? text.split(/\s+/).filter(Boolean) : []);

  /** A face-up card drawn with CSS: rank and suit symbol, a colour per suit (a four-colour deck). */
  function card(code, classes) {
    const rank = code[0] === "T" ? "10" : code[0];
    const suit = code[1];
    return el("span", { class: `card suit-${suit} ${classes || ""}`.trim(), "data-card": code,
      title: `${rank} of ${SUIT_NAMES[suit]}` },
    el("span", { class: "rank", text: rank }), el("span", { class: "suit", text: SUITS[suit] }));
  }

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

  function stakes(info) {
    const [small, big] = info.blinds;
    const base = `${small}/${big}`;
    return info.game === "limit" ? `${base} (bets ${big}/${2 * big})` : base;
  }
  const gameName = (info) => `${GAMES[info.game] || info.game} Omaha Hi-Lo`;
  const nameOf = (seat) => app.names[seat] || `seat ${seat + 1}`;

  // --- the lobby ------------------------------------------------------------------------------------------------

  async function loadLobby() {
    try {
      const response = await fetch("/api/tables", { cache: "no-store" });
      const data = await response.json();
      app.tables = data.tables;
      if (!app.ws) setStatus("online", "online");
      if (app.table) app.info = app.tables.find((t) => t.id === app.table) || app.info;
      renderLobby();
      if (app.mode !== "lobby") renderRoom();
    } catch (error) {
      setStatus("offline", "server unreachable");
    }
  }

  function renderLobby() {
    const nobody = app.tables.every((info) => info.players.length === 0);
    $("no-bots").hidden = !nobody;
    const body = $("tables").tBodies[0];
    body.replaceChildren(...app.tables.map((info) => {
      const taken = info.players.length;
      const full = taken >= info.seats;
      const average = info.average_pot === undefined ? "\u2014" : Math.round(info.average_pot);
      return el("tr", { "data-table": info.id },
        el("td", {}, el("strong", { text: info.title }), info.title !== info.id ? el("small", { text: ` ${info.id}` }) : null),
        el("td", { text: gameName(info) }),
        el("td", { text: stakes(info) }),
        el("td", { class: "num", title: info.players.map((p) => p.name).join(", "), text: `${taken}/${info.seats}` }),
        el("td", { class: "num average-pot", text: average }),
        el("td", { class: "row-buttons" },
          el("button", { class: "primary sit", disabled: full, onclick: () => openJoin(info), text: full ? "Full" : "Sit down" }),
          el("button", { class: "watch", onclick: () => watch(info.id), text: "Watch" })));
    }));
  }

  function openJoin(info) {
    const form = $("join-form");
    form.hidden = false;
    form.dataset.table = info.id;
    $("join-title").textContent = info.title;
    const buyIn = $("join-buy-in");
    const [lo, hi] = info.buy_in;
    buyIn.min = lo; buyIn.max = hi; buyIn.value = hi;
    $("join-range").textContent = `${lo} to ${hi} chips`;
    const name = $("join-name");
    name.value = recall("name") || "";
    (name.value ? buyIn : name).focus();
  }

  function join(tableId, name, buyIn) {
    remember("name", name);
    app.table = tableId;
    app.info = app.tables.find((t) => t.id === tableId) || null;
    send({ type: "join", table: tableId, name: name, buy_in: buyIn });
  }

  function watch(tableId) {
    app.table = tableId;
    app.info = app.tables.find((t) => t.id === tableId) || null;
    send({ type: "watch", table: tableId });
  }

  // --- the connection -------------------------------------------------------------------------------------------

  function send(data) {
    app.lastSent = data.type;
    if (!app.ws || app.ws.readyState > WebSocket.OPEN) connect();
    if (app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(data));
    else app.queue.push(data);
  }

  function connect() {
    app.closing = false;
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
    const ws = new WebSocket(url);
    app.ws = ws;
    setStatus("connecting", "connecting\u2026");
    ws.onopen = () => {
      app.retry = 500;
      setStatus("online", "connected");
      const queued = app.queue;
      app.queue = [];
      for (const data of queued) ws.send(JSON.stringify(data));
    };
    ws.onmessage = (event) => receive(JSON.parse(event.data));
    ws.onclose = () => {
      if (app.ws !== ws) return;
      app.ws = null;
      setStatus("offline", app.takenOver ? "open in another window" : "offline");
      if (app.closing || app.takenOver || app.mode === "lobby") return;
      setStatus("connecting", "reconnecting\u2026");
      setTimeout(reconnect, app.retry);
      app.retry = Math.min(app.retry * 2, 8000);
    };
  }

  /** After a drop: take the seat back with the token, or watch again. */
  function reconnect() {
    if (app.ws || app.closing || app.takenOver) return;
    const token = app.table && tokens()[app.table];
    if (app.mode === "seated" && token) send({ type: "resume", token: token });
    else if (app.mode === "watching") send({ type: "watch", table: app.table });
  }

  function disconnect() {
    app.closing = true;
    if (app.ws) app.ws.close(1000, "bye");
    app.ws = null;
    app.queue = [];
  }

  function receive(data) {
    switch (data.type) {
      case "welcome":
        app.mode = "seated";
        app.table = data.table;
        app.takenOver = false;
        if (data.token) saveToken(data.table, data.token);
        remember("table", data.table);
        remember("watching", null);
        enterRoom();
        break;
      case "watching":
        app.mode = "watching";
        app.table = data.table;
        remember("watching", data.table);
        enterRoom();
        break;
      case "view":
        if (data.table !== app.table) return;
        app.view = data;
        app.receivedAt = performance.now();
        noteNames(data.view);
        if (data.view.hand) app.rules = data.view.hand.rules;
        if (!app.historyAsked && !app.historyMissing) askHistory();
        renderRoom();
        break;
      case "hand":
        if (data.table !== app.table) return;
        app.result = data;
        renderResult();
        renderRoom();
        askHistory();
        break;
      case "history":
        app.history = data.hands || [];
        renderHistory();
        break;
      case "left":
        saveToken(data.table, null);
        remember("table", null);
        leaveRoom(data.reason === "busted" ? `You are out of chips at ${data.table}.`
          : `You left ${data.table} with ${data.chips} chips.`);
        break;
      case "error":
        refused(data.code, data.message);
        break;
      default:
        break;  // pong, deal (provably-fair tables): nothing to draw
    }
  }

  function refused(code, text) {  // branches on the code (docs/server.md, "Errors"), never on the text
    if (code === "unknown_token") {
      saveToken(app.table, null);
      remember("table", null);
      leaveRoom("Your seat is gone (you were away too long, or the server forgot it). Sit down again.");
      return;
    }
    if (code === "resumed_elsewhere") {
      app.takenOver = true;
      notice("This seat is now played in another window. Reload this page to play here again.", "error");
      return;
    }
    if (code === "unknown_type" && app.lastSent === "history") {
      app.historyMissing = true;
      renderHistory();
      return;
    }
    if (code === "unknown_type" && app.lastSent === "watch") {
      leaveRoom("This server does not offer watching a table.");
      return;
    }
    app.acted = null;  // a refused action: the buttons come back
    notice(text, "error");
    if (app.view) renderRoom();
  }

  function askHistory() {
    if (app.historyMissing || app.mode === "lobby") return;
    app.historyAsked = true;
    send({ type: "history", count: 10 });
  }

  function noteNames(view) {
    view.seats.forEach((player, seat) => { if (player) app.names[seat] = player.name; });
  }

  // --- screens --------------------------------------------------------------------------------------------------

  function showScreen(name) {
    document.body.dataset.screen = name;
    $("lobby").hidden = name !== "lobby";
    $("room").hidden = name !== "room";
    clearInterval(app.lobbyTimer);
    if (name === "lobby") {
      $("where").textContent = "";
      loadLobby();
      app.lobbyTimer = setInterval(loadLobby, 3000);
    }
  }

  function enterRoom() {
    $("join-form").hidden = true;
    showScreen("room");
    if (!app.info || app.info.id !== app.table) loadLobby();
    renderRoom();
  }

  function leaveRoom(message) {
    disconnect();
    app.mode = "lobby";
    app.view = null;
    app.result = null;
    app.history = [];
    app.historyAsked = false;
    app.acted = null;
    app.table = null;
    remember("watching", null);
    delete $("watch-join").dataset.table;
    $("result").replaceChildren(el("p", { class: "hint", text: "No hand finished yet." }));
    $("history").replaceChildren();
    showScreen("lobby");
    if (message) notice(message);
  }

  // --- the table ------------------------------------------------------------------------------------------------

  /** The hand in play as drawn: the view's hand, or between hands the last result (kept until the next deal). */
  function showdownOnTable() {
    const m = app.view;
    return m && !m.view.hand && app.result && app.result.number === m.hand_number ? app.result : null;
  }

  function renderRoom() {
    const m = app.view;
    const info = app.info;
    const about = info ? `${gameName(info)} ${stakes(info)}` : "";
    $("where").textContent = !info ? app.table || "" : info.title.startsWith(gameName(info)) ? info.title
      : `${info.title} \u00b7 ${about}`;
    $("watch-controls").hidden = app.mode !== "watching";
    $("seat-controls").hidden = app.mode !== "seated";
    if (app.mode === "watching" && info && $("watch-join").dataset.table !== info.id) {
      $("watch-join").dataset.table = info.id;  // filled in once: never under the user's typing
      $("watch-buy-in").min = info.buy_in[0]; $("watch-buy-in").max = info.buy_in[1];
      $("watch-buy-in").value = info.buy_in[1];
      $("watch-name").value = recall("name") || "";
    }
    if (!m) {
      $("seats").replaceChildren();
      $("boards").replaceChildren();
      $("pot").textContent = "";
      $("message").textContent = app.mode === "lobby" ? "" : "Connecting\u2026";
      renderActions(null);
      return;
    }
    const view = m.view;
    const hand = view.hand;
    const felt = $("felt");
    felt.dataset.hand = m.hand_number;
    felt.dataset.street = hand ? hand.street : (showdownOnTable() ? "showdown" : "between");
    renderSeats(m);
    renderBoards(m);
    renderPot(m);
    renderMessage(m);
    renderActions(m);
    renderSeatControls(m);
  }

  function seatPlace(index, count) {
    const angle = (90 + (index * 360) / count) * (Math.PI / 180);
    return { cos: Math.cos(angle), sin: Math.sin(angle) };
  }

  /** The last thing each hand seat did on this street ("call 4", "raise to 12"). */
  function lastActions(hand) {
    const said = {};
    for (const event of hand.events) {
      if (event.event === "board_dealt") for (const key of Object.keys(said)) delete said[key];
      else if (event.event === "acted") {
        const what = event.action === "bet" || event.action === "raise" ? `${event.action} to ${event.to}`
          : event.action === "call" ? `call ${event.added}` : event.action;
        said[event.seat] = event.all_in ? `${what} (all-in)` : what;
      } else if (event.event === "posted") said[event.seat] = `${event.kind} ${event.amount}`;
    }
    return said;
  }

  function winningCards(result) {
    const high = new Set(), low = new Set();
    if (!result) return { high, low };
    for (const pot of result.pots) {
      if (pot.high_hand) cardsOf(pot.high_hand.cards).forEach((c) => high.add(c));
      if (pot.low_hand) cardsOf(pot.low_hand.cards).forEach((c) => low.add(c));
    }
    return { high, low };
  }

  const highlight = (code, wins) => [wins.high.has(code) ? "win-high" : "", wins.low.has(code) ? "win-low" : ""].join(" ");

  function renderSeats(m) {
    const view = m.view;
    const hand = view.hand;
    const result = showdownOnTable();
    const wins = winningCards(result);
    const count = view.seats.length;
    const anchor = view.seat >= 0 ? view.seat : 0;
    const said = hand ? lastActions(hand) : {};
    const holeCount = (app.rules && app.rules.hole_cards) || 4;
    const nodes = [];
    view.seats.forEach((player, seat) => {
      const place = seatPlace((seat - anchor + count) % count, count);
      const style = `left:${50 + 43 * place.cos}%;top:${50 + 41 * place.sin}%`;
      if (!player) {
        nodes.push(el("div", { class: "seat empty", style, "data-seat": seat }, el("span", { text: "empty seat" })));
        return;
      }
      const hs = view.hand_seats.indexOf(seat);
      const inHand = hand && hs >= 0;
      const me = seat === view.seat;
      const stack = inHand ? hand.stacks[hs] : player.stack;
      const bet = inHand ? hand.bets[hs] : 0;
      const folded = inHand && hand.folded[hs];
      const acting = m.clock.actor === seat;
      let cards = [];
      const shown = Boolean(inHand ? hand.shown[hs] : result && result.shown[String(seat)]);
      if (inHand) {
        if (hs === hand.seat) cards = cardsOf(hand.hole).map((c) => card(c));
        else if (hand.shown[hs]) cards = cardsOf(hand.shown[hs]).map((c) => card(c));
        else if (!folded) cards = Array.from({ length: holeCount }, cardBack);
      } else if (result && result.shown[String(seat)]) {
        cards = cardsOf(result.shown[String(seat)]).map((c) => card(c, highlight(c, wins)));
      }
      let status = "";
      if (inHand && folded) status = "folded";
      else if (inHand && hand.all_in[hs]) status = "all-in";
      else if (player.leaving) status = "leaving";
      else if (player.sitting_out) status = "sitting out";
      else if (player.waiting) status = "waits for the big blind";
      const badges = [];
      if (result) {
        const high = result.pots.some((pot) => pot.high.includes(seat));
        const low = result.pots.some((pot) => pot.low.includes(seat));
        if (high) badges.push(el("span", { class: "badge high", text: "High" }));
        if (low) badges.push(el("span", { class: "badge low", text: "Low" }));
        const net = result.net[String(seat)];
        if (net !== undefined && net !== 0) {
          badges.push(el("span", { class: `net ${net > 0 ? "won" : "lost"}`, text: net > 0 ? `+${net}` : `${net}` }));
        }
      }
      const classes = ["seat", me ? "me" : "", acting ? "acting" : "", folded ? "folded" : "",
        player.sitting_out ? "away" : "", badges.length && result ? "showdown" : ""].filter(Boolean).join(" ");
      nodes.push(el("div", { class: classes, style, "data-seat": seat, "data-name": player.name },
        el("div", { class: shown ? "hole shown" : "hole" }, cards),
        el("div", { class: "plate" },
          el("span", { class: "name", text: player.name }),
          el("span", { class: "stack", text: stack }),
          status ? el("span", { class: "state", text: status }) : null,
          inHand && said[hs] && !status ? el("span", { class: "said", text: said[hs] }) : null,
          acting ? el("span", { class: "clock", "data-clock": "1" }) : null),
        badges.length ? el("div", { class: "badges" }, badges) : null));
      if (bet > 0) {
        nodes.push(el("div", { class: "bet", style: `left:${50 + 27 * place.cos}%;top:${50 + 23 * place.sin}%`,
          "data-seat": seat }, el("span", { class: "chip" }), el("span", { text: bet })));
      }
      if (seat === view.button) {
        nodes.push(el("div", { class: "dealer", title: "the dealer button", text: "D",
          style: `left:${50 + 27 * place.cos - 9 * place.sin}%;top:${50 + 23 * place.sin + 9 * place.cos}%` }));
      }
    });
    $("seats").replaceChildren(...nodes);
    tickClock();
  }

  function renderBoards(m) {
    const hand = m.view.hand;
    const result = showdownOnTable();
    const boards = hand ? hand.boards : result ? result.boards : [];
    const wins = winningCards(result);
    const several = boards.length > 1;
    const doubleBoard = app.rules && app.rules.boards > 1;
    $("boards").replaceChildren(...boards.map((text, index) => {
      const cards = cardsOf(text);
      const row = cards.map((c) => card(c, highlight(c, result ? boardWins(result, index) : wins)));
      while (row.length < 5) row.push(slot());
      return el("div", { class: "board", "data-board": index },
        several ? el("span", { class: "board-label", text: `${doubleBoard ? "Board" : "Run"} ${index + 1}` }) : null,
        row);
    }));
  }

  /** The winning cards of the pots played on one board (a run or a second board has its own winners). */
  function boardWins(result, index) {
    return winningCards({ pots: result.pots.filter((pot) => (pot.board || 0) === index) });
  }

  function renderPot(m) {
    const hand = m.view.hand;
    const result = showdownOnTable();
    const pot = $("pot");
    if (hand) {
      const parts = [el("span", { class: "pot-total", text: `Pot ${hand.pot_total}` })];
      if (hand.pots.length > 1) {
        parts.push(el("span", { class: "side-pots" },
          hand.pots.map((p, i) => el("span", { class: "side-pot", text: `${i ? `Side pot ${i}` : "Main"} ${p.amount}` }))));
      }
      pot.replaceChildren(...parts);
    } else if (result) {
      const total = result.pots.reduce((sum, p) => sum + p.amount, 0);
      pot.replaceChildren(el("span", { class: "pot-total", text: `Pot ${total}` }));
    } else {
      pot.replaceChildren();
    }
  }

  function renderMessage(m) {
    const view = m.view;
    const result = showdownOnTable();
    let text = "";
    if (view.hand) {
      text = `Hand #${m.hand_number} \u00b7 ${view.hand.street}`;
    } else if (result) {
      text = summary(result);
    } else {
      const ready = view.seats.filter((p) => p && !p.sitting_out).length;
      text = ready < 2 ? "Waiting for another player\u2026" : "The next hand is coming\u2026";
    }
    $("message").textContent = text;
  }

  /** "ann wins high, bob wins low" for a finished hand. */
  function summary(result) {
    const high = new Set(), low = new Set();
    for (const pot of result.pots) {
      pot.high.forEach((s) => high.add(nameOf(s)));
      pot.low.forEach((s) => low.add(nameOf(s)));
    }
    const hasLow = result.pots.some((pot) => pot.low.length);
    const showdown = result.pots.some((pot) => pot.high_hand);
    if (!showdown) return `Hand #${result.number}: ${[...high].join(", ")} wins`;
    return `Hand #${result.number}: ${[...high].join(", ")} wins high, `
      + (hasLow ? `${[...low].join(", ")} wins low` : "no low");
  }

  // --- acting ---------------------------------------------------------------------------------------------------

  function decisionKey(m) {
    return `${m.hand_number}:${m.view.hand.events.length}`;
  }

  function myTurn(m) {
    return m && app.mode === "seated" && m.view.hand && m.view.hand.legal && m.clock.actor === m.view.seat;
  }

  function act(action) {
    const m = app.view;
    if (!myTurn(m) || app.acted === decisionKey(m)) return;
    app.acted = decisionKey(m);
    send({ type: "act", action: action });
    renderActions(m);
  }

  function renderActions(m) {
    const bar = $("actions");
    const mine = myTurn(m) && app.acted !== decisionKey(m);
    bar.dataset.turn = mine ? "yes" : "no";
    bar.dataset.decision = m && m.view.hand ? decisionKey(m) : "";
    for (const id of ["act-fold", "act-check", "act-call", "act-show", "act-muck"]) $(id).hidden = true;
    $("wager").hidden = true;
    $("runs").hidden = true;
    const info = $("turn-info");
    if (!m || !m.view.hand) {
      info.textContent = m && showdownOnTable() ? "The next hand is dealt in a moment" : "";
      return;
    }
    if (!mine) {
      const actor = m.clock.actor;
      info.textContent = actor === null || actor === undefined ? ""
        : actor === m.view.seat ? "Sending\u2026" : `Waiting for ${nameOf(actor)}`;
      return;
    }
    const hand = m.view.hand;
    const legal = hand.legal;
    info.textContent = "Your turn";
    $("act-fold").hidden = !legal.fold;
    $("act-check").hidden = !legal.check;
    if (legal.call > 0) {
      $("act-call").hidden = false;
      $("act-call").firstChild.textContent = `Call ${legal.call} `;
    }
    if (legal.wager) setUpWager(hand, legal);
    if (legal.runs > 0) {
      const runs = $("runs");
      runs.hidden = false;
      runs.replaceChildren(el("span", { text: "Run it how many times?" }),
        ...Array.from({ length: legal.runs }, (_, i) => el("button", { class: "act run", "data-times": i + 1,
          onclick: () => act({ action: "run", times: i + 1 }), text: RUN_WORDS[i + 1] || `${i + 1} times` })));
    }
    $("act-show").hidden = !legal.show;
    $("act-muck").hidden = !legal.muck;
  }

  function setUpWager(hand, legal) {
    const me = hand.seat;
    const top = Math.max(...hand.bets);
    const toCall = top - hand.bets[me];
    const afterCall = hand.pot_total + toCall;
    const clamp = (n) => Math.max(legal.min_to, Math.min(legal.max_to, Math.floor(n)));
    const fixed = legal.min_to === legal.max_to;
    const allIn = legal.max_to === hand.bets[me] + hand.stacks[me];
    $("wager").hidden = false;
    $("wager").dataset.kind = legal.wager;
    for (const id of ["wager-slider", "wager-amount"]) {
      const input = $(id);
      input.min = legal.min_to; input.max = legal.max_to; input.step = 1;
      input.value = legal.min_to;
      input.hidden = fixed;
      input.disabled = fixed;
    }
    $("quick-half").hidden = fixed;
    $("quick-pot").hidden = fixed;
    $("quick-max").hidden = fixed;
    $("quick-half").dataset.to = clamp(top + afterCall / 2);
    $("quick-pot").dataset.to = clamp(top + afterCall);
    $("quick-max").dataset.to = legal.max_to;
    $("quick-max").textContent = allIn ? "All-in" : "Max";
    labelWager();
  }

  function wagerAmount() {
    const input = $("wager-amount");
    return Number(input.value);
  }

  function labelWager() {
    const legal = app.view && app.view.view.hand && app.view.view.hand.legal;
    if (!legal || !legal.wager) return;
    const amount = wagerAmount();
    const ok = Number.isInteger(amount) && amount >= legal.min_to && amount <= legal.max_to;
    const button = $("act-wager");
    button.firstChild.textContent = `${legal.wager === "bet" ? "Bet" : "Raise to"} ${ok ? amount : "?"} `;
    button.disabled = !ok;
    $("wager-amount").classList.toggle("invalid", !ok);
  }

  function setWager(amount) {
    $("wager-amount").value = amount;
    $("wager-slider").value = amount;
    labelWager();
  }

  function wager() {
    const legal = app.view && app.view.view.hand && app.view.view.hand.legal;
    if (!legal || !legal.wager) return;
    const amount = wagerAmount();
    if (!Number.isInteger(amount) || amount < legal.min_to || amount > legal.max_to) {
      notice(`Bet or raise to between ${legal.min_to} and ${legal.max_to}.`, "error");
      return;
    }
    act({ action: legal.wager, to: amount });
  }

  // --- the clock ------------------------------------------------------------------------------------------------

  function tickClock() {
    const m = app.view;
    if (!m || m.clock.seconds === null || m.clock.seconds === undefined) return;
    const left = Math.max(0, m.clock.seconds - (performance.now() - app.receivedAt) / 1000);
    for (const node of document.querySelectorAll("[data-clock]")) {
      node.textContent = `${Math.ceil(left)}s`;
      node.classList.toggle("low", left < 10);
    }
    if (myTurn(m)) $("turn-info").textContent = app.acted === decisionKey(m) ? "Sending\u2026" : `Your turn \u00b7 ${Math.ceil(left)}s`;
  }

  // --- seat controls --------------------------------------------------------------------------------------------

  function renderSeatControls(m) {
    const view = m.view;
    const player = view.seat >= 0 ? view.seats[view.seat] : null;
    if (!player) return;
    const away = player.sitting_out || player.leaving;
    $("sit-out").hidden = away;
    $("come-back").hidden = !away;
    $("come-back").textContent = player.leaving ? "Stay" : "Come back";
    const room = app.info ? app.info.buy_in[1] - player.stack : 0;
    const dealtIn = Boolean(view.hand) && view.hand_seats.includes(view.seat);  // chips go on after the hand
    const topUp = $("top-up-amount");
    topUp.max = Math.max(1, room);
    topUp.placeholder = room < 1 ? "full" : dealtIn ? "after this hand" : `up to ${room}`;
    $("top-up").disabled = room < 1 || dealtIn;
    const straddle = $("straddle-choice");
    straddle.hidden = m.straddle === undefined;
    if (m.straddle !== undefined) $("straddle").checked = m.straddle;
  }

  // --- results and history --------------------------------------------------------------------------------------

  function renderResult() {
    const result = app.result;
    const wins = winningCards(result);
    const boards = result.boards.filter(Boolean);
    const parts = [el("p", { class: "summary", text: summary(result) })];
    boards.forEach((text, index) => {
      parts.push(el("div", { class: "result-board" },
        el("span", { class: "label", text: boards.length > 1 ? `Board ${index + 1}` : "Board" }),
        cardsOf(text).map((c) => card(c, highlight(c, boardWins(result, index))))));
    });
    result.pots.forEach((pot, index) => {
      const title = `${index === 0 ? "Main pot" : `Side pot ${index}`} \u00b7 ${pot.amount}`
        + (boards.length > 1 ? ` \u00b7 board ${(pot.board || 0) + 1}` : "");
      const rows = [el("h4", { text: title })];
      rows.push(el("div", { class: "winner high-winner" }, el("span", { class: "badge high", text: "High" }),
        el("span", { class: "who", text: pot.high.map(nameOf).join(", ") }),
        pot.high_hand ? el("span", { class: "hand-name", text: pot.high_hand.name }) : null,
        pot.high_hand ? el("span", { class: "five" }, cardsOf(pot.high_hand.cards).map((c) => card(c, "win-high"))) : null));
      if (pot.low.length) {
        rows.push(el("div", { class: "winner low-winner" }, el("span", { class: "badge low", text: "Low" }),
          el("span", { class: "who", text: pot.low.map(nameOf).join(", ") }),
          pot.low_hand ? el("span", { class: "hand-name", text: pot.low_hand.name }) : null,
          pot.low_hand ? el("span", { class: "five" }, cardsOf(pot.low_hand.cards).map((c) => card(c, "win-low"))) : null));
      } else if (pot.high_hand) {
        rows.push(el("div", { class: "winner no-low", text: "No qualifying low: high takes the pot" }));
      }
      rows.push(el("div", { class: "payouts", text: "Paid: " + pot.payouts.map(([s, chips]) => `${nameOf(s)} ${chips}`).join(", ") }));
      parts.push(el("div", { class: "pot-result", "data-pot": index }, rows));
    });
    const shown = Object.entries(result.shown);
    if (shown.length) {
      parts.push(el("div", { class: "shown" }, el("h4", { text: "Shown" }),
        shown.map(([seat, text]) => el("div", { class: "shown-hand", "data-seat": seat },
          el("span", { class: "who", text: nameOf(Number(seat)) }),
          cardsOf(text).map((c) => card(c, highlight(c, wins)))))));
    }
    if (result.rake) parts.push(el("p", { class: "hint", text: `Rake ${result.rake}` }));
    $("result").replaceChildren(...parts);
    $("result").dataset.hand = result.number;
  }

  function renderHistory() {
    const list = $("history");
    const download = $("history-download");
    if (app.historyMissing) {
      list.replaceChildren(el("li", { class: "hint", text: "This server does not keep a history for the page." }));
      download.disabled = true;
      return;
    }
    const hands = [...app.history].sort((a, b) => b.number - a.number);
    list.replaceChildren(...hands.map((h) => el("li", { "data-hand": h.number },
      el("details", {}, el("summary", { text: `Hand #${h.number}` }),
        h.phh ? el("pre", { class: "phh", text: h.phh }) : el("p", { class: "hint", text: "(no PHH for this hand)" })))));
    download.disabled = !hands.some((h) => h.phh);
  }

  function downloadHistory() {
    const hands = [...app.history].filter((h) => h.phh).sort((a, b) => a.number - b.number);
    if (!hands.length) return;
    // A .phhs file: one TOML table per hand, named by its number (as engine.history.write_phhs writes them).
    const text = hands.map((h) => `[${h.number}]\n${h.phh.trim()}\n`).join("\n");
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = el("a", { href: url, download: `${app.table}-hands.phhs` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // --- wiring ---------------------------------------------------------------------------------------------------

  function wire() {
    $("home").addEventListener("click", (event) => {
      event.preventDefault();
      if (app.mode === "lobby") loadLobby();
      else if (app.mode === "watching") leaveRoom();
      else notice("You are seated: use Leave table to go back to the lobby.");
    });
    $("join-form").addEventListener("submit", (event) => {
      event.preventDefault();
      join(event.target.dataset.table, $("join-name").value.trim(), Number($("join-buy-in").value));
    });
    $("join-cancel").addEventListener("click", () => { $("join-form").hidden = true; });
    $("watch-join").addEventListener("submit", (event) => {
      event.preventDefault();
      join(app.table, $("watch-name").value.trim(), Number($("watch-buy-in").value));
    });
    $("stop-watching").addEventListener("click", () => leaveRoom());
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
    $("sit-out").addEventListener("click", () => send({ type: "sit_out" }));
    $("come-back").addEventListener("click", () => send({ type: "come_back" }));
    $("leave").addEventListener("click", () => {
      send({ type: "leave" });
      if (app.view && app.view.view.hand) notice("You leave when this hand ends.");
    });
    $("top-up").addEventListener("click", () => {
      const amount = Number($("top-up-amount").value);
      if (!Number.isInteger(amount) || amount < 1) { notice("Top up by a whole number of chips.", "error"); return; }
      send({ type: "top_up", amount: amount });
      $("top-up-amount").value = "";
    });
    $("straddle").addEventListener("change", (event) => send({ type: "straddle", on: event.target.checked }));
    $("history-download").addEventListener("click", downloadHistory);
    document.addEventListener("keydown", shortcut);
    setInterval(tickClock, 250);
  }

  /** f fold, c check or call, r bet or raise (focuses the amount), Enter confirms the bet or raise. */
  function shortcut(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    const amountBox = target && target.id === "wager-amount";
    const typing = target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA") && !amountBox
      && target.type !== "range";
    if (typing || !myTurn(app.view) || $("actions").dataset.turn !== "yes") return;
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
    const seated = recall("table");
    const token = seated && tokens()[seated];
    const watching = recall("watching");
    if (token) {
      app.mode = "seated";
      app.table = seated;
      showScreen("room");
      loadLobby();
      send({ type: "resume", token: token });
    } else if (watching) {
      app.mode = "watching";
      showScreen("room");
      watch(watching);
      loadLobby();
    } else {
      showScreen("lobby");
    }
  }

  start();
})();
