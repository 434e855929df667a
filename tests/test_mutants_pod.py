"""Mutants of printkit/pod.py that outlived the suite (issue 28's mutation run, docs/testing.md): what the
print-on-demand report flags outside a profile's safe zone, and the trim it names. In-process."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from printkit.drawing import Drawing, Paint, Rect, Text
from printkit.layout import Item
from printkit.pod import TOLERANCE, _fit, least_bleed, outside_safe, pod_files, profiles

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
    assert "every face fits the profile and keeps its text and art inside the safe zone" in report
    assert manifest["thegamecrafter-poker"]["images"] == 1  # type: ignore[index]
    wrong = Drawing(50, 70, [], bleed=3.5)
    files, manifest = pod_files("g", ["thegamecrafter-poker"], [item], {"f": wrong})
    report = files["pod/thegamecrafter-poker/report.txt"].decode()
    assert "no face exported: no card of this game is 63.5 x 88.9 mm" in report and "every face fits" not in report


SAFE = PROFILE.safe


@pytest.mark.parametrize("scale", [1.0, 1.02, 0.98])
@pytest.mark.parametrize("side", ["left", "top", "right", "bottom"])
def test_the_safe_zone_is_the_profiles_scaled_onto_the_face_and_each_edge_counts(scale: float, side: str) -> None:
    # a face that maps onto the profile's trim by `scale` (its trim is the profile's / scale); the safe
    # rectangle in the face's millimetres: its centre plus or minus (trim / 2 - safe) / scale
    w, h = W / scale, H / scale
    x0, y0 = w / 2 - (W / 2 - SAFE) / scale, h / 2 - (H / 2 - SAFE) / scale
    x1, y1 = w / 2 + (W / 2 - SAFE) / scale, h / 2 + (H / 2 - SAFE) / scale

    def square(gap: float) -> Rect:
        """A 2 mm square ``gap`` mm inside the safe zone's edge on ``side`` (outside when negative)."""
        return {"left": Rect(x0 + gap, h / 2, 2, 2), "top": Rect(w / 2, y0 + gap, 2, 2),
                "right": Rect(x1 - gap - 2, h / 2, 2, 2), "bottom": Rect(w / 2, y1 - gap - 2, 2, 2)}[side]
    assert outside_safe(Drawing(w, h, [square(0.005)]), PROFILE, scale) == []
    assert outside_safe(Drawing(w, h, [square(-0.05)]), PROFILE, scale) == ["rect"]
    assert outside_safe(Drawing(w, h, [square(-0.05), Rect(w / 2, h / 2, 1, 1)]), PROFILE, scale) == ["rect"]


@pytest.mark.parametrize(("rect", "flagged"), [
    ((-0.005, 30, 2, 2), ["rect"]), ((-0.05, 30, 2, 2), []),            # left: on the trim line, or into the bleed
    ((30, -0.005, 2, 2), ["rect"]), ((30, -0.05, 2, 2), []),            # top
    ((W - 1.995, 30, 2, 2), ["rect"]), ((W - 1.95, 30, 2, 2), []),      # right
    ((30, H - 1.995, 2, 2), ["rect"]), ((30, H - 1.95, 2, 2), []),      # bottom
])
def test_art_reaching_into_the_bleed_is_meant_to_run_off_and_art_at_the_trim_is_not(
        rect: tuple[float, float, float, float], flagged: list[str]) -> None:
    assert outside_safe(Drawing(W, H, [Rect(*rect)]), PROFILE, 1.0) == flagged


def test_guides_cuts_and_folds_are_not_art_and_do_not_stop_the_look_at_the_art() -> None:
    marks: list[Any] = [Rect(0, 0, 5, 5, role=role) for role in ("guide", "cut", "fold")]  # type: ignore[arg-type]
    marks.append(Text(0, 5, "  ", 3))  # blank text: no box, nothing to measure
    assert outside_safe(Drawing(W, H, marks), PROFILE, 1.0) == []
    assert outside_safe(Drawing(W, H, [*marks, Rect(1, 40, 3, 3)]), PROFILE, 1.0) == ["rect"]


def test_a_face_within_the_tolerance_is_scaled_to_cover_the_profiles_trim() -> None:
    assert least_bleed(["thegamecrafter-poker", "drivethrucards-poker"], "g") == pytest.approx(3.175 * 1.03)
    assert least_bleed([], "g") == 0.0 and TOLERANCE == 0.03
    for fw, fh in ((63, 88), (64, 88.9), (63.5, 87), (62, 90)):
        assert _fit(Drawing(fw, fh), PROFILE) == pytest.approx(max(W / fw, H / fh))
    for fw, fh in ((60, 88.9), (63.5, 93), (70, 100)):
        assert _fit(Drawing(fw, fh), PROFILE) is None


@pytest.mark.parametrize("across", [True, False])
def test_the_exported_image_is_cut_from_the_middle_of_the_render(across: bool) -> None:
    # red in the left (top) bleed and 10 mm in, blue in the right (bottom): as much of the one as of the other,
    # from a face with more bleed than the profile's (6 mm against 3.175: 67 px more to cut off)
    b = 6.0
    bands = ([Rect(-b, -b, b + 10, H + 2 * b, Paint(fill="#ff0000")), Rect(W - 10, -b, b + 10, H + 2 * b, Paint(fill="#0000ff"))]
             if across else
             [Rect(-b, -b, W + 2 * b, b + 10, Paint(fill="#ff0000")), Rect(-b, H - 10, W + 2 * b, b + 10, Paint(fill="#0000ff"))])
    item = Item("cards", "c", "", 1, None, "f", None)  # type: ignore[arg-type]
    files, _ = pod_files("g", ["thegamecrafter-poker"], [item], {"f": Drawing(W, H, bands, bleed=b)})
    [name] = [n for n in files if n.endswith(".png")]
    image = Image.open(io.BytesIO(files[name])).convert("RGB")
    line = ([image.getpixel((x, image.height // 2)) for x in range(image.width)] if across else
            [image.getpixel((image.width // 2, y)) for y in range(image.height)])
    reds = sum(1 for p in line if p[0] > 200 and p[2] < 60)
    blues = sum(1 for p in line if p[2] > 200 and p[0] < 60)
    assert image.size == PROFILE.pixels and abs(reds - blues) <= 1 and reds > 100


def test_jpeg_exports_are_saved_at_quality_95() -> None:
    item = Item("cards", "c", "", 1, None, "f", None)  # type: ignore[arg-type]
    face = Drawing(W, H, [Rect(5, 5, 20, 30, Paint(fill="#336699"))], bleed=3.5)
    files, _ = pod_files("g", ["drivethrucards-poker"], [item], {"f": face})
    [name] = [n for n in files if n.endswith(".jpg")]
    exported = Image.open(io.BytesIO(files[name]))
    buf = io.BytesIO()
    Image.new("RGB", (8, 8)).save(buf, format="JPEG", quality=95)
    assert exported.quantization == Image.open(buf).quantization  # type: ignore[attr-defined]


def test_the_edges_are_exact_to_their_hundredth_of_a_millimetre() -> None:
    # a box ending exactly 0.01 mm past the trim or the safe zone is within the tolerance; the same
    # arithmetic as the check's, so that the float values are the very same
    x0, y0 = W / 2 - (W / 2 - SAFE) / 1.0, H / 2 - (H / 2 - SAFE) / 1.0
    x1, y1 = W / 2 + (W / 2 - SAFE) / 1.0, H / 2 + (H / 2 - SAFE) / 1.0
    at_trim = [Rect(-0.01, 30, 0, 2), Rect(30, -0.01, 2, 0), Rect(W + 0.01, 30, 0, 2), Rect(30, H + 0.01, 2, 0)]
    for r in at_trim:  # on the tolerance's edge, not into the bleed: outside the safe zone
        assert outside_safe(Drawing(W, H, [r]), PROFILE, 1.0) == ["rect"], r
    at_safe = [Rect(x0 - 0.01, 30, 0, 2), Rect(30, y0 - 0.01, 2, 0), Rect(x1 + 0.01, 30, 0, 2), Rect(30, y1 + 0.01, 2, 0)]
    for r in at_safe:
        assert outside_safe(Drawing(W, H, [r]), PROFILE, 1.0) == [], r
