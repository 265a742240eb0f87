"""The server's configuration as an operator writes it: every figure of one kind the same type wherever it comes
from (the file, the defaults, the database), and every error in the file's own terms."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import pytest

from engine.server.config import ConfigError, TableConfig, load_config


def test_the_lobby_tells_every_tables_clock_as_the_same_type_whatever_the_file_wrote(tmp_path: Path) -> None:
    toml = tmp_path / "server.toml"
    toml.write_text(
        '[[tables]]\nid = "whole"\naction_seconds = 15\ntime_bank_seconds = 30\n'
        '[[tables]]\nid = "fraction"\naction_seconds = 12.5\n'
    )
    tables = [*load_config(toml).tables, TableConfig("default")]
    stored = [TableConfig.from_json(table.to_json()) for table in tables]
    for table in [*tables, *stored]:
        lobby = json.loads(json.dumps(table.lobby()))
        for key in ("action_seconds", "time_bank_seconds"):
            assert type(lobby[key]) is float, (table.id, key, lobby[key])


def test_the_lobby_gives_a_tables_fixed_bets_as_its_structure_has_them_so_the_page_need_not_work_them_out() -> None:
    assert TableConfig("l", game="limit", blinds=(1, 2)).lobby()["bets"] == [2, 4]
    assert TableConfig("m", game="mixed", blinds=(5, 10)).lobby()["bets"] == [10, 20]  # its limit orbit's
    assert TableConfig("p", game="pot-limit").lobby()["bets"] is None
    assert TableConfig("n", game="no-limit").lobby()["bets"] is None


def test_a_tables_average_pot_is_a_float_before_its_first_hand_too(tmp_path: Path) -> None:
    from engine.server.room import Room
    from engine.server.store import SQLiteStore

    store = SQLiteStore(str(tmp_path / "db.sqlite3"))
    try:
        lobby = json.loads(json.dumps(Room.open(TableConfig("t1"), store).lobby()))
        assert type(lobby["average_pot"]) is float and type(lobby["hands_played"]) is int, lobby
    finally:
        store.close()


# --- every configuration error in the file's own terms -----------------------------------------------------

PYTHON_WORDS = re.compile(r"'[^' ]*'|<class|Decimal\(|\bNone\b|\bTrue\b|\bFalse\b|\(\d+, \d+\)|\{'")
"""What a Python repr looks like in a message (a quoted 'x', a class, a Decimal, None or True, a tuple, a dict)."""

T9 = '[[tables]]\nid = "t9"\n'
BAD_FILES = [
    (T9 + 'game = "poker"', '[[tables]] id = "t9": game', ('"poker"', '"limit"')),
    (T9 + 'blinds = ["x", 2]', '[[tables]] id = "t9": blinds', ('"x"', "small blind")),
    (T9 + "blinds = [5, 2]", '[[tables]] id = "t9": blinds', ("big blind", "at least 5")),
    (T9 + "blinds = 2", '[[tables]] id = "t9": blinds', ("[small, big]", "got 2")),
    (T9 + 'seats = "six"', '[[tables]] id = "t9": seats', ('"six"', "from 2 to 10")),
    (T9 + "rake_percent = 150", '[[tables]] id = "t9": rake_percent', ("150", "from 0 to 100")),
    (T9 + "rake_percent = 5\nrake_cap = -1", '[[tables]] id = "t9": rake_cap', ("-1", "at least 0")),
    (T9 + "color = 1", '[[tables]] id = "t9": unknown key color', ("action_seconds",)),
    (T9 + "buy_in = 50", '[[tables]] id = "t9": buy_in', ("[min, max]", "got 50")),
    (T9 + "buy_in = [300, 200]", '[[tables]] id = "t9": buy_in', ("maximum", "200", "300")),
    (
        T9 + "buy_in = [40, 200]\nmin_buy_in = 50",
        '[[tables]] id = "t9": buy_in = [40, 200] and min_buy_in = 50',
        ("both set the buy-in range",),
    ),
    (
        T9 + "max_buy_in = 300\nbuy_in = [40, 200]",
        '[[tables]] id = "t9": buy_in = [40, 200] and max_buy_in = 300',
        ("both set the buy-in range",),
    ),
    (T9 + 'straddle = "yes"', '[[tables]] id = "t9": straddle', ('"yes"', "true or false")),
    (T9 + "title = 5", '[[tables]] id = "t9": title', ("a string", "got 5")),
    (T9 + 'action_seconds = "fast"', '[[tables]] id = "t9": action_seconds', ('"fast"', "above 0")),
    (T9 + "action_seconds = 0", '[[tables]] id = "t9": action_seconds', ("above 0",)),
    (T9 + "bot_think_seconds = 15", '[[tables]] id = "t9": bot_think_seconds', ("below action_seconds (15)", "got 15")),
    (
        T9 + "action_seconds = 5\nbot_think_seconds = 5.5",
        '[[tables]] id = "t9": bot_think_seconds',
        ("below action_seconds (5)", "got 5.5"),
    ),
    (T9 + "bot_think_seconds = nan", '[[tables]] id = "t9": bot_think_seconds', ("at least 0", "got nan")),
    (T9 + "bot_think_seconds = -1", '[[tables]] id = "t9": bot_think_seconds', ("at least 0", "got -1")),
    (T9 + "bots = 7", '[[tables]] id = "t9": bots', ("from 0 to 6", "got 7")),
    ("[[tables]]\nid = 5", "[[tables]]: id", ("got 5", "1 to 40")),
    ('[[tables]]\ngame = "limit"', "[[tables]]: id", ("every [[tables]] entry",)),
    ('[[tables]]\nid = "a"\n[[tables]]\nid = "a"', '[[tables]] id = "a"', ("twice",)),
    ("tables = 5", "tables", ("[[tables]]", "got 5")),
    ("tables = [5]", "[[tables]]", ("got 5",)),
    ('[server]\nport = "x"', "[server]: port", ('"x"', "from 0 to 65535")),
    ("[server]\nhost = 5", "[server]: host", ("a string", "got 5")),
    ('[server]\nhost = ""', "[server]: host", ("an address to listen on", 'got ""')),
    ("[server]\nbots = 7", "[server]: bots", ("from 0 to 6", '[[tables]] id = "limit"', "got 7")),
    (T9 + "seats = 4\n[server]\nbots = 5", "[server]: bots", ("from 0 to 4", "got 5")),
    ("[server]\ndb = []", "[server]: db", ("a string", "got []")),
    ("[server]\ncolour = 1", "[server]: unknown key colour", ("allowed_origins", "port")),
    ('[server]\nallowed_origins = "x"', "[server]: allowed_origins", ('"x"', "https://")),
    ("[server]\nrate = 0", "[server]: rate", ("above 0",)),
    ("server = 5", "[server]", ("got 5",)),
    ("[extra]", "unknown table [extra]", ("[server]", "[[tables]]")),
]


@pytest.mark.parametrize(("text", "where", "says"), BAD_FILES, ids=[t for t, _, _ in BAD_FILES])
def test_a_configuration_error_names_the_toml_table_and_key_as_the_file_writes_them(tmp_path, text, where, says):
    toml = tmp_path / "server.toml"
    toml.write_text(text + "\n")
    with pytest.raises(ConfigError) as refused:
        load_config(toml)
    message = str(refused.value)
    assert message.startswith(where), message
    for fragment in says:
        assert fragment in message, (fragment, message)
    assert not PYTHON_WORDS.search(message), message


def test_a_server_section_without_tables_serves_the_built_in_tables_and_says_so_in_one_line(tmp_path, caplog):
    """Reading the file says nothing: the line is the config's note, which serve logs once it has the port."""
    caplog.set_level(logging.INFO, logger="engine.server")
    toml = tmp_path / "server.toml"
    toml.write_text("[server]\nport = 9000\n")
    config = load_config(toml)
    assert [table.id for table in config.tables] == ["limit", "pot-limit", "no-limit", "mixed"]
    lines = config.notes
    assert len(lines) == 1 and "lists no [[tables]]" in lines[0] and "limit, pot-limit, no-limit, mixed" in lines[0]
    assert not caplog.records
    toml.write_text('[server]\nport = 9000\n[[tables]]\nid = "t1"\n')
    assert [table.id for table in load_config(toml).tables] == ["t1"] and load_config(toml).notes == ()


def test_a_bad_server_key_in_a_file_without_tables_is_the_error_alone_not_the_built_in_tables_warning(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="engine.server")
    toml = tmp_path / "server.toml"
    toml.write_text('[server]\nport = "x"\n')
    with pytest.raises(ConfigError, match="port"):
        load_config(toml)
    assert not caplog.records, [record.getMessage() for record in caplog.records]


def test_more_bots_on_the_command_line_than_a_table_has_seats_is_one_line_and_exit_2(capsys):
    from engine.server.main import main

    assert main(["--bots", "7", "--db", ":memory:"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: argument --bots:") and "from 0 to 6" in lines[0], lines


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--port", "70000"], "argument --port: a whole number from 0 to 65535"),
        (["--bots", "11"], "argument --bots: a whole number from 0 to 10"),
    ],
)
def test_a_command_line_option_out_of_range_is_told_as_the_option_not_as_the_files_key(argv, says, capsys):
    from engine.server.main import main

    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert says in err and "[server]" not in err, err


def test_bots_think_one_second_unless_told_and_never_past_a_quarter_of_a_short_clock() -> None:
    """``bot_think_seconds`` unset: 1 s, or a quarter of ``action_seconds`` when that is less; so a table stored
    before the setting existed, with a clock of a second or less, is still read (it was refused as damaged)."""
    assert TableConfig("plain").think_seconds == 1.0
    assert TableConfig("quick", action_seconds=1.0).think_seconds == 0.25
    assert TableConfig("set", bot_think_seconds=0).think_seconds == 0.0
    stored = json.loads(TableConfig("old", action_seconds=1.0).to_json())
    del stored["bot_think_seconds"]  # as a table stored before the setting existed
    assert TableConfig.from_json(json.dumps(stored)).think_seconds == 0.25


@pytest.mark.parametrize(
    ("file", "option", "says"),
    [
        ("[server]\nport = 99999\n", "--port", "[server]: port must be a whole number from 0 to 65535, got 99999"),
        ('[server]\nhost = ""\n', "--host", "[server]: host must be an address to listen on"),
        ("[server]\nbots = 11\n", "--bots", "[server]: bots must be a whole number from 0 to 10, got 11"),
    ],
)
def test_a_bad_value_in_the_file_is_refused_even_when_the_command_line_overrides_it(tmp_path, file, option, says):
    """The real `serve`: a file that is wrong is said to be, in one line and exit 2, though the option given
    stands in for the bad key (it would be wrong on the next start without the option)."""
    import os
    import subprocess
    import sys

    from helpers import scaled
    from test_server_crash import free_port

    root = Path(__file__).resolve().parent.parent
    config = tmp_path / "server.toml"
    config.write_text(file)
    value = {"--port": str(free_port()), "--host": "127.0.0.1", "--bots": "1"}[option]
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "engine",
            "serve",
            "--config",
            str(config),
            "--db",
            str(tmp_path / "db.sqlite3"),
            "--port",
            "0",
            option,
            value,
        ],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(root)},
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _, err = process.communicate(timeout=scaled(60))
    finally:
        if process.poll() is None:  # it served: the defect
            process.kill()
            _, err = process.communicate()
    lines = err.splitlines()
    assert process.returncode == 2 and len(lines) == 1, (process.returncode, lines[:5])
    assert lines[0].startswith(f"error: {says}"), lines


def test_a_configuration_file_saved_with_a_byte_order_mark_is_read_as_without_it(tmp_path: Path) -> None:
    text = '[server]\nport = 9000\n\n[[tournaments]]\nid = "sng"\n'
    plain, marked = tmp_path / "plain.toml", tmp_path / "marked.toml"
    plain.write_text(text, encoding="utf-8")
    marked.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert load_config(marked) == load_config(plain)
    assert load_config(marked).port == 9000


def test_a_configuration_file_that_is_not_utf8_is_one_line_naming_the_file_and_exit_2(tmp_path, capsys):
    from engine.server.main import main

    config = tmp_path / "server.toml"
    config.write_bytes('[[tournaments]]\nid = "sng"\ntitle = "Caf\u00e9"\n'.encode("latin-1"))
    assert main(["--config", str(config), "--db", ":memory:"]) == 2
    lines = capsys.readouterr().err.splitlines()
    at = len('[[tournaments]]\nid = "sng"\ntitle = "Caf')
    assert lines == [
        f"error: the configuration file {config}: not UTF-8 text: byte 0xe9 at offset {at} cannot be decoded "
        f"(save the file as UTF-8)"
    ]


def test_a_configuration_file_that_cannot_be_read_or_is_not_toml_says_which_and_names_it(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.toml"
    with pytest.raises(ConfigError, match=f"^the configuration file {re.escape(str(missing))}: cannot read it: "):
        load_config(missing)
    broken = tmp_path / "broken.toml"
    broken.write_text("[server\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=f"^the configuration file {re.escape(str(broken))}: not TOML: "):
        load_config(broken)
