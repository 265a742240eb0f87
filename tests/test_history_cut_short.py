"""Files cut short (a download or a copy that stopped): the hands before the cut are read, and the last one is
refused as cut short, never for what the cut left of a line (issue 25, the newcomer's trial, defect 5)."""

from __future__ import annotations

from engine.errors import HistoryError
from engine.history import HandRecord, replay
from engine.history.files import read_history_bytes
from engine.history.ohh import write_ohh_hands
from engine.history.phh import read_phh, write_phh, write_phhs
from tests.samples import sample_path, sample_text


def _cut(site: str, name: str, before: str, keep: int = 0, first: bool = False) -> bytes:
    """The sample's bytes up to ``keep`` characters into the last ``before`` (0: just before it; the first with
    ``first``)."""
    data = sample_path(site, name).read_bytes()
    at = (data.index if first else data.rindex)(before.encode()) + keep
    return data[:at]


def _last_error(data: bytes, where: str) -> str:
    hands = read_history_bytes(data, where)
    assert isinstance(hands[-1], HistoryError), hands[-1]
    return str(hands[-1])


def test_a_text_file_cut_in_the_middle_of_a_line_says_the_hand_is_cut_short() -> None:
    data = _cut("pokerstars", "project/fold-with-nothing-to-call.txt", "quinceharbor: bets $0.10", keep=17)
    assert data.endswith(b"quinceharbor: bet")  # before the fix: "unrecognised action of 'quinceharbor'"
    assert _last_error(data, "ps.txt").endswith(
        "the hand is cut short: the file ends in the middle of line 18 'quinceharbor: bet'"
    )


def test_an_xml_file_cut_short_keeps_its_whole_hands_and_says_the_last_is_cut_short() -> None:
    data = _cut("ipoker", "cash-limit-split-odd-chip.xml", "</game>")  # inside the second of two hands
    hands = read_history_bytes(data, "i.xml")  # before the fix: one error for the whole file
    assert hands.format == "ipoker" and len(hands) == 2
    assert isinstance(hands[0], HandRecord) and replay(hands[0]).ok
    assert isinstance(hands[1], HistoryError) and "hand #8810442387" in str(hands[1])
    assert "the hand is cut short: the XML is cut short: <" in str(hands[1])
    head = _cut("ipoker", "cash-limit-split-odd-chip.xml", "<game gamecode", keep=-30, first=True)  # before any hand
    assert _last_error(head, "i.xml").startswith("i.xml: the XML is cut short")  # before: a site it does not know


def test_a_site_without_a_summary_cut_between_two_winners_lines_is_cut_short() -> None:
    for site, name, last in (
        ("everleaf", "cash-fixed-limit-split-odd-chip.txt", "Hero wins"),
        ("cake", "tournament-pot-limit-side-pot.txt", "edda.k wins"),
        ("partypoker", "cash-fixed-limit-split-odd-chip.txt", "Kettlewell wins"),
    ):
        message = _last_error(_cut(site, name, last), name)  # before the fix: read, then a replay mismatch
        assert "lines saying who won the rest are missing (the hand is cut short?)" in message, message


def test_a_utf16_file_cut_inside_a_character_is_read_up_to_the_cut() -> None:
    data = sample_path("fulltilt", "cash-limit-split-odd-chip-utf16.txt").read_bytes()
    cut = data[: len(data) * 3 // 4 | 1]  # an odd number of bytes: before the fix, "not utf-16-le text"
    assert "the hand is cut short" in _last_error(cut, "ft.txt")


def test_a_bovada_summary_cut_short_is_cut_short() -> None:
    data = _cut("bovada", "cash-fixed-limit-split-odd-chip-no-street-lines.txt", "Board [")
    message = _last_error(data, "b.txt")  # before the fix: "the summary's Total Pot is $17 but ... $15"
    assert message.endswith("the hand is cut short: its summary has lines for 0 of the 3 seats")


def test_a_rake_rounded_up_is_still_a_rake() -> None:
    """The 10% bound on a rake nobody states is rounded up to the whole unit: of this $2.65 pot, 27 cents
    (10.2%) left unclaimed is a rake; 28 cents means a winner's line is missing."""
    text = sample_path("everleaf", "cash-pot-limit-uncalled-bet.txt").read_text(encoding="utf-8")
    assert "trevalyan wins $ 2.52 USD from main pot" in text  # a $2.65 pot, 13 cents raked
    [record] = read_history_bytes(text.replace("$ 2.52 USD", "$ 2.38 USD").encode(), "e.txt")
    assert isinstance(record, HandRecord) and record.rake == 27 and replay(record).ok
    [error] = read_history_bytes(text.replace("$ 2.52 USD", "$ 2.37 USD").encode(), "e.txt")
    assert isinstance(error, HistoryError) and "the $0.28 left is more than a rake" in str(error)


# --- PHH and OHH: a TOML or JSON document that stops in the middle of a hand (newcomer trial, issue 27) ----------


_CUT = "the hand is cut short: the file ends in the middle of line"


def _phh(name: str = "wsop-2023-43-5/79.phh") -> str:
    return sample_text("phh", name)


def _cut_before(text: str, before: str, keep: int = 0, start: int = 0) -> str:
    """The text up to ``keep`` characters into the first ``before`` after ``start``."""
    return text[: text.index(before, start) + keep]


def test_a_phh_file_cut_mid_line_mid_string_or_mid_array_says_the_hand_is_cut_short() -> None:
    text = _phh()  # one line of actions, as the WSOP files are written
    written = write_phh(read_phh(text, "79.phh")[0])  # as `convert --to phh` writes it: an action a line
    assert "actions = [\n  " in written
    last_action = written.rindex("\n]\n")
    for cut, line in (
        (text[: len(text) // 2], "8 \"actions = ['d dh p1 Ah7s6d2d'"),  # before: "Unclosed array"
        (_cut_before(text, "players = ['", 12), '18 "players = [\'"'),  # before: Expected "'"
        (_cut_before(text, "'p1 cc'", 4), "8 \"actions = ['d dh p1"),  # in a string
        (_cut_before(text, "hand = 79", 6), "17 'hand ='"),  # before a value
        (_cut_before(text, "= true", 4), "2 'ante_trimming_status = tr'"),  # in a value's last word
        (written[: last_action + 1], "30 '\"p3 sm AcKsQd2s\",'"),  # inside the array, after a line break
        (_cut_before(written, '  "p1 cc"', 7), "12 '\"p1 c'"),  # a line of the array
    ):
        for message in (_last_error(cut.encode(), "79.phh"), str(read_phh(cut, "79.phh")[-1])):
            assert message.startswith(f"79.phh: hand #79: {_CUT} {line}"), message


def test_a_phhs_file_cut_in_its_second_hand_keeps_the_first() -> None:
    both = write_phhs([*read_phh(_phh(), "79.phh"), *read_phh(_phh("wsop-2023-43-5/12.phh"), "12.phh")])
    second = both.index("[2]")
    for cut, line in (
        (_cut_before(both, '"p2 cc"', 3, second), "'\"p2'"),  # mid-line; before: the second table's TOML error
        (both[: both.rindex("\n]\n") + 1], "'\""),  # inside its actions, after a line break
        (_cut_before(both, "starting_stacks", 5, second), "'start'"),  # in a key
        (both[: second + 2], "'[2'"),  # in its header: before, the first hand was refused
    ):
        hands = read_history_bytes(cut.encode(), "x.phhs")
        assert len(hands) == 2 and isinstance(hands[0], HandRecord) and replay(hands[0]).ok, hands[0]
        assert isinstance(hands[1], HistoryError) and hands[1].hand_id == "2", hands[1]
        assert str(hands[1]).startswith(f"x.phhs: hand #2: {_CUT} "), hands[1]
        assert str(hands[1]).split(_CUT)[1].split(" ", 2)[2].startswith(line), hands[1]


def test_a_toml_error_before_the_end_is_still_not_valid_toml() -> None:
    text = _phh().replace("small_bet = 250000", "small_bet = = 250000")  # line 5; the file ends mid-line
    assert not text.endswith("\n")
    assert _last_error(text.encode(), "79.phh").startswith("79.phh: not valid TOML: Invalid value (at line 5")
    both = write_phhs(read_phh(_phh(), "79.phh") * 2)
    broken = both.replace("small_bet = ", "small_bet = = ", 1)  # the first hand's, in a file cut in its second
    hands = read_history_bytes(broken[: broken.rindex('"p')].encode(), "x.phhs")
    assert "x.phhs [1]: not valid TOML (the table starts on line 1)" in str(hands[0])
    assert str(hands[1]).startswith(f"x.phhs: hand #2: {_CUT}")


def _ohh(count: int) -> str:
    records = [*read_phh(_phh(), "79.phh"), *read_phh(_phh("wsop-2023-43-5/12.phh"), "12.phh")]
    return write_ohh_hands(records[:count])


def test_an_ohh_file_cut_in_a_hand_says_the_hand_is_cut_short() -> None:
    one = _ohh(1)
    message = _last_error(one[:700].encode(), "x.ohh")  # before: "line 1: not valid JSON: Expecting ':' ..."
    assert message.startswith(f"x.ohh: hand #79: {_CUT} 1 "), message
    two = _ohh(2)
    second = two.index('{"ohh"', 1)
    in_false = two.index('"tournament": false', second) + 15
    for cut in (two[: second + 700], two[: second + 20], two[:in_false], two[: two.rindex('"name": "') + 12], two[:-4]):
        hands = read_history_bytes(cut.encode(), "x.ohh")  # mid-key, before the game number, in 'false', mid-string
        assert len(hands) == 2 and isinstance(hands[0], HandRecord) and replay(hands[0]).ok, hands[0]
        assert isinstance(hands[1], HistoryError) and str(hands[1]).startswith("x.ohh: hand #"), hands[1]
        assert f"{_CUT} 4 " in str(hands[1]), hands[1]
    assert str(read_history_bytes(two[: second + 700].encode(), "x.ohh")[1]).startswith(f"x.ohh: hand #12: {_CUT}")
    assert str(read_history_bytes(two[:in_false].encode(), "x.ohh")[1]).startswith(f"x.ohh: hand #2: {_CUT}")


def test_a_json_error_before_the_end_is_still_not_valid_json() -> None:
    two = _ohh(2)
    broken = two.replace('"tournament": ', '"tournament" ', 1)  # the first hand's, then the whole second hand
    hands = read_history_bytes(broken.encode(), "x.ohh")
    assert str(hands[0]).startswith("x.ohh: line 1: not valid JSON: \"Expecting ':' delimiter")
    assert isinstance(hands[1], HandRecord)
    hands = read_history_bytes(broken[:-10].encode(), "x.ohh")  # and cut in the second
    assert "not valid JSON" in str(hands[0]) and str(hands[1]).startswith(f"x.ohh: hand #12: {_CUT} 4 ")


def test_a_phh_file_without_a_last_line_break_is_refused_for_what_is_wrong_not_as_cut() -> None:
    """PHH files are often published without a final line break; a hand refused for a bad field says that field,
    not that the file was cut (the PHH reader finds its own cuts)."""
    text = sample_text("phh", "wsop-2023-43-5/12.phh")
    assert not text.endswith("\n")
    bad = text.replace("antes = [0, 0, 0, 0, 0]", "antes = [0, 0]", 1)
    [refused] = read_history_bytes(bad.encode(), "12.phh")
    assert isinstance(refused, HistoryError)
    assert "antes" in str(refused) and "cut short" not in str(refused)
    [hand] = read_history_bytes(text.encode(), "12.phh")
    assert isinstance(hand, HandRecord)
