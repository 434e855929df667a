"""Symbols (issue 27): fills use the even-odd rule (PDF ``f*``, SVG ``evenodd``), so a symbol built from
overlapping parts loses their overlap, as the wind symbol's dots once cut a notch into its bars. Every
symbol fills the same area under the even-odd and the non-zero rule."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing import Path
from printkit.render.pdf import _path_ops
from printkit.symbols import SYMBOLS, symbol_segments


def _inked(segments: tuple, rule: str) -> int:  # type: ignore[type-arg]
    """Dark pixels of the symbol, 200 px across, filled by ``rule`` (``f`` non-zero, ``f*`` even-odd)."""
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(220, 220))
    canvas.addLiteral(f"q 200 0 0 -200 110 110 cm {_path_ops(Path(segments))} {rule} Q")
    canvas.showPage()
    canvas.save()
    image = pdfium.PdfDocument(buf.getvalue())[0].render(scale=1).to_pil().convert("L")
    return sum(1 for v in image.getdata() if v < 128)


HOLES = {"ring": "a disc with a hole: two circles the same way round, the hole made by the even-odd rule"}
"""Symbols whose even-odd hole is meant."""


@pytest.mark.parametrize("name", sorted(set(SYMBOLS) - set(HOLES)))
def test_no_symbol_loses_ink_to_the_even_odd_rule(name: str) -> None:
    segments = symbol_segments(name)
    nonzero, evenodd = _inked(segments, "f"), _inked(segments, "f*")
    assert nonzero > 500
    assert evenodd >= nonzero - 20, f"{name}: {nonzero - evenodd} px lost where its parts overlap"


def test_the_ring_keeps_its_hole() -> None:
    segments = symbol_segments("ring")
    assert _inked(segments, "f*") < _inked(segments, "f") - 1000
