"""Backends: the only place that imports reportlab or svgwrite.

Both expose the same small API over the drawing tree:
``render_svg(drawing) -> bytes`` and ``PdfWriter(path).page(drawing, ...)``.
"""
