"""What rulebook templates see: the one function that builds their context from a drawn kit.

Only plain values (strings, numbers, lists, dicts) go in, never model objects, so a
template cannot reach past the data. Counts come from the loaded variants, the very
numbers the sheets are printed from, so the rules cannot disagree with the kit.
"""

from __future__ import annotations

from typing import Any

from printkit.drawing import Drawing
from printkit.game import Game
from printkit.rulebook.diagrams import piece_ref


def build_context(game: Game, faces: dict[str, Drawing],
                  assembled: dict[str, tuple[float, float, float]] | None = None) -> dict[str, Any]:
    """``assembled``: the built size (mm, largest first) of components whose pieces are folded into
    solids; the component table then gives that size, not the size of the flat net."""
    info = game.info
    assembled = assembled or {}
    components = []
    for comp in game.components:
        ref = piece_ref(game, faces, comp.id, "component")
        face = faces.get(ref) if ref else None
        components.append({
            "id": comp.id,
            "name": comp.label,
            "kind": comp.kind,
            "count": game.pieces(comp),
            "variants": len(game.variants[comp.id]),
            "breakdown": [{"name": v.key, "count": v.copies} for v in game.variants[comp.id] if v.key],
            "width": round(face.width, 1) if face else None,
            "height": round(face.height, 1) if face else None,
            "picture": f"component:{comp.id}" if face else None,
            "built": [round(float(v), 1) for v in assembled[comp.id]] if comp.id in assembled else None,
        })
    return {
        "game": {
            "id": game.id,
            "title": info.title,
            "subtitle": info.subtitle,
            "players": info.players,
            "age": info.age,
            "time": info.time,
            "designer": info.designer,
        },
        "components": components,
        "component": {c["id"]: c for c in components},
        "total": sum(c["count"] for c in components),
        "sets": {name: [dict(r) for r in records] for name, records in game.data.sets.items()},
        "rules": game.data.rules,
        "assumptions": [{"id": a.id, "text": a.text, "about": list(a.about)} for a in game.data.assumptions],
        "diagrams": sorted(game.data.diagrams),
        "pieces": sorted(faces),
    }
