// The page's model (engine/server/static/model.js): what the browser table shows, worked out from plain data.
// Run: node --test tests/js/   (no build step, no dependencies; tests/test_page_model.py runs it in pytest).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { M, player, hand, view, state, ourTurn, result } from "./table.mjs";

const pot = (more) => ({ amount: 20, high: [], low: [], payouts: [], ...more });
const hi = (seat, cards = "Kd Qs Kc Qh 7h") => ({ seat, name: "Two Pair", cards });
const lo = (seat, cards = "2c 3d 7h 4s 5s") => ({ seat, name: "7-5-4-3-2", cards });

test("the model touches no page, socket, storage or clock: the view passes them in", () => {
  const source = readFileSync(new URL("../../engine/server/static/model.js", import.meta.url), "utf8")
    .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "")  // its comments and its words may name them
    .replace(/"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, '""');
  for (const name of ["document", "window", "localStorage", "WebSocket", "fetch", "performance", "Date", "setTimeout", "setInterval"]) {
    assert.ok(!new RegExp(`\\b${name}\\b`).test(source), `model.js uses ${name}`);
  }
  assert.ok(source.includes("seatPlates"), "the code itself is still there once the strings are taken out");
});

// --- seats ------------------------------------------------------------------------------------------------------

test("our seat is drawn at the bottom, the others clockwise from it; an empty seat says so", () => {
  const plates = M.seatPlates(state({ view: view() }));
  assert.deepEqual(plates.map((p) => [p.seat, p.position]), [[0, 2], [1, 0], [2, 1]]);
  assert.equal(plates[2].empty, true);
  assert.equal(plates[1].me, true);
});

test("a spectator's seats are drawn from the last seat we had (after a bust the table does not turn)", () => {
  const plates = M.seatPlates(state({ anchor: 2, view: view({ seat: -1 }) }));
  assert.deepEqual(plates.map((p) => p.position), [1, 2, 0]);
});

test("our cards face up; another player's face down while in the hand, none once folded, face up once shown", () => {
  const s = state({ view: view() });
  const [bob, ann] = M.seatPlates(s);
  assert.deepEqual(ann.cards.map((c) => c.code), ["As", "4d", "5d", "8s"]);
  assert.equal(bob.backs, 4);
  assert.equal(bob.cards.length, 0);
  const folded = M.seatPlates(state({ view: view({ hand: hand({ folded: [true, false] }) }) }))[0];
  assert.equal(folded.backs, 0);
  assert.equal(folded.plate.status, "folded");
  const shown = M.seatPlates(state({ view: view({ hand: hand({ shown: ["Kc Kh 2s 3s", null] }) }) }))[0];
  assert.deepEqual(shown.cards.map((c) => c.code), ["Kc", "Kh", "2s", "3s"]);
  assert.equal(shown.shown, true);
});

test("face-down cards are as many as the game deals (the hand's rules)", () => {
  const five = M.seatPlates(state({ rules: { ...RULES5 }, view: view() }))[0];
  assert.equal(five.backs, 5);
});
const RULES5 = { hole_cards: 5, boards: 1, betting: { structure: "pot_limit" } };

test("a plate says what its player did last on this street, in a card room's words, and forgets it on the next", () => {
  const events = [
    { event: "posted", seat: 0, kind: "small blind", amount: 1 }, { event: "posted", seat: 1, kind: "big blind", amount: 2 },
  ];
  const said = (evts) => M.seatPlates(state({ view: view({ hand: hand({ events: evts }) }) })).map((p) => p.plate && p.plate.said);
  assert.deepEqual(said(events).slice(0, 2), ["posts small blind 1", "posts big blind 2"]);
  const acted = [...events, { event: "acted", seat: 0, action: "raise", to: 6, added: 5, all_in: false },
    { event: "acted", seat: 1, action: "call", to: 6, added: 4, all_in: true }];
  assert.deepEqual(said(acted).slice(0, 2), ["raises to 6", "calls 4 (all-in)"]);
  const flop = [...acted, { event: "board_dealt", street: "flop", cards: "2c 3d 7h", board: 0 },
    { event: "acted", seat: 0, action: "bet", to: 10, added: 10, all_in: false }];
  assert.deepEqual(said(flop).slice(0, 2), ["bets 10", ""]);
  assert.equal(M.lastActions(hand({ events: [{ event: "acted", seat: 1, action: "check" }] }))[1], "checks");
});

test("a plate's status wins over what the player said, in a fixed order", () => {
  const plate = (seats, h = hand()) => M.seatPlates(state({ view: view({ seats, hand: h }) }))[0].plate;
  assert.equal(plate([player("bob"), player("ann")], hand({ all_in: [true, false] })).status, "all-in");
  assert.equal(plate([player("bob", 100, { leaving: true }), player("ann")]).status, "leaving");
  assert.equal(plate([player("bob", 100, { sitting_out: true }), player("ann")], null).status, "sitting out");
  assert.equal(plate([player("bob", 100, { waiting: true }), player("ann")], null).status, "waits for the big blind");
  const p = plate([player("bob"), player("ann")], hand({ folded: [true, false],
    events: [{ event: "acted", seat: 0, action: "fold" }] }));
  assert.deepEqual([p.status, p.said], ["folded", ""]);
});

test("a plate shows the live stack and the bet in front of the seat during a hand", () => {
  const [bob, ann] = M.seatPlates(state({ view: view() }));
  assert.deepEqual([bob.plate.stack, bob.bet, ann.plate.stack, ann.bet], [99, 1, 98, 2]);
});

test("the actor's plate carries the clock; the dealer button is on the button's plate", () => {
  const [bob, ann] = M.seatPlates(state({ view: view({ actor: 0 }) }));
  assert.deepEqual([bob.acting, bob.plate.clock, ann.acting, bob.plate.dealer, ann.plate.dealer], [true, true, false, true, false]);
});

// --- the finished hand on the table -----------------------------------------------------------------------------

const between = (r, seats = [player("bob", 110), player("ann", 90), null], more = {}) =>
  state({ result: r, view: view({ hand: null, actor: null, seats, ...more }) });

test("a finished hand stays on the table until the next deal, then goes", () => {
  const r = result();
  assert.equal(M.showdownOnTable(between(r)), r);
  assert.equal(M.showdownOnTable(state({ result: r, view: view() })), null);  // a hand in play
  assert.equal(M.showdownOnTable(state({ result: r, view: { ...view({ hand: null }), hand_number: 8 } })), null);
});

test("a finished hand's seats are that hand's: whoever took a busted player's seat shows from the next deal", () => {
  const r = result({ stacks: [0, 200] });
  const [bob, ann] = M.seatPlates(between(r, [player("cy", 50), player("ann", 200), null]));
  assert.deepEqual([bob.name, bob.plate.stack, bob.plate.status, bob.away], ["bob", 0, "out of chips", true]);
  assert.equal(ann.plate.status, "");
  const gone = M.seatPlates(between(result(), [null, player("ann", 90), null]))[0];
  assert.deepEqual([gone.name, gone.plate.status], ["bob", "left the table"]);
});

test("the finished hand's dealer button stays at its seat until the next deal", () => {
  const plates = M.seatPlates(between(result({ button: 1 }), undefined));
  assert.deepEqual(plates.map((p) => p.plate && p.plate.dealer), [false, true, undefined]);
});

test("badges: Scoop for both halves alone, High and Low for halves, Wins for a pot nobody called; the net", () => {
  const scoop = result({ pots: [pot({ high: [0], low: [0], high_hands: [hi(0)], low_hands: [lo(0)] })] });
  assert.deepEqual(M.seatBadges(scoop, 0), ["scoop"]);
  const noLow = result({ pots: [pot({ high: [0], high_hands: [hi(0)] })] });
  assert.deepEqual(M.seatBadges(noLow, 0), ["scoop"]);
  const split = result({ pots: [pot({ high: [0], low: [1], high_hands: [hi(0)], low_hands: [lo(1)] })] });
  assert.deepEqual([M.seatBadges(split, 0), M.seatBadges(split, 1)], [["high"], ["low"]]);
  const uncalled = result({ pots: [pot({ high: [1] })] });
  assert.deepEqual(M.seatBadges(uncalled, 1), ["wins"]);
  const [bob, ann] = M.seatPlates(between(split));
  assert.deepEqual([bob.net, ann.net, bob.showdown], [10, -10, true]);
});

test("each winner's own cards are marked at their seat, every winning hand's on the board", () => {
  const r = result({ shown: { 0: "Kc Qh 9s 9d", 1: "4s 5s Jd Jc" },
    pots: [pot({ high: [0], low: [1], high_hands: [hi(0)], low_hands: [lo(1)] })] });
  const [bob, ann] = M.seatPlates(between(r));
  assert.deepEqual(bob.cards.map((c) => [c.code, c.marks]), [["Kc", ["high"]], ["Qh", ["high"]], ["9s", []], ["9d", []]]);
  assert.deepEqual(ann.cards.map((c) => c.marks), [["low"], ["low"], [], []]);
  const board = M.boardRows(between(r))[0].places;
  assert.deepEqual(board.map((c) => [c.code, c.marks]),
    [["2c", ["low"]], ["3d", ["low"]], ["7h", ["high", "low"]], ["Kd", ["high"]], ["Qs", ["high"]]]);
});

test("an older server's one high_hand stands for the first winner", () => {
  assert.deepEqual(M.handsOf({ high: [3, 4], high_hand: { name: "Flush", cards: "Ah Kh" } }, "high"),
    [{ seat: 3, name: "Flush", cards: "Ah Kh" }]);
  assert.deepEqual(M.handsOf({ low: [], low_hand: null }, "low"), []);
});

// --- boards, pot, lines in the middle -----------------------------------------------------------------------------

test("a board has five places, the cards to come empty; several are labelled Run or Board", () => {
  const one = M.boardRows(state({ view: view({ hand: hand({ boards: ["2c 3d 7h"] }) }) }));
  assert.deepEqual(one.map((b) => [b.label, b.places.map((c) => c && c.code)]), [["", ["2c", "3d", "7h", null, null]]]);
  const runs = M.boardRows(state({ view: view({ hand: hand({ boards: ["2c 3d 7h 8h 9h", "2c 3d 7h Ks Kd"] }) }) }));
  assert.deepEqual(runs.map((b) => b.label), ["Run 1", "Run 2"]);
  const double = M.boardRows(state({ rules: { ...RULES5, boards: 2 }, view: view({ hand: hand({ boards: ["2c", "3c"] }) }) }));
  assert.deepEqual(double.map((b) => b.label), ["Board 1", "Board 2"]);
});

test("each run's winning cards are its own pots' winners'", () => {
  const r = result({ boards: ["2c 3d 7h Kd Qs", "2c 3d 7h Ah As"],
    pots: [pot({ board: 0, high: [0], high_hands: [hi(0)] }), pot({ board: 1, high: [1], high_hands: [hi(1, "Ah As Ad Kc Ks")] })] });
  const [first, second] = M.boardRows(between(r));
  assert.deepEqual(first.places.map((c) => c.marks.length), [0, 0, 1, 1, 1]);
  assert.deepEqual(second.places.map((c) => c.marks.length), [0, 0, 0, 1, 1]);
});

test("the pot line: the total, the chips gathered (bets in front of seats left out), the side pots", () => {
  const line = M.potLine(state({ view: view({ hand: hand({ pot_total: 40, bets: [10, 0],
    pots: [{ amount: 20 }, { amount: 10 }] }) }) }));
  assert.deepEqual(line, { total: 40, gathered: 30, pots: ["Main 20", "Side pot 1 10"] });
  assert.deepEqual(M.potLine(between(result({ pots: [pot({ amount: 30 }), pot({ amount: 12 })] }))),
    { total: 42, gathered: 42, pots: [] });
  assert.equal(M.potLine(state({ view: view({ hand: null }) })), null);
});

test("the line in the middle: the hand and street, the finished hand's headline, or what the table waits for", () => {
  assert.equal(M.tableMessage(state({ view: view() })), "Hand #7 \u00b7 preflop");
  assert.equal(M.tableMessage(between(result({ pots: [pot({ high: [1] })] }))), "Hand #7: ann wins the pot");
  assert.equal(M.tableMessage(state({ view: view({ hand: null }) })), "The next hand is coming\u2026");
  assert.equal(M.tableMessage(state({ view: view({ hand: null, seats: [player("bob"), null, null] }) })),
    "Waiting for another player\u2026");
  assert.equal(M.tableMessage(state({ mode: "watching" })), "Connecting\u2026");
  assert.equal(M.tableMessage(state({ mode: "lobby" })), "");
});

test("the game line names the hand's own game, and says Mixed at a mixed table", () => {
  const s = state({ info: { game: "mixed" }, view: view({ hand: hand({ rules: { betting: { structure: "fixed_limit" } } }) }) });
  assert.deepEqual(M.gameLine(s), { game: "Limit Omaha Hi-Lo", text: "Mixed \u00b7 this hand: Limit Omaha Hi-Lo" });
  assert.equal(M.gameLine(state({ info: { game: "pot-limit" }, view: view() })).text, "No-Limit Omaha Hi-Lo");
});

// --- headlines --------------------------------------------------------------------------------------------------

test("a hand's headline in a card room's words", () => {
  const name = (s) => ["bob", "ann", "cy"][s];
  const says = (pots) => M.headline(12, pots, name);
  assert.equal(says([pot({ high: [1], low: [1], high_hands: [hi(1)], low_hands: [lo(1)] })]), "Hand #12: ann scoops");
  assert.equal(says([pot({ high: [0], low: [1, 2], high_hands: [hi(0)], low_hands: [lo(1), lo(2)] })]),
    "Hand #12: bob wins the high, ann and cy split the low");
  assert.equal(says([pot({ high: [0], high_hands: [hi(0)] })]), "Hand #12: bob scoops (no low)");
  assert.equal(says([pot({ high: [0, 1], high_hands: [hi(0), hi(1)] })]), "Hand #12: bob and ann split the pot (no low)");
  assert.equal(says([pot({ high: [2] })]), "Hand #12: cy wins the pot");
  assert.equal(says([]), "Hand #12: no pot");
});

test("pots won the same way are named together in the headline", () => {
  const scoop = (s) => pot({ high: [s], low: [s], high_hands: [hi(s)], low_hands: [lo(s)] });
  assert.equal(M.headline(3, [scoop(0), scoop(1), scoop(1)], (s) => ["bob", "ann"][s]),
    "Hand #3: bob scoops the main pot; ann scoops side pot 1 and side pot 2");
  const history = [{ high: ["bob"], low: ["ann"], contested: true }, { high: ["ann"], low: [], contested: false }];
  assert.equal(M.headline(4, history, (n) => n), "Hand #4: in the main pot bob wins the high, ann wins the low; ann wins side pot 1");
});

// --- acting -----------------------------------------------------------------------------------------------------

test("the action bar is up only at our turn, and only until we answer it", () => {
  const s = ourTurn({ fold: true, call: 2 });
  assert.deepEqual([M.actionBar(s).fold, M.actionBar(s).call, M.actionBar(s).check], [true, 2, false]);
  assert.equal(M.actionBar({ ...s, acted: M.decisionKey(s.view) }), null);
  assert.equal(M.actionBar({ ...s, mode: "watching" }), null);
  assert.equal(M.actionBar(state({ view: view() })), null);  // bob's turn
});

test("raise presets: half the pot and the pot-sized raise held to the range; All-in, or Max when capped", () => {
  // bob bet 10 into 20 (pot_total 32 with our 2): after our call of 8 the pot is 40.
  const s = ourTurn({ wager: "raise", min_to: 20, max_to: 50 }, { bets: [10, 2], stacks: [80, 98], pot_total: 32 });
  const box = M.actionBar(s).wager;
  assert.deepEqual([box.half, box.pot, box.most, box.mostLabel, box.fixed], [30, 50, 50, "Max", false]);
  const allIn = ourTurn({ wager: "raise", min_to: 20, max_to: 100 }, { bets: [10, 2], stacks: [80, 98], pot_total: 32 });
  assert.deepEqual([M.actionBar(allIn).wager.pot, M.actionBar(allIn).wager.mostLabel], [50, "All-in"]);
  const small = ourTurn({ wager: "raise", min_to: 40, max_to: 100 }, { bets: [10, 2], stacks: [80, 98], pot_total: 32 });
  assert.equal(M.actionBar(small).wager.half, 40);
});

test("at limit the bet is one amount: no slider, no presets", () => {
  const s = ourTurn({ wager: "raise", min_to: 4, max_to: 4, check: true });
  assert.equal(M.actionBar(s).wager.fixed, true);
});

test("the bet button names the amount typed, or the range when the amount is outside it", () => {
  const legal = { wager: "raise", min_to: 20, max_to: 50 };
  assert.deepEqual(M.wagerLabel(legal, 30), { ok: true, text: "Raise to 30" });
  assert.deepEqual(M.wagerLabel(legal, 60), { ok: false, text: "Raise to 20\u201350" });
  assert.deepEqual(M.wagerLabel({ ...legal, wager: "bet" }, 20.5), { ok: false, text: "Bet 20\u201350" });
  assert.deepEqual(M.wagerAction(legal, 20), { action: { action: "raise", to: 20 } });
  assert.deepEqual(M.wagerAction(legal, 19), { error: "Bet or raise to between 20 and 50." });
});

test("run it how many times: a button per number of runs the server offers", () => {
  const s = ourTurn({ fold: false, runs: 3 });
  assert.deepEqual(M.actionBar(s).runs.map((r) => r.label), ["Once", "Twice", "Three times"]);
});

// --- the clock --------------------------------------------------------------------------------------------------

test("the action time runs down first, then the time bank; the bars' lengths are the table's", () => {
  const s = ourTurn({ fold: true }, {});
  s.view.clock = { actor: 1, seconds: 45, action_seconds: 15, bank_seconds: 30 };
  s.info = { action_seconds: 20, time_bank_seconds: 60 };
  s.receivedAt = 1000;
  const at = (seconds) => M.clockParts(s, 1000 + seconds * 1000);
  assert.deepEqual([at(5).action, at(5).bank, at(5).phase, at(5).actionFill, at(5).bankFill], [10, 30, "action", 50, 50]);
  assert.deepEqual([at(25).action, at(25).bank, at(25).phase, at(25).label], [0, 20, "bank", "time bank 20s"]);
  assert.deepEqual([at(50).bank, at(50).phase], [0, "no-bank"]);
  assert.equal(M.turnText(s, 1000 + 5000), "Your turn \u00b7 10s (+30s bank)");
  assert.equal(M.turnText(s, 1000 + 25000), "Your turn \u00b7 on your time bank: 20s left");
  assert.equal(M.turnText(s, 1000 + 50000), "Your turn \u00b7 0s \u00b7 time bank used up");
});

test("a bank used up earlier is said at once; a table without a bank is always on its action time", () => {
  const s = ourTurn({ fold: true });
  s.view.clock = { actor: 1, seconds: 15, action_seconds: 15, bank_seconds: 0 };
  s.info = { action_seconds: 15, time_bank_seconds: 30 };
  assert.deepEqual([M.clockParts(s, 0).phase, M.clockParts(s, 0).label], ["no-bank", "15s \u00b7 no bank"]);
  s.info = { action_seconds: 15, time_bank_seconds: 0 };
  assert.equal(M.clockParts(s, 0).phase, "action");
});

test("a server that sends only the seconds left: all of it is action time", () => {
  const s = ourTurn({ fold: true });
  s.view.clock = { actor: 1, seconds: 12 };
  assert.deepEqual([M.clockParts(s, 2000).action, M.clockParts(s, 2000).bank], [10, 0]);
  s.view.clock = { actor: 1, seconds: null };
  assert.equal(M.clockParts(s, 0), null);
  assert.equal(M.turnText(s, 0), "Your turn");
});

test("the turn line says whose turn it is, and Sending once we answered", () => {
  assert.equal(M.turnText(state({ view: view({ actor: 0 }) }), 0), "Waiting for bob");
  const s = ourTurn({ fold: true });
  assert.equal(M.turnText({ ...s, acted: M.decisionKey(s.view) }, 0), "Sending\u2026");
  assert.equal(M.turnText(between(result()), 0), "The next hand is dealt in a moment");
});

// --- pre-actions ------------------------------------------------------------------------------------------------

test("the pre-action boxes show while someone else acts in a hand we are in: Call N, or Check when N is 0", () => {
  const facing = state({ view: view({ hand: hand({ bets: [6, 2] }) }) });
  assert.deepEqual(M.preBoxes(facing), { amount: 4, callLabel: "Call 4", ticked: null });
  assert.equal(M.preBoxes(state({ view: view({ hand: hand({ bets: [2, 2] }) }) })).callLabel, "Check");
  assert.equal(M.preBoxes(state({ view: view({ hand: hand({ bets: [200, 2] }) }) })).amount, 98);  // capped at our stack
  assert.equal(M.preBoxes(state({ view: view({ hand: hand({ folded: [false, true] }) }) })), null);
  assert.equal(M.preBoxes(state({ view: view({ hand: hand({ all_in: [false, true] }) }) })), null);
  assert.equal(M.preBoxes(state({ mode: "watching", view: view() })), null);
  assert.equal(M.preBoxes(ourTurn({ fold: true })), null);
});

test("Call N is cleared as soon as the amount we face changes; the other boxes stay", () => {
  const s = state({ view: view({ hand: hand({ bets: [6, 2] }) }) });
  assert.deepEqual(M.preStillTicked({ ...s, pre: { kind: "call", amount: 4 } }), { kind: "call", amount: 4 });
  assert.equal(M.preStillTicked({ ...s, pre: { kind: "call", amount: 2 } }), null);
  assert.deepEqual(M.preStillTicked({ ...s, pre: { kind: "call-any", amount: 2 } }), { kind: "call-any", amount: 2 });
});

test("at our turn the ticked box plays: Check/Fold, Call any, Call N; it is dropped when it does not fit", () => {
  const legal = (more) => ({ fold: true, check: false, call: 4, runs: 0, show: false, muck: false, ...more });
  assert.deepEqual(M.preActionNow({ kind: "check-fold" }, legal()), { action: "fold" });
  assert.deepEqual(M.preActionNow({ kind: "check-fold" }, legal({ check: true, call: 0 })), { action: "check" });
  assert.deepEqual(M.preActionNow({ kind: "call-any" }, legal({ call: 40 })), { action: "call" });
  assert.deepEqual(M.preActionNow({ kind: "call", amount: 4 }, legal()), { action: "call" });
  assert.equal(M.preActionNow({ kind: "call", amount: 4 }, legal({ call: 8 })), null);
  assert.deepEqual(M.preActionNow({ kind: "call", amount: 0 }, legal({ check: true, call: 0 })), { action: "check" });
  assert.equal(M.preActionNow({ kind: "call-any" }, legal({ runs: 2 })), null);
  assert.equal(M.preActionNow({ kind: "check-fold" }, legal({ show: true })), null);
  assert.equal(M.preActionNow(null, legal()), null);
});

// --- our seat ---------------------------------------------------------------------------------------------------

test("a top-up goes up to the table's maximum buy-in, and waits while we are dealt into the hand", () => {
  const info = { buy_in: [40, 200], max_timeouts: 2 };
  const between = M.seatControls(state({ info, view: view({ hand: null }) }));
  assert.deepEqual([between.topUp, between.topUpHint, between.topUpRoom], [true, "up to 100", 100]);
  const during = M.seatControls(state({ info, view: view() }));
  assert.deepEqual([during.topUp, during.topUpHint], [false, "after hand"]);
  const full = M.seatControls(state({ info, view: view({ hand: null, seats: [player("bob"), player("ann", 200), null] }) }));
  assert.deepEqual([full.topUp, full.topUpHint], [false, "full"]);
  assert.equal(M.seatControls(state({ view: view({ seat: -1 }) })), null);
});

test("why the server sat us out is said beside Come back while we sit out; Stay while leaving", () => {
  const info = { buy_in: [40, 200], max_timeouts: 2 };
  const out = state({ info, awayReason: "timeouts",
    view: view({ hand: null, seats: [player("bob"), player("ann", 100, { sitting_out: true }), null] }) });
  const c = M.seatControls(out);
  assert.deepEqual([c.away, c.comeBackLabel, c.reasonShown], [true, "Come back", true]);
  assert.equal(c.reason, "The server sat you out: your turn timed out 2 times in a row. Come back to be dealt in again.");
  assert.equal(M.awayText({ ...out, info: null }), "The server sat you out: your turn timed out too often in a row.");
  assert.equal(M.awayText({ ...out, awayReason: "away" }), "The server sat you out while you were disconnected.");
  const leaving = state({ view: view({ seats: [player("bob"), player("ann", 100, { leaving: true }), null] }) });
  assert.deepEqual([M.seatControls(leaving).away, M.seatControls(leaving).comeBackLabel], [true, "Stay"]);
});

test("the straddle box shows only at a table that offers it", () => {
  assert.equal(M.seatControls(state({ view: view() })).straddle, null);
  assert.equal(M.seatControls(state({ view: view({ straddle: true }) })).straddle, true);
});

// --- the lobby --------------------------------------------------------------------------------------------------

test("a lobby row: stakes (a limit table with its bets), buy-in range, seats, average pot", () => {
  const info = { id: "lim", title: "Limit 1/2", game: "limit", blinds: [1, 2], bets: [2, 4], buy_in: [40, 200], seats: 2,
    players: [{ name: "ann" }, { name: "bob" }], average_pot: 12.6 };
  assert.deepEqual(M.lobbyRow(info), { id: "lim", title: "Limit 1/2", game: "Limit Omaha Hi-Lo", stakes: "1/2 (bets 2/4)",
    buyIn: "40\u2013200", seats: "2/2", players: "ann, bob", full: true, sit: "Full", note: "", averagePot: 13 });
  assert.equal(M.lobbyRow({ ...info, players: [{ name: "ann" }] }).sit, "Sit down");
  assert.equal(M.lobbyRow({ ...info, game: "pot-limit", bets: null, average_pot: undefined }).averagePot, "\u2014");
});

test("the stakes show the bets the lobby gives, as the table's structure has them, and work none out", () => {
  assert.equal(M.stakes({ game: "limit", blinds: [5, 10], bets: [10, 20] }), "5/10 (bets 10/20)");
  assert.equal(M.stakes({ game: "mixed", blinds: [1, 2], bets: [2, 4] }), "1/2 (bets 2/4)");  // its limit orbit
  assert.equal(M.stakes({ game: "pot-limit", blinds: [1, 2], bets: null }), "1/2");
  assert.equal(M.stakes({ game: "limit", blinds: [1, 2] }), "1/2");  // a lobby that gives none: nothing guessed
});

test("the buy-in offered is the last one, held to the table's range; the maximum on a first visit", () => {
  const info = { buy_in: [40, 200] };
  assert.deepEqual([M.offeredBuyIn(info, "120"), M.offeredBuyIn(info, "500"), M.offeredBuyIn(info, "10"),
    M.offeredBuyIn(info, null)], [120, 200, 40, 200]);
});

// --- results and history ----------------------------------------------------------------------------------------

test("the Last hand panel: each pot's story, its winners with their own five cards, what it paid", () => {
  const r = result({ shown: { 0: "Kc Qh 9s 9d" }, rake: 1,
    pots: [pot({ high: [0], low: [1, 2], high_hands: [hi(0)], low_hands: [lo(1)], payouts: [[0, 10], [1, 5], [2, 5]] })] });
  const panel = M.resultPanel(state({ names: { 2: "cy" } }), r);
  const [p] = panel.pots;
  assert.equal(p.title, "Main pot \u00b7 20");
  assert.equal(p.story, "bob wins the high, ann and seat 3 split the low".replace("seat 3", "cy"));
  assert.deepEqual(p.low.map((w) => [w.name, w.hand, w.cards.length]), [["ann", "7-5-4-3-2", 5], ["cy", null, 0]]);
  assert.equal(p.paid, "Paid: bob 10, ann 5, cy 5");
  assert.deepEqual(panel.shown.map((s) => [s.name, s.cards[0].marks]), [["bob", ["high"]]]);
  assert.equal(panel.rake, "Rake 1");
});

const PHH = `variant = "PO"
players = ["ann", "bob"]
starting_stacks = [100, 100]
finishing_stacks = [90, 110]
actions = ["d dh p1 As4d5d8s", "d dh p2 ????????", "p2 cbr 10", "p1 cc", "d db 2c3d7h", "p2 sm KcKhQsQd", "p1 sm As4d5d8s"]
`;

test("a hand from the history: its board, who showed what, each player's net, and where it comes from", () => {
  const facts = M.phhFacts(PHH);
  assert.deepEqual(facts, { board: ["2c", "3d", "7h"], shown: [["bob", ["Kc", "Kh", "Qs", "Qd"]], ["ann", ["As", "4d", "5d", "8s"]]],
    net: [["ann", -10], ["bob", 10]] });
  const panel = M.historyPanel(state({ reloaded: true }), { number: 5, phh: PHH });
  assert.equal(panel.summary, "Hand #5: bob wins the pot");
  assert.equal(panel.net, "ann -10, bob +10");
  assert.equal(panel.source, "From the hand history (the page was reloaded since).");
  assert.equal(M.historySource(state({ mode: "watching" })), "The table's last hand, before you began watching.");
  assert.equal(M.historySource(state()), "The table's last hand, before you sat down.");
});

test("the Last hand panel is filled from the history only without a hand seen ending, and only with a newer hand", () => {
  const s = state({ history: new Map([[4, { number: 4, phh: PHH }], [5, { number: 5, phh: "" }]]) });
  assert.equal(M.historyForPanel(s, 0).number, 4);
  assert.equal(M.historyForPanel(s, 4), null);
  assert.equal(M.historyForPanel({ ...s, result: result() }, 0), null);
});

test("the download holds the hands from the first on, oldest first, one TOML table each", () => {
  const s = state({ history: new Map([[6, { number: 6, phh: "b\n" }], [4, { number: 4, phh: "z" }], [5, { number: 5, phh: "a" }],
    [7, { number: 7, phh: null }]]) });
  assert.deepEqual(M.phhsFile(s, 5), { name: "t1-hands.phhs", text: "[5]\na\n\n[6]\nb\n" });
  assert.equal(M.phhsFile(s, 8), null);
});

test("a provably-fair hand is checked against what this page saw dealt, or not at all", () => {
  const s = state({ commitments: { 7: "ab".repeat(32) }, dealtSeen: { number: 7, players: 2, button: 0, seat: 1, hole: ["As"] } });
  const seen = M.fairSeen(s, result({ boards: ["2c 3d 7h", ""] }));
  assert.deepEqual([seen.commitment, seen.boards, seen.boardsPerRun, seen.hole], ["ab".repeat(32), [["2c", "3d", "7h"]], 1, ["As"]]);
  assert.equal(M.fairSeen(s, result({ number: 8 })), null);
  assert.match(M.fairText(result(), { verdict: "failed", why: "the deck does not match" }), /hand #7's deal does not check out: the deck/);
});

// --- out of a tournament before the prize pool is fixed (issue 26) -----------------------------------------------

const ENTRY = { tournament: "rb", sng: "rb#1", name: "ann", token: "t".repeat(32) };
const sent = (effects) => effects.filter((e) => e.send).map((e) => e.send);
const stored = (effects, key) => effects.filter((e) => e.store === key).map((e) => e.value);

test("out before the prize is known: the hand stays on the felt, the connection and the entry are kept", () => {
  const seated = state({ entrant: ENTRY, table: "rb#1.1" });
  const left = { type: "left", table: "rb#1.1", seat: 1, chips: 0, reason: "busted", tournament: "rb", sng: "rb#1",
    place: 4, places: [4, 4], prize: null };
  const { state: out, effects } = M.apply(seated, left, 0);
  assert.equal(out.mode, "watching");
  assert.match(out.finished.text, /4th for now/);
  assert.deepEqual(sent(M.reconnect(out, null).effects), [{ type: "resume", token: ENTRY.token }],
    "a drop on the finished screen hears the prize, and watches nothing");
  assert.ok(!effects.some((e) => e.disconnect), "the connection stays: the server's placed comes on it");
  assert.deepEqual(JSON.parse(stored(effects, "out")[0]), { ...ENTRY, pending: true });
  assert.equal(M.awaitingPlace(out), true);
  const placed = { type: "placed", tournament: "rb", sng: "rb#1", name: "ann", entry: 1, place: 4, places: [4, 4], prize: 0 };
  const told = M.apply(out, placed, 0);
  assert.ok(told.effects.some((e) => e.notice && e.notice.startsWith("The prize pool is fixed.")));
  assert.deepEqual(stored(told.effects, "out"), [null]);
  assert.ok(!told.effects.some((e) => e.disconnect) && !M.awaitingPlace(told.state),
    "the felt on screen keeps the connection: its history and Download PHH are asked on it");
  assert.ok(M.stopWatching(told.state).effects.some((e) => e.disconnect), "let go of once the felt is left");
  assert.match(told.state.finished.text, /^The prize pool is fixed\. You finished 4th in rb/, "said under the table too");
  assert.ok(told.effects.some((e) => e.finished === told.state.finished), "the pause counts again for the new words");
  const final = M.apply(seated, { ...left, prize: 0 }, 0);  // a final place and prize: nothing to wait for
  assert.ok(M.finishedPauseOver(final.state, final.state.finished).effects.some((e) => e.disconnect));
  assert.deepEqual(stored(final.effects, "out"), [null]);
});

test("waiting for a place, a reload or a dropped connection resumes the entry; its answer keeps us out", () => {
  const out = { ...ENTRY, pending: true };
  const started = M.start(M.initialState(), { out });
  assert.deepEqual(sent(started.effects), [{ type: "resume", token: ENTRY.token }]);
  const lobby = state({ mode: "lobby", table: null, outOf: out, entrant: null });
  assert.deepEqual(sent(M.reconnect(lobby, null).effects), [{ type: "resume", token: ENTRY.token }]);
  const answer = { type: "registered", tournament: "rb", sng: "rb#1", name: "ann", out: true, entry: 1, place: 4,
    places: [4, 4], prize: null };
  const still = M.apply(lobby, answer, 0);
  assert.equal(still.state.entrant, null, "out, not registered for a start");
  assert.equal(M.awaitingPlace(still.state), true);
  const fixed = M.apply(lobby, { ...answer, prize: 0 }, 0);  // fixed while we were away: said now, once
  assert.ok(fixed.effects.some((e) => e.notice && e.notice.startsWith("The prize pool is fixed.")));
  assert.equal(M.awaitingPlace(fixed.state), false);
  assert.deepEqual(stored(fixed.effects, "out"), [null]);
  assert.ok(fixed.effects.some((e) => e.disconnect), "kept only to hear it");
  const reentering = M.apply({ ...lobby, outOf: { ...out, pending: false } }, { ...answer, prize: 0 }, 0);
  assert.ok(!reentering.effects.some((e) => e.disconnect || e.notice), "a re-entry's resume: its register follows");
  const watching = state({ mode: "watching", table: "rb#1.2", busted: true, entrant: ENTRY });  // hand-for-hand
  assert.deepEqual(sent(M.reconnect(watching, null).effects), [
    { type: "resume", token: ENTRY.token }, { type: "watch", table: "rb#1.2" },
  ]);
  assert.deepEqual(sent(M.reconnect(state({ mode: "lobby", table: null }), null).effects), []);
});

test("a cancelled tournament's row says why, by the lobby's code: too few registered, or taken off the schedule", () => {
  const t = { id: "daily", sng: "daily#1", start: "2030-01-01T20:00:00Z", entrants: 90, entries: 2, registered: ["a", "b"],
    state: "cancelled", starting_stack: 1000, prize_pool: 0, game: "limit" };
  assert.equal(M.tournamentRow({ ...t, cancelled: "too_few" }, null).state, "Cancelled: too few registered");
  assert.equal(M.tournamentRow({ ...t, cancelled: "unconfigured" }, null).state, "Cancelled: taken off the schedule");
});

test("a placed after a reload says why it came: the prize pool fixed, or the hand-for-hand round over", () => {
  const out = { ...ENTRY, pending: true };
  const lobby = state({ mode: "lobby", table: null, outOf: out, entrant: null });  // reloaded: no memory of why
  const placed = { type: "placed", tournament: "rb", sng: "rb#1", name: "ann", entry: 1, place: 4, places: [4, 4],
    prize: 0 };
  const notice = (data) => M.apply(lobby, data, 0).effects.find((e) => e.notice).notice;
  assert.equal(notice({ ...placed, why: "round_over" }), "You finished 4th in rb (no prize).");
  assert.equal(notice({ ...placed, why: "pool_fixed" }), "The prize pool is fixed. You finished 4th in rb (no prize).");
});
