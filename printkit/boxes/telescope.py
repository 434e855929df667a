"""Telescoping lid box: two open trays, the lid slipping over the base.

Each tray is a cross-shaped net: the floor in the middle, a wall on each of its
four edges, and a glue tab at both ends of the two shorter walls that is glued
inside the longer walls (so a long wall is never longer than the floor). The base holds the contents; the lid's inside is the base's
outside plus the declared clearance on every side. Panels are the inner size plus one
cardstock thickness (fold lines sit in the middle of the board).

The printed side is the outside. Wall text is turned so that it reads upright when
the closed box stands on the table: on the lid, "up" points toward the lid's top
(its floor); the base's floor is the underside of the box.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.boxes.art import Line, panel_art, panel_text
from printkit.boxes.net import Face, Net, PartSpec, rect, tab


@dataclass(frozen=True, kw_only=True)
class TraySpec(PartSpec):
    """Inner size of one tray (mm) and the text on its outside faces."""

    length: float
    floor: list[Line]
    front: list[Line]
    back: list[Line]
    sides: list[Line]
    upside_down: bool = True  # a lid: its floor is the top, so wall text points toward the floor


def tray_net(spec: TraySpec) -> Net:
    t = spec.cardstock
    a, b = spec.width + t, spec.length + t
    hw = spec.depth + t / 2  # from the fold (mid-board) to the rim
    # corner glue tabs sit on the ends of the shorter walls, so the long walls stay as short as the floor
    g = min(spec.glue_tab, hw - 1.0, max(a, b) / 2 - 1.0)
    ink = spec.ink
    # Text turns: on a lid the wall's top is the edge at the floor; on a base, the far edge.
    up = {"front": 0, "back": 180, "left": 90, "right": 270}
    if not spec.upside_down:
        up = {k: (v + 180) % 360 for k, v in up.items()}
    floor_box = (hw, hw, a, b)
    walls = {
        "back": (hw, 0.0, a, hw),
        "front": (hw, hw + b, a, hw),
        "left": (0.0, hw, hw, b),
        "right": (hw + a, hw, hw, b),
    }
    # the lid's floor is the top of the closed box: its frame and art; the base's floor is the underside
    floor_art = panel_art(floor_box, spec.floor, ink, spec.art, spec.accent) if spec.upside_down \
        else panel_text(floor_box, spec.floor, ink)
    faces = [Face("floor", rect(*floor_box), "panel", floor_art)]
    for name, box in walls.items():
        lines = {"front": spec.front, "back": spec.back}.get(name, spec.sides)
        faces.append(Face(f"wall-{name}", rect(*box), "panel", panel_text(box, lines, ink, up[name], pad=2.0)))
    inset = min(g * 0.8, hw / 3)
    if a >= b:  # tabs on the left and right walls, at their top and bottom ends
        ends = {
            "left": (((0.0, hw), (hw, hw)), ((hw, hw + b), (0.0, hw + b))),
            "right": (((hw + a, hw), (hw + a + hw, hw)), ((hw + a + hw, hw + b), (hw + a, hw + b))),
        }
    else:  # tabs on the back and front walls, at their left and right ends
        ends = {
            "back": (((hw, hw), (hw, 0.0)), ((hw + a, 0.0), (hw + a, hw))),
            "front": (((hw, hw + b + hw), (hw, hw + b)), ((hw + a, hw + b), (hw + a, hw + b + hw))),
        }
    for wall, (first, second) in ends.items():
        faces.append(Face(f"tab-{wall}-1", tab(*first, g, inset), "glue"))
        faces.append(Face(f"tab-{wall}-2", tab(*second, g, inset), "glue"))
    return Net(spec.name, faces, background=spec.background)


def floor_panel(net: Net) -> tuple[float, float]:
    """Width and length of a tray's floor panel (between its fold lines)."""
    x0, y0, x1, y1 = net.face("floor").bbox
    return (x1 - x0, y1 - y0)
