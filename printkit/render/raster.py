"""Pictures of PDF pages (pypdfium2): previews, and raster images for services that want them."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pypdfium2 as pdfium


def pdf_pages_png(pdf: bytes, dpi: int) -> Iterator[bytes]:
    """Every page of ``pdf`` as PNG bytes at ``dpi``."""
    doc = pdfium.PdfDocument(pdf)
    try:
        for page in doc:
            image = page.render(scale=dpi / 72).to_pil()
            buf = io.BytesIO()
            image.save(buf, format="PNG", optimize=False)
            yield buf.getvalue()
    finally:
        doc.close()
