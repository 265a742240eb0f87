"""The browser table's screenshots in docs/screenshots/, taken in headless Chromium against a real server (the
test file's `LiveServer`, `Page` and rigged decks): the lobby, a hand in play, a hi-lo split showdown and a bust
with the rebuy offer, at 1366 pixels (``NAME.png``) and at 390 with a phone's emulation (``NAME-phone.png``).

    python tests/browser_screenshots.py          # both widths; then look at each file

Not a test (pytest collects test_*.py only): the docs' pictures are taken on purpose, never by a CI run.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import test_browser as tb  # this file's folder is on the path when it is run as a script
from selenium.webdriver.common.by import By

from engine.cards import Deck


def shoot(width: int, height: int, suffix: str) -> None:
    folder = tempfile.mkdtemp(prefix="screenshots-")
    live = tb.LiveServer(str(Path(folder) / "server.sqlite3"), pause_seconds=4)
    page = tb.Page(live.url, width=width, height=height)

    def save(name: str) -> None:
        # Cards dealt and bets put in are caught at rest, not half way through their animation.
        page.wait(
            lambda: page.js(
                "return document.getAnimations().every(a => !(a instanceof CSSAnimation) || a.playState !== 'running')"
            ),
            5,
            "the animations to end",
        )
        tb.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.driver.save_screenshot(str(tb.SCREENSHOTS / f"{name}{suffix}.png"))

    try:
        page.wait(
            lambda: all(
                cell.text.strip() not in ("", "\u2014")
                for cell in page.driver.find_elements(By.CSS_SELECTOR, "#tables td.average-pot")
            ),
            30,
            "average pots",
        )
        save("lobby")

        tb.sit_down(page, "full", "ann", 150)  # six seats taken: bets in front of several
        tb.play_until(
            page,
            lambda s: (
                bool(s["mine"])
                and s["turn"]
                and s["wager"]
                and s["street"] != "showdown"
                and page.js("return document.querySelectorAll('#seats .bet').length") >= 3
            ),
            90,
        )
        page.js("window.scrollTo(0, 0)")
        save("hand")
        leave(page)

        room = live.server.rooms["split"]
        live.call(lambda: room.join("caller-a", 200, bot="caller", connect=False))
        live.call(lambda: room.join("caller-b", 200, bot="caller", connect=False))
        live.call(live.server.bots.ensure)
        live.call(
            lambda: setattr(
                room,
                "shuffle",
                tb.rigged(
                    room, {"ann": "4c 5d Jd Jh", "caller-a": "4h 5s Qd Qh", "caller-b": "Kd Kh 9s 9c"}, "2s 3d 7h Kc Qs"
                ),
            )
        )
        tb.sit_down(page, "split", "ann", 200)
        tb.play_until(
            page,
            lambda s: (
                s["street"] == "showdown"
                and page.js("return document.querySelectorAll('#result .low-winner').length") == 2
            ),
            60,
        )
        live.call(lambda: setattr(room, "shuffle", Deck.secure))
        page.js("window.scrollTo(0, 0)")
        save("showdown")
        leave(page)

        room = live.server.rooms["bust"]
        live.call(lambda: room.join("caller-bot-1", 40, bot="caller", connect=False))
        live.call(live.server.bots.ensure)
        live.call(
            lambda: setattr(
                room,
                "shuffle",
                tb.rigged(room, {"ann": "Qd Qc Jh Js", "caller-bot-1": "Kd Kc 3h 4h"}, "Ks Kh 9d 9c 2s"),
            )
        )
        tb.sit_down(page, "bust", "ann", 40)
        tb.play_until(
            page, lambda s: page.js("return !document.getElementById('watch-controls').hidden"), 60, how="all-in"
        )
        page.js("document.getElementById('notice').hidden = true; window.scrollTo(0, 0)")
        save("bust")
    finally:
        page.close()
        live.stop()


def leave(page: Any) -> None:
    page.click("leave")
    page.wait(lambda: page.state()["screen"] == "lobby", 60, "back in the lobby")


if __name__ == "__main__":
    shoot(1366, 900, "")
    shoot(390, 844, "-phone")
