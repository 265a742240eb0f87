/* The browser table's model: the page's state in one object, and the pure functions that work out what to show
 * from it. No DOM, no socket, no storage and no clock in here: table.js (the view) talks to the server, keeps
 * what the browser keeps, reads the time and draws; this file decides what there is to draw. So every rule of
 * the page (which cards a seat shows, what a plate says, when a pre-action box clears, the raise presets, the
 * headline of a hand) is a function of plain data, tested with node's own test runner (tests/js/, no build
 * step, no dependencies) as well as through the page (tests/test_browser.py).
 *
 * A plain script like fair.js, loaded before table.js: the Content-Security-Policy allows only the server's own
 * files, and node runs it as it is. Everything is on `globalThis.OmahaModel`. docs/browser.md, "How the page is
 * built", says how the two halves meet.
 */
"use strict";

(function () {
  const GAMES = { "limit": "Limit", "pot-limit": "Pot-Limit", "no-limit": "No-Limit", "mixed": "Mixed" };
  const STRUCTURES = { fixed_limit: "Limit", pot_limit: "Pot-Limit", no_limit: "No-Limit" };
  const RUN_WORDS = ["", "Once", "Twice", "Three times"];
  /** Out of a tournament (or its winner): how long the finished hand stays on the felt before the lobby. */
  const FINISHED_PAUSE_SECONDS = 30;

  // --- small facts ------------------------------------------------------------------------------------------------

  const cardsOf = (text) => (text ? text.split(/\s+/).filter(Boolean) : []);

  /** "1/2", and "(bets 2/4)" after it at a table with fixed bets: the lobby gives them as the game has them. */
  function stakes(info) {
    const base = info.blinds.join("/");
    return info.bets ? `${base} (bets ${info.bets.join("/")})` : base;
  }
  const gameName = (info) => `${GAMES[info.game] || info.game} Omaha Hi-Lo`;

  /** A table seat's player as last seen there (for results after a player left). */
  const nameOf = (state, seat) => state.names[seat] || `seat ${seat + 1}`;

  /** A table as people know it: its title from the lobby (its id only until the lobby is known). */
  const titleOf = (state, id) => (state.tables.find((t) => t.id === id) || {}).title || id;

  /** The header's line for the table on screen: its title, with the game and stakes unless the title says them. */
  function whereText(state) {
    const info = state.info;
    if (!info) return state.table || "";
    if (info.tournament) return `${info.title} \u00b7 ${gameName(info)}`;  // the blinds: the tournament's line says them
    return info.title.startsWith(gameName(info)) ? info.title : `${info.title} \u00b7 ${gameName(info)} ${stakes(info)}`;
  }

  /** The buy-in a form offers: what the player last bought in for (at any table, `last`), held to this table's
   * range; the table's maximum for a first visit. */
  function offeredBuyIn(info, last) {
    if (!info.buy_in) return "";  // a tournament's table: nobody buys in
    const [lo, hi] = info.buy_in;
    const amount = Number(last);
    return Number.isInteger(amount) && amount > 0 ? Math.max(lo, Math.min(hi, amount)) : hi;
  }

  /** One lobby row: what each column says, and its seat button: "Sit down", "Full", or none at a tournament's
   * table, which nobody may join (the tournament seats its own players, empty seats or not): it is said to be a
   * tournament's (`note`) and offers only Watch. */
  function lobbyRow(info) {
    const taken = info.players.length;
    const tournament = Boolean(info.tournament);
    const full = taken >= info.seats;
    return {
      id: info.id, title: info.title, game: gameName(info), stakes: stakes(info),
      buyIn: info.buy_in ? `${info.buy_in[0]}\u2013${info.buy_in[1]}` : "Tournament", seats: `${taken}/${info.seats}`,
      players: info.players.map((p) => p.name).join(", "), full: full || tournament,
      sit: tournament ? null : full ? "Full" : "Sit down",
      note: tournament ? "A tournament's table: watch only" : "",
      averagePot: info.average_pot === undefined ? "\u2014" : Math.round(info.average_pot),
    };
  }
  /** Nobody is seated at any cash table (there are some): the lobby says how to start the server with bots. */
  const lobbyEmpty = (tables) => {
    const cash = tables.filter((info) => !info.tournament);
    return cash.length > 0 && cash.every((info) => info.players.length === 0);
  };

  // --- tournaments ------------------------------------------------------------------------------------------------

  /** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st. */
  function ordinal(n) {
    const tens = n % 100;
    const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] || "th";
    return `${n}${suffix}`;
  }
  /** A place, or the span of a shared one ("4th-5th"). */
  const placeText = (first, last) => (first === last || !last ? ordinal(first) : `${ordinal(first)}\u2013${ordinal(last)}`);

  /** A scheduled tournament's start time as the lobby says it: "20:00 UTC, 2 Dec 2026". */
  function startText(iso) {
    const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso || "");  // the server writes it so, in UTC
    if (!parts) return iso;
    const month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][Number(parts[2]) - 1];
    return `${parts[4]}:${parts[5]} UTC, ${Number(parts[3])} ${month} ${parts[1]}`;
  }

  /** A tournament in the lobby (docs/server.md, "Sit-and-gos" and "Scheduled tournaments"): what it is, how
   * full (the entries of the places, kept in sight once registered), its buy-in, prize pool and start, the
   * results of the last one played, and what this browser may do: register (nobody registered from here; after a
   * scheduled one's start, while late registration is open), unregister (registered here, before the start) or
   * watch its tables (under way); where it may not register, `note` says why. `tournaments`: the lobby's, to
   * name the one registered for; `me`: this page's player's name, if known, found in a big field's results. */
  function tournamentRow(t, entrant, tournaments = [], me = null) {
    const mine = Boolean(entrant && entrant.sng === t.sng);
    const scheduled = t.start !== "when full";
    const entries = scheduled ? t.entries : t.registered.length;
    const count = `${entries}/${t.entrants}`;
    const playing = t.state === "running" || t.state === "late registration";
    const waiting = scheduled ? `starts ${startText(t.start)}` : `waiting for ${t.entrants - t.registered.length} more`;
    const state = t.state === "registering"
      ? (mine ? `Registered as ${entrant.name} \u00b7 ${count}: ${waiting}` : `Registering ${count}`)
      : playing ? `${t.state === "running" ? "Running" : "Late registration"} \u00b7 level ${t.level} \u00b7 ${t.players_left} left`
        : t.state === "cancelled" ? (t.cancelled === "unconfigured" ? "Cancelled: taken off the schedule" : "Cancelled: too few registered")
          : "Over";
    const open = t.state === "registering" || t.state === "late registration";
    const room = entries < t.entrants;
    const over = t.state === "over" ? resultsText(t.places, me) : "";
    const out = playing ? ownPlace(t.places, me) : "";  // out of one still running: the place already given
    const before = !over && t.last && t.last.places && t.last.places.length ? `Last one: ${resultsText(t.last.places, me)}` : "";
    return {
      id: t.id, sng: t.sng, title: t.title, game: gameName(t), state, players: count, stack: t.starting_stack,
      buyIn: buyInText(t.buy_in), prize: t.prize_pool, start: startColumn(t, scheduled),
      results: over || [out, before].filter(Boolean).join(" \u00b7 "),
      register: open && !entrant && room,
      unregister: mine && t.state === "registering", tables: playing ? t.tables || [] : [],
      note: !open || mine ? "" : !room ? "Full"
        : entrant ? `One at a time: you are registered for ${titleOfTournament(tournaments, entrant.tournament)}` : "",
    };
  }

  const buyInText = (buyIn) => (buyIn ? String(buyIn) : "Freeroll");

  /** The Start column: the time of a scheduled one; a sit-and-go's "When full", "Under way", or how it ended. */
  function startColumn(t, scheduled) {
    if (scheduled) return startText(t.start);
    return { registering: "When full", running: "Under way", "late registration": "Under way", over: "Finished" }[t.state] || "\u2014";
  }

  const titleOfTournament = (tournaments, id) => (tournaments.find((t) => t.id === id) || {}).title || id;

  const EVERY_PLACE_UP_TO = 10;  // a field this small lists every place in the lobby's results

  /** A tournament's results from the lobby's `places`, best first: "1st ann (28) · 2nd bob (12) · 3rd cy · 4th
   * dee": every place in a field of up to `EVERY_PLACE_UP_TO` entries; in a bigger one every place paid, the
   * first three and `me`'s own (this page's player, whatever the case: a newcomer out of the money finds
   * themselves). */
  function resultsText(places, me = null) {
    const sorted = [...(places || [])].sort((a, b) => a.first - b.first);
    const mine = (p) => Boolean(me) && p.name.toLowerCase() === me.toLowerCase();
    const every = sorted.length <= EVERY_PLACE_UP_TO;
    const shown = sorted.filter((p, i) => every || i < 3 || p.prize > 0 || mine(p));
    return shown.map((p) => `${placeText(p.first, p.last)} ${p.name}${p.prize ? ` (${p.prize})` : ""}`).join(" \u00b7 ");
  }

  /** "You: 7th" (with the prize, "You: 3rd (won 20)") when `me` has a place among `places` already: a player
   * out of a tournament still running finds it in the lobby's row; "" otherwise. */
  function ownPlace(places, me) {
    const found = me ? (places || []).filter((p) => p.name.toLowerCase() === me.toLowerCase()) : [];
    if (!found.length) return "";
    const p = found.reduce((best, q) => (q.first < best.first ? q : best));  // a re-entry's best place
    return `You: ${placeText(p.first, p.last)}${p.prize ? ` (won ${p.prize})` : ""}`;
  }

  /** What the Register form says of the tournament before the name is given: the buy-in, the stack and when it
   * starts. */
  function registerTerms(t) {
    const buyIn = t.buy_in ? `Buy-in ${t.buy_in} (into the prize pool)` : "Freeroll";
    const when = t.start === "when full" ? `starts when all ${t.entrants} places are taken`
      : t.state === "late registration" ? "under way: you are seated at once"
        : `starts ${startText(t.start)}${t.min_entrants ? ` if ${t.min_entrants} have registered` : ""}`;
    const pays = payoutText(t.payouts, t.payouts_field);
    return `${buyIn} \u00b7 ${t.starting_stack} chips${pays ? ` \u00b7 ${pays}` : ""} \u00b7 ${when}.`;
  }

  /** The lobby's payout table in words: "pays 1st 70%, 2nd 30%"; a long one its first three and how many are
   * paid; a scheduled tournament's standard table says the field it is for (`field`: it grows with the field);
   * none given says so; an older server that sends none, nothing. */
  function payoutText(payouts, field) {
    if (payouts === undefined) return "";
    if (payouts === null) return "pays by the field's size (the standard table)";
    const each = payouts.slice(0, payouts.length > 5 ? 3 : 5).map((p, i) => `${ordinal(i + 1)} ${p}%`);
    const more = payouts.length > 5 ? `, \u2026 (${payouts.length} places paid)` : "";
    const grows = field ? ` (the standard table for ${field} entries: more are paid as the field grows)` : "";
    return `pays ${each.join(", ")}${more}${grows}`;
  }

  /** The words over the tournaments, for the kinds listed: a sit-and-go starts when full, a scheduled one at
   * its time. */
  function tournamentsHint(tournaments) {
    const sng = tournaments.some((t) => t.start === "when full");
    const scheduled = tournaments.some((t) => t.start !== "when full");
    const sngWords = "a sit-and-go starts when every place is taken";
    const scheduledWords = "a scheduled tournament starts at its time if enough have registered";
    const which = [sng && sngWords, scheduled && scheduledWords].filter(Boolean).join(", ");
    return which ? `Register, one tournament at a time: ${which}.` : "";
  }

  /** The tables' section of the lobby: "Tables" over the cash tables (a tournament's are watched only), or
   * "Tournament tables" when every table listed is a tournament's; null (not shown) when there are no tables
   * but there are tournaments. */
  function tablesSection(tables, tournaments) {
    if (!tables.length && tournaments.length) return null;
    const cash = tables.some((t) => !t.tournament);
    if (cash || !tables.length) {
      return { title: "Tables", hint: "Take a seat to play against the others at the table (bots included), or watch." };
    }
    return { title: "Tournament tables", hint: "The tables of the tournaments under way: watch any of them." };
  }

  /** The line over a tournament's table, from the view's `tournament`: the level, its blinds and ante, what is
   * left of it (hands, or time), the players left of the field and the average stack. */
  function tournamentLine(status) {
    if (!status) return "";
    const next = status.next_level;
    const left = next === null ? "last level"
      : next.hands !== undefined ? `next level in ${next.hands} hand${next.hands === 1 ? "" : "s"}`
        : `next level in ${Math.floor(next.seconds / 60)}:${String(Math.floor(next.seconds % 60)).padStart(2, "0")}`;
    return [
      `Level ${status.level}`, `blinds ${status.blinds.join("/")}${status.ante ? ` ante ${status.ante}` : ""}`, left,
      `${status.players_left} of ${status.entrants} left`, `average stack ${status.average_stack}`,
      ...(status.hand_for_hand ? ["hand-for-hand"] : []),
    ].join(" \u00b7 ");
  }

  /** The last places given at a tournament ("cy 3rd \u00b7 dee 4th (won 20)"), newest first. */
  function bustsLine(status) {
    const out = status ? status.busts.filter((b) => b.first !== 1) : [];  // the winner is not out
    if (!out.length) return "";
    return "Out: " + out.slice(0, 4)
      .map((b) => `${b.name} ${placeText(b.first, b.last)}${b.prize ? ` (won ${b.prize})` : ""}`).join(" \u00b7 ");
  }

  /** What a player out of a tournament is told: their place and prize, or that they won. */
  function outText(data) {
    const name = data.tournament;
    if (data.reason === "won") return `You won ${name}: 1st place, prize ${data.prize}.`;
    if (data.place === null || data.place === undefined) {
      return `You are out of ${name}: your place is given when this hand-for-hand round is over.`;
    }
    const [first, last] = data.places || [data.place, data.place];
    if (data.prize === null || data.prize === undefined) {  // out before the prize pool is fixed: told again then
      return `You are out of ${name}, ${placeText(first, last)} for now: your place's prize is paid from the final ` +
        "prize pool, and said when it is fixed.";
    }
    return `You finished ${placeText(first, last)} in ${name}${data.prize ? `: prize ${data.prize}` : " (no prize)"}.`;
  }

  const listed = (names) => names.length < 2 ? names.join("")
    : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;

  // --- who won what, with which cards ---------------------------------------------------------------------------

  /** The hand in play as drawn: the view's hand, or between hands the last result (kept until the next deal). */
  function showdownOnTable(state) {
    const m = state.view;
    return m && !m.view.hand && state.result && state.result.number === m.hand_number ? state.result : null;
  }

  /** A pot's winners' hands per half: [{seat, name, cards}], each winner's own five cards (the server's
   * `high_hands` / `low_hands`; an older server's one `high_hand` / `low_hand` stands for the first winner). */
  function handsOf(pot, half) {
    const own = pot[`${half}_hands`];
    if (own) return own;
    const one = pot[`${half}_hand`];
    const winners = pot[half];
    return one && winners.length ? [{ seat: winners[0], name: one.name, cards: one.cards }] : [];
  }

  /** Whether hands were shown for a pot (a pot nobody called is won, not contested): a history's pot says so,
   * a `hand` message's pot has the winning hands. */
  const contested = (pot) => pot.contested !== undefined ? pot.contested
    : Boolean(pot.high_hand) || handsOf(pot, "high").length > 0;

  /** The cards to mark: every winning hand's five (on the board), or only `seat`'s own hands' (at its seat). */
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

  /** The winning cards of the pots played on one board (a run or a second board has its own winners). */
  const boardWins = (result, index) => winningCards({ pots: result.pots.filter((pot) => (pot.board || 0) === index) });

  /** A card with the halves it helped win: {code, marks: ["high", "low"]}. */
  const marked = (code, wins) => ({ code, marks: ["high", "low"].filter((half) => wins && wins[half].has(code)) });

  /** How one pot went, in a card room's words: "ann scoops", "ann wins the high, bob and cy split the low",
   * "ann wins the pot" (nobody called: no hand was shown). `name` turns a winner into a name; `where` names
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
   * message, winners by table seat) and a hand from the history (its `pots`, winners by name): `name` turns a
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

  /** A table seat's player in a finished hand: the name the hand itself gives (`names`), or, from a server
   * that sends none, the name last seen at that seat. */
  function whoIn(state, result, seat) {
    const index = result && result.names ? result.seats.indexOf(seat) : -1;
    return index >= 0 ? result.names[index] : nameOf(state, seat);
  }

  /** The headline of a hand seen ending. */
  const summary = (state, result) => headline(result.number, result.pots, (seat) => whoIn(state, result, seat));

  /** What a seat takes from the hand, as badges: scoop, high, low (a half of a pot or more), or wins. */
  function seatBadges(result, seat) {
    const badges = new Set();
    for (const pot of result.pots) {
      const high = pot.high.includes(seat), low = pot.low.includes(seat);
      if (!contested(pot)) { if (high) badges.add("wins"); continue; }
      if (high && (low || !pot.low.length) && pot.high.length === 1 && pot.low.length <= 1) badges.add("scoop");
      else { if (high) badges.add("high"); if (low) badges.add("low"); }
    }
    return [...badges];
  }

  // --- the table ------------------------------------------------------------------------------------------------

  /** The last thing each hand seat did on this street, in a card room's words: "bets 20" (a first bet is its
   * amount), "raises to 40", "calls 20", "checks", "posts big blind 2". */
  function lastActions(hand) {
    const said = {};
    for (const event of hand.events) {
      if (event.event === "board_dealt") for (const key of Object.keys(said)) delete said[key];
      else if (event.event === "acted") {
        const what = event.action === "bet" ? `bets ${event.to}` : event.action === "raise" ? `raises to ${event.to}`
          : event.action === "call" ? `calls ${event.added}` : { check: "checks", fold: "folds" }[event.action] || event.action;
        said[event.seat] = event.all_in ? `${what} (all-in)` : what;
      } else if (event.event === "posted") said[event.seat] = `posts ${event.kind} ${event.amount}`;
    }
    return said;
  }

  /** A seat of the finished hand shown (kept until the next deal), as it was in that hand: the player's name
   * and chips after the hand come from the hand (`names`, `stacks`), never from whoever sits there now (a
   * player who busted and bought in again, or somebody else who took the seat in the pause). Only while the same
   * player still holds the seat does it say that they sit out or leave. Null for a seat not dealt in. */
  function seatInResult(state, result, seat, present) {
    const index = result ? result.seats.indexOf(seat) : -1;
    if (index < 0) return null;
    const name = whoIn(state, result, seat);
    const same = Boolean(present) && present.name === name;
    const stack = result.stacks ? result.stacks[index] : same ? present.stack : 0;
    return { name, stack, gone: stack === 0, left: stack > 0 && !same, sitting_out: same && present.sitting_out,
      leaving: same && present.leaving };
  }

  /** Every table seat as drawn, from the bottom (ours, or the last we had) clockwise: `position` counts from the
   * bottom; an empty seat is `{seat, position, empty: true}`. A seat's `cards` are face up ({code, marks}) and
   * `backs` counts its face-down ones; `plate` is what its plate says; `bet` is what lies in front of it. */
  function seatPlates(state) {
    const m = state.view;
    if (!m) return [];
    const view = m.view;
    const hand = view.hand;
    const result = showdownOnTable(state);
    const count = view.seats.length;
    const anchor = view.seat >= 0 ? view.seat : state.anchor;
    // The finished hand's button stays with it until the next deal (the table's has moved on already).
    const button = result && result.button !== undefined ? result.button : view.button;
    const said = hand ? lastActions(hand) : {};
    const holeCount = (state.rules && state.rules.hole_cards) || 4;
    return view.seats.map((present, seat) => {
      const position = (seat - anchor + count) % count;
      const player = seatInResult(state, result, seat, present) || present;
      if (!player) return { seat, position, empty: true };
      const hs = view.hand_seats.indexOf(seat);
      const inHand = Boolean(hand) && hs >= 0;
      const folded = inHand && hand.folded[hs];
      const acting = m.clock.actor === seat;
      const resultShown = result ? result.shown[String(seat)] : undefined;
      let cards = [], backs = 0;
      if (inHand) {
        if (hs === hand.seat) cards = cardsOf(hand.hole).map((c) => marked(c, null));
        else if (hand.shown[hs]) cards = cardsOf(hand.shown[hs]).map((c) => marked(c, null));
        else if (!folded) backs = holeCount;
      } else if (resultShown) {
        const own = winningCards(result, seat);
        cards = cardsOf(resultShown).map((c) => marked(c, own));
      }
      let status = "";
      if (player.gone) status = "out of chips";
      else if (player.left) status = "left the table";
      else if (folded) status = "folded";
      else if (inHand && hand.all_in[hs]) status = "all-in";
      else if (player.leaving) status = "leaving";
      else if (player.sitting_out) status = "sitting out";
      else if (player.waiting && !result) status = "waits for the big blind";
      const badges = result ? seatBadges(result, seat) : [];
      const net = result && result.net[String(seat)] ? result.net[String(seat)] : 0;
      return {
        seat, position, empty: false, name: player.name, me: seat === view.seat, acting, folded,
        away: Boolean(player.sitting_out || player.gone || player.left),
        showdown: Boolean(result) && (badges.length > 0 || net !== 0),
        shown: Boolean(inHand ? hand.shown[hs] : resultShown), cards, backs,
        plate: { dealer: seat === button, name: player.name, stack: inHand ? hand.stacks[hs] : player.stack, status,
          said: inHand && !status && said[hs] ? said[hs] : "", clock: acting },
        badges, net, bet: inHand ? hand.bets[hs] : 0,
      };
    });
  }

  /** The boards in the middle: each a row of five places ({code, marks} or null for a card to come), labelled
   * "Run 2" or "Board 2" when there are several. */
  function boardRows(state) {
    const m = state.view;
    if (!m) return [];
    const hand = m.view.hand;
    const result = showdownOnTable(state);
    const boards = hand ? hand.boards : result ? result.boards : [];
    const doubleBoard = Boolean(state.rules && state.rules.boards > 1);
    return boards.map((text, index) => {
      const wins = result ? boardWins(result, index) : null;
      const cards = cardsOf(text).map((c) => marked(c, wins));
      return { index, label: boards.length > 1 ? `${doubleBoard ? "Board" : "Run"} ${index + 1}` : "",
        places: [...cards, ...Array(Math.max(0, 5 - cards.length)).fill(null)] };
    });
  }

  /** The pot line: the total drawn ("Pot 40"), the main and side pots once there are several, and `gathered`,
   * the chips already in the middle (the bets in front of the seats left out), which pulses when it grows. */
  function potLine(state) {
    const m = state.view;
    const hand = m ? m.view.hand : null;
    const result = m ? showdownOnTable(state) : null;
    if (hand) {
      return { total: hand.pot_total, gathered: hand.pot_total - hand.bets.reduce((sum, b) => sum + b, 0),
        pots: hand.pots.length > 1 ? hand.pots.map((p, i) => `${i ? `Side pot ${i}` : "Main"} ${p.amount}`) : [] };
    }
    if (result) {
      const total = result.pots.reduce((sum, p) => sum + p.amount, 0);
      return { total, gathered: total, pots: [] };
    }
    return null;
  }

  /** The game of the hand in play (a mixed table changes game by the orbit), from the hand's own rules. */
  function handGame(rules) {
    const name = STRUCTURES[rules && rules.betting && rules.betting.structure];
    return name ? `${name} Omaha Hi-Lo` : "";
  }

  /** The game line above the board: the hand's game, and at a mixed table that it is mixed. */
  function gameLine(state) {
    const m = state.view;
    const game = handGame(m && m.view.hand ? m.view.hand.rules : state.rules);
    return { game, text: game && state.info && state.info.game === "mixed" ? `Mixed \u00b7 this hand: ${game}` : game };
  }

  /** The line under the pot: the hand and street, the finished hand's headline, or what the table waits for. */
  function tableMessage(state) {
    const m = state.view;
    if (!m) return state.mode === "lobby" ? "" : "Connecting\u2026";
    const result = showdownOnTable(state);
    if (m.view.hand) return `Hand #${m.hand_number} \u00b7 ${m.view.hand.street}`;
    if (result) return summary(state, result);
    if (state.finished) return state.finished.text;
    const ready = m.view.seats.filter((p) => p && !p.sitting_out).length;
    return ready < 2 ? "Waiting for another player\u2026" : "The next hand is coming\u2026";
  }

  /** The felt's street: the hand's, "showdown" while a finished hand is shown, else "between". */
  function feltStreet(state) {
    const m = state.view;
    return m.view.hand ? m.view.hand.street : showdownOnTable(state) ? "showdown" : "between";
  }

  // --- acting ---------------------------------------------------------------------------------------------------

  /** One decision of ours: the hand and how far it has gone, so a button is pressed once per decision. */
  const decisionKey = (m) => `${m.hand_number}:${m.view.hand.events.length}`;

  function myTurn(state) {
    const m = state.view;
    return Boolean(m && state.mode === "seated" && m.view.hand && m.view.hand.legal && m.clock.actor === m.view.seat);
  }

  /** Our turn, not yet answered: the buttons are up. */
  const awaitingUs = (state) => myTurn(state) && state.acted !== decisionKey(state.view);

  /** Why the table's controls that send (the action bar, the seat's, the form to sit down, the download) are
   * held, or "": the connection dropped and the page is getting it back. A click then was lost (or went out on
   * a new connection before the seat was taken back), so they are disabled, saying why, until it is back. */
  const sendingHeld = (state) => (state.reconnecting && state.mode !== "lobby"
    ? "Reconnecting\u2026 the buttons come back with the server." : "");

  /** The bet or raise box: the legal range, whether it is one amount (limit), and the quick amounts: half the
   * pot and the pot (the pot-sized raise: the call plus the pot after it), held to the range, and the most,
   * named All-in when it is our whole stack and Max when the structure caps it. */
  function wagerBox(hand, legal) {
    const me = hand.seat;
    const top = Math.max(...hand.bets);
    const afterCall = hand.pot_total + top - hand.bets[me];
    const clamp = (n) => Math.max(legal.min_to, Math.min(legal.max_to, Math.floor(n)));
    return { kind: legal.wager, min: legal.min_to, max: legal.max_to, fixed: legal.min_to === legal.max_to,
      half: clamp(top + afterCall / 2), pot: clamp(top + afterCall), most: legal.max_to,
      mostLabel: legal.max_to === hand.bets[me] + hand.stacks[me] ? "All-in" : "Max" };
  }

  /** The action bar: null when it is not our turn to answer, else what each button offers. */
  function actionBar(state) {
    if (!awaitingUs(state)) return null;
    const hand = state.view.view.hand;
    const legal = hand.legal;
    return { fold: Boolean(legal.fold), check: Boolean(legal.check), call: legal.call > 0 ? legal.call : 0,
      wager: legal.wager ? wagerBox(hand, legal) : null,
      runs: Array.from({ length: legal.runs > 0 ? legal.runs : 0 }, (_, i) => ({ times: i + 1,
        label: RUN_WORDS[i + 1] || `${i + 1} times` })),
      show: Boolean(legal.show), muck: Boolean(legal.muck), held: sendingHeld(state) };
  }

  /** The legal bet or raise of the decision on screen, or null. */
  function wagerLegal(state) {
    const legal = state.view && state.view.view.hand && state.view.view.hand.legal;
    return legal && legal.wager ? legal : null;
  }

  /** What the bet or raise button says for the amount typed, and whether it may be pressed: outside the range
   * it names the range, so a player who typed too much sees what is allowed. */
  function wagerLabel(legal, amount) {
    const ok = Number.isInteger(amount) && amount >= legal.min_to && amount <= legal.max_to;
    const what = ok ? amount : `${legal.min_to}\u2013${legal.max_to}`;
    return { ok, text: `${legal.wager === "bet" ? "Bet" : "Raise to"} ${what}` };
  }

  /** The action a bet or raise of `amount` sends, or an error naming the range. */
  function wagerAction(legal, amount) {
    if (!wagerLabel(legal, amount).ok) return { error: `Bet or raise to between ${legal.min_to} and ${legal.max_to}.` };
    return { action: { action: legal.wager, to: amount } };
  }

  // --- the clock ------------------------------------------------------------------------------------------------

  /** Where the actor's clock is: on the action time, on the time bank (the action time is spent), or out of
   * bank (used up earlier, or drained now: the action time is all there is). A table without a time bank is
   * always on its action time. */
  function clockPhase(action, bank, bankSeconds) {
    if (bank <= 0 && bankSeconds > 0) return "no-bank";
    return action > 0 ? "action" : "bank";
  }

  /** What the player to act has left `now` (the page's clock, in ms, as `receivedAt`), as the server enforces
   * it: its view says what was left of the action time (`clock.action_seconds`) and of the time bank
   * (`clock.bank_seconds`) when it sent the view; the action time runs down first, then the bank. The bars' full
   * lengths are the table's action time and time bank (the lobby's), or what the view said when the page does
   * not know them. A server without the two parts sends `seconds` only: all of it is then action time. Null
   * when nobody's clock runs. */
  function clockParts(state, now) {
    const m = state.view;
    const c = m && m.clock;
    if (!c || c.seconds === null || c.seconds === undefined) return null;
    const split = c.action_seconds !== undefined && c.action_seconds !== null;
    const actionLeft = split ? c.action_seconds : c.seconds;
    const bankLeft = split ? c.bank_seconds || 0 : 0;
    const elapsed = (now - state.receivedAt) / 1000;
    const action = Math.max(0, actionLeft - elapsed);
    const bank = Math.max(0, bankLeft - Math.max(0, elapsed - actionLeft));
    const actionSeconds = Math.max(actionLeft, (state.info && state.info.action_seconds) || 0) || 1;
    const bankSeconds = Math.max(bankLeft, (state.info && state.info.time_bank_seconds) || 0);
    const phase = clockPhase(action, bank, bankSeconds);
    return {
      left: action + bank, action, bank, actionSeconds, bankSeconds, phase,
      // what the actor's plate says and how full its two bars are, in percent
      label: phase === "bank" ? `time bank ${Math.ceil(bank)}s` : `${Math.ceil(action)}s${phase === "no-bank" ? " \u00b7 no bank" : ""}`,
      actionFill: Math.min(100, (100 * action) / actionSeconds),
      bankFill: bankSeconds ? Math.min(100, (100 * bank) / bankSeconds) : 0,
    };
  }

  /** The turn line: whose turn it is and, when it is ours, the time left ("Your turn · 12s (+30s bank)"). */
  function turnText(state, now) {
    const m = state.view;
    if (state.finished) return "";  // out of the tournament: no next hand for us
    if (sendingHeld(state)) return sendingHeld(state);
    if (state.tableGone) return "This table has broken up: its players moved to another.";
    if (!m || !m.view.hand) return m && showdownOnTable(state) ? "The next hand is dealt in a moment" : "";
    const actor = m.clock.actor;
    if (actor === null || actor === undefined) return "";
    if (actor !== m.view.seat || state.mode !== "seated") return `Waiting for ${nameOf(state, actor)}`;
    if (!awaitingUs(state)) return "Sending\u2026";
    const parts = clockParts(state, now);
    if (!parts) return "Your turn";
    if (parts.phase === "bank") return `Your turn \u00b7 on your time bank: ${Math.ceil(parts.bank)}s left`;
    if (parts.phase === "no-bank") return `Your turn \u00b7 ${Math.ceil(parts.action)}s \u00b7 time bank used up`;
    return `Your turn \u00b7 ${Math.ceil(parts.action)}s (+${Math.ceil(parts.bank)}s bank)`;
  }

  // --- pre-actions ----------------------------------------------------------------------------------------------

  /** What we would have to call now (capped at our stack), or null when no pre-action applies: we are not in
   * the hand, have folded or are all in, or it is our turn. */
  function preCall(state) {
    const m = state.view;
    const hand = m && state.mode === "seated" ? m.view.hand : null;
    if (!hand || hand.seat < 0 || hand.folded[hand.seat] || hand.all_in[hand.seat] || hand.street === "showdown") return null;
    if (awaitingUs(state)) return null;
    return Math.min(Math.max(...hand.bets) - hand.bets[hand.seat], hand.stacks[hand.seat]);
  }

  /** The pre-action boxes, as real clients have them: Check/Fold (check if we may, else fold), Call N (only
   * while the bet we face stays N; "Check" when N is 0) and Call any (call whatever it is, or check). Null when
   * they are not shown; `ticked` is the box ticked, if any. */
  function preBoxes(state) {
    const toCall = preCall(state);
    if (toCall === null) return null;
    return { amount: toCall, callLabel: toCall ? `Call ${toCall}` : "Check", ticked: state.pre ? state.pre.kind : null };
  }

  /** The pre-action still ticked once the view has moved on: Call N is cleared as soon as the amount we face is
   * no longer N (somebody bet or raised), so it never calls more than we agreed to. */
  function preStillTicked(state) {
    const toCall = preCall(state);
    return state.pre && state.pre.kind === "call" && toCall !== null && state.pre.amount !== toCall ? null : state.pre;
  }

  /** What the ticked pre-action plays now that our turn has come, or null: it is played once, or dropped when
   * it does not fit the turn (the run-it question, show or muck). */
  function preActionNow(pre, legal) {
    if (!pre || legal.runs > 0 || legal.show || legal.muck) return null;
    const checkOr = (other) => legal.check ? { action: "check" } : other;
    if (pre.kind === "check-fold") return checkOr({ action: "fold" });
    if (pre.kind === "call-any") return checkOr({ action: "call" });
    if (pre.kind === "call" && (legal.check ? pre.amount === 0 : legal.call === pre.amount)) return checkOr({ action: "call" });
    return null;
  }

  // --- our seat -------------------------------------------------------------------------------------------------

  /** Our seat's player in the view, or null (watching, or no view yet). */
  function ownPlayer(state) {
    const view = state.view && state.view.view;
    return view && view.seat >= 0 ? view.seats[view.seat] : null;
  }

  /** The words for why the server sat us out (`awayReason`), made when shown: the table's `max_timeouts` comes
   * with the lobby, which after a reload may arrive after the first view. */
  function awayText(state) {
    if (state.awayReason === "away") return "The server sat you out while you were disconnected.";
    const times = state.info && state.info.max_timeouts;
    return `The server sat you out: your turn timed out ${times ? `${times} times` : "too often"} in a row.`;
  }

  /** The seat controls: Sit out or Come back (Stay while leaving), why the server sat us out, how much a top-up
   * may add (nothing while we are dealt into the hand in play: chips go on between hands), the straddle box.
   * Null without a seat of ours in the view. */
  function seatControls(state) {
    const player = ownPlayer(state);
    if (!player) return null;
    const m = state.view;
    const room = state.info && state.info.buy_in ? state.info.buy_in[1] - player.stack : 0;
    const dealtIn = Boolean(m.view.hand) && m.view.hand_seats.includes(m.view.seat);
    return {
      tournament: Boolean(state.tournament),  // no top-up, no leaving: the tournament is played to the end
      away: Boolean(player.sitting_out || player.leaving || (m.sat_out && state.tournament)),
      comeBackLabel: player.leaving ? "Stay" : "Come back",
      reason: state.awayReason ? `${awayText(state)} Come back to be dealt in again.` : "",
      reasonShown: Boolean((player.sitting_out || state.tournament) && state.awayReason),
      topUpRoom: room, topUpHint: room < 1 ? "full" : dealtIn ? "after hand" : `up to ${room}`, topUp: room >= 1 && !dealtIn,
      straddle: m.straddle === undefined ? null : Boolean(m.straddle),
      held: sendingHeld(state),
      ...tournamentBuys(state.tournament, player, dealtIn),
    };
  }

  /** A tournament's Rebuy and Add-on buttons (docs/server.md, "Rebuys and the add-on"): offered between our
   * hands while the rebuy period is on and we are at or below its threshold with rebuys left, and once it ends
   * while the add-on is ours to take. */
  function tournamentBuys(status, player, dealtIn) {
    const rebuy = status && status.rebuy, addon = status && status.addon;
    const made = rebuy && rebuy.made ? rebuy.made[player.name] || 0 : 0;
    const rebuyOk = Boolean(rebuy) && player.stack <= rebuy.threshold && (rebuy.most === null || made < rebuy.most);
    const addonOk = Boolean(addon) && addon.names.includes(player.name);
    return {
      rebuy: rebuyOk && !dealtIn, rebuyShown: rebuyOk,
      rebuyLabel: rebuyOk ? `Rebuy ${rebuy.chips} for ${rebuy.cost}` : "",
      addon: addonOk && !dealtIn, addonShown: addonOk,
      addonLabel: addonOk ? `Add-on ${addon.chips} for ${addon.cost}` : "",
    };
  }

  /** The form under the table for a spectator: to sit down, or after busting to buy in again. */
  const watchForm = (state) => (state.finished ? { lead: state.finished.text, submit: "" }
    : state.info && state.info.tournament
    ? { lead: state.busted ? "You are out: your place comes when this hand-for-hand round is over." : "You are watching the tournament.", submit: "" }
    : state.busted
      ? { lead: "You are out of chips. Buy in again:", submit: "Rebuy" }
      : { lead: "You are watching.", submit: "Sit down" });

  // --- results and history --------------------------------------------------------------------------------------

  /** The Last hand panel for a hand seen ending: the headline, each board with the winning cards marked, each
   * pot (its title, its story, the winners of each half with their own five cards, what it paid), the hands
   * shown and the rake. */
  function resultPanel(state, result) {
    const who = (seat) => whoIn(state, result, seat);
    const boards = result.boards.filter(Boolean);
    const winners = (pot, half) => {
      const hands = handsOf(pot, half);
      const without = pot[half].filter((s) => !hands.some((h) => h.seat === s));  // not shown: a name only
      return [...hands.map((hand) => ({ seat: hand.seat, name: who(hand.seat), hand: hand.name,
        cards: cardsOf(hand.cards) })), ...without.map((seat) => ({ seat, name: who(seat), hand: null, cards: [] }))];
    };
    return {
      number: result.number,
      summary: summary(state, result),
      boards: boards.map((text, index) => ({ label: boards.length > 1 ? `Board ${index + 1}` : "Board",
        cards: cardsOf(text).map((c) => marked(c, boardWins(result, index))) })),
      pots: result.pots.map((pot, index) => ({
        index,
        title: `${index === 0 ? "Main pot" : `Side pot ${index}`} \u00b7 ${pot.amount}`
          + (boards.length > 1 ? ` \u00b7 board ${(pot.board || 0) + 1}` : ""),
        story: potStory(pot, who, ""),
        contested: contested(pot),
        high: winners(pot, "high"),
        low: winners(pot, "low"),
        paid: "Paid: " + pot.payouts.map(([s, chips]) => `${who(s)} ${chips}`).join(", "),
      })),
      shown: Object.entries(result.shown).map(([seat, text]) => ({ seat: Number(seat), name: who(Number(seat)),
        cards: cardsOf(text).map((c) => marked(c, winningCards(result, Number(seat)))) })),
      rake: result.rake ? `Rake ${result.rake}` : "",
    };
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
  function historySource(state) {
    if (state.reloaded) return "From the hand history (the page was reloaded since).";
    return state.mode === "watching" ? "The table's last hand, before you began watching."
      : "The table's last hand, before you sat down.";
  }

  /** The Last hand panel filled from a hand of the history: the headline (a server that does not say who won
   * each pot: the players who came out ahead, as one pot), where it comes from, the board, each player's
   * net and the hands shown. */
  function historyPanel(state, hand) {
    const facts = phhFacts(hand.phh);
    const pots = hand.pots || [{ high: facts.net.filter(([, chips]) => chips > 0).map(([name]) => name), low: [],
      contested: false }];
    return {
      number: hand.number,
      summary: headline(hand.number, pots, (name) => name),
      source: historySource(state),
      board: facts.board,
      net: facts.net.map(([name, chips]) => `${name} ${chips > 0 ? "+" : ""}${chips}`).join(", "),
      shown: facts.shown.map(([name, cards]) => ({ name, cards })),
    };
  }

  /** The hands known, newest first. */
  const historyHands = (state) => [...state.history.values()].sort((a, b) => b.number - a.number);

  /** The newest hand of the history for the Last hand panel, when the page saw no hand end and the panel does
   * not already show this one or a later one (`shownNumber`). */
  function historyForPanel(state, shownNumber) {
    const newest = historyHands(state).find((h) => h.phh);
    return !state.result && newest && (shownNumber || 0) < newest.number ? newest : null;
  }

  /** A .phhs file of the hands from `first` on: one TOML table per hand, named by its number (as
   * engine.history.write_phhs writes them); null when there is none. */
  function phhsFile(state, first) {
    const hands = historyHands(state).filter((h) => h.phh && h.number >= first).reverse();
    if (!hands.length) return null;
    return { name: `${state.table}-hands.phhs`, text: hands.map((h) => `[${h.number}]\n${h.phh.trim()}\n`).join("\n") };
  }

  // --- provably-fair deals ----------------------------------------------------------------------------------------

  /** What this page saw of a finished hand's deal, for fair.js to check the reveal against: the commitment sent
   * before the deal, the hole cards we were dealt and the boards; null when the page did not see it dealt. */
  function fairSeen(state, result) {
    const dealt = state.dealtSeen;
    if (!dealt || dealt.number !== result.number) return null;
    return { ...dealt, commitment: state.commitments[result.number], boards: result.boards.filter(Boolean).map(cardsOf),
      boardsPerRun: (state.rules && state.rules.boards) || 1 };
  }

  /** What the page says of a deal checked: `found` is fair.js's verdict ({verdict, why}). */
  function fairText(result, found) {
    const n = result.number;
    return {
      verified: `Deal verified: hand #${n}'s deck matches the commitment sent before the deal and deals the cards you saw.`,
      failed: `Warning: hand #${n}'s deal does not check out: ${found.why}.`,
      unavailable: "Cannot verify here: this browser computes SHA-256 only on a secure page (https, or localhost). "
        + "The reveal can be checked with engine.server.fair.verify.",
      unseen: `Hand #${n} was not seen dealt here, so its deal cannot be checked.`,
    }[found.verdict];
  }

  // --- the page's state, and the only ways it changes -------------------------------------------------------------

  /** The page's state before anything happened: `since` is the first hand of each table's download, as the
   * browser kept it (per table; a reload keeps it). */
  function initialState(since) {
    return {
      mode: "lobby",        // lobby | seated | watching
      table: null,          // the table id we sit at or watch
      info: null,           // that table's lobby entry (title, blinds, buy_in, ...)
      tables: [],           // the lobby
      view: null,           // the last view message
      receivedAt: 0,        // when it came, on the page's clock (for the clock)
      result: null,         // the last hand message
      rules: null,          // the rules of the last hand seen (boards, hole cards)
      names: {},            // table seat -> name, as last seen (for results after a player left)
      acted: null,          // the decision we answered (decisionKey), so a button is pressed once
      history: new Map(),   // hand number -> {number, phh}, every page the server sent
      since: { ...since },  // table -> the first hand the download covers
      sinceUnset: false,    // a seat just taken (or a table just watched): its first view says where it began
      rewatch: false,       // a watch sent again (a reload, a dropped connection): its answer keeps the download's start
      downloading: false,   // Download PHH is asking for older pages
      pagingFrom: null,     // ... and asked for the page before this hand
      anchor: 0,            // the table seat drawn at the bottom (ours, and still after we bust)
      busted: false,        // out of chips: the table stays on screen, with a rebuy or the lobby
      pre: null,            // the pre-action ticked: {kind: "check-fold" | "call" | "call-any", amount}
      commitments: {},      // hand number -> the commitment sent before its deal (provably-fair tables)
      dealtSeen: null,      // what the last hand in play dealt us: {number, players, button, seat, hole}
      historyAsked: false,
      historyMissing: false,
      lastSent: null,       // the type of the last message sent: what an "unknown_type" error refused
      takenOver: false,     // another window resumed our seat
      reconnecting: false,  // the connection dropped and the page is getting it back: nothing at the table sends
      reloaded: false,      // this page took its seat (or table) back from the browser, not from the lobby
      away: null,           // why our seat sat out at the last view ("" playing; null: no view of our seat yet)
      awayReason: null,     // why the server sat us out ("timeouts", "away"), said beside Come back until dealt in
      toppingUp: null,      // a top-up sent: {amount, from}, confirmed when the view shows the chips
      tournaments: [],      // the lobby's sit-and-gos
      entrant: null,        // our registration: {tournament, sng, name, token}, kept by the browser
      outOf: null,          // the registration we busted out of (its token: a re-entry resumes it, then registers)
      tournament: null,     // at a tournament's table: the last view's `tournament` (level, players left, ...)
      finished: null,       // out of the tournament (or its winner): {text}, its last hand kept on the felt
      tableGone: false,     // out in a hand-for-hand round at a table that broke: nothing to watch, the hand shown over
    };
  }

  /** Every change goes through here: `fn` edits a copy of the state (replacing, never editing, what it holds:
   * so the old state stays as it was, and the view sees what changed by comparing) and says what the view is to
   * do, as plain data in `effects`:
   *   {send: message}             send to the server
   *   {notice: text, kind}        say it over the header ("info" or "error")
   *   {store: key, value}         keep in the browser (value null: forget); {token: table, value} a seat's token
   *   {screen: "room" | "lobby"}  go to that screen; {lobby: true} fetch the lobby
   *   {disconnect: true}          close the socket on purpose; {refillWatchForm: true} the form under the table
   *   {checkFair: result}         check a provably-fair hand's reveal; {download: {name, text}} save a file
   * A ticked Call N that no longer fits is dropped after every change. */
  function change(state, fn) {
    const next = { ...state };
    const effects = [];
    fn(next, effects);
    next.pre = preStillTicked(next);
    return { state: next, effects };
  }

  function send(s, effects, message) {
    s.lastSent = message.type;
    effects.push({ send: message });
  }

  function askHistory(s, effects) {
    if (s.historyMissing || s.mode === "lobby") return;
    s.historyAsked = true;
    send(s, effects, { type: "history", count: 10 });
  }

  function enterRoom(s, effects) {
    effects.push({ screen: "room" });
    if (!s.info || s.info.id !== s.table) effects.push({ lobby: true });
  }

  function leaveRoom(s, effects, message) {
    Object.assign(s, { mode: "lobby", view: null, result: null, history: new Map(), historyAsked: false, busted: false,
      pre: null, acted: null, table: null, away: null, awayReason: null, finished: null, tournament: null,
      tableGone: false });  // a seat taken next starts afresh
    // out before our place's prize is known: the connection stays, so that the server's "placed" reaches us
    if (!awaitingPlace(s)) disconnect(s, effects);
    effects.push({ store: "watching", value: null }, { refillWatchForm: true }, { screen: "lobby" });
    if (message) effects.push({ notice: message, kind: "info" });
  }

  /** The connection is closed on purpose: no longer one being got back. */
  function disconnect(s, effects) {
    s.reconnecting = false;
    effects.push({ disconnect: true });
  }

  /** Whether we are out in a hand-for-hand round, at the table we busted at, waiting for the round's place. */
  function awaitingRound(s) {
    return s.busted && s.mode === "watching" && Boolean(s.entrant);
  }

  /** The table we are out at broke: nothing is watched, and the last view's hand is drawn as over (the hand's
   * result on the felt, no clock running), since no view of the table will come again. */
  function tableGone(s) {
    s.tableGone = true;
    s.view = handAsEnded(s);
  }

  /** Whether we are out of a tournament whose place or prize is not known yet: the page keeps the connection
   * (and after a drop or a reload resumes the entry's token) until the server's "placed" gives them. */
  function awaitingPlace(s) {
    return Boolean(s.outOf && s.outOf.pending && s.outOf.token);
  }

  /** The entry we are out of, kept in the browser while its place or prize is to come (forgotten once known). */
  function keepOut(s, effects, out) {
    s.outOf = out;
    effects.push({ store: "out", value: out && out.pending ? JSON.stringify(out) : null });
  }

  /** Out of chips: the hand is shown out (its result stays on the table until the next deal) and the page
   * watches the table on, offering a rebuy (a new buy-in at the same table, the same name) or the lobby. */
  function bust(s, effects, table) {
    Object.assign(s, { busted: true, mode: "watching", pre: null, historyAsked: false });  // asked again as a spectator
    effects.push({ refillWatchForm: true });
    send(s, effects, { type: "watch", table });
    effects.push({ notice: `You are out of chips at ${titleOf(s, table)}: buy in again, or go back to the lobby.`, kind: "info" });
  }

  /** Out of a tournament, or its winner: the hand that did it stays on the felt as it ended (the showdown, as a
   * cash table shows a bust; the seat is gone, so no view of it comes), with the place and prize said under the
   * table beside Back to the lobby, and the page goes to the lobby by itself after a pause
   * (`FINISHED_PAUSE_SECONDS`, `finishedPauseOver`). The connection stays until the page leaves the felt: the
   * server still answers it the history of the table its seat was at (the hand that did it included, with the
   * player's own cards: Hand history and Download PHH), and a prize still to come. */
  function finish(s, effects, text) {
    Object.assign(s, { mode: "watching", busted: false, pre: null, acted: null, view: handAsEnded(s) });
    effects.push({ store: "watching", value: null });
    stayFinished(s, effects, text);
  }

  /** The finished screen says `text` (again, once the prize is known), and counts its pause from now. */
  function stayFinished(s, effects, text) {
    s.finished = { text };
    effects.push({ notice: text, kind: "info" }, { lobbyAfter: FINISHED_PAUSE_SECONDS * 1000, finished: s.finished });
  }

  /** The last view as the hand it showed ended: no hand in play and nobody's clock, numbered as the last hand
   * seen ending at this table, so that hand's result is drawn on the felt. */
  function handAsEnded(s) {
    const m = s.view;
    if (!m) return m;
    const number = s.result && s.result.table === s.table ? s.result.number : m.hand_number;
    return { ...m, hand_number: number, clock: { ...m.clock, actor: null, seconds: null }, view: { ...m.view, hand: null } };
  }

  /** The first hand the download covers: the first dealt after this player first sat down (or began watching)
   * at this table, a rebuy after busting included. */
  const firstHand = (state) => Number(state.since[state.table]) || 1;

  /** The table's hands a spectator's download holds at the least: one page of the server's `history`. */
  const SPECTATOR_HANDS = 20;

  /** Whether the page only watches the table: not a player out of chips there (or out of the tournament), whose
   * download goes on from their sitting down. */
  const onlyWatching = (state) => state.mode === "watching" && !state.busted && !state.finished;

  /** The first hand Download PHH covers: the first since the player sat down (`firstHand`); a spectator's goes
   * back to the table's last 20 hands as well (since they began watching, a newcomer who opens a table to watch
   * had one hand, or none). */
  function downloadFrom(state) {
    const since = firstHand(state);
    if (!onlyWatching(state) || !state.history.size) return since;
    // by the hands held, not by number: a tournament's tables share one numbering, so a table's skip
    const held = [...state.history.keys()].sort((a, b) => b - a);
    return Math.min(since, held[Math.min(SPECTATOR_HANDS, held.length) - 1]);
  }

  /** Whether a spectator's download holds fewer than the table's last `SPECTATOR_HANDS` hands the page has
   * seen of it: older pages are asked for until it does (or the table has no more). */
  const spectatorShort = (state) => onlyWatching(state) && state.history.size < SPECTATOR_HANDS;

  /** Every hand from `downloadFrom`: the server sends at most 20 at a time, so older pages are asked for
   * (`before`: the oldest hand the page has) until the first hand is reached, then the file is saved. */
  function download(s, effects) {
    const oldest = Math.min(...s.history.keys());
    if ((oldest > downloadFrom(s) || spectatorShort(s)) && s.pagingFrom !== oldest) {
      Object.assign(s, { pagingFrom: oldest, downloading: true });
      send(s, effects, { type: "history", count: 20, before: oldest });
      return;
    }
    Object.assign(s, { downloading: false, pagingFrom: null });
    const file = phhsFile(s, downloadFrom(s));
    if (file) effects.push({ download: file });
  }

  function act(s, effects, action) {
    if (!awaitingUs(s) || sendingHeld(s)) return;
    s.acted = decisionKey(s.view);
    send(s, effects, { type: "act", action });
  }

  /** A view of the table: what is drawn, and what it tells about our seat (a new hand clears the pre-action, a
   * first view says where the download begins, the server sat us out, a top-up arrived), then the ticked
   * pre-action is played if our turn has come. */
  function seeView(s, effects, data, now) {
    const view = data.view;
    if (view.hand && (!s.view || s.view.hand_number !== data.hand_number)) s.pre = null;  // nothing carries over
    s.view = data;
    s.receivedAt = now;
    s.names = { ...s.names };
    view.seats.forEach((player, seat) => { if (player) s.names[seat] = player.name; });
    if (s.sinceUnset) {
      s.sinceUnset = false;
      s.since = { ...s.since, [s.table]: view.hand ? data.hand_number : data.hand_number + 1 };
      effects.push({ store: "since", value: { table: s.table, hand: s.since[s.table] } });
    }
    const player = view.seat >= 0 ? view.seats[view.seat] : null;
    // Why the server sat our seat out, from the view's `sat_out` ("timeouts": our turns timed out `max_timeouts`
    // in a row; "away": disconnected past the grace time; "asked" is our own choice): said beside Come back
    // (after a reload too), and once as a notice when it happens while the page watches.
    const reason = player && player.stack > 0 && data.sat_out ? data.sat_out : "";
    s.awayReason = reason === "timeouts" || reason === "away" ? reason : null;
    if (s.awayReason && s.away !== null && s.away !== reason) {
      effects.push({ notice: `${awayText(s)} Press Come back to be dealt in again.`, kind: "error" });
    }
    s.away = player ? reason : null;
    // A top-up is confirmed once our seat's view shows the chips (the server sends no other answer).
    const asked = s.toppingUp;
    if (asked && player && player.stack >= asked.from + asked.amount) {
      s.toppingUp = null;
      effects.push({ notice: `Topped up by ${asked.amount} chips: your stack is ${player.stack}.`, kind: "info" });
    }
    if (view.seat >= 0) s.anchor = view.seat;
    if (view.hand) {
      s.rules = view.hand.rules;
      if (data.commitment) s.commitments = { ...s.commitments, [data.hand_number]: data.commitment };
      s.dealtSeen = { number: data.hand_number, players: view.hand_seats.length, button: view.hand.button,
        seat: view.hand.seat >= 0 ? view.hand.seat : null, hole: cardsOf(view.hand.hole) };
    }
    if (!s.historyAsked && !s.historyMissing) askHistory(s, effects);
    // Our turn has come with a pre-action ticked: it is played (once), or dropped when it does not fit.
    if (s.pre && awaitingUs(s)) {
      const action = preActionNow(s.pre, view.hand.legal);
      s.pre = null;
      if (action) act(s, effects, action);
    }
  }

  /** The server said no (docs/server.md, "Errors"): branches on the code, never on the text. */
  function refused(s, effects, code, text) {
    if (code === "unknown_token" && s.mode === "lobby" && awaitingPlace(s)) {
      keepOut(s, effects, null);  // the tournament we are out of is gone (over, and another opened): nothing to hear
      return;
    }
    if (code === "unknown_token" && s.mode === "lobby" && s.entrant) {
      // the sit-and-go we had registered for is over (or its registration is gone): nothing to resume
      s.entrant = null;
      effects.push({ store: "entrant", value: null });
      return;
    }
    if ((code === "registration_closed" || code === "no_reentry") && s.mode === "lobby" && s.entrant) {
      // a re-entry refused after its entry was resumed: we are still out of it (and may not enter again)
      Object.assign(s, { outOf: s.entrant, entrant: null });
      effects.push({ store: "entrant", value: null }, { notice: text, kind: "error" }, { lobby: true });
      return;
    }
    if (code === "no_seat" && s.mode !== "seated") {
      // A request that crossed our seat going (a history asked on the last hand's result, just before the
      // "left" that busted us): nothing to tell the player; the page asks again once it watches.
      return;
    }
    if (code === "unknown_token") {
      effects.push({ token: s.table, value: null }, { store: "table", value: null });
      leaveRoom(s, effects, "Your seat is gone (you were away too long, or the server forgot it). Sit down again.");
    } else if (code === "resumed_elsewhere") {
      s.takenOver = true;
      const what = s.mode === "lobby" ? "registration is now held" : "seat is now played";  // waiting for the start
      effects.push({ notice: `This ${what} in another window. Reload this page to play here again.`, kind: "error" });
    } else if (code === "unknown_type" && s.lastSent === "history") {
      s.historyMissing = true;
    } else if (code === "unknown_type" && s.lastSent === "watch") {
      leaveRoom(s, effects, "This server does not offer watching a table.");
    } else {
      s.acted = null;  // a refused action: the buttons come back
      s.toppingUp = null;
      effects.push({ notice: text, kind: "error" });
    }
  }

  /** A message from the server (docs/server.md, "The protocol"), at `now` on the page's clock. */
  const apply = (state, data, now) => change(state, (s, effects) => {
    switch (data.type) {
      case "welcome":
        if (data.tournament) {  // the draw seated us, or the tournament moved us: the entrant's token goes along
          const moved = s.mode === "seated" && s.table && s.table !== data.table;
          if (moved) {
            effects.push({ token: s.table, value: null }, { notice: `You moved to table ${data.table}.`, kind: "info" });
            Object.assign(s, { view: null, result: null, history: new Map(), historyAsked: false, pre: null, acted: null });
          }
          if (s.entrant && s.entrant.token) effects.push({ token: data.table, value: s.entrant.token });
          // The download begins at the first hand at this table: a new table's (the draw, a move), not the resumed
          // one's again after a reconnect or a reload (a server restart, a dropped line), nor after a re-entry.
          const sameStay = !moved && (s.mode === "seated" || s.busted) && s.since[data.table] !== undefined;
          s.sinceUnset = !sameStay;
        }
        Object.assign(s, { mode: "seated", table: data.table, takenOver: false, tableGone: false });
        // A rebuy after busting is a new seat (a new token) but the same stay at the table: the download still
        // goes back to the first hand since the player first sat down here.
        if (data.token) {
          effects.push({ token: data.table, value: data.token });
          Object.assign(s, { sinceUnset: !s.busted, reloaded: false });
        }
        s.busted = false;
        effects.push({ store: "table", value: data.table }, { store: "watching", value: null });
        enterRoom(s, effects);
        break;
      case "watching":
        // the download begins where watching began: a watch sent again (a reload, a dropped connection) goes on
        if (!s.busted && !(s.rewatch && s.since[data.table] !== undefined)) s.sinceUnset = true;
        Object.assign(s, { mode: "watching", table: data.table, rewatch: false });
        effects.push({ store: "watching", value: data.table });
        enterRoom(s, effects);
        break;
      case "view":
        if (data.table === s.table && !s.finished) {
          seeView(s, effects, data, now);
          s.tournament = data.tournament || null;
        }
        break;
      case "registered": {
        if (data.out) {  // the answer to resuming an entry that is out: its place and prize as they stand
          const ours = s.entrant && s.entrant.sng === data.sng && s.entrant.name === data.name;
          if (ours) break;  // out in a hand-for-hand round, watching the table: "placed" comes when it is over
          const known = data.place !== null && data.place !== undefined && data.prize !== null && data.prize !== undefined;
          const was = s.outOf && s.outOf.sng === data.sng ? s.outOf : null;
          const told = known && was && was.pending;  // we waited for it: said once, and the connection let go
          if (told) effects.push({ notice: `The prize pool is fixed. ${outText({ ...data, reason: "busted" })}`, kind: "info" });
          keepOut(s, effects, { tournament: data.tournament, sng: data.sng, name: data.name,
            token: (was && was.token) || null, pending: !known });
          if (told && s.mode === "lobby") disconnect(s, effects);
          break;
        }
        const before = s.entrant || (s.outOf && s.outOf.sng === data.sng ? s.outOf : null);  // a re-entry keeps its token
        s.entrant = { tournament: data.tournament, sng: data.sng, name: data.name,
          token: data.token || (before && before.token) || null };
        keepOut(s, effects, null);
        effects.push({ store: "entrant", value: JSON.stringify(s.entrant) }, { lobby: true });
        const t = (s.tournaments || []).find((one) => one.id === data.tournament);
        const when = t && t.state === "late registration" ? "you are seated at once"
          : t && t.start && t.start !== "when full" ? `it starts at ${startText(t.start)}` : "it starts when full";
        if (data.reentry) effects.push({ notice: `You entered ${data.tournament} again.`, kind: "info" });
        else if (data.token) effects.push({ notice: `Registered for ${data.tournament} as ${data.name}: ${when}.`, kind: "info" });
        break;
      }
      case "cancelled":  // a scheduled tournament with too few registered at its time
        s.entrant = null;
        effects.push({ store: "entrant", value: null }, { lobby: true }, { notice: data.reason, kind: "info" });
        break;
      case "unregistered":
        s.entrant = null;
        effects.push({ store: "entrant", value: null }, { lobby: true },
          { notice: `Your registration for ${data.tournament} is taken back.`, kind: "info" });
        break;
      case "placed":  // our final place and prize: once the hand-for-hand round we busted in is over, or the pool fixed
        if (s.entrant && s.entrant.name === data.name && s.busted) {
          if (data.standing) s.tournament = data.standing;  // the round's places counted on the line over the felt
          keepOut(s, effects, { ...s.entrant, pending: false });
          s.entrant = null;
          effects.push({ store: "entrant", value: null });
          finish(s, effects, outText({ ...data, reason: "busted" }));
        } else if ([s.entrant, s.outOf].some((e) => e && e.sng === data.sng && e.name === data.name)) {
          const why = data.why === "round_over" ? "" : "The prize pool is fixed. ";  // after a reload: no memory of why
          const text = `${why}${outText({ ...data, reason: "busted" })}`;
          if (!s.finished) effects.push({ notice: text, kind: "info" });  // else said by the finished screen
          if (s.outOf && s.outOf.pending) {
            keepOut(s, effects, { ...s.outOf, pending: false });
            if (s.mode === "lobby") disconnect(s, effects);  // kept only to hear this
          }
          if (s.finished) stayFinished(s, effects, text);
        }
        break;
      case "closed":
        if (data.table !== s.table || s.mode !== "watching" || s.finished) break;
        if (awaitingRound(s)) tableGone(s);  // out in a hand-for-hand round: stay for the place ("placed")
        else leaveRoom(s, effects, "That table has closed.");
        break;
      case "deal":
        if (data.table === s.table) s.commitments = { ...s.commitments, [data.number]: data.commitment };
        break;
      case "hand":
        if (data.table !== s.table || s.finished) break;
        s.result = data;
        effects.push({ checkFair: data });
        askHistory(s, effects);
        break;
      case "history":
        // A hand already held is kept as first received: the server gives a seat the hole cards of the hands its
        // own sitting was dealt, so after a rebuy (a new sitting) the same hand comes back without them.
        s.history = new Map(s.history);
        for (const hand of data.hands || []) if (!s.history.has(hand.number)) s.history.set(hand.number, hand);
        // Only the answer to the download's own page goes on with it: every hand in it is older than the page asked
        // from (none at all: there is nothing older). The newest hands, asked for when a hand ends while the pages
        // come in, are not that answer; taken for it, they ended the download hands short of the first.
        if (s.downloading && (data.hands || []).every((hand) => hand.number < s.pagingFrom)) download(s, effects);
        break;
      case "left":
        effects.push({ token: data.table, value: null }, { store: "table", value: null });
        if (data.tournament && data.reason !== "won" && (data.place === null || data.place === undefined)) {
          // out in a hand-for-hand round: the table is watched on until the round gives the place ("placed");
          // a table that broke with this hand (`closed`) is not asked for: its last hand stays on screen, over
          Object.assign(s, { busted: true, mode: "watching", pre: null, historyAsked: false });
          if (data.closed) tableGone(s);
          else send(s, effects, { type: "watch", table: data.table });
          effects.push({ notice: outText(data), kind: "info" });
        } else if (data.tournament) {  // out of the tournament (or its winner): its place and prize, then the lobby
          if (data.standing) s.tournament = data.standing;  // the line over the felt counts this hand's busts
          const pending = data.reason !== "won" && (data.prize === null || data.prize === undefined);
          keepOut(s, effects, s.entrant && { ...s.entrant, pending });  // outOf: a re-entry's token, and "placed"'s
          s.entrant = null;
          effects.push({ store: "entrant", value: null });
          finish(s, effects, outText(data));
        } else if (data.reason === "busted") bust(s, effects, data.table);
        else leaveRoom(s, effects, `You left ${titleOf(s, data.table)} with ${data.chips} chips.`);
        break;
      case "error":
        refused(s, effects, data.code, data.message);
        break;
      default:
        break;  // pong: nothing changes
    }
  });

  // --- the user's choices -----------------------------------------------------------------------------------------

  /** The page opens: back to the seat (`token`) or the table watched that the browser kept, else the lobby. */
  const start = (state, { table, token, watching, entrant, out }) => change(state, (s, effects) => {
    if (entrant) s.entrant = entrant;
    if (out && out.pending && out.token) {  // out before the prize was known: heard again (the answer, then "placed")
      s.outOf = out;
      send(s, effects, { type: "resume", token: out.token });
    }
    if (token) {
      Object.assign(s, { mode: "seated", table, reloaded: true });
      effects.push({ screen: "room" }, { lobby: true });
      send(s, effects, { type: "resume", token });
    } else if (watching) {
      Object.assign(s, { mode: "watching", table: watching, info: null, reloaded: true, rewatch: true });
      effects.push({ screen: "room" });
      send(s, effects, { type: "watch", table: watching });
      effects.push({ lobby: true });
    } else {
      effects.push({ screen: "lobby" });
      if (entrant && entrant.token) send(s, effects, { type: "resume", token: entrant.token });  // waiting for the start
    }
  });

  /** The lobby's tables arrived (GET /api/tables). */
  const lobbyLoaded = (state, tables, tournaments = []) => change(state, (s) => {
    s.tables = tables;
    s.tournaments = tournaments;
    if (s.table) s.info = tables.find((t) => t.id === s.table) || s.info;
  });

  const join = (state, table, name, buyIn) => change(state, (s, effects) => {
    if (sendingHeld(s)) return;  // the form under a table watched: back once the connection is
    effects.push({ store: "name", value: name });
    if (Number.isInteger(buyIn) && buyIn > 0) effects.push({ store: "buy_in", value: String(buyIn) });
    Object.assign(s, { table, info: s.tables.find((t) => t.id === table) || null });
    send(s, effects, { type: "join", table, name, buy_in: buyIn });
  });

  /** Register for a tournament's sit-and-go (the `registered` answer keeps the token). Busted out of it under
   * the same name: the entry is resumed with its token first, so the server takes the register for a re-entry. */
  const register = (state, tournament, name) => change(state, (s, effects) => {
    effects.push({ store: "name", value: name });
    const out = s.outOf;
    if (out && out.token && out.tournament === tournament && out.name.toLowerCase() === name.toLowerCase()) {
      send(s, effects, { type: "resume", token: out.token });
    }
    send(s, effects, { type: "register", tournament, name });
  });

  const unregister = (state, tournament) => change(state, (s, effects) => {
    send(s, effects, { type: "unregister", tournament });
  });

  const watch = (state, table) => change(state, (s, effects) => {
    Object.assign(s, { table, info: s.tables.find((t) => t.id === table) || null, reloaded: false });
    send(s, effects, { type: "watch", table });
  });

  /** The connection dropped (`connected` false: the page is getting it back) or is open again: what sends at
   * the table is held meanwhile (`sendingHeld`). */
  const connectionChanged = (state, connected) => change(state, (s) => { s.reconnecting = !connected; });

  /** Whether we wait in the lobby for a tournament we registered for to start (its `welcome` seats us). */
  const awaitingStart = (state) => state.mode === "lobby" && Boolean(state.entrant && state.entrant.token);

  /** Whether a dropped connection is got back: at a table (not its finished felt, to which nothing more comes),
   * waiting for a tournament's start (else the draw seats us with nobody at the page), or for a place or prize. */
  const reconnects = (state) => awaitingPlace(state) || awaitingStart(state) || (state.mode !== "lobby" && !state.finished);

  /** After a dropped connection: take the seat back with its token, or watch again. */
  const reconnect = (state, token) => change(state, (s, effects) => {
    if (s.finished) {  // out of the tournament, its last hand on the felt: only a prize still to come is heard
      if (awaitingPlace(s)) send(s, effects, { type: "resume", token: s.outOf.token });
    } else if (s.mode === "seated" && token) send(s, effects, { type: "resume", token });
    else if (s.mode === "watching") {
      // out in a hand-for-hand round: the entry is resumed first, so that the round's "placed" still reaches us
      if (s.busted && s.entrant && s.entrant.token) send(s, effects, { type: "resume", token: s.entrant.token });
      if (!s.tableGone) {
        s.rewatch = true;
        send(s, effects, { type: "watch", table: s.table });
      }
    } else if (awaitingStart(s)) send(s, effects, { type: "resume", token: s.entrant.token });
    else if (awaitingPlace(s)) send(s, effects, { type: "resume", token: s.outOf.token });
  });

  /** The page's home link: the lobby again, or from a table watched back to it; a seated player leaves first. */
  const home = (state) => change(state, (s, effects) => {
    if (s.mode === "lobby") effects.push({ lobby: true });
    else if (s.mode === "watching") leaveRoom(s, effects, s.finished && s.finished.text);
    else effects.push({ notice: "You are seated: use Leave table to go back to the lobby.", kind: "info" });
  });

  const stopWatching = (state) => change(state, (s, effects) => leaveRoom(s, effects, s.finished && s.finished.text));

  /** The pause after the finish is over: the lobby, unless the player went there already or the finished screen
   * was said again since (`finished`: the one the pause was counted for). */
  const finishedPauseOver = (state, finished) => change(state, (s, effects) => {
    if (s.finished && s.finished === finished) leaveRoom(s, effects, s.finished.text);
  });

  /** A button of the action bar (or its key): sent once per decision, and only at our turn. */
  const choose = (state, action) => change(state, (s, effects) => act(s, effects, action));

  /** The bet or raise typed: sent when it is in the legal range, else the range is said. */
  const chooseWager = (state, amount) => change(state, (s, effects) => {
    const legal = wagerLegal(s);
    if (!legal) return;
    const chosen = wagerAction(legal, amount);
    if (chosen.error) effects.push({ notice: chosen.error, kind: "error" });
    else act(s, effects, chosen.action);
  });

  /** A pre-action box ticked (`kind`) or cleared (null): one at a time; Call N holds the amount we face now. */
  const tickPre = (state, kind) => change(state, (s) => {
    s.pre = kind ? { kind, amount: preCall(s) } : null;
  });

  /** A request about our seat that needs nothing but sending (sit out, come back, straddle). */
  const request = (state, message) => change(state, (s, effects) => { if (!sendingHeld(s)) send(s, effects, message); });

  const leave = (state) => change(state, (s, effects) => {
    if (sendingHeld(s)) return;
    send(s, effects, { type: "leave" });
    if (s.view && s.view.view.hand) effects.push({ notice: "You leave when this hand ends.", kind: "info" });
  });

  /** Chips added to our stack: confirmed by the view that shows them (`seeView`). */
  const topUp = (state, amount) => change(state, (s, effects) => {
    if (sendingHeld(s)) return;
    if (!Number.isInteger(amount) || amount < 1) {
      effects.push({ notice: "Top up by a whole number of chips.", kind: "error" });
      return;
    }
    const player = ownPlayer(s);
    s.toppingUp = player ? { amount, from: player.stack } : null;
    send(s, effects, { type: "top_up", amount });
  });

  /** Download PHH: every hand since sitting down (a spectator's: the table's last 20 too), asking for older pages
   * first when the page lacks them. */
  const downloadHistory = (state) => change(state, (s, effects) => { if (!sendingHeld(s)) download(s, effects); });

  globalThis.OmahaModel = Object.freeze({
    cardsOf, stakes, gameName, nameOf, titleOf, whereText, offeredBuyIn, lobbyRow, lobbyEmpty, listed,
    ordinal, placeText, startText, tournamentRow, tournamentLine, resultsText, ownPlace, registerTerms, payoutText,
    tournamentsHint,
    tablesSection, bustsLine, outText, awaitingPlace,
    showdownOnTable, handsOf, contested, winningCards, boardWins, potStory, headline, whoIn, summary, seatBadges,
    lastActions, seatInResult, seatPlates, boardRows, potLine, handGame, gameLine, tableMessage, feltStreet,
    decisionKey, myTurn, awaitingUs, sendingHeld, wagerBox, actionBar, wagerLegal, wagerLabel, wagerAction,
    clockPhase, clockParts, turnText,
    preCall, preBoxes, preStillTicked, preActionNow,
    ownPlayer, awayText, seatControls, watchForm,
    fairSeen, fairText, resultPanel, phhFacts, historySource, historyPanel, historyHands, historyForPanel, phhsFile,
    firstHand, downloadFrom,
    // the state and its transitions: each returns {state, effects}
    initialState, apply, start, lobbyLoaded, join, watch, connectionChanged, reconnects, reconnect, home, stopWatching, choose, chooseWager, tickPre,
    request, leave, topUp, downloadHistory, register, unregister, finishedPauseOver,
  });
})();
