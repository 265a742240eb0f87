"""A sit-and-go in headless Chromium (tests/test_browser.py's `Page`, against a real server on a loopback port):
a person registers from the lobby, the server's bots fill the other places after their wait, the page is
seated where the draw put her, shows the level, blinds, what is left of the level, the players left and the
average stack over the table and the places given as players bust, follows her to another table without a
reload when the tournament moves her, and when she is out (or wins) keeps that hand on the felt, says her place
and prize, and goes back to the lobby when asked. At 390 and 1366 pixels, with a screenshot of the tournament's
table at each width (docs/screenshots/tournament*.png) taken while she plays."""

from __future__ import annotations

import asyncio
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import test_browser as tb  # the browser, its page and its turns (skips the module where Chromium is missing)
from selenium.webdriver.common.by import By

from engine.server.app import GameServer
from engine.server.config import ServerConfig
from engine.server.store import SQLiteStore
from engine.server.tourney_config import tournament_config

SNG = tournament_config(
    {
        "id": "sng",
        "title": "Turbo Sit & Go",
        "game": "no-limit",
        "entrants": 4,
        "seats": 2,
        "starting_stack": 200,
        "buy_in": 10,
        "payouts": [70, 30],
        "levels": [{"blinds": "5/10", "hands": 6}, {"blinds": "10/20", "hands": 6}, {"blinds": "25/50"}],
        "bots_after_seconds": 0.5,
        "bot_think_seconds": 0.2,
    }
)


class TourneyServer:
    """`GameServer` with the one sit-and-go and the server's bots, on its own loop in a background thread."""

    def __init__(self, db: str, *, port: int = 0, tournament: Any = SNG) -> None:
        self.config = ServerConfig(db=db, pause_seconds=1.0, tables=(), tournaments=(tournament,))
        self.port = port
        self.server: GameServer | None = None
        self.ready = threading.Event()
        self.failed: BaseException | None = None
        self.loop = asyncio.new_event_loop()
        self.stopping: asyncio.Event | None = None
        self.thread = threading.Thread(target=self._run, name="tourney-server", daemon=True)
        self.thread.start()
        if not self.ready.wait(20 * tb.SCALE) or self.failed is not None:
            raise RuntimeError(f"the server did not start: {self.failed!r}")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._main())
        except BaseException as error:
            self.failed = error
            self.ready.set()

    async def _main(self) -> None:
        store = SQLiteStore(self.config.db)
        try:
            self.stopping = asyncio.Event()
            self.server = GameServer(self.config, store, tick_seconds=0.05)
            self.port = await self.server.start(port=self.port)
            self.server.start_bots({})
            self.ready.set()
            await self.stopping.wait()
            await self.server.stop()
        finally:
            store.close()

    def call(self, function: Callable[[], Any]) -> Any:
        async def wrapped() -> Any:
            return function()

        return asyncio.run_coroutine_threadsafe(wrapped(), self.loop).result(10)

    def where(self, name: str) -> str | None:
        """The table the tournament seats ``name`` at now (None: not seated)."""

        def look() -> str | None:
            assert self.server is not None
            found = self.server.tournaments["sng"].seat_of(name)
            return None if found is None else found[0].id

        result: str | None = self.call(look)
        return result

    def stop(self) -> None:
        if self.stopping is not None:
            self.loop.call_soon_threadsafe(self.stopping.set)
        self.thread.join(15)
        assert self.failed is None, self.failed


def _prize_said(notice: str) -> int:
    found = re.search(r"prize (\d+)", notice)
    return int(found.group(1)) if found else 0


def _prizes_for(notice: str, prizes: tuple[int, ...]) -> set[int]:
    """The prizes a notice's places may pay: one place's prize, or for places shared (two players out in one
    hand with equal stacks: "2nd–3rd") the split of theirs, an odd unit to either (docs/tournaments.md)."""
    if notice.startswith("You won "):
        return {prizes[0]}
    found = re.search(r"finished (\d+)\D*?(?:\u2013(\d+)\D*?)? in ", notice)
    assert found, notice
    first = int(found.group(1))
    last = int(found.group(2) or first)
    total, count = sum(prizes[first - 1 : last]), last - first + 1
    return {total // count, -(-total // count)}


def _place_of(notice: str) -> int:
    found = re.search(r"finished (\d+)", notice)
    return int(found.group(1)) if found else 1


def _check_the_finished_line_and_history(page: Any, notice: str, hand: int) -> None:
    """On the finished felt the line over it counts the hand that put ann out (or made her win): players left
    after it, her place among the busts; and that hand is in Hand history and Download PHH with her own cards."""
    line = page.driver.find_element(By.ID, "tourney-line").text
    assert f"{max(1, _place_of(notice) - 1)} of 4 left" in line, (line, notice)
    if not notice.startswith("You won"):
        assert "ann " in page.driver.find_element(By.ID, "tourney-busts").text
    texts = page.wait(
        lambda: page.js(
            "return [...document.querySelectorAll('#history li[data-hand]')]"
            f".filter(li => Number(li.dataset.hand) === {hand}).map(li => li.querySelector('pre.phh').textContent)"
        ),
        10,
        f"the finishing hand {hand} in the Hand history",
    )
    players = re.search(r"players = \[(.*)\]", texts[0]).group(1).replace('"', "").split(", ")
    ann = players.index("ann") + 1
    dealt = re.search(rf'"d dh p{ann} (\S+)"', texts[0]).group(1)
    assert "?" not in dealt, texts[0]
    folder = tempfile.mkdtemp(prefix="downloads-")
    try:
        page.driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
        page.click("history-download")
        saved = page.wait(lambda: list(Path(folder).glob("*-hands.phhs")), 10, "the downloaded PHH")[0]
        numbers = [int(n) for n in re.findall(r"^\[(\d+)\]$", saved.read_text(), re.M)]
        assert numbers and numbers[-1] == hand, (numbers, hand)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def server() -> Iterator[TourneyServer]:
    folder = tempfile.mkdtemp(prefix="browser-tourney-")
    live = TourneyServer(str(Path(folder) / "server.sqlite3"))
    yield live
    live.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 900)])
def test_a_sit_and_go_is_registered_for_played_to_the_end_and_its_place_said(server, width, height):
    page = tb.Page(server.url, width=width, height=height)
    try:

        def register() -> bool:
            page.driver.find_element(By.CSS_SELECTOR, 'tr[data-tournament="sng"] button.register').click()
            return True

        page.wait(register, 20, "the Register button of the sit-and-go")
        # no cash tables and no tournament's table yet: no empty Tables section over nothing
        assert not page.driver.find_element(By.ID, "table-lobby").is_displayed()
        assert page.driver.find_element(By.ID, "register-terms").text == (
            "Buy-in 10 (into the prize pool) \u00b7 200 chips \u00b7 pays 1st 70%, 2nd 30% \u00b7 "
            "starts when all 4 places are taken."
        )
        name = page.driver.find_element(By.ID, "register-name")
        name.clear()
        name.send_keys("ann")
        page.click("register-submit")
        line = page.driver.find_element(By.ID, "tourney-line")
        page.wait(lambda: page.state()["screen"] == "room" and line.is_displayed(), 30, "the draw to seat ann")
        assert line.text.startswith("Level 1 \u00b7 blinds 5/10 \u00b7 next level in")
        assert "of 4 left" in line.text and "average stack 200" in line.text
        assert not page.driver.find_element(By.ID, "leave").is_displayed()  # a tournament is played to the end
        tables_seen: list[str] = []
        shots = 0
        out_on_the_bubble = False
        notice = ""
        end = time.monotonic() + 240 * tb.SCALE
        while True:
            state = page.state()
            assert state["screen"] == "room", "out of the tournament, the page stays at the table until asked"
            if page.js("return document.getElementById('watch-controls').dataset.finished") == "yes":
                notice = page.driver.find_element(By.ID, "watch-lead").text
                break
            if "hand-for-hand round" in page.driver.find_element(By.ID, "notice").text:
                out_on_the_bubble = True  # out in a hand-for-hand round: watching until the place comes
            assert time.monotonic() < end, f"the sit-and-go did not end; {state}; {page.errors()}"
            # the page sits where the tournament seats ann: after a move it follows, without a reload
            here = page.js("return document.body.dataset.table")
            server_table = server.where("ann")
            if server_table is not None and server_table not in tables_seen:
                tables_seen.append(server_table)
            if server_table is not None and state["name"] == "ann":
                page.wait(
                    lambda table=server_table: (
                        server.where("ann") != table
                        or page.js("return document.body.dataset.screen") == "lobby"
                        or page.js("return document.body.dataset.table") == table
                    ),
                    10,
                    f"the page to follow ann to {server_table} (it says {here})",
                )
            busts = page.driver.find_element(By.ID, "tourney-busts").text
            if state["mine"] and (shots == 0 or (shots == 1 and busts.startswith("Out: "))):
                # the picture for the docs, looked at by hand: ann's first hand, then (if she is still in) one
                # with a bust said over the table
                shots += 1
                tb.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                suffix = "-phone" if width < 500 else ""
                page.driver.save_screenshot(str(tb.SCREENSHOTS / f"tournament{suffix}.png"))
            if not tb.take_turn(page, "all-in" if len(tables_seen) > 1 or busts else "call"):
                time.sleep(0.05)
        assert shots >= 1
        assert notice.startswith(("You finished", "You won")), (notice, out_on_the_bubble)
        assert _prize_said(notice) in _prizes_for(notice, (28, 12, 0, 0)), notice  # 70/30 of a pool of 40
        # the hand that put her out (or won it) stays on the felt as a cash table's showdown, beside the place
        # said and Back to the lobby; nothing moves it on
        finished = page.state()
        assert finished["street"] == "showdown" and finished["result"] == finished["hand"], finished
        assert page.driver.find_element(By.ID, "stop-watching").is_displayed()
        assert not page.driver.find_element(By.ID, "watch-submit").is_displayed()
        assert not page.driver.find_element(By.ID, "actions").is_displayed(), "no empty action bar: no turn comes"
        time.sleep(1.5)
        assert page.state() == finished
        _check_the_finished_line_and_history(page, notice, finished["hand"])
        page.click("stop-watching")
        page.wait(lambda: page.state()["screen"] == "lobby", 10, "Back to the lobby")
        assert page.driver.find_element(By.ID, "notice").text == notice, "said again in the lobby"
        page.wait(
            lambda: (
                "Registering" in page.driver.find_element(By.CSS_SELECTOR, 'tr[data-tournament="sng"]').text
                or page.driver.find_element(By.CSS_SELECTOR, 'tr[data-tournament="sng"]').get_attribute("data-state")
                == "running"
            ),
            30,
            "the lobby to list the sit-and-go again",
        )
        # over (ann won, or was last but one: the bots play on after her for as long as their luck lasts, so the test
        # does not wait for them), its row gives its places and prizes: "1st ann (28) · 2nd bob (12) · 3rd cy", then
        # "Last one: ..." once the next one is open
        if notice.startswith("You won") or notice.startswith("You finished 2nd in"):
            results = page.wait(
                lambda: page.driver.find_element(By.CSS_SELECTOR, 'tr[data-tournament="sng"] .results').text,
                30,
                "the finished sit-and-go's results in its row",
            )
            assert results.startswith(("Last one: 1st ", "1st ")) and " (28) \u00b7 2nd" in results, results
        assert not page.errors(), page.errors()
    finally:
        page.close()


def test_a_page_registered_in_the_lobby_comes_back_after_a_restart_and_is_seated_at_the_start():
    """The newcomer's re-check: registered and waiting in the lobby, the page stayed offline after the server
    restarted, and the start seated the player with nobody at the page. It gets its connection back, resumes the
    registration, and the draw takes it to the table."""
    heads_up = tournament_config({"id": "sng", "entrants": 2, "seats": 2, "starting_stack": 200})
    folder = tempfile.mkdtemp(prefix="browser-tourney-restart-")
    db = str(Path(folder) / "server.sqlite3")
    first = TourneyServer(db, tournament=heads_up)
    second: TourneyServer | None = None
    page = tb.Page(first.url, width=1366, height=768)
    try:
        page.wait(
            lambda: page.driver.find_elements(By.CSS_SELECTOR, 'tr[data-tournament="sng"] button.register'),
            20,
            "the Register button",
        )
        page.driver.find_element(By.CSS_SELECTOR, 'tr[data-tournament="sng"] button.register').click()
        name = page.driver.find_element(By.ID, "register-name")
        name.clear()
        name.send_keys("ann")
        page.click("register-submit")
        row = 'tr[data-tournament="sng"]'
        page.wait(lambda: "Registered as ann" in page.driver.find_element(By.CSS_SELECTOR, row).text, 20, "registered")
        first.stop()
        status = lambda: page.driver.find_element(By.ID, "status").text  # noqa: E731
        page.wait(lambda: status() == "reconnecting\u2026", 10, "reconnecting")
        second = TourneyServer(db, port=first.port, tournament=heads_up)
        page.wait(lambda: status() == "connected", 20, "connected again")
        page.wait(
            lambda: "Registered as ann" in page.driver.find_element(By.CSS_SELECTOR, row).text,
            20,
            "still registered as ann",
        )
        page.js("document.body.style.minHeight = '4000px'; window.scrollTo(0, 1500);")  # as if at the form below
        second.call(lambda: second.server.tournaments["sng"].register("bob"))  # full: the start seats both
        page.wait(
            lambda: page.state()["screen"] == "room" and page.state()["name"] == "ann",
            30,
            "the page at the table the draw put ann at",
        )
        assert page.js("return window.scrollY") == 0, "the table opens at its top: its header, line and notice"
        down = ("WebSocket connection", "ERR_CONNECTION_REFUSED")  # the server was down a while: nothing else
        assert not [error for error in page.errors() if not any(what in error for what in down)], page.errors()
    finally:
        page.close()
        if second is not None:
            second.stop()
        shutil.rmtree(folder, ignore_errors=True)
