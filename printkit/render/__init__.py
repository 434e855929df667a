"""Backends: the only place that imports reportlab (the SVG backend writes its elements itself).

Both expose the same small API over the drawing tree:
``render_svg(drawing) -> bytes`` and ``PdfWriter(path).page(drawing, ...)``.
"""

import sys
import types

# reportlab reads (and runs) ~/.reportlab_mods and ~/.reportlab_settings when first imported, if no
# modules of those names are importable: a file outside the game folder that would change the kit
# made from the same data. Empty stand-ins are found instead, so nothing outside is opened.
for _name in ("reportlab_mods", "reportlab_settings"):
    sys.modules.setdefault(_name, types.ModuleType(_name))
