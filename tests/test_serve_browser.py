"""`printkit serve` in a real browser (headless Chromium driven by Playwright): a designer's session.

One served game, one page, the steps in order: the faces at true size, an edited CSV cell changes
its face without a reload (the scroll position kept), bad data shows the command line's lines in a
banner while the last good faces stay, fixing it clears the banner, a face shows its source row, a
failing count frames its faces and the filters pick them out. Every wait is on an event of the page
with a timeout, never a sleep.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from benchmarks.browser import browser, chromium, face_src, serve, wait_face_changed
from printkit.errors import DataError
from printkit.load import load_game

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tests" / "games" / "preview"
WAIT = 60_000  # ms: a generous ceiling on a busy machine; every wait ends as soon as its event happens

if chromium() is None:
    if os.environ.get("CI"):
        raise RuntimeError("CI needs Chromium and Playwright for the browser tests: run .ci/browser")
    pytest.skip("no Chromium or Playwright here (bash .ci/browser installs them)", allow_module_level=True)


def save(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def visible_faces(page: Any) -> set[str]:
    return set(page.eval_on_selector_all("figure.face:not([hidden])", "els => els.map(e => e.dataset.ref)"))


def test_a_designer_edits_a_served_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = tmp_path / "data" / "preview"
    shutil.copytree(GAME, game)
    cards = game / "cards.csv"
    with serve(tmp_path, "preview", "--data", "data", "--out", "out") as served, browser(height=700) as page:
        page.goto(served.url)
        page.wait_for_selector('figure[data-ref="action-card-claim"] img', timeout=WAIT)
        page.wait_for_function("() => document.querySelector(`figure[data-ref='action-card-claim'] img`).complete",
                               timeout=WAIT)
        # every distinct face and back with its count, at the proportions of the piece
        assert page.inner_text('figure[data-ref="action-card-claim"] .count') == "\u00d73"
        assert page.inner_text('figure[data-ref="chip-red"] .count') == "\u00d75"
        assert page.locator('figure[data-ref="action-card-back"]').count() == 1
        # true size: at 100 % and 96 px per inch a poker card's 63 mm are 238.1 px; calibrated to 120, 297.6 px
        page.select_option("#zoom", "1")
        assert page.locator('figure[data-ref="action-card-claim"] .clip').bounding_box()["width"] == \
            pytest.approx(63 / 25.4 * 96, abs=0.6)
        page.click("#calibrate summary")
        page.fill("#dpi", "120")
        assert page.locator('figure[data-ref="action-card-claim"] .clip').bounding_box()["height"] == \
            pytest.approx(88 / 25.4 * 120, abs=0.6)
        page.fill("#dpi", "96")
        page.select_option("#zoom", "0.5")

        # edit a CSV cell: that face changes on the page, no reload, the scroll position kept
        page.evaluate("window.__printkit.marker = 'same page'")
        page.evaluate("window.scrollTo(0, 120)")
        scrolled = page.evaluate("window.scrollY")
        assert scrolled > 0
        old = face_src(page, "action-card-claim")
        move = face_src(page, "action-card-move")
        save(cards, "claim,Claim,", "claim,Grab,")
        new = wait_face_changed(page, "action-card-claim", old, WAIT)
        svg = page.request.get(served.url.rstrip("/") + new).text()
        assert ">Grab<" in svg and ">Claim<" not in svg
        assert face_src(page, "action-card-move") == move  # the other faces are the same pictures
        assert page.evaluate("window.__printkit.marker") == "same page"
        assert page.evaluate("window.scrollY") == scrolled

        # a face shows where it comes from: its CSV row, its count and the proof's lines about it
        page.click('figure[data-ref="action-card-claim"]')
        source = page.inner_text("#source")
        assert "data/preview/cards.csv, row 3 (line 3)" in source
        assert "Grab" in source and "Place a chip on an empty space." in source
        assert "3 pieces carry this face" in source
        assert "cards: expected 8, found 8" in source
        page.click("#source-close")

        # bad data: the command line's lines in a banner, the last good faces still there
        save(cards, "claim,Grab,red,flame,Place a chip on an empty space.,3", "claim,Grab,red,flame,Place a chip.,three")
        page.wait_for_selector("#banner:not([hidden])", timeout=WAIT)
        monkeypatch.chdir(tmp_path)
        with pytest.raises(DataError) as err:
            load_game(Path("data/preview"))
        expected = [f"error: {problem}" for problem in err.value.problems]
        assert page.eval_on_selector_all("#banner div", "els => els.map(e => e.textContent)") == expected
        assert face_src(page, "action-card-claim") == new
        assert page.inner_text('figure[data-ref="action-card-claim"] .count') == "\u00d73"

        # fixed, with one card more than the rules count: the banner goes, the cards are framed as failing
        save(cards, "Place a chip.,three", "Place a chip.,4")
        page.wait_for_selector("#banner", state="hidden", timeout=WAIT)
        page.wait_for_selector('figure[data-ref="action-card-claim"].failing', timeout=WAIT)
        assert page.inner_text('figure[data-ref="action-card-claim"] .count') == "\u00d74"
        assert "cards" in page.inner_text('figure[data-ref="action-card-claim"] .marks')
        assert "chip-red" in visible_faces(page)
        page.check("#f-failing")
        assert visible_faces(page) == {"action-card-move", "action-card-claim", "action-card-swap"}
        page.uncheck("#f-failing")
        page.select_option('select[data-set="colour"]', "red")  # chips by their set, cards by their column
        assert visible_faces(page) == {"chip-red", "action-card-claim"}
        page.select_option('select[data-set="colour"]', "")
        page.select_option("#f-component", "chip")
        assert visible_faces(page) == {"chip-red", "chip-blue", "chip-green", "chip-back", "chip-blue-back", "chip-green-back"}

        # the other parts of the kit: sheets of the paper, the box, the rulebook, the proof
        assert page.locator("#sheets img").count() >= 2
        assert page.locator("#boxes img").count() >= 1
        assert "FAIL" in page.inner_text("#proof")
        rules = page.request.get(served.url.rstrip("/") + str(page.get_attribute("#rules", "src")))
        assert rules.status == 200 and "Preview example" in rules.text()
        code, err_text = served.interrupt()
    assert code == 130
    assert err_text.strip().splitlines()[-1] == "interrupted: outputs already in place are unchanged"
