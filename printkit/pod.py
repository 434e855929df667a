"""Print-on-demand exports: every card face and back as one image at an online printer's size.

A printer that makes decks from uploaded images wants one picture per face at its own size,
resolution, bleed and safe zone. Those numbers are data: a *profile* in
``printkit/pod_profiles.toml`` (two shipped, with their sources; see docs/print-on-demand.md).
``[print] pod = ["thegamecrafter-poker"]`` (or ``--pod``) writes, for each profile, under
``pod/<profile>/``: an image per distinct face and back of every card component (components on
the grid layout) whose size matches the profile, ``counts.csv`` (how many of each to order) and
``report.txt`` (what was skipped and which faces have text or art outside the safe zone).

Fitting: the card is scaled uniformly so that its trim covers the profile's trim (the larger of the
two ratios; a card of exactly the profile's size is not scaled) and centred, so the card's trim lands
on the profile's trim and never inside it. The card is drawn for this with at least
:func:`least_bleed` of bleed, so its scaled bleed covers the profile's bleed. A card whose size
differs from the profile's by more than :data:`TOLERANCE` is not exported for it (reported). Safe
zone: a text, picture or shape that stays on the card (a background, a full-bleed band or a line
that runs past the trim into the bleed is meant to run off the edge) and reaches outside the
profile's safe rectangle is reported.
"""

from __future__ import annotations

import io
import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from printkit.csvfile import csv_bytes
from printkit.drawing import Drawing, Role, Text, bounds, walk
from printkit.errors import DataError, Problem
from printkit.layout import Item
from printkit.units import UnitError, parse_length

PROFILES = Path(__file__).resolve().parent / "pod_profiles.toml"
TOLERANCE = 0.03
"""Largest relative difference between a card's trim and a profile's trim that is still exported."""
ART: tuple[Role, ...] = ("art",)


@dataclass(frozen=True)
class Profile:
    name: str
    title: str
    trim: tuple[float, float]
    dpi: float
    bleed: float
    safe: float
    format: str
    naming: str
    source: str

    @property
    def pixels(self) -> tuple[int, int]:
        """The image size: trim + 2 x bleed at ``dpi``."""
        return (round((self.trim[0] + 2 * self.bleed) / 25.4 * self.dpi),
                round((self.trim[1] + 2 * self.bleed) / 25.4 * self.dpi))


@cache
def profiles() -> dict[str, Profile]:
    """The shipped profiles, checked (a broken entry is a bug of printkit, named plainly)."""
    data = tomllib.loads(PROFILES.read_text(encoding="utf-8"))
    out = {}
    for name, p in data.items():
        try:
            out[name] = Profile(name, str(p["title"]), (parse_length(p["trim"][0]), parse_length(p["trim"][1])),
                                float(p["dpi"]), parse_length(p["bleed"]), parse_length(p["safe"]),
                                str(p["format"]), str(p["naming"]), str(p["source"]))
        except (KeyError, IndexError, TypeError, ValueError, UnitError) as exc:
            raise ValueError(f"{PROFILES.name}: [{name}]: {exc}") from None
        if out[name].format not in ("png", "jpg"):
            raise ValueError(f"{PROFILES.name}: [{name}].format: expected png or jpg")
    return out


def profile_for(name: str, where: str) -> Profile:
    known = profiles()
    if name not in known:
        raise DataError([Problem(where, "print.pod", f"a print-on-demand profile: {', '.join(sorted(known))}",
                                 f'"{name}"')])
    return known[name]


def least_bleed(names: list[str], where: str) -> float:
    """The bleed (mm) a card needs so that, scaled by as little as ``1 / (1 + TOLERANCE)``, it still covers
    the bleed of every profile in ``names``."""
    return max((profile_for(n, where).bleed for n in names), default=0.0) * (1 + TOLERANCE)


def _fit(face: Drawing, profile: Profile) -> float | None:
    """The uniform scale that maps the face's trim onto the profile's trim (None: sizes differ): the larger
    of the two ratios, so the printer's trim never falls outside the design's."""
    pw, ph = profile.trim
    if abs(face.width / pw - 1) > TOLERANCE or abs(face.height / ph - 1) > TOLERANCE:
        return None
    return max(pw / face.width, ph / face.height)


def _bbox(shape: object, m: tuple[float, ...]) -> tuple[float, float, float, float] | None:
    from printkit.render.fonts import text_width

    return bounds(shape, m, text_width)  # type: ignore[arg-type]


def outside_safe(face: Drawing, profile: Profile, scale: float) -> list[str]:
    """What on the face reaches outside the profile's safe rectangle (texts by their words)."""
    # The profile's safe rectangle in the face's own millimetres (the trims share their centre).
    cx, cy = face.width / 2, face.height / 2
    hw, hh = (profile.trim[0] / 2 - profile.safe) / scale, (profile.trim[1] / 2 - profile.safe) / scale
    x0, y0, x1, y1 = cx - hw, cy - hh, cx + hw, cy + hh
    found: list[str] = []
    for shape, m in walk(face.children, face.defs):
        if shape.role != "art":
            continue
        box = _bbox(shape, m)
        if box is None:
            continue
        bx0, by0, bx1, by1 = box
        if not isinstance(shape, Text) and (bx0 < -0.01 or by0 < -0.01 or bx1 > face.width + 0.01
                                            or by1 > face.height + 0.01):
            continue  # runs past the trim into the bleed (a background, a band, a line): meant to run off the edge
        if bx0 < x0 - 0.01 or by0 < y0 - 0.01 or bx1 > x1 + 0.01 or by1 > y1 + 0.01:
            what = f'text "{shape.text}"' if isinstance(shape, Text) else type(shape).__name__.lower()
            if what not in found:
                found.append(what)
    return found


def _encode(image: object, profile: Profile) -> bytes:
    from printkit.render.raster import png_bytes

    if profile.format == "png":
        return png_bytes(image, profile.dpi)  # type: ignore[arg-type]
    buf = io.BytesIO()
    image.save(buf, format="JPEG", quality=95, dpi=(profile.dpi, profile.dpi), optimize=False)  # type: ignore[attr-defined]
    return buf.getvalue()


def pod_files(game_rel: str, names: list[str], items: list[Item], faces: dict[str, Drawing],
              prefix: str = "pod") -> tuple[dict[str, bytes], dict[str, object]]:
    """The images, counts and report of every profile in ``names`` for the card ``items``; and manifest entries."""
    from printkit.render.pdf import PdfWriter
    from printkit.render.raster import pdf_images

    files: dict[str, bytes] = {}
    manifest: dict[str, object] = {}
    fronts = Counter(i.front_ref for i in items)
    backs = Counter(i.back_ref for i in items if i.back_ref)
    refs = [*dict.fromkeys(i.front_ref for i in items), *dict.fromkeys(i.back_ref for i in items if i.back_ref)]
    for name in names:
        profile = profile_for(name, game_rel)
        w_px, h_px = profile.pixels
        rows: list[list[str]] = []
        skipped: dict[str, str] = {}
        unsafe: dict[str, list[str]] = {}
        n = 0
        for ref in refs:
            face = faces[ref]
            scale = _fit(face, profile)
            if scale is None:
                skipped[ref] = f"{face.width:g} x {face.height:g} mm is not {profile.trim[0]:.1f} x {profile.trim[1]:.1f} mm"
                continue
            n += 1
            side = "front" if ref in fronts else "back"
            writer = PdfWriter(io.BytesIO(), title=ref, roles=ART)
            writer.page(face)
            (image,) = pdf_images(writer.close(), profile.dpi * scale, f"{game_rel}: print-on-demand image of {ref}")
            left, top = (image.width - w_px) // 2, (image.height - h_px) // 2
            image = image.crop((left, top, left + w_px, top + h_px))
            file = profile.naming.format(n=f"{n:03d}", ref=ref, side=side) + "." + profile.format
            files[f"{prefix}/{name}/{file}"] = _encode(image, profile)
            rows.append([file, ref, side, str(fronts[ref] if side == "front" else backs[ref])])
            crossing = outside_safe(face, profile, scale)
            if crossing:
                unsafe[ref] = crossing
        files[f"{prefix}/{name}/counts.csv"] = csv_bytes(["file", "face", "side", "quantity"], rows)
        lines = [f"{profile.title}: {len(rows)} images of {w_px} x {h_px} px at {profile.dpi:g} dpi "
                 f"(trim {profile.trim[0]:.2f} x {profile.trim[1]:.2f} mm, bleed {profile.bleed:.2f} mm, "
                 f"safe zone {profile.safe:.2f} mm inside the trim)", f"source: {profile.source}", ""]
        lines += [f"not exported: {ref}: {why}" for ref, why in skipped.items()]
        lines += [f"outside the safe zone: {ref}: {', '.join(what)}" for ref, what in unsafe.items()]
        if not rows:
            lines.append(f"no face exported: no card of this game is {profile.trim[0]:.1f} x {profile.trim[1]:.1f} mm")
        elif not skipped and not unsafe:
            lines.append("every face fits the profile and keeps its text and art inside the safe zone")
        files[f"{prefix}/{name}/report.txt"] = ("\n".join(lines) + "\n").encode("utf-8")
        manifest[name] = {"images": len(rows), "pixels": [w_px, h_px], "dpi": profile.dpi,
                          "skipped": sorted(skipped), "outside_safe": unsafe}
    return files, manifest
