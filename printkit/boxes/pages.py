"""Box parts on paper: one part per page, centred, turned a quarter when that is what fits."""

from __future__ import annotations

from printkit.boxes import HEADER, Box
from printkit.boxes.net import Net, draw_net, rotated
from printkit.drawing import Drawing, Group, Text, Use, translate
from printkit.layout import Paper, Placement, Sheet
from printkit.render.fonts import text_width

BOX_GROUP = "box"  # the boxes' PDFs: <game>-box-<paper>.pdf


def part_label(box: Box, index: int) -> str:
    n = len(box.parts)
    return box.name + (f", part {index + 1} of {n}" if n > 1 else "")


def box_sheets(title: str, boxes: list[Box], paper: Paper, ink: str = "#000000") -> list[Sheet]:
    """A page per box part with a caption: which box, its inner size, how to assemble."""
    px, py, pw, ph = paper.printable
    sheets: list[Sheet] = []
    for box in boxes:
        for i, part in enumerate(box.parts):
            net: Net = part
            x0, y0, x1, y1 = net.bbox
            if x1 - x0 > pw or y1 - y0 > ph - HEADER:
                net = rotated(part)
            art = draw_net(net, ink)
            w, h = art.width, art.height
            if w > pw + 1e-6 or h > ph - HEADER + 1e-6:
                raise ValueError(f"box part {net.name} ({w:.0f} x {h:.0f} mm) does not fit {paper.name}")
            x = px + (pw - w) / 2
            y = py + HEADER + (ph - HEADER - h) / 2
            page = Drawing(paper.width, paper.height)
            ref = f"box-{box.id}-{i + 1}"
            page.defs[ref] = art
            page.add(Use(ref, translate(x, y)))
            iw, il, idp = box.inner
            caption = (f"{title} — {part_label(box, i)} · inside {iw:.1f} x {il:.1f} x {idp:.1f} mm · "
                       "cut solid lines, fold dashed lines, glue grey areas, printed side out")
            size = min(2.6, 2.6 * pw / text_width(caption, "regular", 2.6))
            page.add(Group((Text(px, py + 4.0, caption, size, ink, "regular", "start", "guide"),)))
            sheet = Sheet(page, roles=("art", "fold", "cut", "guide"), kind="front")
            sheet.placements.append(Placement(box.id, net.name, "front", len(sheets) + 1, x, y, w, h,
                                              rotated=net is not part))
            sheets.append(sheet)
    return sheets
