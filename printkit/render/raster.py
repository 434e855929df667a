"""Pictures of PDF pages (pypdfium2): previews, and raster images for services that want them.

Pages are rendered from the PDF our own backend wrote, so a picture shows exactly what
prints. Encoding carries no timestamp: identical input gives identical bytes.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

import pypdfium2 as pdfium
from PIL import Image


def pdf_images(pdf: bytes, dpi: float) -> list[Image.Image]:
    """Every page of ``pdf`` rendered at ``dpi`` on white, as RGB images."""
    doc = pdfium.PdfDocument(pdf)
    try:
        out = []
        for page in doc:
            out.append(page.render(scale=dpi / 72.0, fill_color=(255, 255, 255, 255)).to_pil().convert("RGB"))
        return out
    finally:
        doc.close()


def png_bytes(image: Image.Image, dpi: float | None = None) -> bytes:
    """``image`` as PNG bytes (with its resolution recorded when ``dpi`` is given)."""
    buf = io.BytesIO()
    if dpi is None:
        image.save(buf, format="PNG", optimize=False)
    else:
        image.save(buf, format="PNG", optimize=False, dpi=(dpi, dpi))
    return buf.getvalue()


def pdf_pages_png(pdf: bytes, dpi: int) -> Iterator[bytes]:
    """Every page of ``pdf`` as PNG bytes at ``dpi``."""
    for image in pdf_images(pdf, dpi):
        yield png_bytes(image)
