// The page's state changes only through the model's transitions: each returns a new state (the old one stays as
// it was) and the effects the view is to carry out (send, notice, store, screen, ...), as plain data.
import { test } from "node:test";
import assert from "node:assert/strict";
import { M, player, hand, view } from "./table.mjs";

const INFO = { id: "t1", title: "Table One", game: "no-limit", blinds: [1, 2], buy_in: [40, 200], seats: 3, players: [],
  max_timeouts: 2 };

/** Runs transitions from the initial state; the last answer. */
function run(...steps) {
  let answer = { state: M.initialState({}), effects: [] };
  for (const step of steps) answer = step(answer.state);
  return answer;
}
const msg = (data) => (s) => M.apply(s, data, 1000);
const seated = (s) => run(() => M.lobbyLoaded(s, [INFO]), (x) => M.join(x, "t1", "ann", 100),
  msg({ type: "welcome", table: "t1", token: "tok" })).state;
const sends = (effects) => effects.filter((e) => "send" in e).map((e) => e.send);
const notices = (effects) => effects.filter((e) => "notice" in e).map((e) => e.notice);

test("a transition leaves the state it was given as it was", () => {
  const before = seated(M.initialState({}));
  const copy = structuredClone(before);
  const { state } = M.apply(before, view(), 1000);
  M.apply(state, { type: "history", hands: [{ number: 1, phh: "x" }] }, 1000);
  M.apply(state, { type: "deal", table: "t1", number: 8, commitment: "c" }, 1000);
  assert.deepEqual(before, copy);
  assert.notEqual(state, before);
});

test("sitting down: the join is sent, the welcome takes the seat, keeps its token and shows the table", () => {
  const joined = run((s) => M.lobbyLoaded(s, [INFO]), (s) => M.join(s, "t1", "ann", 120));
  assert.deepEqual(sends(joined.effects), [{ type: "join", table: "t1", name: "ann", buy_in: 120 }]);
  assert.deepEqual(joined.effects.filter((e) => "store" in e), [{ store: "name", value: "ann" }, { store: "buy_in", value: "120" }]);
  const { state, effects } = M.apply(joined.state, { type: "welcome", table: "t1", token: "tok" }, 0);
  assert.equal(state.mode, "seated");
  assert.deepEqual(effects.filter((e) => "token" in e), [{ token: "t1", value: "tok" }]);
  assert.ok(effects.some((e) => e.screen === "room"));
  assert.ok(!effects.some((e) => "lobby" in e), "the lobby is known: not fetched again");
});

test("the first view after sitting down says where the download begins, and asks for the history once", () => {
  const s = seated(M.initialState({}));
  const first = M.apply(s, view(), 1000);
  assert.deepEqual(first.effects.filter((e) => e.store === "since"), [{ store: "since", value: { table: "t1", hand: 7 } }]);
  assert.equal(M.firstHand(first.state), 7);
  assert.deepEqual(sends(first.effects), [{ type: "history", count: 10 }]);
  const second = M.apply(first.state, view(), 2000);
  assert.deepEqual(second.effects, []);
  const between = M.apply(s, view({ hand: null }), 1000);
  assert.equal(M.firstHand(between.state), 8, "between hands: the next hand is the first");
});

test("a rebuy after busting keeps the first hand of the stay at the table", () => {
  let s = M.apply(seated(M.initialState({})), view(), 1000).state;
  s = M.apply(s, { type: "left", table: "t1", reason: "busted", chips: 0 }, 0).state;
  s = M.apply(s, { type: "watching", table: "t1" }, 0).state;
  s = M.apply(s, { ...view({ seat: -1 }), hand_number: 9 }, 0).state;
  s = M.apply(s, { type: "welcome", table: "t1", token: "tok2" }, 0).state;
  s = M.apply(s, { ...view(), hand_number: 10 }, 0).state;
  assert.equal(M.firstHand(s), 7);
});

test("busting: the page watches on, offers a rebuy and says so", () => {
  const s = M.apply(seated(M.initialState({})), view(), 1000).state;
  const { state, effects } = M.apply(s, { type: "left", table: "t1", reason: "busted", chips: 0 }, 0);
  assert.deepEqual([state.mode, state.busted, state.table], ["watching", true, "t1"]);
  assert.deepEqual(sends(effects), [{ type: "watch", table: "t1" }]);
  assert.deepEqual(notices(effects), ["You are out of chips at Table One: buy in again, or go back to the lobby."]);
  assert.deepEqual(M.watchForm(state), { lead: "You are out of chips. Buy in again:", submit: "Rebuy" });
});

test("leaving: back to the lobby, told with how many chips, the table's things forgotten", () => {
  const s = M.apply(seated(M.initialState({})), view(), 1000).state;
  const { state, effects } = M.apply(s, { type: "left", table: "t1", reason: "asked", chips: 96 }, 0);
  assert.deepEqual([state.mode, state.table, state.view, state.history.size], ["lobby", null, null, 0]);
  assert.deepEqual(notices(effects), ["You left Table One with 96 chips."]);
  assert.ok(effects.some((e) => "disconnect" in e) && effects.some((e) => e.screen === "lobby"));
  assert.deepEqual(effects.filter((e) => "token" in e), [{ token: "t1", value: null }]);
});

test("a view of another table changes nothing", () => {
  const s = seated(M.initialState({}));
  const { state, effects } = M.apply(s, { ...view(), table: "other" }, 1000);
  assert.deepEqual([state.view, effects], [null, []]);
});

test("a button is pressed once per decision, and only at our turn", () => {
  const legal = { fold: true, check: false, call: 2, wager: null, runs: 0, show: false, muck: false };
  const s = M.apply(seated(M.initialState({})), view({ hand: hand({ legal }), actor: 1 }), 1000).state;
  const once = M.choose(s, { action: "call" });
  assert.deepEqual(sends(once.effects), [{ type: "act", action: { action: "call" } }]);
  assert.deepEqual(M.choose(once.state, { action: "call" }).effects, []);
  const notOurs = M.apply(s, view(), 1000).state;
  assert.deepEqual(M.choose(notOurs, { action: "fold" }).effects, []);
  const refused = M.apply(once.state, { type: "error", code: "illegal_action", message: "no" }, 0);
  assert.equal(refused.state.acted, null, "a refused action: the buttons come back");
  assert.deepEqual(notices(refused.effects), ["no"]);
});

test("while the connection is got back nothing at the table sends, and the page says why; once back, it does", () => {
  const legal = { fold: true, check: false, call: 2, wager: "raise", min_to: 4, max_to: 98, runs: 0, show: false, muck: false };
  const turn = M.apply(seated(M.initialState({})), view({ hand: hand({ legal }), actor: 1 }), 1000).state;
  const { state: dropped, effects } = M.connectionChanged(turn, false);
  assert.deepEqual(effects, []);
  const why = "Reconnecting\u2026 the buttons come back with the server.";
  assert.deepEqual([M.sendingHeld(dropped), M.actionBar(dropped).held, M.turnText(dropped, 1000)], [why, why, why]);
  assert.equal(M.seatControls(dropped).held, why);
  for (const click of [(s) => M.choose(s, { action: "call" }), (s) => M.chooseWager(s, 10), (s) => M.leave(s),
    (s) => M.request(s, { type: "sit_out" }), (s) => M.topUp(s, 50), (s) => M.downloadHistory(s),
    (s) => M.join({ ...s, mode: "watching" }, "t1", "ann", 100)]) {
    assert.deepEqual(sends(click(dropped).effects), [], String(click));
  }
  assert.equal(M.choose(dropped, { action: "call" }).state.acted, null, "the decision is still ours to make");
  const back = M.connectionChanged(dropped, true).state;
  assert.deepEqual([M.sendingHeld(back), M.actionBar(back).held, M.turnText(back, 1000).startsWith("Your turn")], ["", "", true]);
  assert.deepEqual(sends(M.choose(back, { action: "call" }).effects), [{ type: "act", action: { action: "call" } }]);
  // In the lobby nothing is held (its buttons open a connection of their own), and leaving a table lets go of it.
  assert.equal(M.sendingHeld({ ...dropped, mode: "lobby" }), "");
  const left = M.stopWatching({ ...dropped, mode: "watching" }).state;
  assert.equal(left.reconnecting, false);
});

test("a bet outside the range is not sent: the range is said", () => {
  const legal = { fold: true, check: false, call: 2, wager: "raise", min_to: 4, max_to: 98, runs: 0, show: false, muck: false };
  const s = M.apply(seated(M.initialState({})), view({ hand: hand({ legal }), actor: 1 }), 1000).state;
  assert.deepEqual(notices(M.chooseWager(s, 99).effects), ["Bet or raise to between 4 and 98."]);
  assert.deepEqual(sends(M.chooseWager(s, 10).effects), [{ type: "act", action: { action: "raise", to: 10 } }]);
});

test("a ticked pre-action is played when our turn comes, once; a new hand clears it", () => {
  let s = M.apply(seated(M.initialState({})), view({ hand: hand({ bets: [6, 2] }) }), 1000).state;
  s = M.tickPre(s, "call-any").state;
  assert.deepEqual(s.pre, { kind: "call-any", amount: 4 });
  const legal = { fold: true, check: false, call: 4, wager: "raise", min_to: 10, max_to: 98, runs: 0, show: false, muck: false };
  const turn = M.apply(s, view({ hand: hand({ bets: [6, 2], legal, events: [{ event: "acted" }] }), actor: 1 }), 2000);
  assert.deepEqual(sends(turn.effects), [{ type: "act", action: { action: "call" } }]);
  assert.equal(turn.state.pre, null);
  assert.equal(turn.state.acted, "7:1");
  const ticked = M.tickPre(s, "check-fold").state;
  const next = M.apply(ticked, { ...view(), hand_number: 8 }, 3000).state;
  assert.equal(next.pre, null, "nothing ticked carries over to the next hand");
});

test("Call N lapses when somebody bets or raises: the page then waits for us", () => {
  let s = M.apply(seated(M.initialState({})), view({ hand: hand({ bets: [6, 2] }) }), 1000).state;
  s = M.tickPre(s, "call").state;
  s = M.apply(s, view({ hand: hand({ bets: [20, 2] }) }), 2000).state;
  assert.equal(s.pre, null);
});

test("the server sitting us out is told once, in a notice, and kept beside Come back", () => {
  let s = M.apply(seated(M.initialState({})), view({ hand: null }), 1000).state;
  const out = view({ hand: null, sat_out: "timeouts", seats: [player("bob"), player("ann", 100, { sitting_out: true }), null] });
  const told = M.apply(s, out, 2000);
  assert.deepEqual(notices(told.effects),
    ["The server sat you out: your turn timed out 2 times in a row. Press Come back to be dealt in again."]);
  assert.deepEqual(notices(M.apply(told.state, out, 3000).effects), []);
  assert.equal(M.seatControls(told.state).reasonShown, true);
  // After a reload the first view says why, beside Come back, with no notice.
  s = M.apply(seated(M.initialState({})), out, 1000);
  assert.deepEqual([notices(s.effects), s.state.awayReason], [[], "timeouts"]);
});

test("a top-up is confirmed once the view shows the chips; a wrong amount is not sent", () => {
  let s = M.apply(seated(M.initialState({})), view({ hand: null }), 1000).state;
  assert.deepEqual(sends(M.topUp(s, 2.5).effects), []);
  assert.deepEqual(notices(M.topUp(s, 0).effects), ["Top up by a whole number of chips."]);
  const asked = M.topUp(s, 50);
  assert.deepEqual(sends(asked.effects), [{ type: "top_up", amount: 50 }]);
  s = M.apply(asked.state, view({ hand: null }), 2000).state;
  const done = M.apply(s, view({ hand: null, seats: [player("bob"), player("ann", 150), null] }), 3000);
  assert.deepEqual(notices(done.effects), ["Topped up by 50 chips: your stack is 150."]);
  assert.equal(done.state.toppingUp, null);
});

test("a hand already held is kept as first received (after a rebuy it comes back without our cards)", () => {
  let s = seated(M.initialState({}));
  s = M.apply(s, { type: "history", hands: [{ number: 3, phh: "with cards" }] }, 0).state;
  s = M.apply(s, { type: "history", hands: [{ number: 3, phh: "without" }, { number: 4, phh: "x" }] }, 0).state;
  assert.deepEqual([s.history.get(3).phh, s.history.size], ["with cards", 2]);
});

test("the download asks for older pages until it reaches the first hand, then saves the file", () => {
  let s = M.apply(seated(M.initialState({ t1: 3 })), { type: "history", hands: [{ number: 30, phh: "h30" }] }, 0).state;
  const asked = M.downloadHistory(s);
  assert.deepEqual(sends(asked.effects), [{ type: "history", count: 20, before: 30 }]);
  const older = Array.from({ length: 27 }, (_, i) => ({ number: i + 3, phh: `h${i + 3}` }));
  const saved = M.apply(asked.state, { type: "history", hands: older }, 0);
  const [file] = saved.effects.filter((e) => "download" in e).map((e) => e.download);
  assert.equal(file.name, "t1-hands.phhs");
  assert.ok(file.text.startsWith("[3]\nh3\n") && file.text.endsWith("[30]\nh30\n"));
  assert.equal(saved.state.downloading, false);
});

test("the newest hands arriving while the download pages back do not end it short of the first hand", () => {
  let s = M.apply(seated(M.initialState({ t1: 3 })), { type: "history", hands: [{ number: 30, phh: "h30" }] }, 0).state;
  const asked = M.downloadHistory(s);
  // A hand ends while the page is in flight: the page asks for the newest hands, and they come first.
  const newest = M.apply(asked.state, { type: "history", hands: [{ number: 31, phh: "h31" }] }, 0);
  assert.deepEqual(newest.effects.filter((e) => "download" in e), []);
  assert.equal(newest.state.downloading, true);
  const older = Array.from({ length: 27 }, (_, i) => ({ number: i + 3, phh: `h${i + 3}` }));
  const saved = M.apply(newest.state, { type: "history", hands: older }, 0);
  const [file] = saved.effects.filter((e) => "download" in e).map((e) => e.download);
  assert.ok(file.text.startsWith("[3]\nh3\n") && file.text.endsWith("[31]\nh31\n"), file.text.slice(0, 40));
});

test("a spectator's download holds the table's last 20 hands as well; a seated player's only those since sitting down", () => {
  // Watching began with hand 30 in play; the page holds the ten hands before it (the first view's history).
  let s = run((x) => M.lobbyLoaded(x, [INFO]), (x) => M.watch(x, "t1"), msg({ type: "watching", table: "t1" })).state;
  s = M.apply(s, { ...view({ seat: -1 }), hand_number: 30 }, 0).state;
  const before = (first, last) => Array.from({ length: last - first + 1 }, (_, i) => ({ number: first + i, phh: `h${first + i}` }));
  s = M.apply(s, { type: "history", hands: before(20, 29) }, 0).state;
  assert.deepEqual([M.firstHand(s), M.downloadFrom(s)], [30, 20], "the hands held so far: fewer than 20");
  const asked = M.downloadHistory(s);
  assert.deepEqual(sends(asked.effects), [{ type: "history", count: 20, before: 20 }]);
  const saved = M.apply(asked.state, { type: "history", hands: before(1, 19) }, 0);
  const [file] = saved.effects.filter((e) => "download" in e).map((e) => e.download);
  assert.equal(file.text.match(/^\[\d+\]$/gm).join(" "), before(10, 29).map((h) => `[${h.number}]`).join(" "));
  // Once hand 30 has ended it is in: still the last 20 (11 to 30), since watching began among them.
  const later = M.apply(saved.state, { type: "history", hands: before(30, 30) }, 0).state;
  assert.equal(M.downloadFrom(later), 11);
  // Watched longer than 20 hands: every hand since watching began.
  assert.equal(M.downloadFrom({ ...later, since: { t1: 5 } }), 5);
  // A seated player (or one out of chips, watching on) downloads only the hands since sitting down: here none.
  for (const player of [{ mode: "seated" }, { busted: true }]) {
    const mine = { ...s, ...player };
    assert.equal(M.downloadFrom(mine), 30);
    assert.deepEqual(M.downloadHistory(mine).effects, []);
  }
  // A young table: what it has (the pages before asked for come back empty, and the file is saved).
  const young = { ...s, history: new Map([[3, { number: 3, phh: "h3" }]]) };
  assert.equal(M.downloadFrom(young), 3);
  const paged = M.downloadHistory(young);
  assert.deepEqual(sends(paged.effects), [{ type: "history", count: 20, before: 3 }]);
  const done = M.apply(paged.state, { type: "history", hands: [] }, 0);
  assert.equal(done.effects.filter((e) => "download" in e).length, 1);
  // A tournament's table: its hands' numbers skip those dealt at the others; the last 20 are counted as held.
  const skipping = Array.from({ length: 25 }, (_, i) => [100 + 4 * i, { number: 100 + 4 * i, phh: "h" }]);
  assert.equal(M.downloadFrom({ ...s, since: { t1: 196 }, history: new Map(skipping) }), 120);
});

test("errors are told apart by their code, never their words", () => {
  const s = seated(M.initialState({}));
  const asked = M.apply(s, view(), 0).state;  // asked for the history
  const missing = M.apply(asked, { type: "error", code: "unknown_type", message: "?" }, 0);
  assert.deepEqual([missing.state.historyMissing, missing.effects], [true, []]);
  const watching = { ...s, mode: "watching" };
  assert.deepEqual(M.apply(watching, { type: "error", code: "no_seat", message: "?" }, 0).effects, []);
  const gone = M.apply(s, { type: "error", code: "unknown_token", message: "?" }, 0);
  assert.equal(gone.state.mode, "lobby");
  assert.deepEqual(gone.effects.filter((e) => "token" in e), [{ token: "t1", value: null }]);
  const elsewhere = M.apply(s, { type: "error", code: "resumed_elsewhere", message: "?" }, 0);
  assert.equal(elsewhere.state.takenOver, true);
});

test("a reload takes the seat back with its token, or watches the table again, else shows the lobby", () => {
  const resume = M.start(M.initialState({}), { table: "t1", token: "tok", watching: null });
  assert.deepEqual(sends(resume.effects), [{ type: "resume", token: "tok" }]);
  assert.deepEqual([resume.state.mode, resume.state.reloaded], ["seated", true]);
  const watch = M.start(M.initialState({}), { table: null, token: null, watching: "t2" });
  assert.deepEqual(sends(watch.effects), [{ type: "watch", table: "t2" }]);
  assert.deepEqual([watch.state.mode, watch.state.reloaded], ["watching", true]);
  const lobby = M.start(M.initialState({}), {});
  assert.deepEqual([lobby.state.mode, lobby.effects], ["lobby", [{ screen: "lobby" }]]);
});

test("after a dropped connection: the seat is resumed, or the table watched again", () => {
  const s = seated(M.initialState({}));
  assert.deepEqual(sends(M.reconnect(s, "tok").effects), [{ type: "resume", token: "tok" }]);
  assert.deepEqual(sends(M.reconnect({ ...s, mode: "watching" }, null).effects), [{ type: "watch", table: "t1" }]);
});

test("the lobby's entry for the table on screen is kept up to date", () => {
  const s = seated(M.initialState({}));
  const { state } = M.lobbyLoaded(s, [{ ...INFO, title: "Renamed" }]);
  assert.equal(state.info.title, "Renamed");
});
