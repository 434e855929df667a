"""Pictures of PDF pages (pypdfium2): previews, and raster images for services that want them.

Pages are rendered from the PDF our own backend wrote, so a picture shows exactly what
prints. Encoding carries no timestamp: identical input gives identical bytes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator

import pypdfium2 as pdfium
from PIL import Image

from printkit.errors import DataError, Problem

MAX_PIXELS = 50_000_000
"""Most pixels of one picture (preview, print-shop PNG, print-on-demand image, Tabletop Simulator
sheet): an A4 page at 600 dpi has 35 million; a picture takes 7 bytes a pixel while it is made."""


def iter_images(pdf: bytes, dpi: float, what: str, hint: str = "") -> Iterator[Image.Image]:
    """Every page of ``pdf`` rendered at ``dpi`` on white, as RGB images, one at a time. A page whose
    picture would pass :data:`MAX_PIXELS` is refused (a :class:`DataError` about ``what``) before
    any of its pixels are allocated."""
    doc = pdfium.PdfDocument(pdf)
    try:
        for n, page in enumerate(doc, start=1):
            w, h = page.get_size()
            px = (math.ceil(w * dpi / 72.0), math.ceil(h * dpi / 72.0))  # as pdfium sizes the bitmap
            if px[0] * px[1] > MAX_PIXELS:
                raise DataError([Problem(what, "", f"pictures of at most {MAX_PIXELS // 1_000_000} million pixels "
                                         f"(a limit on memory){hint}",
                                         f"page {n}: {px[0]} x {px[1]} pixels at {dpi:g} dpi")])
            yield page.render(scale=dpi / 72.0, fill_color=(255, 255, 255, 255)).to_pil().convert("RGB")
    finally:
        doc.close()


def pdf_images(pdf: bytes, dpi: float, what: str, hint: str = "") -> list[Image.Image]:
    """Every page of ``pdf`` rendered at ``dpi`` on white, as RGB images (see :func:`iter_images`)."""
    return list(iter_images(pdf, dpi, what, hint))


def png_bytes(image: Image.Image, dpi: float | None = None) -> bytes:
    """``image`` as PNG bytes (with its resolution recorded when ``dpi`` is given)."""
    buf = io.BytesIO()
    if dpi is None:
        image.save(buf, format="PNG", optimize=False)
    else:
        image.save(buf, format="PNG", optimize=False, dpi=(dpi, dpi))
    return buf.getvalue()


def pdf_pages_png(pdf: bytes, dpi: int, what: str, hint: str = "") -> Iterator[bytes]:
    """Every page of ``pdf`` as PNG bytes at ``dpi``, one page in memory at a time."""
    for image in iter_images(pdf, dpi, what, hint):
        yield png_bytes(image)
