// Messages and states as the page holds them, built small for the model's tests (the shapes are the server's,
// docs/server.md "The protocol"). Each builder takes overrides, so a test states only what it is about.
import { createRequire } from "node:module";

// The model is a plain script that sets globalThis.OmahaModel, as the page loads it.
createRequire(import.meta.url)("../../engine/server/static/model.js");
export const M = globalThis.OmahaModel;

export const player = (name, stack = 100, more = {}) => ({ name, stack, sitting_out: false, leaving: false, waiting: false, ...more });

export const RULES = { hole_cards: 4, boards: 1, betting: { structure: "no_limit" } };

/** A hand in play: ann (table seat 1, hand seat 1) and bob (table seat 0, hand seat 0); seat 2 empty. */
export function hand(more = {}) {
  return {
    seat: 1, rules: RULES, button: 0, street: "preflop", hole: "As 4d 5d 8s", boards: [""], stacks: [99, 98],
    bets: [1, 2], folded: [false, false], all_in: [false, false], shown: [null, null], pots: [], pot_total: 3,
    legal: null, events: [], ...more,
  };
}

/** A `view` message for ann (table seat 1) at a three-seat table; `hand: null` between hands. */
export function view({ hand: h = hand(), seat = 1, seats, actor = 0, clock = {}, ...more } = {}) {
  return {
    type: "view", table: "t1", hand_number: 7,
    clock: { actor, seconds: 45, action_seconds: 15, bank_seconds: 30, ...clock },
    view: { seat, seats: seats || [player("bob"), player("ann"), null], button: 0, hand_seats: h ? [0, 1] : [], hand: h },
    ...more,
  };
}

/** The page's state, as the model reads it. */
export function state(more = {}) {
  return {
    mode: "seated", table: "t1", info: null, tables: [], view: null, receivedAt: 0, result: null, rules: RULES,
    names: { 0: "bob", 1: "ann" }, acted: null, history: new Map(), anchor: 0, busted: false, pre: null,
    commitments: {}, dealtSeen: null, reloaded: false, away: null, awayReason: null, ...more,
  };
}

/** Our turn at `legal` (ann to act, facing bob's bet of `bets[0]`). */
export function ourTurn(legal, handMore = {}) {
  const h = hand({ legal: { fold: true, check: false, call: 0, wager: null, min_to: 0, max_to: 0, show: false,
    muck: false, runs: 0, ...legal }, ...handMore });
  return state({ view: view({ hand: h, actor: 1 }) });
}

/** A `hand` message (a finished hand) for hand 7: bob (0) and ann (1), pots as given. */
export function result(more = {}) {
  return {
    type: "hand", table: "t1", number: 7, seats: [0, 1], names: ["bob", "ann"], stacks: [110, 90], button: 0,
    boards: ["2c 3d 7h Kd Qs"], pots: [], shown: {}, net: { 0: 10, 1: -10 }, ...more,
  };
}
