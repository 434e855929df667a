"""Save to updated face: how long after a CSV cell is saved the preview page (`printkit serve`, in a
headless Chromium) shows the new picture of that card, for the 72-card benchmark deck.

The clock starts just before the file is written and stops when the page's new ``<img>`` of the
card has loaded (the page records that moment, ``window.__printkit.updates``); the rebuild, the
update event, the page's fetch of the kit's data and of the face's SVG are all inside. The served
process and the browser are started once and are warm, as a designer's are.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from benchmarks.browser import browser, chromium, face_src, serve, wait_face_changed
from benchmarks.deck import write_deck

CARD = "card-c00000"


def save_to_face(work: Path, saves: int) -> list[float] | None:
    """Seconds from each save to the updated face on the page; None without Chromium or Playwright."""
    if chromium() is None:
        return None
    write_deck(work / "serve-data", 72)
    csv = work / "serve-data" / "deck-72" / "cards.csv"
    seconds = []
    with serve(work, "deck-72", "--data", "serve-data", "--out", "serve-out") as running, browser() as page:
        running.line("watching")
        page.goto(running.url)
        page.wait_for_selector(f'figure[data-ref="{CARD}"] img', timeout=60_000)
        for n in range(saves):
            old = face_src(page, CARD)
            lines = csv.read_text().splitlines(keepends=True)
            cells = lines[1].split(",")
            cells[1] = f"Saved {n + 1}"
            lines[1] = ",".join(cells)
            start = time.time() * 1000
            csv.write_text("".join(lines))
            new = wait_face_changed(page, CARD, old)
            loaded = page.evaluate("(src) => window.__printkit.updates.filter(u => u.src === src).at(-1).t", new)
            seconds.append((loaded - start) / 1000)
            running.line("rebuilt deck-72")
    return seconds


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory(prefix="printkit-bench-") as tmp:
        found = save_to_face(Path(tmp), 9)
    if found is None:
        raise SystemExit("no Chromium or Playwright here")
    print(f"save to updated face, deck of 72 cards: median {statistics.median(found):.3f} s "
          f"({', '.join(f'{s:.3f}' for s in found)})")
