"""A reader checks what a line states against what the bets make it (newcomer trial, issue 27): a call's amount
(all in for less when that is all the player has), a raise's stated increment ("raises X to Y", by each site's
convention: PokerStars' X is Y less the bet faced, ACR's, OnGame's and Bovada's what the raise adds), and a street's
number of board cards. Each sample of tests/data replays ok as it is; edited by one amount it is refused at the
line, with both amounts in the file's units."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import HistoryError
from engine.history.files import read_history
from engine.history.record import HandRecord
from engine.history.replay import replay

DATA = Path(__file__).parent / "data"
STARS = "pokerstars/PokerHandHistoryParser/HandActionTests/NeedsRaiseAdjusting.txt"


def _refusal(tmp_path: Path, sample: str, line: str, edited: str) -> str:
    """The first hand of ``sample`` replays ok; with ``line`` edited it is refused: the refusal's text."""
    original = DATA / sample
    [first, *_] = read_history(original)
    assert isinstance(first, HandRecord) and replay(first).ok
    raw = original.read_bytes()
    assert line.encode() in raw
    path = tmp_path / original.name
    path.write_bytes(raw.replace(line.encode(), edited.encode(), 1))
    [refused, *_] = read_history(path)
    assert isinstance(refused, HistoryError)
    return str(refused)


@pytest.mark.parametrize(
    ("sample", "line", "edited", "said"),
    [
        (STARS, "LewisFriend: calls $900", "LewisFriend: calls $950", "LewisFriend calls $950, but the call is $900"),
        (
            "ggpoker/cash-limit-split-jackpot.txt",
            "0be39d61: calls $0.1",
            "0be39d61: calls $0.2",
            "0be39d61 calls $0.20, but the call is $0.10",
        ),
        (
            "cake/cash-fixed-limit-uncalled-bet.txt",
            "kvetoslava: calls $0,75",
            "kvetoslava: calls $0,85",
            "kvetoslava calls $0.85, but the call is $0.75",
        ),
        (  # PKR writes a call as the round's total
            "pkr/cash-pot-limit-split-quartered.txt",
            "Wendeline calls $8",
            "Wendeline calls $9",
            "Wendeline calls $9, but the call is $8",
        ),
        (
            "everleaf/cash-fixed-limit-split-odd-chip.txt",
            "cobbleknot calls [$ 0.50 USD]",
            "cobbleknot calls [$ 0.60 USD]",
            "cobbleknot calls $0.60, but the call is $0.50",
        ),
        (
            "ipoker/cash-limit-split-odd-chip.xml",
            'player="Ostrava77" type="3" sum="$0.10"',
            'player="Ostrava77" type="3" sum="$0.20"',
            "Ostrava77 calls $0.20, but the call is $0.10",
        ),
        (  # all in for less: the call is what the player has left
            "ongame/cash-fixed-limit-side-pot-split-odd-chip.txt",
            "Arbuthnot calls $1.50 [all in]",
            "Arbuthnot calls $1 [all in]",
            "Arbuthnot calls $1, but the call is $1.50 (all they have left)",
        ),
    ],
)
def test_a_call_of_another_amount_than_the_call_is_refused_at_its_line(
    tmp_path: Path, sample: str, line: str, edited: str, said: str
) -> None:
    refusal = _refusal(tmp_path, sample, line, edited)
    assert edited in refusal and refusal.endswith(said)


@pytest.mark.parametrize(
    ("sample", "line", "edited", "said"),
    [
        (
            STARS,
            "joiso: raises $300 to $900",
            "joiso: raises $400 to $900",
            "joiso raises $400 to $900, but the bet faced is $600: a raise to $900 is by $300",
        ),
        (  # ACR's increment is what the raise adds: $0.25 over the big blind is not how it writes a raise to $0.35
            "acr/cash-pot-limit-uncalled-bet.txt",
            "swarna89 raises $0.35 to $0.35",
            "swarna89 raises $0.25 to $0.35",
            "swarna89 raises $0.25 to $0.35, but swarna89's own bet is $0: a raise to $0.35 is by $0.35",
        ),
        (
            "ongame/cash-pot-limit-uncalled-bet.txt",
            "Lutz_Ferrando raises $0.85 to $0.85",
            "Lutz_Ferrando raises $0.60 to $0.85",
            "Lutz_Ferrando raises $0.60 to $0.85, but Lutz_Ferrando's own bet is $0: a raise to $0.85 is by $0.85",
        ),
        (
            "bovada/cash-pot-limit-uncalled-bet.txt",
            "Dealer : Raises $1 to $1",
            "Dealer : Raises $0.75 to $1",
            "Dealer raises $0.75 to $1, but Dealer's own bet is $0: a raise to $1 is by $1",
        ),
        (  # Absolute's samples write it both ways: either is read, neither other amount
            "absolute/cash-fixed-limit-split-pot.txt",
            "orlov - Raises $30 to $60",
            "orlov - Raises $40 to $60",
            "orlov raises $40 to $60, but the bet faced is $30 and orlov's own bet is $0: a raise to $60 is by $30 "
            "or $60",
        ),
    ],
)
def test_a_raise_whose_stated_increment_is_not_its_own_is_refused_at_its_line(
    tmp_path: Path, sample: str, line: str, edited: str, said: str
) -> None:
    refusal = _refusal(tmp_path, sample, line, edited)
    assert edited in refusal and refusal.endswith(said)


@pytest.mark.parametrize(
    ("sample", "line", "edited", "said"),
    [
        (STARS, "*** FLOP *** [9h Ts 8d]", "*** FLOP *** [9h Ts]", "a flop is three cards, not 2 ('9h Ts')"),
        (
            "partypoker/cash-fixed-limit-split-odd-chip.txt",
            "** Dealing Flop ** [ 3s, 7d, Jh ]",
            "** Dealing Flop ** [ 3s, 7d ]",
            "a flop is three cards, not 2 ('3s 7d')",
        ),
        (
            "ipoker/cash-limit-split-odd-chip.xml",
            '<cards type="Flop" player="">SK D7 C2</cards>',
            '<cards type="Flop" player="">SK D7</cards>',
            "a flop is three cards, not 2 ('Ks 7d')",
        ),
        (STARS, "*** TURN *** [9h Ts 8d] [", "*** TURN *** [9h Ts 8d] [Ah ", "a turn is one card, not 2"),
    ],
)
def test_a_street_with_the_wrong_number_of_cards_says_how_many_it_deals(
    tmp_path: Path, sample: str, line: str, edited: str, said: str
) -> None:
    refusal = _refusal(tmp_path, sample, line, edited)
    assert edited in refusal and said in refusal
