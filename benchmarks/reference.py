"""The reference job: plain reportlab drawing the same deck as printkit's benchmark deck.

Same card size, bleed, 3 x 3 layout trim to trim, crop marks, a shared back drawn once as a
form and a mirrored back page after each front page. Run: python -m benchmarks.reference CSV OUT.pdf
"""

from __future__ import annotations

import csv
import math
import sys

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

MM = 72 / 25.4
W, H, BLEED = 63 * MM, 88 * MM, 3 * MM


def star(c: Canvas, cx: float, cy: float, size: float) -> None:
    p = c.beginPath()
    for i in range(10):
        r = size / 2 if i % 2 == 0 else size / 5
        a = math.radians(-90 + i * 36)
        x, y = cx + r * math.cos(a), cy - r * math.sin(a)
        p.moveTo(x, y) if i == 0 else p.lineTo(x, y)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def main(csv_path: str, out: str, font: str) -> None:
    pdfmetrics.registerFont(TTFont("F", font))
    with open(csv_path) as f:
        rows = list(csv.DictReader(f))
    c = Canvas(out, pagesize=A4, invariant=1)
    pw, ph = A4
    x0, y0 = (pw - 3 * W) / 2, (ph - 3 * H) / 2
    c.beginForm("back")
    c.setFillColor(HexColor("#22313f"))
    c.rect(-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
    c.setStrokeColor(HexColor("#e9c46a"))
    c.roundRect(5 * MM, 5 * MM, W - 10 * MM, H - 10 * MM, 3 * MM, stroke=1, fill=0)
    c.setFillColor(HexColor("#e9c46a"))
    star(c, W / 2, H / 2, 30 * MM)
    c.endForm()

    def marks() -> None:
        c.setLineWidth(0.2 * MM)
        for i in range(4):
            x, y = x0 + i * W, y0 + i * H
            c.line(x, y0 - BLEED - MM, x, y0 - BLEED - 6 * MM)
            c.line(x, y0 + 3 * H + BLEED + MM, x, y0 + 3 * H + BLEED + 6 * MM)
            c.line(x0 - BLEED - MM, y, x0 - BLEED - 6 * MM, y)
            c.line(x0 + 3 * W + BLEED + MM, y, x0 + 3 * W + BLEED + 6 * MM, y)

    for start in range(0, len(rows), 9):
        chunk = rows[start:start + 9]
        for i, row in enumerate(chunk):
            r, col = divmod(i, 3)
            c.saveState()
            c.translate(x0 + col * W, y0 + (2 - r) * H)
            p = c.beginPath()
            p.rect(-BLEED if col == 0 else 0, -BLEED if r == 2 else 0, W + (BLEED if col in (0, 2) else 0), H + (BLEED if r in (0, 2) else 0))
            c.clipPath(p, stroke=0, fill=0)
            c.setFillColor(HexColor("#fbf8f0"))
            c.rect(-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
            c.setStrokeColor(HexColor(row["colour"]))
            c.setLineWidth(1.5 * MM)
            c.roundRect(4 * MM, 4 * MM, W - 8 * MM, H - 8 * MM, 3 * MM, stroke=1, fill=0)
            c.setFillColor(HexColor("#000000"))
            c.setFont("F", 11 / 72 * 25.4 * MM)
            c.drawCentredString(W / 2, H - 14 * MM, row["title"])
            c.setFillColor(HexColor(row["colour"]))
            star(c, W / 2, H * 0.45, 24 * MM)
            c.setFillColor(HexColor("#000000"))
            c.setFont("F", 7 / 72 * 25.4 * MM)
            c.drawCentredString(W / 2, 14 * MM, row["text"][:40])
            c.drawCentredString(W / 2, 11 * MM, row["text"][40:])
            c.restoreState()
        marks()
        c.showPage()
        for i, _ in enumerate(chunk):
            r, col = divmod(i, 3)
            c.saveState()
            c.translate(x0 + (2 - col) * W, y0 + (2 - r) * H)
            c.doForm("back")
            c.restoreState()
        marks()
        c.showPage()
    c.save()


if __name__ == "__main__":
    from importlib.resources import files

    main(sys.argv[1], sys.argv[2], str(files("printkit") / "fonts" / "DejaVuSans.ttf"))
