"""Finishing laid-out sheets for a printer or a cutter: back-page offset, registration marks, cut files.

These work on :class:`Sheet` pages from any engine, so every kind gets them.

* :func:`shift_backs` moves every back page by (dx, dy) mm to undo a duplex
  printer's misregistration (measured with ``printkit calibrate``).
* :func:`add_registration` prints three registration marks in the clear band at
  the top and bottom of the sheet (:attr:`Paper.band`): a filled square at the top
  left and two corner marks at the top right and bottom left, the usual pattern of
  print-then-cut machines, which find them with an optical sensor.
* :func:`cut_svg` is the sheet's cut lines alone, flattened to closed paths in page
  millimetres (no references, which some cutter software ignores), plus the same three marks at the
  same place, as an SVG for the cutting machine.
"""

from __future__ import annotations

from dataclasses import replace

from printkit.drawing import CUT, Drawing, Group, Node, Paint, Path, Rect, flatten, polygon, translate
from printkit.layout import Paper, Sheet

REG_SIZE = 5.0
"""Side of each registration mark (mm)."""
REG_BAR = 1.0
"""Thickness of the legs of the corner marks (mm)."""
REG_BAND = REG_SIZE + 3.0
"""Clear band kept at the top and bottom of a sheet for the marks and the sensor's quiet zone (mm)."""
MARK_PAINT = Paint(fill="#000000")


def shift_backs(sheets: list[Sheet], dx: float, dy: float) -> list[Sheet]:
    """Every back page moved by (dx, dy) mm: x to the right, y down, as the back page is printed."""
    if dx == 0 and dy == 0:
        return sheets
    out = []
    for s in sheets:
        if s.kind != "back":
            out.append(s)
            continue
        d = Drawing(s.drawing.width, s.drawing.height, [Group(tuple(s.drawing.children), translate(dx, dy))],
                    dict(s.drawing.defs))
        placements = [replace(p, x=p.x + dx, y=p.y + dy) for p in s.placements]
        out.append(Sheet(d, placements, s.roles, s.kind, {**s.info, "offset": [dx, dy]}))
    return out


def registration_points(paper: Paper) -> list[tuple[float, float]]:
    """Outer corners of the three marks: top left, top right, bottom left."""
    m = paper.margin
    return [(m, m), (paper.width - m, m), (m, paper.height - m)]


def registration_marks(paper: Paper) -> list[Node]:
    """The three marks as shapes (role ``guide``): a square and two L-shaped corners."""
    (x0, y0), (x1, y1), (x2, y2) = registration_points(paper)
    s, t = REG_SIZE, REG_BAR
    return [
        Rect(x0, y0, s, s, MARK_PAINT, "guide"),
        polygon([(x1, y1), (x1, y1 + s), (x1 - t, y1 + s), (x1 - t, y1 + t), (x1 - s, y1 + t), (x1 - s, y1)],
                MARK_PAINT, "guide"),
        polygon([(x2, y2), (x2, y2 - s), (x2 + t, y2 - s), (x2 + t, y2 - t), (x2 + s, y2 - t), (x2 + s, y2)],
                MARK_PAINT, "guide"),
    ]


def cut_paths(sheet: Sheet) -> list[Path]:
    """The sheet's cut lines as closed paths in page mm.

    An engine that draws no cut line for a whole piece (a board printed whole) is cut
    along the piece's trim rectangle. Tiles of a board cut into several pages have no
    cut file: they are trimmed and overlapped by hand along their printed guides.
    """
    paths = flatten(sheet.drawing, ("cut",))
    if paths:
        return paths
    return [polygon([(p.x, p.y), (p.x + p.w, p.y), (p.x + p.w, p.y + p.h), (p.x, p.y + p.h)], CUT, "cut")
            for p in sheet.placements if p.face == "front" and p.region is None]


def has_cuts(sheet: Sheet) -> bool:
    return bool(cut_paths(sheet))


def add_registration(sheet: Sheet, paper: Paper) -> Sheet:
    """The sheet with the three marks printed on it (front pages with cut lines only)."""
    d = Drawing(sheet.drawing.width, sheet.drawing.height, [*sheet.drawing.children, *registration_marks(paper)],
                dict(sheet.drawing.defs))
    roles = tuple(dict.fromkeys((*sheet.roles, "guide")))
    info = {**sheet.info, "registration": [[round(v, 3) for v in p] for p in registration_points(paper)]}
    return Sheet(d, sheet.placements, roles, sheet.kind, info)


def cut_svg(sheet: Sheet, paper: Paper) -> bytes:
    """The sheet's cut lines and its registration marks, true size, as SVG."""
    from printkit.render.svg import render_svg  # svgwrite only when cut files are wanted

    d = Drawing(paper.width, paper.height, [*cut_paths(sheet), *registration_marks(paper)])
    return render_svg(d, roles=("cut", "guide"))
