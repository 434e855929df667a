"""Every component kind is registered, documented, and every data field has a description."""

from __future__ import annotations

import typing

from pydantic import BaseModel

from printkit import model
from printkit.kinds import load_kinds


def walk_models(root: type[BaseModel], seen: set[type[BaseModel]]) -> None:
    if root in seen:
        return
    seen.add(root)
    for field in root.model_fields.values():
        for arg in typing.get_args(field.annotation) or (field.annotation,):
            for inner in typing.get_args(arg) or (arg,):
                if isinstance(inner, type) and issubclass(inner, BaseModel):
                    walk_models(inner, seen)


def test_kinds_are_registered_and_documented() -> None:
    kinds = load_kinds()
    assert {"card", "token", "board"} <= set(kinds)
    for name, kind in kinds.items():
        assert kind.doc.strip(), f"kind {name} has no documentation"
        assert kind.model.model_fields["kind"].annotation == typing.Literal[name]  # type: ignore[valid-type]


def test_every_field_is_described() -> None:
    models: set[type[BaseModel]] = set()
    walk_models(model.GameFile, models)
    for el in typing.get_args(typing.get_args(model.Element)[0]):
        walk_models(el, models)
    for kind in load_kinds().values():
        walk_models(kind.model, models)
    missing = [f"{m.__name__}.{n}" for m in models for n, f in m.model_fields.items() if not f.description]
    assert missing == []
    assert len(models) > 10
