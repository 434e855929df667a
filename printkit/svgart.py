"""SVG art and icons, parsed once into the drawing tree.

An SVG file from a game folder becomes ordinary shapes of :mod:`printkit.drawing` (paths with
M/L/C/Z segments, fills, strokes, opacity, transforms), so both backends, the ink saver, the cut
and fold layers and the proof's colour checks see the very same shapes as for any other element.

A game folder may come from a stranger, so the file is checked before anything reads it:
the XML is parsed with ``defusedxml`` (no DTD, no entities, no external references), and
scripts, foreign objects, embedded or linked pictures, text (the fonts are unknown: convert it
to outlines), links outside the file and ``@import`` are refused as data errors, as are files
too large or too busy to be art. Only then does ``svgelements`` (a maintained SVG parser: CSS
styles, inheritance, ``<use>``, units, viewBox and the arc/quadratic maths) read the shapes.

Gradients are drawn as bands of flat colour clipped to the shape (64 for a linear gradient,
48 rings for a radial one), which both backends draw alike and the proof can read. What would
print differently from the file (filters, masks, clip paths, markers, pattern fills) is refused.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass
from pathlib import Path as FilePath
from typing import Any, Literal

from printkit.assets import ImageFile
from printkit.drawing import (
    IDENTITY,
    Circle,
    Group,
    Matrix,
    Node,
    Paint,
    Path,
    Segment,
    mat_mul,
    scale,
    translate,
)
from printkit.errors import DataError, Problem, found_repr

MAX_SVG_BYTES = 5_000_000
MAX_SVG_ELEMENTS = 20_000
"""Most XML elements in one SVG file: icons have tens, detailed art a few thousand."""
MAX_SVG_SEGMENTS = 200_000
"""Most path segments of one SVG file, once ``<use>`` is expanded and arcs are turned into curves."""
LINEAR_BANDS = 64
RADIAL_BANDS = 48

_REFUSED = {
    "script": "a script",
    "foreignObject": "a foreignObject (HTML inside SVG)",
    "image": "a picture inside the SVG (use it as an image element of its own)",
    "text": "text (its font is unknown: convert the text to outlines, e.g. Inkscape's Path > Object to Path)",
    "iframe": "an iframe",
    "video": "a video",
    "audio": "an audio element",
}
_EXTERNAL_URL = re.compile(r"url\(\s*['\"]?\s*(?!#)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class SvgArt:
    """An SVG file's shapes in its own user units, and its size in those units."""

    width: float
    height: float
    nodes: tuple[Node, ...]

    def place(self, x: float, y: float, w: float, h: float) -> Group:
        """The art stretched over the box (x, y, w, h) in mm."""
        m = mat_mul(translate(x, y), scale(w / self.width, h / self.height))
        return Group(self.nodes, transform=m)


_CACHE: dict[tuple[str, int, int], SvgArt] = {}


def read_svg(root: FilePath, rel: str, file: str, key: str, line: int | None = None) -> SvgArt:
    """Read, check and parse the SVG file ``rel`` of the game in ``root`` (cached per file version).

    ``file``, ``key`` and ``line`` say where the data that names the file is, for the error."""
    from printkit.reading import confined, read_limited

    path = confined(root, rel, file, key, line)
    stat = path.stat()
    cache_key = (str(path), stat.st_mtime_ns, stat.st_size)
    if cache_key not in _CACHE:
        data = read_limited(path, MAX_SVG_BYTES, file, key, line)
        _CACHE[cache_key] = svg_shapes(data, rel, file, key, line)
    return _CACHE[cache_key]


def read_art(root: FilePath, rel: str, file: str, key: str, line: int | None = None) -> SvgArt | ImageFile:
    """A picture named by the data: SVG art for a name ending in ``.svg``, else a PNG or JPEG."""
    if rel.lower().endswith(".svg"):
        return read_svg(root, rel, file, key, line)
    from printkit.assets import read_image

    return read_image(root, rel, file, key, line)


def svg_shapes(data: bytes, rel: str, file: str, key: str, line: int | None = None) -> SvgArt:
    """The shapes of the SVG document ``data`` (named ``rel`` in messages), or a :class:`DataError`."""

    def bad(why: str) -> DataError:
        return DataError([Problem(file, key, "SVG art printkit can draw (paths and shapes, no scripts, "
                                  "no external references)", f"{found_repr(rel)} ({why})", line=line)])

    root = _safe_tree(data, bad)
    gradients = _gradients(root)
    _unsupported(root, set(gradients), bad)
    sized = all(root.get(k) and not root.get(k, "").strip().endswith("%") for k in ("width", "height"))
    if not root.get("viewBox") and not sized:
        raise bad("no size: give the svg element a viewBox or a width and height")
    import io

    import svgelements as S

    try:
        svg = S.SVG.parse(io.BytesIO(data), reify=False)
    except Exception as exc:  # noqa: BLE001  (svgelements raises many types for broken files)
        raise bad(f"not readable as SVG: {str(exc).splitlines()[0][:80] if str(exc) else type(exc).__name__}") from None
    width, height = _size(svg)
    if not (width > 0 and height > 0 and math.isfinite(width) and math.isfinite(height)):
        raise bad("no size: give the svg element a viewBox or a width and height")
    nodes: list[Node] = []
    budget = [MAX_SVG_SEGMENTS]
    for el in svg.elements():
        if not isinstance(el, S.Shape) or isinstance(el, S.Text):
            continue
        if el.values.get("visibility") in ("hidden", "collapse") or el.values.get("display") == "none":
            continue
        try:
            node = _shape(el, gradients, budget, bad)
        except DataError:
            raise
        except Exception as exc:  # noqa: BLE001  (broken path data makes svgelements fail in many ways)
            what = f"<{type(el).__name__.lower()}>" + (f' id="{el.id}"' if getattr(el, "id", None) else "")
            raise bad(f"{what} that cannot be drawn: {(str(exc) or type(exc).__name__)[:60]}") from None
        if node is not None:
            nodes.append(node)
    if not nodes:
        raise bad("no shapes to draw")
    return SvgArt(width, height, tuple(nodes))


def _safe_tree(data: bytes, bad: Any) -> Any:
    import defusedxml.ElementTree as SafeET
    from defusedxml import DefusedXmlException

    try:
        root = SafeET.fromstring(data, forbid_dtd=True)
    except DefusedXmlException as exc:
        raise bad(f"refused: {type(exc).__name__.replace('Forbidden', '').lower() or 'unsafe XML'} "
                  "declarations are not allowed") from None
    except Exception as exc:  # noqa: BLE001  (ParseError and friends)
        raise bad(f"not well-formed XML: {str(exc)[:80]}") from None
    if _local(root.tag) != "svg":
        raise bad(f"the document is a <{_local(root.tag)}>, not an <svg>")
    for count, el in enumerate(root.iter(), start=1):
        if count > MAX_SVG_ELEMENTS:
            raise bad(f"more than {MAX_SVG_ELEMENTS} elements")
        name = _local(el.tag) if isinstance(el.tag, str) else ""
        if name in _REFUSED:
            raise bad(f"it holds {_REFUSED[name]}")
        for attr, value in el.attrib.items():
            local = _local(attr)
            if local.startswith("on"):
                raise bad(f"a script in the attribute {local}")
            if local == "href" and not value.strip().startswith("#"):
                raise bad(f"a link outside the file: {found_repr(value, 40)}")
            if _EXTERNAL_URL.search(value):
                raise bad(f"a reference outside the file in {local}")
        if name == "style" and el.text and ("@import" in el.text or _EXTERNAL_URL.search(el.text)):
            raise bad("a style sheet that loads other files")
    try:
        expanded = _expanded(root, bad)
    except RecursionError:
        raise bad("elements nested too deeply") from None
    if expanded > MAX_SVG_ELEMENTS:
        raise bad(f"more than {MAX_SVG_ELEMENTS} elements once <use> is expanded")
    return root


_NOT_DRAWN = {"filter": "a filter", "mask": "a mask", "clip-path": "a clip path", "marker": "markers",
              "marker-start": "markers", "marker-mid": "markers", "marker-end": "markers"}


def _unsupported(root: Any, gradients: set[str], bad: Any) -> None:
    """Refuse what printkit would not draw, rather than print something else than the file shows:
    filters, masks, clip paths, markers, and paint that is neither a colour nor a gradient (a pattern)."""
    for el in root.iter():
        props = {_local(k): v for k, v in el.attrib.items()}
        for part in (el.get("style") or "").split(";"):
            name, _, value = part.partition(":")
            if name.strip():
                props[name.strip()] = value
        for name, value in props.items():
            used = value.strip() not in ("", "none")
            if name in _NOT_DRAWN and used:
                raise bad(f"it uses {_NOT_DRAWN[name]}, which printkit does not draw")
            if name in ("fill", "stroke") and "url(" in value:
                ref = re.search(r"url\(\s*['\"]?#([^)'\"]+)", value)
                if ref is None or ref.group(1) not in gradients:
                    raise bad(f"a {name} that is neither a colour nor a gradient (a pattern?), which printkit does not draw")


def _expanded(root: Any, bad: Any) -> int:
    """How many elements the document has with every ``<use>`` replaced by what it shows: a few
    uses of uses multiply into millions, which no parser should be asked to build."""
    by_id = {el.get("id"): el for el in root.iter() if el.get("id")}
    sizes: dict[int, int] = {}
    open_: set[int] = set()

    def size(el: Any) -> int:
        key = id(el)
        if key in sizes:
            return sizes[key]
        if key in open_:
            raise bad("a <use> that shows itself")
        open_.add(key)
        total = 1 + sum(size(child) for child in el)
        if _local(el.tag) == "use" if isinstance(el.tag, str) else False:
            href = next((v for k, v in el.attrib.items() if _local(k) == "href"), "").strip()
            target = by_id.get(href[1:]) if href.startswith("#") else None
            if target is not None:
                total += size(target)
        open_.discard(key)
        sizes[key] = total = min(total, MAX_SVG_ELEMENTS + 1)
        return total

    return size(root)


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1].rsplit(":", 1)[-1]


def _size(svg: Any) -> tuple[float, float]:
    """The document's size in the units its shapes come out in (svgelements maps the viewBox to
    pixels of its width and height, or to the viewBox's own units when there is no width)."""
    w, h = svg.width, svg.height
    if (not w or not h) and svg.viewbox is not None:
        w, h = svg.viewbox.width, svg.viewbox.height
    return float(w or 0), float(h or 0)


def _matrix(m: Any) -> Matrix:
    return (float(m.a), float(m.b), float(m.c), float(m.d), float(m.e), float(m.f))


def _segments(el: Any, budget: list[int], bad: Any) -> tuple[Segment, ...]:
    """The element's outline in its own coordinates, as M/L/C/Z (quadratics raised, arcs as cubics)."""
    import svgelements as S

    out: list[Segment] = []
    for seg in el.segments(transformed=False):
        if isinstance(seg, S.Move):
            out.append(("M", seg.end.x, seg.end.y))
        elif isinstance(seg, S.Close):
            out.append(("Z",))
        elif isinstance(seg, S.Line):
            out.append(("L", seg.end.x, seg.end.y))
        elif isinstance(seg, S.CubicBezier):
            out.append(("C", seg.control1.x, seg.control1.y, seg.control2.x, seg.control2.y, seg.end.x, seg.end.y))
        elif isinstance(seg, S.QuadraticBezier):
            s, c, e = seg.start, seg.control, seg.end
            out.append(("C", s.x + 2 / 3 * (c.x - s.x), s.y + 2 / 3 * (c.y - s.y),
                        e.x + 2 / 3 * (c.x - e.x), e.y + 2 / 3 * (c.y - e.y), e.x, e.y))
        elif isinstance(seg, S.Arc):
            for cub in seg.as_cubic_curves():
                out.append(("C", cub.control1.x, cub.control1.y, cub.control2.x, cub.control2.y, cub.end.x, cub.end.y))
        budget[0] -= 1
        if budget[0] < 0:
            raise bad(f"more than {MAX_SVG_SEGMENTS} path segments")
    if out and out[0][0] != "M":
        return ()
    if not all(math.isfinite(float(v)) for s in out for v in s[1:]):
        raise bad("a coordinate that is not a finite number")
    return tuple(out)


def _colour(value: Any) -> tuple[str | None, float]:
    """A parsed svgelements colour as ``#rrggbb`` and its alpha (0..1), or (None, 0) for none."""
    if value is None or getattr(value, "value", None) is None:
        return None, 0.0
    return value.hexrgb, value.alpha / 255.0


def _opacity(el: Any, name: str) -> float:
    try:
        v = float(str(el.values.get(name, "1")).strip().rstrip("%")) / (100.0 if str(el.values.get(name, "")).endswith("%") else 1.0)
    except ValueError:
        return 1.0
    return min(1.0, max(0.0, v)) if math.isfinite(v) else 1.0


def _shape(el: Any, gradients: dict[str, _Gradient], budget: list[int], bad: Any) -> Node | None:
    segs = _segments(el, budget, bad)
    if not segs:
        return None
    m = _matrix(el.transform)
    rule: Literal["evenodd", "nonzero"] = "evenodd" if str(el.values.get("fill-rule", "")).strip() == "evenodd" else "nonzero"
    opacity = _opacity(el, "opacity")
    children: list[Node] = []
    fill_ref = re.fullmatch(r"\s*url\(\s*['\"]?#([^)'\"]+)['\"]?\s*\)(.*)", str(el.values.get("fill", "")))
    outline = Path(segs, Paint(), "art")
    if fill_ref and fill_ref.group(1) in gradients:
        bands = gradients[fill_ref.group(1)].bands(outline, opacity * _opacity(el, "fill-opacity"))
        if bands:
            children.append(Group(tuple(bands), clip=Path(segs, Paint(fill="#000000", rule=rule), "art")))
    else:
        fill, alpha = _colour(el.fill)
        if fill is not None and alpha * opacity > 0:
            children.append(Path(segs, Paint(fill=fill, opacity=round(alpha * opacity, 4), rule=rule)))
    stroke, alpha = _colour(el.stroke)
    width = float(el.stroke_width or 0.0)
    if stroke is not None and alpha * opacity > 0 and width > 0:
        dash = _dash(el.values.get("stroke-dasharray"))
        cap = str(el.values.get("stroke-linecap", "")).strip()
        join = str(el.values.get("stroke-linejoin", "")).strip()
        children.append(Path(segs, Paint(stroke=stroke, width=width, dash=dash, opacity=round(alpha * opacity, 4),
                                         cap=cap if cap in ("round", "square") else None,  # type: ignore[arg-type]
                                         join=join if join in ("round", "bevel") else None)))  # type: ignore[arg-type]
    if not children:
        return None
    if m == IDENTITY and len(children) == 1:
        return children[0]
    return Group(tuple(children), transform=m)


def _dash(value: Any) -> tuple[float, ...]:
    if not value or str(value).strip() == "none":
        return ()
    try:
        dash = tuple(float(v) for v in re.split(r"[\s,]+", str(value).strip()) if v)
    except ValueError:
        return ()
    if not dash or any(d < 0 or not math.isfinite(d) for d in dash) or sum(dash) <= 0:
        return ()
    return dash * 2 if len(dash) % 2 else dash


# --- gradients ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Gradient:
    kind: str  # "linear" or "radial"
    stops: tuple[tuple[float, tuple[float, float, float], float], ...]  # offset, rgb 0..1, alpha
    coords: dict[str, str]
    user_space: bool
    transform: Matrix

    def colour(self, t: float) -> tuple[str, float]:
        t = min(1.0, max(0.0, t))
        stops = self.stops
        if t <= stops[0][0]:
            rgb, a = stops[0][1], stops[0][2]
        elif t >= stops[-1][0]:
            rgb, a = stops[-1][1], stops[-1][2]
        else:
            for (o0, c0, a0), (o1, c1, a1) in itertools.pairwise(stops):
                if o0 <= t <= o1:
                    k = (t - o0) / (o1 - o0) if o1 > o0 else 0.0
                    rgb = tuple(c0[i] + (c1[i] - c0[i]) * k for i in range(3))  # type: ignore[assignment]
                    a = a0 + (a1 - a0) * k
                    break
        return "#" + "".join(f"{round(c * 255):02x}" for c in rgb), a

    def _num(self, name: str, default: float, extent: float) -> float:
        raw = self.coords.get(name)
        if raw is None:
            return default
        raw = raw.strip()
        try:
            return float(raw[:-1]) / 100.0 * (1.0 if not self.user_space else extent) if raw.endswith("%") else float(raw)
        except ValueError:
            return default

    def bands(self, outline: Path, opacity: float) -> list[Node]:
        """Flat bands of the gradient's colours covering ``outline``'s box (the caller clips them)."""
        xs = [float(v) for s in outline.segments for v in s[1::2]]
        ys = [float(v) for s in outline.segments for v in s[2::2]]
        if not xs:
            return []
        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
        bw, bh = max(x1 - x0, 1e-9), max(y1 - y0, 1e-9)
        # gradient space -> shape space
        box: Matrix = IDENTITY if self.user_space else (bw, 0.0, 0.0, bh, x0, y0)
        g = mat_mul(box, self.transform)
        out: list[Node] = []
        big = 4.0 * max(bw, bh) + abs(x0) + abs(y0) + 1.0
        reach = big / _min_scale(g)
        if self.kind == "linear":
            ax, ay = self._num("x1", 0.0, bw), self._num("y1", 0.0, bh)
            bx, by = self._num("x2", 1.0, bw), self._num("y2", 0.0, bh)
            length = math.hypot(bx - ax, by - ay) or 1e-9
            ux, uy = (bx - ax) / length, (by - ay) / length
            n = LINEAR_BANDS
            # Bands across the gradient vector (t from 0 to 1 along it), each reaching to the far
            # end so the next one is painted over it (no seam between two bands shows), the end
            # colours reaching past the shape (SVG's "pad").
            far = 1.0 + reach / length
            spans = [(-reach / length, 0.0), *((i / n, (i + 0.5) / n) for i in range(n)), (1.0, 1.0)]
            for t0, t in spans:
                colour, a = self.colour(t)
                if a * opacity <= 0:
                    continue
                s0, s1 = t0 * length, far * length
                pts = [(ax + ux * s - uy * r, ay + uy * s + ux * r) for s, r in ((s0, -reach), (s1, -reach), (s1, reach), (s0, reach))]
                segs: list[Segment] = [("M", *pts[0]), *(("L", *p) for p in pts[1:]), ("Z",)]
                out.append(Path(tuple(segs), Paint(fill=colour, opacity=round(a * opacity, 4))))
            return [Group(tuple(out), transform=g)]
        cx, cy, r = self._num("cx", 0.5, bw), self._num("cy", 0.5, bh), self._num("r", 0.5, max(bw, bh))
        colour, a = self.colour(1.0)
        if a * opacity > 0:
            out.append(Circle(cx, cy, max(reach, r), Paint(fill=colour, opacity=round(a * opacity, 4))))
        n = RADIAL_BANDS
        for i in range(n, 0, -1):
            colour, a = self.colour((i - 0.5) / n)
            if a * opacity > 0:
                out.append(Circle(cx, cy, r * i / n, Paint(fill=colour, opacity=round(a * opacity, 4))))
        return [Group(tuple(out), transform=g)]


def _min_scale(m: Matrix) -> float:
    a, b, c, d = m[0], m[1], m[2], m[3]
    return max(min(math.hypot(a, b), math.hypot(c, d)), 1e-9)


def _gradients(root: Any) -> dict[str, _Gradient]:
    """The file's linear and radial gradients by id (``href`` chains give stops and coordinates)."""
    import svgelements as S

    raw: dict[str, Any] = {}
    for el in root.iter():
        if isinstance(el.tag, str) and _local(el.tag) in ("linearGradient", "radialGradient") and el.get("id"):
            raw[el.get("id")] = el
    out: dict[str, _Gradient] = {}
    for gid, el in raw.items():
        chain, cur, seen = [], el, set()
        while cur is not None and id(cur) not in seen:
            seen.add(id(cur))
            chain.append(cur)
            href = next((v for k, v in cur.attrib.items() if _local(k) == "href"), "")
            cur = raw.get(href.strip()[1:]) if href.strip().startswith("#") else None
        stops: list[tuple[float, tuple[float, float, float], float]] = []
        for link in chain:
            found = [s for s in link if isinstance(s.tag, str) and _local(s.tag) == "stop"]
            if found:
                stops = [_stop(s, S) for s in found]
                break
        if not stops:
            continue
        for i in range(1, len(stops)):  # offsets never go back (SVG clamps them)
            if stops[i][0] < stops[i - 1][0]:
                stops[i] = (stops[i - 1][0], stops[i][1], stops[i][2])
        coords: dict[str, str] = {}
        for link in reversed(chain):
            coords.update({_local(k): v for k, v in link.attrib.items()})
        transform = IDENTITY
        if coords.get("gradientTransform"):
            try:
                transform = _matrix(S.Matrix(coords["gradientTransform"]))
            except Exception:  # noqa: BLE001
                transform = IDENTITY
        kind = "linear" if _local(el.tag) == "linearGradient" else "radial"
        out[gid] = _Gradient(kind, tuple(stops), coords, coords.get("gradientUnits") == "userSpaceOnUse", transform)
    return out


def _stop(el: Any, S: Any) -> tuple[float, tuple[float, float, float], float]:
    style = {k.strip(): v.strip() for k, _, v in (p.partition(":") for p in (el.get("style") or "").split(";")) if k.strip()}
    offset_raw = (el.get("offset") or "0").strip()
    try:
        offset = float(offset_raw[:-1]) / 100 if offset_raw.endswith("%") else float(offset_raw)
    except ValueError:
        offset = 0.0
    colour = S.Color(style.get("stop-color", el.get("stop-color", "black")))
    try:
        alpha = float(style.get("stop-opacity", el.get("stop-opacity", "1")))
    except ValueError:
        alpha = 1.0
    if colour.value is None:
        return (min(1.0, max(0.0, offset)), (0.0, 0.0, 0.0), 0.0)
    rgb = (colour.red / 255, colour.green / 255, colour.blue / 255)
    return (min(1.0, max(0.0, offset)), rgb, min(1.0, max(0.0, alpha)) * colour.alpha / 255)

