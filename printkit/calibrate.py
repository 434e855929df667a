"""The duplex calibration sheet: one page front and back, to measure a printer's misregistration.

The front carries five thin crosses: the page centre and four points near the
edges. The back carries, exactly behind each cross (for the chosen flip), a
horizontal and a vertical scale from -5 to +5 mm in 0.5 mm steps. Print both sides,
hold the sheet against a light, and read on each scale where the cross's line
falls: that reading, as ``X,Y``, is the ``--offset`` to give ``printkit build``
(the back page moves by it, so its zero lands under the cross). Readings that
differ between the crosses mean the printer also scales or skews the back.
"""

from __future__ import annotations

from printkit.drawing import Drawing, Group, Node, Paint, Text, line, rotate, translate
from printkit.layout import Duplex, Paper

SCALE = 5.0  # the scales run from -SCALE to +SCALE mm
STEP = 0.5
CROSS = 30.0  # arm length of the front crosses (mm)
GAP = 7.0  # from the point behind a cross's centre to each scale (mm)
INSET = 25.0  # distance of the outer crosses from the paper edge (mm)
HAIR = Paint(stroke="#000000", width=0.1)
TICK = Paint(stroke="#000000", width=0.1)


def targets(paper: Paper) -> list[tuple[float, float]]:
    """Where the front crosses sit: centre, left, right, top, bottom."""
    w, h = paper.width, paper.height
    return [(w / 2, h / 2), (INSET, h / 2), (w - INSET, h / 2), (w / 2, INSET), (w / 2, h - INSET)]


def behind(paper: Paper, duplex: Duplex, x: float, y: float) -> tuple[float, float]:
    """The point of the back page that lands behind front point (x, y), in the back page's coordinates."""
    if duplex == "short":
        return (x, paper.height - y)
    return (paper.width - x, y)


def _cross(x: float, y: float) -> list[Node]:
    a = CROSS / 2
    return [line(x - a, y, x + a, y, HAIR), line(x, y - a, x, y + a, HAIR)]


def _scales(x: float, y: float, sign: float) -> list[Node]:
    """Two scales around the point (x, y) that lands behind a cross's centre.

    The X scale runs horizontally :data:`GAP` mm above the point, so the cross's
    vertical arm crosses it at the x reading; the Y scale runs vertically ``GAP`` mm
    to the right, crossed by the horizontal arm at the y reading. ``sign`` is -1 when
    the back page prints upside down (short-edge flip): labels then name offsets of
    the page as printed, which is what ``--offset`` moves.
    """
    xs_y, ys_x = y - GAP, x + GAP
    out: list[Node] = [line(x - SCALE, xs_y, x + SCALE, xs_y, TICK), line(ys_x, y - SCALE, ys_x, y + SCALE, TICK)]
    n = round(SCALE / STEP)
    for i in range(-n, n + 1):
        v = i * STEP
        length = 2.5 if i == 0 else (1.6 if i % 2 == 0 else 0.9)
        out.append(line(x + v, xs_y, x + v, xs_y - length, TICK))
        out.append(line(ys_x, y + v, ys_x + length, y + v, TICK))
        if i % 4 == 0:
            label = f"{sign * v:+g}" if v else "0"
            out.append(Text(x + v, xs_y - 3.0, label, 1.5, anchor="middle"))
            out.append(Text(ys_x + 3.0, y + v + 0.5, label, 1.5))
    out.append(Text(x - SCALE - 1.2, xs_y + 0.7, "X", 2.0, font="bold", anchor="end"))
    out.append(Text(ys_x, y + SCALE + 2.6, "Y", 2.0, font="bold", anchor="middle"))
    return out


def calibration_pages(paper: Paper, duplex: Duplex = "long", offset: tuple[float, float] = (0.0, 0.0)) -> list[Drawing]:
    """The front and back pages; ``offset`` shifts the back as ``printkit build --offset`` would, to check a value."""
    w, h = paper.width, paper.height
    front = Drawing(w, h)
    for x, y in targets(paper):
        front.add(*_cross(x, y))
    lines = [
        f"printkit duplex calibration - {paper.name}, {duplex}-edge flip",
        "1. Print this page on both sides, with the flip named above, at 100% (no fit-to-page).",
        "2. Hold the sheet against a light and look at the back through the paper.",
        "3. On each scale read where the line of the cross from this side falls:",
        "   X on the horizontal scale, Y on the vertical one (mm).",
        f"4. Build with --offset X,Y (e.g. printkit build --offset 1.5,-0.5 --duplex {duplex}).",
        "   Check with printkit calibrate --offset X,Y: every cross then falls on 0.",
    ]
    for i, text in enumerate(lines):
        front.add(Text(w / 2 - 60, h / 2 + 30 + i * 5, text, 3.2 if i else 3.6, font="bold" if i == 0 else "regular"))
    back = Drawing(w, h)
    sign = -1.0 if duplex == "short" else 1.0
    for x, y in targets(paper):
        back.add(*_scales(w - x, y, sign))  # behind the cross for a long-edge flip; turned below for short
    back.add(Text(w / 2, h / 2 - 25, f"back - read X and Y where the front crosses fall ({duplex}-edge flip)", 3.2,
                  anchor="middle"))
    if offset != (0.0, 0.0):
        back.add(Text(w / 2, h / 2 - 20, f"printed with --offset {offset[0]:g},{offset[1]:g}", 3.2, anchor="middle"))
    if duplex == "short":
        # A short-edge flip turns the back page upside down: draw it so, like the build's back pages.
        back.children = [Group(tuple(back.children), rotate(180, w / 2, h / 2))]
    if offset != (0.0, 0.0):
        back.children = [Group(tuple(back.children), translate(*offset))]  # as printkit build --offset does
    return [front, back]
