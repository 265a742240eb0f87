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
    history: new Map(),   // hand number -> {number, phh}, every page the server sent
    sinceUnset: false,    // a seat just taken (or a table just watched): its first view says where it began
    downloading: false,   // Download PHH is asking for older pages
    pagingFrom: null,
    anchor: 0,            // the table seat drawn at the bottom (ours, and still after we bust)
    bets: {},             // table seat -> the bet drawn last render (a changed one moves)
    cardsDrawn: new Set(),  // "where:card" drawn last render (a new one is dealt in)
    potShown: null,
    busted: false,        // out of chips: the table stays on screen, with a rebuy or the lobby
    pre: null,            // the pre-action ticked: {kind: "check-fold" | "call" | "call-any", amount}
    commitments: {},      // hand number -> the commitment sent before its deal (provably-fair tables)
    dealtSeen: null,      // what the last hand in play dealt us: {number, players, button, seat, hole}
    historyAsked: false,
    historyMissing: false,
    lastSent: null,       // the type of the last message sent: what an "unknown_type" error refused
    closing: false,       // we closed the socket on purpose: do not reconnect
    takenOver: false,     // another window resumed our seat
    reloaded: false,      // this page took its seat (or table) back from localStorage, not from the lobby
    away: null,           // why our seat sat out at the last view ("" playing; null: no view of our seat yet)
    awayReason: null,     // why the server sat us out ("timeouts", "away"), said beside Come back until dealt in
    toppingUp: null,      // a top-up sent: {amount, from}, confirmed when the view shows the chips
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
  /** A table as people know it: its title from the lobby (its id only until the lobby is known). */
  const titleOf = (id) => (app.tables.find((t) => t.id === id) || {}).title || id;

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
        el("td", {}, el("strong", { text: info.title }), info.title !== info.id ? [" ", el("small", { class: "word", text: info.id })] : null),
        el("td", {}, nameWords(gameName(info))),
        el("td", { text: stakes(info) }),
        el("td", { class: "buy-in", "data-label": "Buy-in", text: `${info.buy_in[0]}\u2013${info.buy_in[1]}` }),
        el("td", { class: "num", "data-label": "Seats", title: info.players.map((p) => p.name).join(", "),
          text: `${taken}/${info.seats}` }),
        el("td", { class: "num average-pot", "data-label": "Average pot", text: average }),
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
    buyIn.min = lo; buyIn.max = hi; buyIn.value = offeredBuyIn(info);
    $("join-range").textContent = `${lo} to ${hi} chips`;
    const name = $("join-name");
    name.value = recall("name") || "";
    // Below the table list (on a phone, below the fold): brought into view, the name ready to type.
    form.scrollIntoView({ block: "nearest" });
    name.focus({ preventScroll: true });
  }

  /** The buy-in a form offers: what the player last bought in for (at any table), held to this table's range;
   * the table's maximum for a first visit. */
  function offeredBuyIn(info) {
    const [lo, hi] = info.buy_in;
    const last = Number(recall("buy_in"));
    return Number.isInteger(last) && last > 0 ? Math.max(lo, Math.min(hi, last)) : hi;
  }

  function join(tableId, name, buyIn) {
    remember("name", name);
    if (Number.isInteger(buyIn) && buyIn > 0) remember("buy_in", String(buyIn));
    app.table = tableId;
    app.info = app.tables.find((t) => t.id === tableId) || null;
    send({ type: "join", table: tableId, name: name, buy_in: buyIn });
  }

  function watch(tableId) {
    app.table = tableId;
    app.info = app.tables.find((t) => t.id === tableId) || null;
    app.reloaded = false;
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
        // A rebuy after busting is a new seat (a new token) but the same stay at the table: the download still
        // goes back to the first hand since the player first sat down here.
        if (data.token) { saveToken(data.table, data.token); app.sinceUnset = !app.busted; app.reloaded = false; }
        app.busted = false;
        remember("table", data.table);
        remember("watching", null);
        enterRoom();
        break;
      case "watching":
        app.mode = "watching";
        app.table = data.table;
        if (!app.busted) app.sinceUnset = true;
        remember("watching", data.table);
        enterRoom();
        break;
      case "view":
        if (data.table !== app.table) return;
        if (data.view.hand && (!app.view || app.view.hand_number !== data.hand_number)) newHand(data);
        app.view = data;
        app.receivedAt = performance.now();
        noteNames(data.view);
        noteFirstHand(data);
        noteSatOut(data);
        noteTopUp(data);
        if (data.view.seat >= 0) app.anchor = data.view.seat;
        if (data.view.hand) {
          app.rules = data.view.hand.rules;
          if (data.commitment) app.commitments[data.hand_number] = data.commitment;
          app.dealtSeen = { number: data.hand_number, players: data.view.hand_seats.length,
            button: data.view.hand.button, seat: data.view.hand.seat >= 0 ? data.view.hand.seat : null,
            hole: cardsOf(data.view.hand.hole) };
        }
        if (!app.historyAsked && !app.historyMissing) askHistory();
        renderRoom();
        preAct(data);
        break;
      case "deal":
        if (data.table === app.table) app.commitments[data.number] = data.commitment;
        break;
      case "hand":
        if (data.table !== app.table) return;
        app.result = data;
        renderResult();
        renderRoom();
        checkFair(data);
        askHistory();
        break;
      case "history":
        // A hand already held is kept as first received: the server gives a seat the hole cards of the hands its
        // own sitting was dealt, so after a rebuy (a new sitting) the same hand comes back without them.
        for (const hand of data.hands || []) if (!app.history.has(hand.number)) app.history.set(hand.number, hand);
        renderHistory();
        if (app.downloading) downloadHistory();
        break;
      case "left":
        saveToken(data.table, null);
        remember("table", null);
        if (data.reason === "busted") bust(data.table);
        else leaveRoom(`You left ${titleOf(data.table)} with ${data.chips} chips.`);
        break;
      case "error":
        refused(data.code, data.message);
        break;
      default:
        break;  // pong: nothing to draw
    }
  }

  function refused(code, text) {  // branches on the code (docs/server.md, "Errors"), never on the text
    if (code === "no_seat" && app.mode !== "seated") {
      // A request that crossed our seat going (a history asked on the last hand's result, just before the
      // "left" that busted us): nothing to tell the player; the page asks again once it watches.
      return;
    }
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
    app.toppingUp = null;
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
    app.history = new Map();
    app.historyAsked = false;
    app.busted = false;
    app.pre = null;
    $("fair").hidden = true;
    app.acted = null;
    app.table = null;
    app.away = null;  // a seat taken next starts afresh: its first view is not a change
    app.awayReason = null;
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
      $("watch-buy-in").value = offeredBuyIn(info);
      $("watch-name").value = recall("name") || "";
    }
    $("watch-lead").textContent = app.busted ? "You are out of chips. Buy in again:" : "You are watching.";
    $("watch-submit").textContent = app.busted ? "Rebuy" : "Sit down";
    $("stop-watching").textContent = "Back to the lobby";
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
    renderPre(m);
    renderSeatControls(m);
    placeBets();  // last: it measures everything else as drawn
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
        // A card room's words: "bets 20" (a first bet is its amount), "raises to 40", "calls 20", "checks".
        const what = event.action === "bet" ? `bets ${event.to}` : event.action === "raise" ? `raises to ${event.to}`
          : event.action === "call" ? `calls ${event.added}` : { check: "checks", fold: "folds" }[event.action] || event.action;
        said[event.seat] = event.all_in ? `${what} (all-in)` : what;
      } else if (event.event === "posted") said[event.seat] = `posts ${event.kind} ${event.amount}`;
    }
    return said;
  }

  // --- who won what, with which cards ---------------------------------------------------------------------------

  /** A pot's winners' hands per half: [{seat, name, cards}], each winner's own five cards (the server's
   * `high_hands` / `low_hands`; an older server's one `high_hand` / `low_hand` stands for the first winner). */
  function handsOf(pot, half) {
    const own = pot[`${half}_hands`];
    if (own) return own;
    const one = pot[`${half}_hand`];
    const winners = pot[half];
    return one && winners.length ? [{ seat: winners[0], name: one.name, cards: one.cards }] : [];
  }

  /** The cards to mark: every winning hand's five (on the board), or only ``seat``'s own hands' (at its seat). */
  function winningCards(result, seat) {
    const high = new Set(), low = new Set();
    if (!result) return { high, low };
    for (const pot of result.pots) {
      for (const [half, marks] of [["high", high], ["low", low]]) {
        for (const hand of handsOf(pot, half)) {
          if (seat === undefined || hand.seat === seat) cardsOf(hand.cards).forEach((c) => marks.add(c));
        }
      }
    }
    return { high, low };
  }

  const highlight = (code, wins) => [wins.high.has(code) ? "win-high" : "", wins.low.has(code) ? "win-low" : ""].join(" ");

  const listed = (names) => names.length < 2 ? names.join("")
    : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;

  /** Whether hands were shown for a pot (a pot nobody called is won, not contested): a history's pot says so,
   * a `hand` message's pot has the winning hands. */
  const contested = (pot) => pot.contested !== undefined ? pot.contested
    : Boolean(pot.high_hand) || handsOf(pot, "high").length > 0;

  /** How one pot went, in a card room's words: "ann scoops", "ann wins the high, bob and cy split the low",
   * "ann wins the pot" (nobody called: no hand was shown). ``name`` turns a winner into a name; ``where`` names
   * the pot when the hand had several ("the main pot", "side pot 1"). */
  function potStory(pot, name, where) {
    const high = pot.high.map(name), low = pot.low.map(name);
    const the = where || "the pot";
    if (!contested(pot)) return `${listed(high)} ${high.length > 1 ? "split" : "wins"} ${the}`;
    const same = low.length === high.length && pot.low.every((s) => pot.high.includes(s));
    if (!low.length || same) {
      if (high.length > 1) return `${listed(high)} split ${the}`;
      return `${high[0]} scoops${where ? ` ${where}` : ""}`;
    }
    const half = (names, which) => names.length > 1 ? `${listed(names)} split the ${which}` : `${names[0]} wins the ${which}`;
    return `${where ? `in ${where} ` : ""}${half(high, "high")}, ${half(low, "low")}`;
  }

  /** The headline of a finished hand: who won what across all its pots, "Hand #12: ann scoops", "Hand #12: bob
   * scoops the main pot; ann wins side pot 1 and side pot 2" (pots that went the same way are named together),
   * "(no low)" when hands were shown and no pot had a low. One function for a hand seen ending (the `hand`
   * message, winners by table seat) and a hand from the history (its `pots`, winners by name): ``name`` turns a
   * winner into a name. */
  function headline(number, pots, name) {
    if (!pots.length) return `Hand #${number}: no pot`;
    const MARK = "\u0000";
    const groups = new Map();  // the story with the pot's name left out -> the pots' names
    pots.forEach((pot, index) => {
      const where = pots.length > 1 ? (index === 0 ? "the main pot" : `side pot ${index}`) : "";
      const story = potStory(pot, name, where && MARK);
      groups.set(story, [...(groups.get(story) || []), where]);
    });
    const told = [...groups].map(([story, wheres]) => story.replace(MARK, listed(wheres)));
    const noLow = pots.some(contested) && pots.every((pot) => !pot.low.length);
    return `Hand #${number}: ${told.join("; ")}${noLow ? " (no low)" : ""}`;
  }

  /** What a seat takes from the hand, as a badge: Scoop, High, Low (a half of a pot or more), or Wins. */
  function seatBadges(result, seat) {
    const badges = new Set();
    for (const pot of result.pots) {
      const high = pot.high.includes(seat), low = pot.low.includes(seat);
      const contested = Boolean(pot.high_hand) || handsOf(pot, "high").length > 0;
      if (!contested) { if (high) badges.add("wins"); continue; }
      if (high && (low || !pot.low.length) && pot.high.length === 1 && pot.low.length <= 1) badges.add("scoop");
      else { if (high) badges.add("high"); if (low) badges.add("low"); }
    }
    const words = { scoop: "Scoop", high: "High", low: "Low", wins: "Wins" };
    return [...badges].map((kind) => el("span", { class: `badge ${kind}`, text: words[kind] }));
  }

  /** The headline of a hand seen ending. */
  const summary = (result) => headline(result.number, result.pots, (seat) => whoIn(result, seat));

  // --- the table's drawing ----------------------------------------------------------------------------------------

  /** A seat of the finished hand shown (kept until the next deal), as it was in that hand: the player's name
   * and chips after the hand come from the hand (`names`, `stacks`), never from whoever sits there now (a
   * player who busted and bought in again, or somebody else who took the seat in the pause). Only while the same
   * player still holds the seat does it say that they sit out or leave. Null for a seat not dealt in. */
  function seatInResult(result, seat, present) {
    const index = result ? result.seats.indexOf(seat) : -1;
    if (index < 0) return null;
    const name = whoIn(result, seat);
    const same = Boolean(present) && present.name === name;
    const stack = result.stacks ? result.stacks[index] : same ? present.stack : 0;
    return { name, stack, gone: stack === 0, left: stack > 0 && !same, sitting_out: same && present.sitting_out,
      leaving: same && present.leaving };
  }

  /** A table seat's player in a finished hand: the name the hand itself gives (`names`), or, from a server
   * that sends none, the name last seen at that seat. */
  function whoIn(result, seat) {
    const index = result && result.names ? result.seats.indexOf(seat) : -1;
    return index >= 0 ? result.names[index] : nameOf(seat);
  }

  /** How far out the seats sit, in percent of the oval's width and height: the stylesheet's (--seat-rx,
   * --seat-ry), which knows the oval's shape at each width. */
  function seatRadius() {
    const style = getComputedStyle($("felt"));
    return { x: parseFloat(style.getPropertyValue("--seat-rx")) || 43, y: parseFloat(style.getPropertyValue("--seat-ry")) || 41 };
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

  /** A card drawn where it was not drawn at the last render is dealt in (a brief animation, off under
   * prefers-reduced-motion). `where` names the place: the seat or the board. */
  function dealtCard(code, where, classes, seen) {
    const key = `${where}:${code}`;
    seen.add(key);
    return card(code, `${classes || ""}${app.cardsDrawn.has(key) ? "" : " deal-in"}`);
  }

  /** A face-down card at a seat, dealt in like a face-up one the first time it is drawn. */
  function dealtBack(seat, index, seen) {
    const key = `${seat}:back${index}`;
    seen.add(key);
    const back = cardBack();
    if (!app.cardsDrawn.has(key)) back.classList.add("deal-in");
    return back;
  }

  function renderSeats(m) {
    const view = m.view;
    const hand = view.hand;
    const result = showdownOnTable();
    const count = view.seats.length;
    const anchor = view.seat >= 0 ? view.seat : app.anchor;
    // The finished hand's button stays with it until the next deal (the table's has moved on already).
    const button = result && result.button !== undefined ? result.button : view.button;
    const said = hand ? lastActions(hand) : {};
    const holeCount = (app.rules && app.rules.hole_cards) || 4;
    const drawn = new Set();
    const bets = {};
    const nodes = [];
    const radius = seatRadius();
    view.seats.forEach((present, seat) => {
      const place = seatPlace((seat - anchor + count) % count, count);
      const style = spot(place, radius.x, radius.y);
      const player = seatInResult(result, seat, present) || present;
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
        if (hs === hand.seat) cards = cardsOf(hand.hole).map((c) => dealtCard(c, seat, "", drawn));
        else if (hand.shown[hs]) cards = cardsOf(hand.shown[hs]).map((c) => dealtCard(c, seat, "", drawn));
        else if (!folded) cards = Array.from({ length: holeCount }, (_, i) => dealtBack(seat, i, drawn));
      } else if (result && result.shown[String(seat)]) {
        const own = winningCards(result, seat);
        cards = cardsOf(result.shown[String(seat)]).map((c) => dealtCard(c, seat, highlight(c, own), drawn));
      }
      let status = "";
      if (player.gone) status = "out of chips";
      else if (player.left) status = "left the table";
      else if (inHand && folded) status = "folded";
      else if (inHand && hand.all_in[hs]) status = "all-in";
      else if (player.leaving) status = "leaving";
      else if (player.sitting_out) status = "sitting out";
      else if (player.waiting && !result) status = "waits for the big blind";
      const badges = result ? seatBadges(result, seat) : [];
      if (result) {
        const net = result.net[String(seat)];
        if (net !== undefined && net !== 0) {
          badges.push(el("span", { class: `net ${net > 0 ? "won" : "lost"}`, text: net > 0 ? `+${net}` : `${net}` }));
        }
      }
      const classes = ["seat", me ? "me" : "", acting ? "acting" : "", folded ? "folded" : "",
        player.sitting_out || player.gone || player.left ? "away" : "", badges.length && result ? "showdown" : "",
        ].filter(Boolean).join(" ");
      nodes.push(el("div", { class: classes, style, "data-seat": seat, "data-name": player.name },
        el("div", { class: shown ? "hole shown" : "hole" }, cards),
        el("div", { class: "plate" },
          el("span", { class: "name-line" },
            seat === button ? el("span", { class: "dealer", title: "the dealer button", text: "D" }) : null,
            el("span", { class: "name", title: player.name }, nameWords(player.name))),
          el("span", { class: "stack", text: stack }),
          status ? el("span", { class: "state", text: status }) : null,
          inHand && said[hs] && !status ? el("span", { class: "said", text: said[hs] }) : null,
          acting ? el("span", { class: "clock", "data-clock": "1" }) : null,
          acting ? el("span", { class: "timebars" }, el("span", { class: "timebar action" }, el("span", { class: "fill" })),
            el("span", { class: "timebar bank" }, el("span", { class: "fill" }))) : null),
        badges.length ? el("div", { class: "badges" }, badges) : null));
      if (bet > 0) {
        bets[seat] = bet;
        const moved = app.bets[seat] !== bet ? " moved" : "";
        nodes.push(el("div", { class: `bet${moved}`, style: spot(place, 0, 0), "data-seat": seat },
          el("span", { class: "chip" }), el("span", { text: bet })));
      }
    });
    $("seats").replaceChildren(...nodes);
    app.bets = bets;
    app.cardsDrawn = new Set([...drawn, ...[...app.cardsDrawn].filter((key) => key.startsWith("board"))]);
    tickClock();
  }

  function renderBoards(m) {
    const hand = m.view.hand;
    const result = showdownOnTable();
    const boards = hand ? hand.boards : result ? result.boards : [];
    const several = boards.length > 1;
    const doubleBoard = app.rules && app.rules.boards > 1;
    const drawn = new Set();
    $("boards").replaceChildren(...boards.map((text, index) => {
      const cards = cardsOf(text);
      const wins = result ? boardWins(result, index) : winningCards(null);
      const row = cards.map((c) => dealtCard(c, `board${index}`, highlight(c, wins), drawn));
      while (row.length < 5) row.push(slot());
      return el("div", { class: "board", "data-board": index },
        several ? el("span", { class: "board-label", text: `${doubleBoard ? "Board" : "Run"} ${index + 1}` }) : null,
        row);
    }));
    app.cardsDrawn = new Set([...drawn, ...[...app.cardsDrawn].filter((key) => !key.startsWith("board"))]);
  }

  /** The winning cards of the pots played on one board (a run or a second board has its own winners). */
  function boardWins(result, index) {
    return winningCards({ pots: result.pots.filter((pot) => (pot.board || 0) === index) });
  }

  function renderPot(m) {
    const hand = m.view.hand;
    const result = showdownOnTable();
    const pot = $("pot");
    const total = hand ? hand.pot_total - hand.bets.reduce((sum, b) => sum + b, 0)
      : result ? result.pots.reduce((sum, p) => sum + p.amount, 0) : null;
    const grew = total !== null && app.potShown !== null && total > app.potShown ? " grew" : "";
    app.potShown = total;
    if (hand) {
      const parts = [el("span", { class: `pot-total${grew}`, text: `Pot ${hand.pot_total}` })];
      if (hand.pots.length > 1) {
        parts.push(el("span", { class: "side-pots" },
          hand.pots.map((p, i) => el("span", { class: "side-pot", text: `${i ? `Side pot ${i}` : "Main"} ${p.amount}` }))));
      }
      pot.replaceChildren(...parts);
    } else if (result) {
      pot.replaceChildren(el("span", { class: "pot-total", text: `Pot ${total}` }));
    } else {
      pot.replaceChildren();
    }
  }

  /** The game of the hand in play (a mixed table changes game by the orbit), from the hand's own rules. */
  function handGame(rules) {
    const structure = rules && rules.betting && rules.betting.structure;
    const name = { fixed_limit: "Limit", pot_limit: "Pot-Limit", no_limit: "No-Limit" }[structure];
    return name ? `${name} Omaha Hi-Lo` : "";
  }

  function renderMessage(m) {
    const view = m.view;
    const result = showdownOnTable();
    let text = "";
    const game = handGame(view.hand ? view.hand.rules : app.rules);
    $("game").replaceChildren(...nameWords(game && app.info && app.info.game === "mixed" ? `Mixed \u00b7 this hand: ${game}` : game));
    $("felt").dataset.game = game;
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
    $("turn-info").textContent = turnText(m);
    if (!mine) return;
    const hand = m.view.hand;
    const legal = hand.legal;
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
    // Outside the range the button names the range, so a player who typed too much sees what is allowed.
    const what = ok ? amount : `${legal.min_to}–${legal.max_to}`;
    button.firstChild.textContent = `${legal.wager === "bet" ? "Bet" : "Raise to"} ${what} `;
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

  /** What the player to act has left now, as the server enforces it: its view says what was left of the action
   * time (`clock.action_seconds`) and of the time bank (`clock.bank_seconds`) when it sent the view; the action
   * time runs down first, then the bank. The bars' full lengths are the table's action time and time bank (the
   * lobby's), or what the view said when the page does not know them. A server without the two parts sends
   * `seconds` only: all of it is then drawn as action time. */
  function clockParts(m) {
    const c = m.clock;
    const split = c.action_seconds !== undefined && c.action_seconds !== null;
    const actionLeft = split ? c.action_seconds : c.seconds;
    const bankLeft = split ? c.bank_seconds || 0 : 0;
    const elapsed = (performance.now() - app.receivedAt) / 1000;
    const action = Math.max(0, actionLeft - elapsed);
    const bank = Math.max(0, bankLeft - Math.max(0, elapsed - actionLeft));
    const actionSeconds = Math.max(actionLeft, (app.info && app.info.action_seconds) || 0) || 1;
    const bankSeconds = Math.max(bankLeft, (app.info && app.info.time_bank_seconds) || 0);
    return { left: action + bank, action, bank, actionSeconds, bankSeconds, phase: clockPhase(action, bank, bankSeconds) };
  }

  /** Where the actor's clock is: on the action time, on the time bank (the action time is spent), or out of
   * bank (used up earlier, or drained now: the action time is all there is). A table without a time bank is
   * always on its action time. */
  function clockPhase(action, bank, bankSeconds) {
    if (bank <= 0 && bankSeconds > 0) return "no-bank";
    return action > 0 ? "action" : "bank";
  }

  /** The turn line: whose turn it is and, when it is ours, the time left ("Your turn · 12s (+30s bank)"). */
  function turnText(m) {
    if (!m || !m.view.hand) return m && showdownOnTable() ? "The next hand is dealt in a moment" : "";
    const actor = m.clock.actor;
    if (actor === null || actor === undefined) return "";
    if (actor !== m.view.seat || app.mode !== "seated") return `Waiting for ${nameOf(actor)}`;
    if (!myTurn(m) || app.acted === decisionKey(m)) return "Sending\u2026";
    if (m.clock.seconds === null || m.clock.seconds === undefined) return "Your turn";
    const parts = clockParts(m);
    if (parts.phase === "bank") return `Your turn \u00b7 on your time bank: ${Math.ceil(parts.bank)}s left`;
    if (parts.phase === "no-bank") return `Your turn \u00b7 ${Math.ceil(parts.action)}s \u00b7 time bank used up`;
    return `Your turn \u00b7 ${Math.ceil(parts.action)}s (+${Math.ceil(parts.bank)}s bank)`;
  }

  function tickClock() {
    const m = app.view;
    if (!m || app.mode === "lobby") return;
    $("turn-info").textContent = turnText(m);
    if (m.clock.seconds === null || m.clock.seconds === undefined) return;
    const parts = clockParts(m);
    const inBank = parts.phase === "bank";
    $("actions").dataset.phase = myTurn(m) ? parts.phase : "";
    for (const node of document.querySelectorAll("[data-clock]")) {
      node.textContent = inBank ? `time bank ${Math.ceil(parts.bank)}s`
        : `${Math.ceil(parts.action)}s${parts.phase === "no-bank" ? " \u00b7 no bank" : ""}`;
      node.classList.toggle("low", parts.left < 10);
    }
    for (const bars of document.querySelectorAll(".timebars")) {
      bars.dataset.phase = parts.phase;
      bars.title = { action: "action time", bank: "on the time bank", "no-bank": "time bank used up" }[parts.phase];
    }
    for (const fill of document.querySelectorAll(".timebar.action .fill")) {
      fill.style.width = `${Math.min(100, (100 * parts.action) / parts.actionSeconds)}%`;
      fill.classList.toggle("low", parts.action < 5);
    }
    for (const fill of document.querySelectorAll(".timebar.bank .fill")) {
      fill.style.width = `${parts.bankSeconds ? Math.min(100, (100 * parts.bank) / parts.bankSeconds) : 0}%`;
      fill.classList.toggle("spending", inBank);
    }
  }

  // --- pre-actions ----------------------------------------------------------------------------------------------

  /** A new hand: nothing ticked carries over from the last one. */
  function newHand() {
    app.pre = null;
  }

  /** What we would have to call now (capped at our stack), or null when no pre-action applies: we are not in
   * the hand, have folded or are all in, or it is our turn. */
  function preCall(m) {
    const hand = m && app.mode === "seated" ? m.view.hand : null;
    if (!hand || hand.seat < 0 || hand.folded[hand.seat] || hand.all_in[hand.seat] || hand.street === "showdown") return null;
    if (myTurn(m) && app.acted !== decisionKey(m)) return null;
    return Math.min(Math.max(...hand.bets) - hand.bets[hand.seat], hand.stacks[hand.seat]);
  }

  /** The pre-action boxes, as real clients have them: Check/Fold (check if we may, else fold), Call N (only
   * while the bet we face stays N: it is cleared when somebody bets or raises; "Check" when N is 0) and Call
   * any (call whatever it is, or check). One at a time; each is used once, at our next turn. */
  function renderPre(m) {
    const toCall = preCall(m);
    if (app.pre && app.pre.kind === "call" && toCall !== null && app.pre.amount !== toCall) app.pre = null;
    $("pre-actions").hidden = toCall === null;
    $("pre-call-label").textContent = toCall ? `Call ${toCall}` : "Check";
    $("pre-call").dataset.amount = toCall === null ? "" : toCall;
    for (const box of document.querySelectorAll("#pre-actions input")) box.checked = Boolean(app.pre && app.pre.kind === box.dataset.pre);
  }

  function choosePre(event) {
    const box = event.target;
    app.pre = box.checked ? { kind: box.dataset.pre, amount: Number($("pre-call").dataset.amount) } : null;
    renderPre(app.view);
  }

  /** Our turn has come with a pre-action ticked: it is played (once), or dropped when it does not fit. */
  function preAct(m) {
    const pre = app.pre;
    if (pre && myTurn(m) && app.acted !== decisionKey(m)) {
      const legal = m.view.hand.legal;
      app.pre = null;
      const betting = !(legal.runs > 0 || legal.show || legal.muck);
      const checkOr = (other) => legal.check ? { action: "check" } : other;
      if (betting && pre.kind === "check-fold") act(checkOr({ action: "fold" }));
      else if (betting && pre.kind === "call-any") act(checkOr({ action: "call" }));
      else if (betting && pre.kind === "call" && (legal.check ? pre.amount === 0 : legal.call === pre.amount)) {
        act(checkOr({ action: "call" }));
      }
    }
    renderPre(m);
  }

  // --- busting, and provably-fair deals ---------------------------------------------------------------------------

  /** Out of chips: the hand is shown out (its result stays on the table until the next deal) and the page
   * watches the table on, offering a rebuy (a new buy-in at the same table, the same name) or the lobby. */
  function bust(table) {
    app.busted = true;
    app.mode = "watching";
    app.pre = null;
    app.historyAsked = false;  // asked again on the first view as a spectator
    delete $("watch-join").dataset.table;  // filled in again, for the rebuy
    send({ type: "watch", table: table });
    renderRoom();
    notice(`You are out of chips at ${titleOf(table)}: buy in again, or go back to the lobby.`);
  }

  /** At a provably-fair table: the page checks the reveal itself (fair.js) and says what it found. */
  async function checkFair(result) {
    const box = $("fair");
    if (!result.reveal) { box.hidden = true; return; }
    const seen = app.dealtSeen && app.dealtSeen.number === result.number ? { ...app.dealtSeen,
      commitment: app.commitments[result.number], boards: result.boards.filter(Boolean).map(cardsOf),
      boardsPerRun: (app.rules && app.rules.boards) || 1 } : null;
    // Without SHA-256 no hand can be checked here, whether or not it was seen dealt: say so first.
    const found = !globalThis.OmahaFair.available() ? { verdict: "unavailable" }
      : seen ? await globalThis.OmahaFair.check(result.reveal, seen) : { verdict: "unseen" };
    if (app.result !== result) return;
    const texts = {
      verified: `Deal verified: hand #${result.number}'s deck matches the commitment sent before the deal and deals the cards you saw.`,
      failed: `Warning: hand #${result.number}'s deal does not check out: ${found.why}.`,
      unavailable: "Cannot verify here: this browser computes SHA-256 only on a secure page (https, or localhost). "
        + "The reveal can be checked with engine.server.fair.verify.",
      unseen: `Hand #${result.number} was not seen dealt here, so its deal cannot be checked.`,
    };
    box.hidden = false;
    box.dataset.verdict = found.verdict;
    box.dataset.hand = result.number;
    box.textContent = texts[found.verdict];
  }

  /** A name as its words, each kept whole (a line breaks between words, never at a name's hyphen): the words
   * and the spaces between them, so the name's text is the name itself. */
  function nameWords(name) {
    return name.split(" ").flatMap((word, i) => [i ? " " : null, el("span", { class: "word", text: word })])
      .filter((part) => part !== null);
  }

  // --- seat controls --------------------------------------------------------------------------------------------

  /** Why the server sat our seat out, from the view's `sat_out` ("timeouts": our turns timed out
   * `max_timeouts` in a row; "away": disconnected past the grace time; "asked" is our own choice): said beside
   * Come back (after a reload too), and once as a notice when it happens while the page watches. */
  function noteSatOut(data) {
    const player = data.view.seat >= 0 ? data.view.seats[data.view.seat] : null;
    const reason = player && player.stack > 0 && data.sat_out ? data.sat_out : "";
    app.awayReason = reason === "timeouts" || reason === "away" ? reason : null;
    if (app.awayReason && app.away !== null && app.away !== reason) {
      notice(`${awayText()} Press Come back to be dealt in again.`, "error");
    }
    app.away = player ? reason : null;
  }

  /** The words for `app.awayReason`, made when shown: the table's `max_timeouts` comes with the lobby, which
   * after a reload may arrive after the first view. */
  function awayText() {
    if (app.awayReason === "away") return "The server sat you out while you were disconnected.";
    const times = app.info && app.info.max_timeouts;
    return `The server sat you out: your turn timed out ${times ? `${times} times` : "too often"} in a row.`;
  }


  /** A top-up is confirmed once our seat's view shows the chips (the server sends no other answer). */
  function noteTopUp(data) {
    const player = data.view.seat >= 0 ? data.view.seats[data.view.seat] : null;
    const asked = app.toppingUp;
    if (!asked || !player || player.stack < asked.from + asked.amount) return;
    app.toppingUp = null;
    notice(`Topped up by ${asked.amount} chips: your stack is ${player.stack}.`);
  }

  function renderSeatControls(m) {
    const view = m.view;
    const player = view.seat >= 0 ? view.seats[view.seat] : null;
    if (!player) return;
    const away = player.sitting_out || player.leaving;
    $("sit-out").hidden = away;
    $("come-back").hidden = !away;
    $("away-reason").hidden = !(player.sitting_out && app.awayReason);
    $("away-reason").textContent = app.awayReason ? `${awayText()} Come back to be dealt in again.` : "";
    $("come-back").textContent = player.leaving ? "Stay" : "Come back";
    const room = app.info ? app.info.buy_in[1] - player.stack : 0;
    const dealtIn = Boolean(view.hand) && view.hand_seats.includes(view.seat);  // chips go on after the hand
    const topUp = $("top-up-amount");
    topUp.max = Math.max(1, room);
    topUp.placeholder = room < 1 ? "full" : dealtIn ? "after hand" : `up to ${room}`;
    $("top-up").disabled = room < 1 || dealtIn;
    const straddle = $("straddle-choice");
    straddle.hidden = m.straddle === undefined;
    if (m.straddle !== undefined) $("straddle").checked = m.straddle;
  }

  // --- results and history --------------------------------------------------------------------------------------

  /** One half's winners, each with their own five cards (two players who split a low made it with their own).
   * Each row is three columns of one grid, at every width: the badge, the name with the hand's name under it,
   * and the five cards, on one line, lined up with the other rows' (table.css). */
  function halfRows(result, pot, half) {
    const hands = handsOf(pot, half);
    const label = half === "high" ? "High" : "Low";
    const without = pot[half].filter((s) => !hands.some((h) => h.seat === s));  // not shown: a name only
    const row = (seat, hand) => el("div", { class: `winner ${half}-winner`, "data-seat": seat },
      el("span", { class: `badge ${half}`, text: label }),
      el("span", { class: "who-block" }, el("span", { class: "who" }, nameWords(whoIn(result, seat))),
        hand ? el("span", { class: "hand-name", text: hand.name }) : null),
      hand ? el("span", { class: "five" }, cardsOf(hand.cards).map((c) => card(c, `win-${half}`))) : null);
    return [...hands.map((hand) => row(hand.seat, hand)), ...without.map((s) => row(s, null))];
  }

  /** The hands shown, a row each: the name, then the cards, which start at the same place on every row. */
  const shownRows = (rows) => el("div", { class: "shown" }, el("h4", { text: "Shown" }),
    rows.map(([name, cards, seat]) => el("div", { class: "shown-hand", "data-seat": seat },
      el("span", { class: "who" }, nameWords(name)), el("span", { class: "cards" }, cards))));

  function renderResult() {
    const result = app.result;
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
      const rows = [el("h4", { text: title }), el("p", { class: "story", text: potStory(pot, (seat) => whoIn(result, seat), "") })];
      const contested = Boolean(pot.high_hand) || handsOf(pot, "high").length > 0;
      if (contested) {
        rows.push(...halfRows(result, pot, "high"));
        if (pot.low.length) rows.push(...halfRows(result, pot, "low"));
        else rows.push(el("div", { class: "winner no-low", text: "No qualifying low: the high takes the whole pot" }));
      }
      rows.push(el("div", { class: "payouts", text: "Paid: " + pot.payouts.map(([s, chips]) => `${whoIn(result, s)} ${chips}`).join(", ") }));
      parts.push(el("div", { class: "pot-result", "data-pot": index }, rows));
    });
    const shown = Object.entries(result.shown);
    if (shown.length) {
      parts.push(shownRows(shown.map(([seat, text]) => [whoIn(result, Number(seat)),
        cardsOf(text).map((c) => card(c, highlight(c, winningCards(result, Number(seat))))), seat])));
    }
    if (result.rake) parts.push(el("p", { class: "hint", text: `Rake ${result.rake}` }));
    $("result").replaceChildren(...parts);
    $("result").dataset.hand = result.number;
  }

  /** The few facts of a PHH hand the Last hand panel shows when the page has no `hand` message for it (after a
   * reload, the history is all there is): the board, who showed what, and what each player won or lost. */
  function phhFacts(text) {
    const list = (key) => {
      const found = text.match(new RegExp(`^${key} = \\[(.*)\\]$`, "m"));
      return found ? found[1].split(",").map((item) => item.trim().replace(/^"|"$/g, "")).filter(Boolean) : [];
    };
    const players = list("players");
    const start = list("starting_stacks").map(Number), finish = list("finishing_stacks").map(Number);
    const actions = [...text.matchAll(/"([^"]*)"/g)].map((found) => found[1]);
    const pairs = (cards) => cards.match(/../g) || [];
    const board = actions.filter((a) => a.startsWith("d db ")).flatMap((a) => pairs(a.slice(5)));
    const shown = actions.map((a) => a.match(/^p(\d+) sm (\S+)$/)).filter(Boolean)
      .map((found) => [players[Number(found[1]) - 1], pairs(found[2])]);
    const net = players.map((name, i) => [name, (finish[i] || 0) - (start[i] || 0)]).filter(([, chips]) => chips);
    return { board, shown, net };
  }

  /** Where a Last hand filled from the history comes from: a page reloaded has lost the hand's own message; a
   * page that has just sat down (or begun watching) never had it, the hand was played before. */
  function historySource() {
    if (app.reloaded) return "From the hand history (the page was reloaded since).";
    return app.mode === "watching" ? "The table's last hand, before you began watching."
      : "The table's last hand, before you sat down.";
  }

  function renderResultFromHistory(hand) {
    const facts = phhFacts(hand.phh);
    // A server that does not say who won each pot: the players who came out ahead, as one pot.
    const pots = hand.pots || [{ high: facts.net.filter(([, chips]) => chips > 0).map(([name]) => name), low: [],
      contested: false }];
    const parts = [el("p", { class: "summary", text: headline(hand.number, pots, (name) => name) }),
      el("p", { class: "hint", text: historySource() })];
    if (facts.board.length) {
      parts.push(el("div", { class: "result-board" }, el("span", { class: "label", text: "Board" }),
        facts.board.map((c) => card(c))));
    }
    parts.push(el("div", { class: "payouts", text: facts.net.map(([name, chips]) => `${name} ${chips > 0 ? "+" : ""}${chips}`).join(", ") }));
    if (facts.shown.length) {
      parts.push(shownRows(facts.shown.map(([name, cards]) => [name, cards.map((c) => card(c)), null])));
    }
    $("result").replaceChildren(...parts);
    $("result").dataset.hand = hand.number;
  }

  /** The hands known, newest first. */
  const historyHands = () => [...app.history.values()].sort((a, b) => b.number - a.number);

  function renderHistory() {
    const list = $("history");
    const download = $("history-download");
    if (app.historyMissing) {
      list.replaceChildren(el("li", { class: "hint", text: "This server does not keep a history for the page." }));
      download.disabled = true;
      return;
    }
    const hands = historyHands();
    list.replaceChildren(...hands.map((h) => el("li", { "data-hand": h.number },
      el("details", {}, el("summary", { text: `Hand #${h.number}` }),
        h.phh ? el("pre", { class: "phh", text: h.phh }) : el("p", { class: "hint", text: "(no PHH for this hand)" })))));
    download.disabled = !hands.some((h) => h.phh);
    const newest = hands.find((h) => h.phh);
    if (!app.result && newest && Number($("result").dataset.hand || 0) < newest.number) renderResultFromHistory(newest);
  }

  /** The first hand the download covers: the first dealt after this player first sat down (or began watching)
   * at this table in this page, a rebuy after busting included, kept in localStorage per table, so a reload
   * keeps it. */
  function firstHand() {
    return Number(JSON.parse(recall("since") || "{}")[app.table]) || 1;
  }
  function noteFirstHand(m) {
    if (!app.sinceUnset) return;
    app.sinceUnset = false;
    const all = JSON.parse(recall("since") || "{}");
    all[app.table] = m.view.hand ? m.hand_number : m.hand_number + 1;
    remember("since", JSON.stringify(all));
  }

  /** Every hand since the player sat down: the server sends at most 20 at a time, so older pages are asked for
   * (`before`: the oldest hand the page has) until the first hand is reached, then the file is saved. */
  function downloadHistory() {
    const oldest = Math.min(...app.history.keys());
    if (oldest > firstHand() && app.pagingFrom !== oldest) {
      app.pagingFrom = oldest;
      app.downloading = true;
      send({ type: "history", count: 20, before: oldest });
      return;
    }
    app.downloading = false;
    app.pagingFrom = null;
    const hands = historyHands().filter((h) => h.phh && h.number >= firstHand()).reverse();
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
      const player = app.view && app.view.view.seat >= 0 ? app.view.view.seats[app.view.view.seat] : null;
      app.toppingUp = player ? { amount, from: player.stack } : null;
      send({ type: "top_up", amount: amount });
      $("top-up-amount").value = "";
    });
    $("straddle").addEventListener("change", (event) => send({ type: "straddle", on: event.target.checked }));
    $("history-download").addEventListener("click", downloadHistory);
    for (const box of document.querySelectorAll("#pre-actions input")) box.addEventListener("change", choosePre);
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
      app.reloaded = true;
      send({ type: "resume", token: token });
    } else if (watching) {
      app.mode = "watching";
      showScreen("room");
      watch(watching);
      app.reloaded = true;
      loadLobby();
    } else {
      showScreen("lobby");
    }
  }

  start();
})();
