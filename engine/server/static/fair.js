/* Provably-fair dealing, checked by the page itself: the same bytes and the same dealing order as
 * engine/server/fair.py (docs/server.md, "Shuffling, and provably-fair tables"). The commitment is the one the
 * server sent before the deal (`deal`, or a `view` while the hand was in play), never the one in the reveal.
 *
 * SHA-256 comes from the browser (crypto.subtle), which browsers offer only on secure pages (https, or
 * http://localhost / 127.0.0.1): elsewhere the check says it cannot be made here rather than pretend.
 */
"use strict";

(function () {
  const RANKS = "23456789TJQKA";
  const SUITS = "cdhs";
  const STREETS = [3, 1, 1];  // flop, turn, river: each after a burn
  const HEX64 = /^[0-9a-f]{64}$/;

  function isCanonicalDeck(deck) {
    if (typeof deck !== "string") return false;
    const cards = deck.split(" ");
    const all = new Set();
    for (const r of RANKS) for (const s of SUITS) all.add(r + s);
    return cards.length === 52 && cards.every((c) => all.delete(c)) && all.size === 0;
  }

  /** sha256(salt bytes || deck in ASCII) as 64 lowercase hex digits (fair.commit). */
  async function commit(deck, salt) {
    const saltBytes = salt.match(/../g).map((pair) => parseInt(pair, 16));
    const bytes = new Uint8Array([...saltBytes, ...new TextEncoder().encode(deck)]);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
  }

  /** What the deck deals (fair.dealt): each hand seat's hole cards and each board, run by run. */
  function dealt(deck, players, button, holeCards, boards, runs, shared) {
    const cards = deck.split(" ");
    const holes = [];
    for (let i = 0; i < players; i++) {
      const seat = (button + 1 + i) % players;
      holes[seat] = cards.slice(i, players * holeCards).filter((_, k) => k % players === 0);
    }
    let position = players * holeCards;
    const result = [];
    for (let run = 0; run < runs; run++) {
      const runBoards = Array.from({ length: boards }, () => []);
      let dealtSoFar = 0;
      for (const size of STREETS) {
        if (run > 0 && dealtSoFar < shared) {
          runBoards.forEach((board, b) => board.push(...result[b].slice(dealtSoFar, dealtSoFar + size)));
        } else {
          position += 1;  // the burn
          for (const board of runBoards) { board.push(...cards.slice(position, position + size)); position += size; }
        }
        dealtSoFar += size;
      }
      result.push(...runBoards);
    }
    return { holes, boards: result };
  }

  /** Whether the deck deals what this client saw (fair.check_deal): its own hole cards, the boards shown. */
  function checkDeal(deck, players, button, seat, hole, boards, boardsPerRun) {
    if (players < 2 || button < 0 || button >= players) return false;
    const runs = Math.max(1, Math.ceil(boards.length / boardsPerRun));
    let shared = 0;
    if (runs > 1) {
      const first = boards[0], second = boards[boardsPerRun];
      while (shared < Math.min(first.length, second.length) && first[shared] === second[shared]) shared++;
      if (shared < 3) shared = 0;
    }
    const got = dealt(deck, players, button, hole.length || 4, boardsPerRun, runs, shared);
    if (seat !== null && (seat < 0 || seat >= players || got.holes[seat].join(" ") !== hole.join(" "))) return false;
    return boards.length <= got.boards.length
      && boards.every((board, i) => board.join(" ") === got.boards[i].slice(0, board.length).join(" "));
  }

  /**
   * The verdict on a hand's reveal: "verified", "failed" (with why) or "unavailable" (no SHA-256 here).
   * `seen`: {commitment, players, button, seat (hand seat or null), hole: [...], boards: [[...]], boardsPerRun}.
   */
  async function check(reveal, seen) {
    if (!seen || !seen.commitment) return { verdict: "failed", why: "no commitment was sent before the deal" };
    if (!(reveal && HEX64.test(reveal.salt || "") && isCanonicalDeck(reveal.deck))) {
      return { verdict: "failed", why: "the reveal is not a deck of 52 cards and a salt" };
    }
    if (!(globalThis.crypto && crypto.subtle)) return { verdict: "unavailable" };
    if (await commit(reveal.deck, reveal.salt) !== seen.commitment) {
      return { verdict: "failed", why: "the revealed deck does not match the commitment sent before the deal" };
    }
    if (!checkDeal(reveal.deck, seen.players, seen.button, seen.seat, seen.hole, seen.boards, seen.boardsPerRun)) {
      return { verdict: "failed", why: "the revealed deck does not deal the cards on the table" };
    }
    return { verdict: "verified" };
  }

  /** Whether this page can compute SHA-256 at all (a secure page: https, or localhost). */
  function available() {
    return Boolean(globalThis.crypto && crypto.subtle);
  }

  globalThis.OmahaFair = { check, commit, dealt, checkDeal, isCanonicalDeck, available };
})();
