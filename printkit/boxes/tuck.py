"""Tuck box: a one-piece card box with a tuck-in lid, for one deck.

The net, left to right: the front (with a thumb notch in its top edge), a side,
the back, the other side and its glue tab, glued inside the front (wide enough even
for a thin deck). Above the back: the lid and its tuck flap
(rounded, slipped inside the front); above and below each side: dust flaps. Below the
back: the bottom and its glue flap, glued inside the front. Each panel is the inner
size plus one cardstock thickness (fold lines sit in the middle of the board), so
the inside of the folded box is exactly the inner size asked for.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.boxes.art import Line, panel_art, panel_text
from printkit.boxes.net import Face, Net, PartSpec, Pt, rect, tab


@dataclass(frozen=True, kw_only=True)
class TuckSpec(PartSpec):
    """Inner size of a tuck box (mm) and what to print on it."""

    height: float
    front: list[Line]
    back: list[Line]
    side: list[Line]
    top: list[Line]


def tuck_net(spec: TuckSpec) -> Net:
    t = spec.cardstock
    w, h, d = spec.width + t, spec.height + t, spec.depth + t
    g = min(spec.glue_tab, w / 3)
    tuck = min(20.0, max(10.0, h / 4), w / 2)
    dust = min(d * 0.9, w * 0.45, 25.0)
    bottom_glue = min(15.0, max(8.0, d * 0.8), h / 3)
    yt = d + tuck  # top of the main strip
    xf, xs1, xb, xs2 = 0.0, w, w + d, 2 * w + d
    ink = spec.ink
    faces = [
        Face("front", _front_with_notch(xf, yt, w, h), "panel",
             panel_art((xf, yt, w, h), spec.front, ink, spec.art, spec.accent)),
        Face("side-right", rect(xs1, yt, d, h), "panel", panel_text((xs1, yt, d, h), spec.side, ink, 270)),
        Face("back", rect(xb, yt, w, h), "panel", panel_text((xb, yt, w, h), spec.back, ink)),
        Face("side-left", rect(xs2, yt, d, h), "panel", panel_text((xs2, yt, d, h), spec.side, ink, 270)),
        Face("glue", tab((xs2 + d, yt), (xs2 + d, yt + h), g, min(4.0, h / 4)), "glue"),
        # the lid lies on top; its text is upright for a reader facing the front
        Face("lid", rect(xb, yt - d, w, d), "panel", panel_text((xb, yt - d, w, d), spec.top, ink, 180)),
        Face("tuck", _tuck_flap(xb, yt - d, w, tuck), "flap"),
        Face("bottom", rect(xb, yt + h, w, d), "panel"),
        Face("bottom-glue", tab((xb + w, yt + h + d), (xb, yt + h + d), bottom_glue, min(3.0, w / 6)), "glue"),
    ]
    for side, x in (("right", xs1), ("left", xs2)):
        faces.append(Face(f"dust-top-{side}", tab((x, yt), (x + d, yt), dust, min(d * 0.3, dust * 0.5)), "flap"))
        faces.append(Face(f"dust-bottom-{side}", tab((x + d, yt + h), (x, yt + h), dust, min(d * 0.3, dust * 0.5)),
                          "flap"))
    return Net(spec.name, faces, background=spec.background)


def _front_with_notch(x: float, y: float, w: float, h: float) -> tuple[Pt, ...]:
    """The front panel, clockwise, with a half-round thumb notch in the middle of its top edge."""
    r = min(10.0, w / 5, h / 5)
    cx = x + w / 2
    arc = [(cx - r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a))) for a in range(0, 181, 15)]
    return ((x, y), *arc, (x + w, y), (x + w, y + h), (x, y + h))


def _tuck_flap(x: float, y: float, w: float, depth: float) -> tuple[Pt, ...]:
    """The tuck flap above the lid's edge (x..x+w at height y): slightly narrower, rounded corners."""
    inset = min(1.5, w / 20)
    r = min(depth * 0.8, w / 4)
    top = y - depth
    left, right = x + inset, x + w - inset
    pts: list[Pt] = [(x + w, y)]
    pts += [(right - r + r * math.cos(math.radians(a)), top + r - r * math.sin(math.radians(a)))
            for a in range(0, 91, 15)]
    pts += [(left + r + r * math.cos(math.radians(a)), top + r - r * math.sin(math.radians(a)))
            for a in range(90, 181, 15)]
    pts.append((x, y))
    # clockwise on the page: start at the bottom-left, go up and round
    return tuple(reversed(pts))
