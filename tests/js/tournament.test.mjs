// A sit-and-go in the page's model: the lobby's rows, registering, the draw seating us, a move to another table
// following without a reload, the line over a tournament's table, and the place and prize when we are out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { M, result, state, view } from "./table.mjs";

const SNG = { id: "sng", sng: "sng#1", title: "Turbo", game: "no-limit", entrants: 3, starting_stack: 500,
  state: "registering", registered: ["bob"], prize_pool: 10, start: "when full" };
const STATUS = { id: "sng", sng: "sng#1", level: 2, levels: 3, blinds: [10, 20], ante: 5, next_level: { hands: 1 },
  players_left: 2, entrants: 3, average_stack: 750, prize_pool: 30, prizes: [30], hand_for_hand: false, tables: 1,
  busts: [{ name: "cy", first: 3, last: 3, prize: 0 }] };

function run(...steps) {
  let answer = { state: M.initialState({}), effects: [] };
  for (const step of steps) answer = step(answer.state);
  return answer;
}
const msg = (data) => (s) => M.apply(s, data, 1000);
const sends = (effects) => effects.filter((e) => "send" in e).map((e) => e.send);
const notices = (effects) => effects.filter((e) => "notice" in e).map((e) => e.notice);
const tokens = (effects) => effects.filter((e) => "token" in e);

test("places are said as people say them, a shared one as its span", () => {
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(M.ordinal),
    ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]);
  assert.equal(M.placeText(4, 5), "4th\u20135th");
  assert.equal(M.placeText(2, 2), "2nd");
});

test("the lobby's row of a sit-and-go offers Register, then Unregister to whoever registered, then Watch", () => {
  const open = M.tournamentRow(SNG, null);
  assert.equal(open.state, "Registering 1/3");
  assert.ok(open.register && !open.unregister);
  const mine = M.tournamentRow({ ...SNG, registered: ["bob", "ann"] }, { sng: "sng#1", name: "ann" });
  assert.equal(mine.state, "Registered as ann \u00b7 2/3: waiting for 1 more", "the count stays in sight");
  assert.ok(!mine.register && mine.unregister);
  const running = M.tournamentRow({ ...SNG, state: "running", level: 2, players_left: 2, tables: ["sng#1.1"] }, null);
  assert.equal(running.state, "Running \u00b7 level 2 \u00b7 2 left");
  assert.deepEqual(running.tables, ["sng#1.1"]);
  assert.ok(!running.register);
});

test("a tournament's table in the lobby offers only Watch and says why, never Full with seats empty", () => {
  const TABLE = { id: "sng#1.1", title: "Turbo \u00b7 table 1", game: "no-limit", blinds: [5, 10], buy_in: null, seats: 6,
    players: [{ name: "ann" }, { name: "bob" }], tournament: "sng" };
  const row = M.lobbyRow(TABLE);
  assert.equal(row.seats, "2/6");
  assert.equal(row.sit, null, "no seat button: the tournament seats its own players");
  assert.equal(row.note, "A tournament's table: watch only");
  assert.equal(M.lobbyRow({ ...TABLE, players: Array(6).fill({ name: "x" }) }).sit, null);
});

test("a tournament's row says its buy-in; registered for one, the others say why they offer no Register", () => {
  const MTT = { ...SNG, id: "mtt", sng: "mtt#1", title: "Daily", entrants: 20, start: "2026-12-02T20:00:00Z", entries: 0,
    registered: [], buy_in: 5, min_entrants: 2 };
  assert.equal(M.tournamentRow({ ...SNG, buy_in: 10 }, null).buyIn, "10");
  assert.equal(M.tournamentRow({ ...SNG, buy_in: 0 }, null).buyIn, "Freeroll");
  assert.equal(M.registerTerms({ ...SNG, buy_in: 10 }), "Buy-in 10 (into the prize pool) \u00b7 500 chips \u00b7 starts when all 3 places are taken.");
  assert.equal(M.registerTerms(MTT), "Buy-in 5 (into the prize pool) \u00b7 500 chips \u00b7 starts 20:00 UTC, 2 Dec 2026 if 2 have registered.");
  assert.equal(M.registerTerms({ ...SNG, buy_in: 10, payouts: [70, 30] }),
    "Buy-in 10 (into the prize pool) \u00b7 500 chips \u00b7 pays 1st 70%, 2nd 30% \u00b7 starts when all 3 places are taken.");
  assert.equal(M.payoutText(null), "pays by the field's size (the standard table)");
  assert.equal(M.payoutText([32, 20, 14, 10, 8, 6, 5, 5]), "pays 1st 32%, 2nd 20%, 3rd 14%, \u2026 (8 places paid)");
  assert.equal(M.payoutText([100]), "pays 1st 100%");
  assert.equal(M.payoutText([50, 30, 20], 12),
    "pays 1st 50%, 2nd 30%, 3rd 20% (the standard table for 12 entries: more are paid as the field grows)");
  const entrant = { tournament: "sng", sng: "sng#1", name: "ann" };
  const other = M.tournamentRow(MTT, entrant, [{ ...SNG, title: "Turbo" }, MTT]);
  assert.ok(!other.register);
  assert.equal(other.note, "One at a time: you are registered for Turbo");
  assert.equal(M.tournamentRow(SNG, entrant, [SNG]).note, "", "its own row has Unregister");
  assert.equal(M.tournamentRow({ ...SNG, registered: ["a", "b", "c"] }, null).note, "Full");
  assert.equal(M.tournamentRow({ ...SNG, state: "running", level: 1, players_left: 3 }, entrant).note, "", "nothing to register for");
});

test("a finished tournament's row gives its places and prizes; the next one's row gives the last one's", () => {
  const places = [{ name: "cy", first: 3, last: 3, prize: 0 }, { name: "ann", first: 1, last: 1, prize: 21 },
    { name: "dee", first: 4, last: 4, prize: 0 }, { name: "bob", first: 2, last: 2, prize: 9 }];
  const over = M.tournamentRow({ ...SNG, state: "over", places }, null);
  assert.equal(over.state, "Over");
  assert.equal(over.results, "1st ann (21) \u00b7 2nd bob (9) \u00b7 3rd cy \u00b7 4th dee", "a small field: every place");
  assert.equal(over.start, "Finished");
  const next = M.tournamentRow({ ...SNG, last: { sng: "sng#1", places, state: "over" } }, null);
  assert.equal(next.results, "Last one: 1st ann (21) \u00b7 2nd bob (9) \u00b7 3rd cy \u00b7 4th dee");
  assert.equal(M.tournamentRow(SNG, null).results, "");
  assert.equal(M.resultsText([{ name: "a", first: 1, last: 1, prize: 5 }, { name: "b", first: 2, last: 3, prize: 2 },
    { name: "c", first: 2, last: 3, prize: 2 }]), "1st a (5) \u00b7 2nd\u20133rd b (2) \u00b7 2nd\u20133rd c (2)");
});

test("out of a tournament still running, the lobby's row gives this page's player's place", () => {
  const places = [{ name: "Cy", first: 3, last: 3, prize: 20 }, { name: "dee", first: 4, last: 4, prize: 0 }];
  const running = { ...SNG, state: "running", level: 2, players_left: 2, tables: ["sng#1.1"], places };
  assert.equal(M.tournamentRow(running, null, [], "cy").results, "You: 3rd (won 20)", "whatever the case");
  assert.equal(M.tournamentRow(running, null, [], "dee").results, "You: 4th");
  assert.equal(M.tournamentRow(running, null, [], "ann").results, "", "still in: no place yet");
  assert.equal(M.tournamentRow(running, null).results, "", "a page that never played: nothing");
  const late = { ...running, state: "late registration", last: { sng: "sng#0", places: [{ name: "bob", first: 1, last: 1, prize: 9 }] } };
  assert.equal(M.tournamentRow(late, null, [], "dee").results, "You: 4th \u00b7 Last one: 1st bob (9)");
  const reentered = [{ name: "dee", first: 6, last: 6, prize: 0 }, { name: "dee", first: 4, last: 4, prize: 0 }];
  assert.equal(M.ownPlace(reentered, "dee"), "You: 4th", "a re-entry out again: the place it came to");
});

test("a field of more than ten lists its paid places, the first three and this page's player's own", () => {
  const field = (n) => Array.from({ length: n }, (_, i) => ({ name: `p${i + 1}`, first: i + 1, last: i + 1, prize: 0 }));
  assert.equal(M.resultsText(field(10)).split(" \u00b7 ").length, 10, "ten entries: every place");
  const places = field(12).map((p) => (p.first <= 4 ? { ...p, prize: 10 * (5 - p.first) } : p));
  assert.equal(M.resultsText(places), "1st p1 (40) \u00b7 2nd p2 (30) \u00b7 3rd p3 (20) \u00b7 4th p4 (10)");
  assert.equal(M.resultsText(field(12)), "1st p1 \u00b7 2nd p2 \u00b7 3rd p3", "none paid: the first three");
  assert.equal(M.resultsText(places, "P9"), "1st p1 (40) \u00b7 2nd p2 (30) \u00b7 3rd p3 (20) \u00b7 4th p4 (10) \u00b7 9th p9");
  assert.equal(M.resultsText(places, "zed"), M.resultsText(places), "a name not in the field adds nothing");
  const row = M.tournamentRow({ ...SNG, last: { sng: "sng#1", places: field(12), state: "over" } }, null, [], "p12");
  assert.equal(row.results, "Last one: 1st p1 \u00b7 2nd p2 \u00b7 3rd p3 \u00b7 12th p12");
});

test("the lobby's words: the tournaments' hint for the kinds listed, the tables' section only where it has rows", () => {
  const MTT = { ...SNG, id: "mtt", start: "2026-12-02T20:00:00Z" };
  assert.equal(M.tournamentsHint([SNG]), "Register, one tournament at a time: a sit-and-go starts when every place is taken.");
  assert.equal(M.tournamentsHint([MTT]),
    "Register, one tournament at a time: a scheduled tournament starts at its time if enough have registered.");
  assert.match(M.tournamentsHint([SNG, MTT]), /sit-and-go starts when every place is taken, a scheduled tournament/);
  const CASH = { id: "t1", players: [] };
  const TOURNEY_TABLE = { id: "sng#1.1", players: [{ name: "x" }], tournament: "sng" };
  assert.equal(M.tablesSection([], [SNG]), null, "no empty Tables header over nothing");
  assert.equal(M.tablesSection([CASH, TOURNEY_TABLE], [SNG]).title, "Tables");
  assert.equal(M.tablesSection([TOURNEY_TABLE], [SNG]).title, "Tournament tables");
  assert.equal(M.tablesSection([], []).title, "Tables", "an empty server still says what the lobby is");
  assert.equal(M.lobbyEmpty([TOURNEY_TABLE]), false, "the bots hint is about cash tables");
  assert.equal(M.lobbyEmpty([CASH, TOURNEY_TABLE]), true);
});

test("registering keeps the entrant's token; the draw's welcome seats us with it; a move follows without a reload", () => {
  const registered = run((s) => M.lobbyLoaded(s, [], [SNG]), (s) => M.register(s, "sng", "ann"));
  assert.deepEqual(sends(registered.effects), [{ type: "register", tournament: "sng", name: "ann" }]);
  const answer = M.apply(registered.state, { type: "registered", tournament: "sng", sng: "sng#1", name: "ann", token: "tok" }, 0);
  assert.deepEqual(answer.state.entrant, { tournament: "sng", sng: "sng#1", name: "ann", token: "tok" });
  assert.ok(answer.effects.some((e) => e.store === "entrant" && JSON.parse(e.value).token === "tok"));
  const drawn = M.apply(answer.state, { type: "welcome", table: "sng#1.1", seat: 2, tournament: "sng", sng: "sng#1" }, 0);
  assert.equal(drawn.state.mode, "seated");
  assert.equal(drawn.state.table, "sng#1.1");
  assert.deepEqual(tokens(drawn.effects), [{ token: "sng#1.1", value: "tok" }]);
  const seen = M.apply(drawn.state, view({ table: "sng#1.1", tournament: STATUS }), 0).state;
  assert.deepEqual(seen.tournament, STATUS);
  const moved = M.apply(seen, { type: "welcome", table: "sng#1.2", seat: 0, tournament: "sng", sng: "sng#1" }, 0);
  assert.equal(moved.state.table, "sng#1.2");
  assert.equal(moved.state.view, null, "the old table's view is not drawn at the new one");
  assert.deepEqual(tokens(moved.effects), [{ token: "sng#1.1", value: null }, { token: "sng#1.2", value: "tok" }]);
  assert.deepEqual(notices(moved.effects), ["You moved to table sng#1.2."]);
  assert.ok(moved.effects.some((e) => e.screen === "room"));
});

test("the line over a tournament's table: level, blinds and ante, what is left of it, players left, average stack", () => {
  assert.equal(M.tournamentLine(STATUS),
    "Level 2 \u00b7 blinds 10/20 ante 5 \u00b7 next level in 1 hand \u00b7 2 of 3 left \u00b7 average stack 750");
  assert.equal(M.tournamentLine({ ...STATUS, ante: 0, next_level: { seconds: 125 }, hand_for_hand: true }),
    "Level 2 \u00b7 blinds 10/20 \u00b7 next level in 2:05 \u00b7 2 of 3 left \u00b7 average stack 750 \u00b7 hand-for-hand");
  assert.match(M.tournamentLine({ ...STATUS, next_level: null }), /last level/);
  assert.equal(M.bustsLine(STATUS), "Out: cy 3rd");
  assert.equal(M.bustsLine({ ...STATUS, busts: [{ name: "bob", first: 2, last: 2, prize: 30 }] }), "Out: bob 2nd (won 30)");
  assert.equal(M.tournamentLine(null), "");
});

test("out of the tournament: the hand that did it stays on the felt with the place and prize, then the lobby", () => {
  const registered = run(msg({ type: "registered", tournament: "sng", sng: "sng#1", name: "ann", token: "tok" }),
    msg({ type: "welcome", table: "sng#1.1", seat: 1, tournament: "sng", sng: "sng#1" })).state;
  // ann's last view is of the hand in play (the seat is gone before the views after it): then the hand ends
  const playing = M.apply(registered, view({ table: "sng#1.1", tournament: STATUS, actor: 1 }), 0).state;
  const seated = M.apply(playing, { ...result({ table: "sng#1.1", stacks: [200, 0], net: { 0: 99, 1: -99 },
    shown: { 0: "Ah Kh Qd Jd", 1: "As 4d 5d 8s" }, pots: [{ amount: 198, high: [0], low: [], board: 0,
      high_hands: [{ seat: 0, name: "two pair", cards: "Kh Kd Qd Qs 7h" }] }] }) }, 0).state;
  const out = M.apply(seated, { type: "left", table: "sng#1.1", seat: 1, chips: 0, reason: "busted", tournament: "sng",
    sng: "sng#1", place: 3, places: [3, 3], prize: 0 }, 0);
  assert.equal(out.state.mode, "watching", "not the lobby at once");
  assert.equal(out.state.entrant, null);
  assert.deepEqual(notices(out.effects), ["You finished 3rd in sng (no prize)."]);
  assert.deepEqual(out.state.finished, { text: "You finished 3rd in sng (no prize)." });
  assert.equal(M.watchForm(out.state).lead, "You finished 3rd in sng (no prize).", "said beside Back to the lobby");
  assert.equal(M.feltStreet(out.state), "showdown", "the finished hand is drawn as a cash table's showdown");
  assert.equal(M.tableMessage(out.state), "Hand #7: bob scoops (no low)");
  const ann = M.seatPlates(out.state).find((p) => p.seat === 1);
  assert.deepEqual([ann.me, ann.plate.stack, ann.plate.status, ann.cards.length], [true, 0, "out of chips", 4]);
  assert.equal(M.turnText(out.state, 0), "");
  assert.deepEqual(sends(out.effects), [], "nothing watched: the felt stays as the hand ended");
  assert.ok(!out.effects.some((e) => e.disconnect), "kept while the felt is on screen: the history is asked on it");
  const pause = out.effects.find((e) => "lobbyAfter" in e);
  assert.equal(pause.lobbyAfter, 30000);
  assert.equal(M.apply(out.state, view({ table: "sng#1.1", hand_number: 8 }), 0).state.view, out.state.view,
    "nothing moves it on");
  const later = M.finishedPauseOver(out.state, pause.finished);
  assert.equal(later.state.mode, "lobby");
  assert.ok(later.effects.some((e) => e.screen === "lobby"));
  assert.ok(later.effects.some((e) => e.disconnect), "the connection goes with the felt");
  assert.deepEqual(notices(later.effects), ["You finished 3rd in sng (no prize)."]);
  const asked = M.stopWatching(out.state);  // Back to the lobby, before the pause is over
  assert.equal(asked.state.mode, "lobby");
  assert.equal(asked.state.finished, null);
  assert.deepEqual(M.finishedPauseOver(asked.state, pause.finished).effects, [], "the pause over changes nothing then");
  const won = M.apply(seated, { type: "left", table: "sng#1.1", seat: 2, chips: 1500, reason: "won", tournament: "sng",
    sng: "sng#1", place: 1, places: [1, 1], prize: 30 }, 0);
  assert.deepEqual(notices(won.effects), ["You won sng: 1st place, prize 30."]);
  assert.equal(M.outText({ tournament: "sng", reason: "busted", place: 4, places: [4, 5], prize: 5 }),
    "You finished 4th\u20135th in sng: prize 5.");
  assert.match(M.outText({ tournament: "sng", reason: "busted", place: null }), /hand-for-hand/);
});

test("out before the prize pool is fixed: the place for now, then the final place and prize when it is", () => {
  const seated = run(msg({ type: "registered", tournament: "mtt", sng: "mtt#1", name: "ann", token: "tok" }),
    msg({ type: "welcome", table: "mtt#1.1", seat: 2, tournament: "mtt", sng: "mtt#1" })).state;
  const out = M.apply(seated, { type: "left", table: "mtt#1.1", seat: 2, chips: 0, reason: "busted", tournament: "mtt",
    sng: "mtt#1", place: 3, places: [3, 3], prize: null }, 0);
  assert.ok(out.state.finished);
  assert.deepEqual(notices(out.effects), ["You are out of mtt, 3rd for now: your place's prize is paid from the final " +
    "prize pool, and said when it is fixed."]);
  const placed = M.apply(out.state, { type: "placed", tournament: "mtt", sng: "mtt#1", name: "ann", entry: 1,
    place: 4, places: [4, 4], prize: 10 }, 0);
  assert.deepEqual(notices(placed.effects), ["The prize pool is fixed. You finished 4th in mtt: prize 10."]);
  assert.equal(placed.state.finished.text, "The prize pool is fixed. You finished 4th in mtt: prize 10.");
  const other = M.apply(out.state, { type: "placed", tournament: "mtt", sng: "mtt#1", name: "bob", entry: 1,
    place: 5, places: [5, 5], prize: 0 }, 0);
  assert.deepEqual(notices(other.effects), [], "somebody else's place is not ours");
});

test("a reload while registered resumes the registration; a registration whose sit-and-go is gone is forgotten", () => {
  const entrant = { tournament: "sng", sng: "sng#1", name: "ann", token: "tok" };
  const started = M.start(M.initialState({}), { table: null, token: null, watching: null, entrant });
  assert.deepEqual(sends(started.effects), [{ type: "resume", token: "tok" }]);
  const gone = M.apply(started.state, { type: "error", code: "unknown_token", message: "unknown token" }, 0);
  assert.equal(gone.state.entrant, null);
  assert.deepEqual(notices(gone.effects), []);
  const back = M.apply(started.state, { type: "unregistered", tournament: "sng", sng: "sng#1", name: "ann" }, 0);
  assert.equal(back.state.entrant, null);
});

test("at a tournament's table the seat controls offer no top-up and no leaving, and a sat-out entrant may come back", () => {
  const TABLE = { id: "sng#1.1", title: "Turbo \u00b7 table 1", game: "no-limit", blinds: [5, 10], buy_in: null, seats: 3,
    players: [], tournament: "sng" };
  const seated = run(msg({ type: "registered", tournament: "sng", sng: "sng#1", name: "ann", token: "tok" }),
    msg({ type: "welcome", table: "sng#1.1", seat: 1, tournament: "sng", sng: "sng#1" }),
    (s) => M.lobbyLoaded(s, [TABLE], [SNG])).state;
  const state = M.apply(seated, view({ table: "sng#1.1", tournament: STATUS, sat_out: "away" }), 0).state;
  const controls = M.seatControls(state);
  assert.equal(controls.tournament, true);
  assert.equal(controls.topUp, false);
  assert.equal(controls.away, true);
  assert.equal(M.offeredBuyIn(state.info, "100"), "");
  assert.equal(M.lobbyRow(state.info).full, true);
});

test("out in a hand-for-hand round: the table is watched on until the place comes, then it is said", () => {
  const seated = run(msg({ type: "registered", tournament: "sng", sng: "sng#1", name: "ann", token: "tok" }),
    msg({ type: "welcome", table: "sng#1.1", seat: 2, tournament: "sng", sng: "sng#1" })).state;
  const out = M.apply(seated, { type: "left", table: "sng#1.1", seat: 2, chips: 0, reason: "busted", tournament: "sng",
    sng: "sng#1", place: null, prize: null }, 0);
  assert.equal(out.state.mode, "watching");
  assert.deepEqual(sends(out.effects), [{ type: "watch", table: "sng#1.1" }]);
  assert.match(notices(out.effects)[0], /hand-for-hand/);
  const info = { id: "sng#1.1", title: "Turbo \u00b7 table 1", game: "no-limit", blinds: [5, 10], buy_in: null, seats: 2,
    players: [], tournament: "sng" };
  assert.match(M.watchForm(M.lobbyLoaded(out.state, [info], []).state).lead, /your place comes/);
  const standing = { ...STATUS, players_left: 2, entrants: 4, busts: [{ name: "ann", first: 3, last: 4, prize: 0 }] };
  const placed = M.apply(out.state, { type: "placed", tournament: "sng", sng: "sng#1", name: "ann", place: 3,
    places: [3, 4], prize: 0, standing }, 0);
  assert.equal(placed.state.finished.text, "You finished 3rd\u20134th in sng (no prize).");
  assert.match(M.tournamentLine(placed.state.tournament), /2 of 4 left/, "the round's places counted over the felt");
  assert.ok(!placed.effects.some((e) => e.disconnect), "the connection stays while the felt is on screen");
  assert.equal(M.apply(placed.state, view({ table: "sng#1.1", hand_number: 9 }), 0).state.view, placed.state.view,
    "the felt stays as the round ended: the watch's views move nothing");
  assert.deepEqual(notices(placed.effects), ["You finished 3rd\u20134th in sng (no prize)."]);
  const other = M.apply(out.state, { type: "placed", tournament: "sng", sng: "sng#1", name: "bob", place: 4,
    places: [4, 4], prize: 0 }, 0);
  assert.equal(other.state.mode, "watching", "somebody else's place changes nothing");
});

test("out in a hand-for-hand round at a table that broke with the hand: no watch, the hand shown over", () => {
  // issue 26: the page asked to watch the table that had broken ('no table "nine#3.3"') and kept its last view
  // of the hand, a clock running
  const seated = run(msg({ type: "registered", tournament: "sng", sng: "sng#1", name: "ann", token: "tok" }),
    msg({ type: "welcome", table: "t1", seat: 1, tournament: "sng", sng: "sng#1" }), msg(view({ actor: 0 })),
    msg(result())).state;
  assert.equal(M.turnText(seated, 0), "Waiting for bob");
  const out = M.apply(seated, { type: "left", table: "t1", seat: 1, chips: 0, reason: "busted", tournament: "sng",
    sng: "sng#1", place: null, prize: null, closed: true }, 0);
  assert.equal(out.state.mode, "watching");
  assert.deepEqual(sends(out.effects), [], "nothing is asked of a table that is gone");
  assert.match(notices(out.effects)[0], /hand-for-hand/);
  assert.equal(out.state.view.view.hand, null);
  assert.equal(out.state.view.clock.actor, null);
  assert.equal(M.showdownOnTable(out.state).number, 7, "the finished hand is drawn on the felt");
  assert.equal(M.turnText(out.state, 0), "This table has broken up: its players moved to another.");
  const again = M.reconnect(out.state, null);
  assert.deepEqual(sends(again.effects), [{ type: "resume", token: "tok" }], "after a drop: the entry, no watch");
  // a watch that crossed the break (sent before it) is answered closed: we stay for the place
  const asked = M.apply(seated, { type: "left", table: "t1", seat: 1, chips: 0, reason: "busted", tournament: "sng",
    sng: "sng#1", place: null, prize: null, closed: false }, 0);
  assert.deepEqual(sends(asked.effects), [{ type: "watch", table: "t1" }]);
  const closed = M.apply(asked.state, { type: "closed", table: "t1" }, 0);
  assert.equal(closed.state.mode, "watching");
  assert.deepEqual(notices(closed.effects), []);
  assert.ok(!closed.effects.some((e) => "disconnect" in e), "the connection stays: the place comes on it");
  assert.equal(M.showdownOnTable(closed.state).number, 7);
  const placed = M.apply(out.state, { type: "placed", tournament: "sng", sng: "sng#1", name: "ann", place: 4,
    places: [4, 4], prize: 0 }, 0);
  assert.equal(placed.state.finished.text, "You finished 4th in sng (no prize).");
  assert.equal(M.showdownOnTable(placed.state).number, 7, "the hand that did it stays on the felt");
  assert.deepEqual(notices(placed.effects), ["You finished 4th in sng (no prize)."]);
});

test("a scheduled tournament's row: its start time, late registration open to register, cancelled", () => {
  const MTT = { ...SNG, id: "mtt", sng: "mtt#1", entrants: 90, start: "2026-12-02T20:00:00Z", entries: 2, registered: ["a", "b"] };
  const open = M.tournamentRow(MTT, null);
  assert.equal(open.start, "20:00 UTC, 2 Dec 2026");
  assert.equal(open.state, "Registering 2/90");
  assert.ok(open.register);
  const mine = M.tournamentRow(MTT, { sng: "mtt#1", name: "a" });
  assert.equal(mine.state, "Registered as a \u00b7 2/90: starts 20:00 UTC, 2 Dec 2026");
  const late = M.tournamentRow({ ...MTT, state: "late registration", level: 1, players_left: 5, entries: 6, tables: ["mtt#1.1"] }, null);
  assert.equal(late.state, "Late registration \u00b7 level 1 \u00b7 5 left");
  assert.ok(late.register, "registering late seats the player at once");
  assert.deepEqual(late.tables, ["mtt#1.1"]);
  const running = M.tournamentRow({ ...MTT, state: "running", level: 3, players_left: 4, entries: 6, tables: [] }, null);
  assert.ok(!running.register);
  const cancelled = M.tournamentRow({ ...MTT, state: "cancelled", reason: "too few" }, null);
  assert.equal(cancelled.state, "Cancelled: too few registered");
  assert.ok(!cancelled.register && !cancelled.unregister);
});

test("a scheduled tournament cancelled is said and forgotten; busted out, registering again resumes the entry first", () => {
  const registered = run((s) => M.lobbyLoaded(s, [], [{ ...SNG, id: "mtt", sng: "mtt#1", start: "2026-12-02T20:00:00Z", entries: 0 }]),
    msg({ type: "registered", tournament: "mtt", sng: "mtt#1", name: "ann", token: "tok" }));
  assert.deepEqual(notices(registered.effects), ["Registered for mtt as ann: it starts at 20:00 UTC, 2 Dec 2026."]);
  const cancelled = M.apply(registered.state, { type: "cancelled", tournament: "mtt", sng: "mtt#1", name: "ann",
    reason: "tournament mtt#1 was cancelled: it needed 3 entrants" }, 0);
  assert.equal(cancelled.state.entrant, null);
  assert.deepEqual(notices(cancelled.effects), ["tournament mtt#1 was cancelled: it needed 3 entrants"]);

  const seated = M.apply(registered.state, { type: "welcome", table: "mtt#1.1", seat: 0, tournament: "mtt", sng: "mtt#1" }, 0).state;
  const out = M.stopWatching(M.apply(seated, { type: "left", table: "mtt#1.1", seat: 0, chips: 0, reason: "busted",
    tournament: "mtt", sng: "mtt#1", place: 5, places: [5, 5], prize: 0 }, 0).state).state;  // then Back to the lobby
  assert.equal(out.entrant, null);
  const again = M.register(out, "mtt", "ann");
  assert.deepEqual(sends(again.effects), [{ type: "resume", token: "tok" }, { type: "register", tournament: "mtt", name: "ann" }]);
  const back = M.apply(again.state, { type: "registered", tournament: "mtt", sng: "mtt#1", name: "ann" }, 0);
  const reentered = M.apply(back.state, { type: "registered", tournament: "mtt", sng: "mtt#1", name: "ann", reentry: true }, 0);
  assert.deepEqual(reentered.state.entrant, { tournament: "mtt", sng: "mtt#1", name: "ann", token: "tok" });
  assert.deepEqual(notices(reentered.effects), ["You entered mtt again."]);
  assert.deepEqual(sends(M.register(M.initialState({}), "mtt", "bob").effects), [{ type: "register", tournament: "mtt", name: "bob" }]);
  const closed = M.apply(back.state, { type: "error", code: "registration_closed", message: "mtt#1: registration closed at the end of level 3; 'ann' came too late" }, 0);
  assert.equal(closed.state.entrant, null, "still out: the resumed entry is let go again");
  assert.equal(closed.state.outOf.token, "tok");
  assert.deepEqual(notices(closed.effects), ["mtt#1: registration closed at the end of level 3; 'ann' came too late"]);
});

test("a tournament's Rebuy and Add-on: offered at or below the threshold with rebuys left, usable between our hands", () => {
  const REBUY = { ...STATUS, rebuy: { chips: 500, cost: 10, threshold: 500, most: 1, made: { ann: 0 } }, addon: null };
  const between = (status, stack = 400) => M.seatControls(state({ tournament: status,
    view: view({ hand: null, seats: [null, { name: "ann", stack, bet: 0, folded: false, sitting_out: false }, null] }) }));
  const offered = between(REBUY);
  assert.ok(offered.rebuy && offered.rebuyShown && !offered.addonShown);
  assert.equal(offered.rebuyLabel, "Rebuy 500 for 10");
  assert.ok(!between(REBUY, 600).rebuyShown, "above the threshold");
  assert.ok(!between({ ...REBUY, rebuy: { ...REBUY.rebuy, made: { ann: 1 } } }).rebuyShown, "none left");
  const addon = between({ ...STATUS, rebuy: null, addon: { chips: 300, cost: 5, names: ["ann"] } });
  assert.ok(addon.addon && addon.addonShown && !addon.rebuyShown);
  assert.equal(addon.addonLabel, "Add-on 300 for 5");
  assert.ok(!between({ ...STATUS, rebuy: null, addon: { chips: 300, cost: 5, names: ["bob"] } }).addonShown);
  const inHand = M.seatControls(state({ tournament: REBUY, view: view() }));
  assert.ok(inHand.rebuyShown === (M.ownPlayer(state({ view: view() })).stack <= 500) && !inHand.rebuy, "not while dealt in");
  assert.deepEqual(sends(M.request(state(), { type: "rebuy" }).effects), [{ type: "rebuy" }]);
});

test("the line over the finished felt counts the hand that put us out: the left message's standing", () => {
  const seated = run(msg({ type: "registered", tournament: "sng", sng: "sng#1", name: "ann", token: "tok" }),
    msg({ type: "welcome", table: "sng#1.1", seat: 1, tournament: "sng", sng: "sng#1" }),
    msg(view({ table: "sng#1.1", tournament: { ...STATUS, players_left: 3, busts: [] } }))).state;
  assert.match(M.tournamentLine(seated.tournament), /3 of 3 left/);
  const standing = { ...STATUS, players_left: 1, busts: [{ name: "ann", first: 2, last: 2, prize: 0 }, ...STATUS.busts] };
  const out = M.apply(seated, { type: "left", table: "sng#1.1", seat: 1, chips: 0, reason: "busted", tournament: "sng",
    sng: "sng#1", place: 2, places: [2, 2], prize: 0, closed: false, standing }, 0).state;
  assert.match(M.tournamentLine(out.tournament), /1 of 3 left/);
  assert.equal(M.bustsLine(out.tournament), "Out: ann 2nd \u00b7 cy 3rd");
  const older = M.apply(seated, { type: "left", table: "sng#1.1", seat: 1, chips: 0, reason: "busted",
    tournament: "sng", sng: "sng#1", place: 2, places: [2, 2], prize: 0 }, 0).state;
  assert.deepEqual(older.tournament, seated.tournament, "a server that sends no standing: the last view's line");
});

test("the download's first hand is the first at the table: kept when the seat is resumed, new at a new table", () => {
  const since = (effects) => effects.filter((e) => e.store === "since").map((e) => e.value);
  const drawn = run(msg({ type: "registered", tournament: "sng", sng: "sng#1", name: "ann", token: "tok" }),
    msg({ type: "welcome", table: "sng#1.1", seat: 1, tournament: "sng", sng: "sng#1" })).state;
  const first = M.apply(drawn, view({ table: "sng#1.1", hand_number: 3 }), 0);
  assert.deepEqual(since(first.effects), [{ table: "sng#1.1", hand: 3 }]);
  // the server restarts: the page resumes the seat, and its first view is of a later hand
  const resumed = run(() => M.reconnect(first.state, "tok"),
    msg({ type: "welcome", table: "sng#1.1", seat: 1, tournament: "sng", sng: "sng#1" }),
    msg(view({ table: "sng#1.1", hand_number: 12 })));
  assert.deepEqual(since(resumed.effects), []);
  assert.equal(M.firstHand(resumed.state), 3);
  // a reload: the browser kept since, and the page resumes with the table's token
  const reloaded = run(() => M.start(M.initialState({ "sng#1.1": 3 }), { table: "sng#1.1", token: "tok" }),
    msg({ type: "welcome", table: "sng#1.1", seat: 1, tournament: "sng", sng: "sng#1" }),
    msg(view({ table: "sng#1.1", hand_number: 12 })));
  assert.equal(M.firstHand(reloaded.state), 3);
  // moved to another table: its download begins there
  const moved = run(() => M.apply(resumed.state, { type: "welcome", table: "sng#1.2", seat: 0, tournament: "sng",
    sng: "sng#1" }, 0), msg(view({ table: "sng#1.2", hand_number: 14 })));
  assert.deepEqual(since(moved.effects), [{ table: "sng#1.2", hand: 14 }]);
});

test("a dropped connection is got back at a table, not in the lobby nor on a finished felt unless a prize is to come", () => {
  const seated = run(msg({ type: "registered", tournament: "sng", sng: "sng#1", name: "ann", token: "tok" }),
    msg({ type: "welcome", table: "sng#1.1", seat: 1, tournament: "sng", sng: "sng#1" })).state;
  assert.equal(M.reconnects(seated), true);
  assert.equal(M.reconnects(M.initialState({})), false, "the lobby: nothing comes to it");
  const left = { type: "left", table: "sng#1.1", seat: 1, chips: 0, reason: "busted", tournament: "sng", sng: "sng#1",
    place: 3, places: [3, 3], prize: 0 };
  assert.equal(M.reconnects(M.apply(seated, left, 0).state), false, "finished, the prize known: nothing more comes");
  assert.equal(M.reconnects(M.apply(seated, { ...left, prize: null }, 0).state), true, "the prize is to come");
});

test("registered and waiting in the lobby, a dropped connection is got back and the registration resumed", () => {
  const waiting = run((s) => M.lobbyLoaded(s, [], [SNG]), (s) => M.register(s, "sng", "ann"),
    msg({ type: "registered", tournament: "sng", sng: "sng#1", name: "ann", token: "tok" })).state;
  assert.equal(M.reconnects(waiting), true, "else the draw seats ann with nobody at the page");
  assert.deepEqual(sends(M.reconnect(waiting, null).effects), [{ type: "resume", token: "tok" }]);
  const unregistered = M.apply(waiting, { type: "unregistered", tournament: "sng" }, 0).state;
  assert.equal(M.reconnects(unregistered), false);
});

test("the line's Out list never names the winner", () => {
  const over = { ...STATUS, players_left: 1, busts: [{ name: "bob", first: 1, last: 1, prize: 30 },
    { name: "ann", first: 2, last: 2, prize: 0 }, ...STATUS.busts] };
  assert.equal(M.bustsLine(over), "Out: ann 2nd \u00b7 cy 3rd");
  assert.equal(M.bustsLine({ ...STATUS, busts: [{ name: "bob", first: 1, last: 1, prize: 30 }] }), "");
});

test("a spectator's download goes on from where watching began after a reload or a dropped connection", () => {
  const since = (effects) => effects.filter((e) => e.store === "since").map((e) => e.value);
  const watched = run((s) => M.watch(s, "t1"), msg({ type: "watching", table: "t1" }), msg(view({ seat: -1, hand_number: 5 })));
  assert.deepEqual(since(watched.effects), [{ table: "t1", hand: 5 }]);
  const back = run(() => M.reconnect(watched.state, null), msg({ type: "watching", table: "t1" }),
    msg(view({ seat: -1, hand_number: 40 })));
  assert.deepEqual([since(back.effects), M.firstHand(back.state)], [[], 5]);
  const reloaded = run(() => M.start(M.initialState({ t1: 5 }), { watching: "t1" }), msg({ type: "watching", table: "t1" }),
    msg(view({ seat: -1, hand_number: 40 })));
  assert.equal(M.firstHand(reloaded.state), 5);
  const again = run(() => M.watch(M.initialState({ t1: 5 }), "t1"), msg({ type: "watching", table: "t1" }),
    msg(view({ seat: -1, hand_number: 40 })));
  assert.equal(M.firstHand(again.state), 40, "watching it again from the lobby begins anew");
});

test("a registration resumed in another window says so, not a seat", () => {
  const waiting = run(msg({ type: "registered", tournament: "sng", sng: "sng#1", name: "ann", token: "tok" })).state;
  const taken = M.apply(waiting, { type: "error", code: "resumed_elsewhere", message: "?" }, 0);
  assert.deepEqual(notices(taken.effects),
    ["This registration is now held in another window. Reload this page to play here again."]);
});
