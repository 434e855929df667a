"""Mutants of printkit/pod.py that outlived the suite (issue 28's mutation run, docs/testing.md): what the
print-on-demand report flags outside a profile's safe zone, and the trim it names. In-process."""

from __future__ import annotations

import pytest

from printkit.drawing import Drawing, Rect
from printkit.layout import Item
from printkit.pod import outside_safe, pod_files, profiles

PROFILE = profiles()["thegamecrafter-poker"]
W, H = PROFILE.trim  # 63.5 x 88.9 mm; safe zone 1/8 inch inside the trim


@pytest.mark.parametrize(("rect", "flagged"), [
    ((0, 0, 10, 10), ["rect"]),                  # a corner on the trim line: inside the trim, outside the safe zone
    ((20, 0, 10, 10), ["rect"]),                 # on the top edge only
    ((W - 10, H - 10, 10, 10), ["rect"]),        # the opposite corner
    ((W / 2 - 5, H / 2 - 5, 10, 10), []),        # well inside
    ((-3, -3, W + 6, H + 6), []),                # a background into the bleed: meant to run off
    ((-3, 40, W + 6, 5), []),                    # a band across, into the bleed
])
def test_art_inside_the_trim_but_outside_the_safe_zone_is_flagged(rect: tuple[float, float, float, float],
                                                                  flagged: list[str]) -> None:
    assert outside_safe(Drawing(W, H, [Rect(*rect)]), PROFILE, 1.0) == flagged


def test_the_report_names_the_profiles_trim_width_and_height() -> None:
    face = Drawing(W, H, [Rect(W / 2 - 5, H / 2 - 5, 10, 10)], bleed=3.175)
    item = Item("cards", "c", "", 1, None, "f", None)  # type: ignore[arg-type]
    files, manifest = pod_files("g", ["thegamecrafter-poker"], [item], {"f": face})
    report = files["pod/thegamecrafter-poker/report.txt"].decode()
    assert "(trim 63.50 x 88.90 mm, bleed 3.17 mm, safe zone 3.17 mm inside the trim)" in report
    assert manifest["thegamecrafter-poker"]["images"] == 1  # type: ignore[index]
