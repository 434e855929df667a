"""Files a game's data points at (images, fonts), read safely: confined, size-limited, validated.

A game folder may come from a stranger, so every such file is checked before it
reaches a backend: it must sit inside the game folder (see
:func:`printkit.load.confined`), be of a sane size, and really be what it claims
(a PNG or JPEG that decodes completely; a TrueType font printkit can embed).
A broken file is a :class:`DataError` naming the data key that points at it.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from printkit.errors import DataError, Problem, found_repr

MAX_IMAGE_BYTES = 20_000_000
MAX_IMAGE_PIXELS = 50_000_000
MAX_FONT_BYTES = 20_000_000


@dataclass(frozen=True)
class ImageFile:
    """A validated picture: its bytes as stored, its format and size in pixels."""

    data: bytes
    format: Literal["png", "jpeg"]
    width: int
    height: int


_IMAGES: dict[tuple[str, int, int], ImageFile] = {}


def read_image(root: Path, rel: str, file: str, key: str, line: int | None = None) -> ImageFile:
    """Read and validate the image ``rel`` of the game in ``root`` (cached per file version)."""
    from printkit.reading import confined, read_limited

    path = confined(root, rel, file, key, line)
    stat = path.stat()
    cache_key = (str(path), stat.st_mtime_ns, stat.st_size)
    if cache_key in _IMAGES:
        return _IMAGES[cache_key]
    data = read_limited(path, MAX_IMAGE_BYTES, file, key, line)
    image = _validate_image(data, rel, file, key, line)
    _IMAGES[cache_key] = image
    return image


def _validate_image(data: bytes, rel: str, file: str, key: str, line: int | None) -> ImageFile:
    from PIL import Image, UnidentifiedImageError

    def bad(why: str) -> DataError:
        return DataError([Problem(file, key, "a PNG or JPEG image", f"{found_repr(rel)} ({why})", line=line)])

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as im:
                fmt = im.format
                width, height = im.size
                if fmt not in ("PNG", "JPEG"):
                    raise bad(f"a {fmt or 'unknown'} file")
                if width * height > MAX_IMAGE_PIXELS:
                    raise bad(f"{width} x {height} pixels, more than {MAX_IMAGE_PIXELS // 1_000_000} million")
                im.verify()
            with Image.open(io.BytesIO(data)) as im:
                im.load()  # verify() misses truncated data; decoding the pixels does not
    except DataError:
        raise
    except UnidentifiedImageError:
        raise bad("not an image printkit can read") from None
    except Exception as exc:  # noqa: BLE001  (Pillow raises many types for broken files)
        raise bad(f"a damaged file: {str(exc).splitlines()[0][:80] if str(exc) else type(exc).__name__}") from None
    return ImageFile(data, "png" if fmt == "PNG" else "jpeg", width, height)


def read_font(root: Path, rel: str, file: str, key: str, line: int | None = None) -> str:
    """Read, validate and register the TrueType font ``rel``; return its font key for text nodes."""
    from printkit.reading import confined, read_limited
    from printkit.render.fonts import FontError, load_font

    path = confined(root, rel, file, key, line)
    data = read_limited(path, MAX_FONT_BYTES, file, key, line)
    try:
        return load_font(data)
    except FontError as exc:
        raise DataError([Problem(file, key, "a TrueType font file (.ttf) that can be embedded",
                                 f"{found_repr(rel)} ({exc})", line=line)]) from None
