"""The data format's documentation and JSON Schema, generated from the models.

Every field's description is written once, in the model, and appears in
``docs/format.md`` (``printkit docs``) and in the JSON Schema (``printkit schema``)
that editors use to complete and check ``game.toml``.
"""

from __future__ import annotations

import json
import typing
from typing import Annotated, Any, Union

from pydantic import BaseModel, Field, create_model
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from printkit import model
from printkit.elements import load_elements
from printkit.kinds import KINDS, load_kinds
from printkit.limits import markdown as limits_markdown
from printkit.symbols import SYMBOLS
from printkit.units import UNITS

DOC_PATH = "docs/format.md"


def component_union() -> Any:
    kinds = load_kinds()
    models = tuple(k.model for _, k in sorted(kinds.items()))
    if len(models) == 1:
        return models[0]
    return Annotated[Union[models], Field(discriminator="kind")]  # noqa: UP007


def game_model() -> type[BaseModel]:
    """``GameFile`` with ``components`` typed by the registered kinds (for the schema)."""
    # The list's item type is built at run time from the registered kinds: a type mypy cannot see.
    components: Any = list[component_union()]  # type: ignore[misc]
    return create_model(
        "GameToml",
        __base__=model.GameFile,
        components=(components, Field(description="The components, each a table with a `kind`.")),
    )


def json_schema() -> dict[str, Any]:
    schema = _tagged(game_model().model_json_schema())
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "printkit game.toml"
    return schema


def _tagged(node: Any) -> Any:
    """Unions picked by a tag (an element's ``type``, a component's ``kind``) in a form standard
    validators follow: the tag is one of the known values, and ``if`` the tag is X ``then`` the
    table is X's schema. Pydantic writes ``oneOf`` + ``discriminator``, which validators ignore
    (OpenAPI's keyword): they then say only "not valid under any of the given schemas", where an
    editor should name the typo inside the element."""
    if isinstance(node, list):
        return [_tagged(v) for v in node]
    if not isinstance(node, dict):
        return node
    node = {k: _tagged(v) for k, v in node.items()}
    tag = node.get("discriminator")
    if isinstance(tag, dict) and "oneOf" in node and isinstance(tag.get("mapping"), dict):
        prop, mapping = tag["propertyName"], tag["mapping"]
        rest = {k: v for k, v in node.items() if k not in ("discriminator", "oneOf")}
        return {
            **rest,
            "type": "object",
            "required": [prop],
            "properties": {prop: {"enum": sorted(mapping)}},
            "allOf": [{"if": {"properties": {prop: {"const": value}}, "required": [prop]}, "then": {"$ref": ref}}
                      for value, ref in sorted(mapping.items())],
        }
    return node


def _is_length(field: FieldInfo) -> bool:
    return any(m is model.LENGTH_SCHEMA for m in field.metadata)


def describe_type(ann: Any) -> str:
    """A reader's name for a type: "length", "one of a, b", "list of text", ..."""
    origin, args = typing.get_origin(ann), typing.get_args(ann)
    if origin is Annotated:
        if any(m is model.LENGTH_SCHEMA for m in args[1:]):
            return "length"
        return describe_type(args[0])
    if origin in (Union, getattr(__import__("types"), "UnionType", Union)):
        names = [describe_type(a) for a in args if a is not type(None)]
        return " or ".join(dict.fromkeys(names))
    if origin is typing.Literal:
        return "one of " + ", ".join(f"`{a}`" for a in args)
    if origin in (list, tuple):
        inner = dict.fromkeys(describe_type(a) for a in args if a is not Ellipsis)
        return "list of " + " or ".join(inner)
    if origin is dict:
        return "table of " + describe_type(args[1])
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return ann.__name__
    return {str: "text", int: "whole number", float: "number", bool: "true/false"}.get(ann, "any")


def type_name(field: FieldInfo) -> str:
    if _is_length(field):
        return "length"
    return describe_type(field.annotation)


def default_text(field: FieldInfo) -> str:
    if field.is_required():
        return "required"
    value = field.default
    if value is PydanticUndefined or value is None:
        return ""
    if isinstance(value, BaseModel):
        return "see below"
    return f"`{json.dumps(value, ensure_ascii=False)}`"


def fields_table(m: type[BaseModel], skip: tuple[str, ...] = ()) -> list[str]:
    rows = ["| key | type | default | what it is |", "|---|---|---|---|"]
    for name, field in m.model_fields.items():
        if name in skip:
            continue
        if field.annotation is model.Transform:  # its keys are written on the element itself
            types = {"rotate": "number or text", "origin": "[x, y]", "mirror": "one of `none`, `x`, `y`, `both`",
                     "scale": "number or [across, down]", "translate": "[dx, dy]"}
            for key, sub in model.Transform.model_fields.items():
                if key not in m.model_fields and key not in skip:
                    desc = (sub.description or "").replace("|", "\\|")
                    rows.append(f"| `{key}` | {types[key]} | {default_text(sub)} | {desc} |")
            continue
        desc = (field.description or "").replace("|", "\\|").replace("\n", " ")
        rows.append(f"| `{name}` | {type_name(field).replace('|', ' or ')} | {default_text(field)} | {desc} |")
    return rows


def _doc(m: type[BaseModel]) -> str:
    return " ".join((m.__doc__ or "").split())


def nested_models(root: type[BaseModel]) -> list[tuple[str, type[BaseModel]]]:
    """Every model reachable from ``root``'s fields (key path, model), each once, in field order."""
    out: list[tuple[str, type[BaseModel]]] = []
    seen: set[type[BaseModel]] = set()

    def visit(prefix: str, m: type[BaseModel]) -> None:
        for name, field in m.model_fields.items():
            for arg in typing.get_args(field.annotation) or (field.annotation,):
                for inner in typing.get_args(arg) or (arg,):
                    inner = typing.get_args(inner)[0] if typing.get_origin(inner) is Annotated else inner
                    if isinstance(inner, type) and issubclass(inner, BaseModel) and inner not in seen:
                        seen.add(inner)
                        out.append((f"{prefix}{name}", inner))
                        visit(f"{prefix}{name}.", inner)

    visit("", root)
    return out


def sections() -> list[tuple[str, type[BaseModel]]]:
    """Every table of ``game.toml`` that is a model of its own, in file order."""
    return nested_models(model.GameFile)


def templates_section() -> list[str]:
    """What a template may compute: the expression language of printkit/expr.py, with its limits."""
    from printkit import expr
    from printkit.elements.repeat import MAX_COPIES, MAX_REPEAT, MAX_SHAPES

    return [
        "## Templates",
        "",
        "Inside braces, a template holds a field (`{colour.name}`) or an expression: `{i * 22.5 + 4}`, "
        "`{max(row.cost - 1, 0)}`, `{'dark' if (r + c) % 2 else 'light'}`. An expression may use numbers, text "
        "in quotes, `true`, `false`, `pi`, fields (a dotted name is a field of the piece, never a Python "
        "attribute; a `-` in an expression is a minus sign), `+ - * / // % **`, comparisons "
        "(`== != < <= > >=`), `and`, `or`, `not`, `a if condition else b`, and these functions only:",
        "",
        *[f"- `{doc.split(':')[0]}`:{doc.split(':', 1)[1]}" for _, doc in expr.FUNCTIONS.values()],
        "",
        "A value that is the whole template keeps its type (`x = \"{i * 10}\"` is a number); inside a text, "
        "numbers print without a useless `.0` (`{i * 1.5}` prints `3`), and so does a text that is one whole "
        "expression (`text = \"{(k + 1) * (k + 2) / 2}\"` prints `3`). Text from a CSV that reads as a number "
        "computes and compares as one (`{row.a > row.b}` with 10 and 9 is true); `text(row.a)` keeps it text "
        "(compared letter by letter). In an expression, a field the piece's record lacks reads as empty "
        "(`{row.note == ''}`); computing with it is an error naming the field. Limits, each reported as a data error naming the key: "
        f"{expr.MAX_SOURCE} characters and {expr.MAX_NODES} parts per expression, results within "
        f"±{expr.MAX_MAGNITUDE:g}, exponents up to {expr.MAX_POWER}, texts up to {expr.MAX_TEXT} characters; "
        f"a `repeat` makes at most {MAX_REPEAT} copies, nested repeats at most {MAX_COPIES} in one face, "
        f"and one repeat draws at most {MAX_SHAPES} shapes.",
        "",
    ]


def format_markdown() -> str:
    load_kinds()
    lines = [
        "# The game.toml format",
        "",
        "<!-- Generated by `printkit docs` from the models' field descriptions: edit the models, not this file. -->",
        "",
        "A game is a folder under `data/` holding `game.toml` (TOML), optional CSV tables and art.",
        "Unknown keys are errors. Lengths are numbers of millimetres or text with a unit: "
        + ", ".join(f"`{u}`" for u in UNITS) + " (e.g. `\"63mm\"`, `\"2.5in\"`, `\"9pt\"`); layout coordinates may "
        "also be a percentage of the piece (`\"50%\"`). Colours are palette names, `black`, `white`, `none` or `#rrggbb`.",
        "Text values in layouts may use templates: `{set.field}` is the field of the piece's record from that set "
        "(`{row.column}` for CSV tables, `{component.name}` for the component), and a template may compute "
        "(see [Templates](#templates)).",
        "",
        *templates_section(),
        "A JSON Schema for editors: `printkit schema > game.schema.json`.",
        "",
        *limits_markdown(),
        "",
        "## Top level",
        "",
        _doc(model.GameFile),
        "",
        *fields_table(model.GameFile),
    ]
    for path, m in sections():
        lines += ["", f"## `{path}`: {m.__name__}", "", _doc(m), "", *fields_table(m)]
    lines += ["", "## Layout elements", "", "Each element of a layout's `elements` list is a table with a `type`:", ""]
    for name, element in sorted(load_elements().items()):
        lines += [f"### `{name}`", "", element.doc, "", *fields_table(element.model, skip=("type",)), ""]
    intro = "Each entry of `[[checks]]` is a table with a `type`; the proof applies it (see docs/proof.md)."
    lines += ["## Structural checks", "", intro + " Keys every check has:", "", *fields_table(model.CheckBase), ""]
    for check in typing.get_args(typing.get_args(model.Check)[0]):
        kind = typing.get_args(check.model_fields["type"].annotation)[0]
        lines += [f"### `{kind}`", "", _doc(check), "",
                  *fields_table(check, skip=("type", *model.CheckBase.model_fields)), ""]
    lines += ["## Component kinds", "", "Every entry of `[[components]]` names its `kind`; the keys it takes:", ""]
    base = set(model.ComponentBase.model_fields)
    lines += ["### Keys every kind has", "", *fields_table(model.ComponentBase, skip=("kind",)), ""]
    for name, kind in sorted(KINDS.items()):
        lines += [f"### `{name}`", "", " ".join(kind.doc.split()), "",
                  f"Printed on the `{kind.sheet}` sheets by the `{kind.layout}` layout engine.", "",
                  *fields_table(kind.model, skip=tuple(base)), ""]
        # Tables inside a kind's keys (e.g. a net's per-face content) get their own table.
        for path, sub in nested_models(kind.model):
            users = [n for n, f in kind.model.model_fields.items() if sub.__name__ in type_name(f)]
            keys = ", ".join(f"`{u}`" for u in users) or f"`{path}`"
            lines += [f"#### {sub.__name__} (in {keys})", "", _doc(sub), "", *fields_table(sub), ""]
    lines += ["## Symbols", "", "Names the `symbol` element accepts: " + ", ".join(f"`{s}`" for s in sorted(SYMBOLS)) + ".", ""]
    return "\n".join(lines)
