"""Box parts on paper: several to a page when they fit (walls of a large box), else one, centred, turned
a quarter when that is what fits."""

from __future__ import annotations

from printkit.boxes import HEADER, Box
from printkit.boxes.net import Net, draw_net, rotated
from printkit.drawing import Drawing, Group, Text, Use, translate
from printkit.layout import Paper, Placement, Sheet
from printkit.render.fonts import text_width


def part_label(box: Box, index: int) -> str:
    n = len(box.parts)
    return box.name + (f", part {index + 1} of {n}" if n > 1 else "")


def parts_label(box: Box, indices: list[int]) -> str:
    """The box's name and which of its parts (``indices``, from 0) a page holds."""
    n = len(box.parts)
    if n == 1:
        return box.name
    if len(indices) == 1:
        return part_label(box, indices[0])
    nums = [i + 1 for i in indices]
    run = nums == list(range(nums[0], nums[-1] + 1))
    listed = f"{nums[0]}–{nums[-1]}" if run else ", ".join(str(v) for v in nums)
    return f"{box.name}, parts {listed} of {n}"


GAP = 5.0  # room between parts sharing a page (mm)
LABEL = 4.0  # band above each part for its name when parts share a page (mm)


def box_sheets(title: str, boxes: list[Box], paper: Paper, ink: str = "#000000") -> list[Sheet]:
    """Box parts on pages with a caption (which parts, their box's inner size, how to assemble): in order,
    several to a page when they fit side by side or one under another (small walls of a large box), else
    one per page, turned a quarter when that is what fits."""
    px, py, pw, ph = paper.printable
    top = py + HEADER
    room = ph - HEADER
    parts: list[tuple[Box, int, Net, Drawing, bool]] = []
    for box in boxes:
        for i, part in enumerate(box.parts):
            net: Net = part
            x0, y0, x1, y1 = net.bbox
            if x1 - x0 > pw or y1 - y0 > room:
                net = rotated(part)
            art = draw_net(net, ink)
            if art.width > pw + 1e-6 or art.height > room + 1e-6:
                raise ValueError(f"box part {net.name} ({art.width:.0f} x {art.height:.0f} mm) does not fit {paper.name}")
            parts.append((box, i, net, art, net is not part))
    # Shelves: parts side by side while they fit across, rows one under another while they fit down.
    pages: list[list[tuple[int, float, float]]] = []
    page: list[tuple[int, float, float]] = []
    x = y = shelf = 0.0
    for k, (_, _, _, art, _) in enumerate(parts):
        w, h = art.width, art.height + LABEL
        if page and x + w > pw + 1e-6:
            x, y, shelf = 0.0, y + shelf + GAP, 0.0
        if page and y + h > room + 1e-6:
            pages.append(page)
            page, x, y, shelf = [], 0.0, 0.0, 0.0
        page.append((k, x, y))
        x += w + GAP
        shelf = max(shelf, h)
    if page:
        pages.append(page)
    sheets: list[Sheet] = []
    for slots in pages:
        drawing = Drawing(paper.width, paper.height)
        sheet = Sheet(drawing, roles=("art", "fold", "cut", "guide"), kind="front")
        alone = len(slots) == 1
        on_page: dict[str, list[int]] = {}
        for k, sx, sy in slots:
            box, i, net, art, turned = parts[k]
            w, h = art.width, art.height
            if alone:  # one part: centred on the page, as before
                x, y = px + (pw - w) / 2, top + (room - h) / 2
            else:
                x, y = px + sx, top + sy + LABEL
                drawing.add(Group((Text(x, y - 1.2, part_label(box, i), 2.6, ink, "regular", "start", "guide"),)))
            ref = f"box-{box.id}-{i + 1}"
            drawing.defs[ref] = art
            drawing.add(Use(ref, translate(x, y)))
            sheet.placements.append(Placement(box.id, net.name, "front", len(sheets) + 1, x, y, w, h, rotated=turned))
            on_page.setdefault(box.id, []).append(i)
        labels = []
        for box in boxes:
            if box.id in on_page:
                iw, il, idp = box.inner
                labels.append(f"{parts_label(box, on_page[box.id])} · inside {iw:.1f} x {il:.1f} x {idp:.1f} mm")
        caption = f"{title} — {'; '.join(labels)} · cut solid lines, fold dashed lines, glue grey areas, printed side out"
        size = min(2.6, 2.6 * pw / text_width(caption, "regular", 2.6))
        drawing.add(Group((Text(px, py + 4.0, caption, size, ink, "regular", "start", "guide"),)))
        sheets.append(sheet)
    return sheets
