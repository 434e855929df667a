"""Load a game folder into a typed :class:`Game`, collecting every problem at once.

Each problem names the file, the key path, what was expected and what was found.
Nothing here draws or writes; a game that loads is a game that can be built.
"""

from __future__ import annotations

import csv
import io
import itertools
import re
import tomllib
import typing
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from printkit.errors import DataError, Problem, found_repr, suggest
from printkit.folders import GAME_FILE, discover  # noqa: F401  (re-exported)
from printkit.game import BUILTIN_COLOURS, Game, Variant, colour_expected, is_colour
from printkit.kinds import KINDS, load_kinds, load_named
from printkit.model import MAX_COUNT, ComponentBase, TableSource, game_file
from printkit.papers import paper_size
from printkit.reading import (  # re-exported
    MAX_ROW_PROBLEMS,
    MAX_TABLE_BYTES,
    MAX_TOML_BYTES,
    confined,
    decode_text,
    read_limited,
    separator,
)
from printkit.tables import cell_name, is_spreadsheet, read_sheet, table_file
from printkit.tomlpos import KeyLines, line_of, syntax_context

if TYPE_CHECKING:
    from printkit.model import GameFile


def _loc(loc: tuple[Any, ...], prefix: str = "") -> str:
    out = prefix
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part in ("function-after[_size()]",) or str(part).startswith(("function-", "tagged-union")):
            continue
        else:
            out += f".{part}" if out else str(part)
    return out


def _expected(err: Any, model_fields: list[str] | None = None) -> str:
    kind, ctx = err["type"], err.get("ctx") or {}
    if kind == "extra_forbidden":
        known = f" (known keys: {', '.join(model_fields)})" if model_fields else ""
        return "no such key" + known
    if kind == "missing":
        return "this required key"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return "a whole number"
    if kind == "int_parsing_size":
        return "a whole number of at most 4300 digits"
    if kind in ("float_type", "float_parsing"):
        return "a number"
    if kind == "greater_than_equal":
        return f"a number of at least {ctx.get('ge')}"
    if kind == "greater_than":
        return f"a number greater than {ctx.get('gt')}"
    if kind == "less_than_equal" and err["loc"] and err["loc"][-1] == "count":
        return f"at most {ctx.get('le')} (printkit refuses more than {MAX_COUNT} pieces of one component)"
    if kind == "less_than_equal":
        return f"at most {ctx.get('le')} (a limit that refuses absurd values)"
    if kind == "literal_error":
        return f"one of {ctx.get('expected')}"
    if kind == "string_type":
        return "text"
    if kind == "bool_type":
        return "true or false"
    if kind in ("list_type", "tuple_type"):
        return "a list"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return "a table"
    if kind == "string_pattern_mismatch":
        return "an id of lowercase letters, digits, - and _"
    if kind == "union_tag_invalid":
        return f"one of {ctx.get('expected_tags')}"
    if kind == "union_tag_not_found":
        return f"a `{ctx.get('discriminator', 'type').strip(chr(39))}` key"
    if kind == "too_short":
        return f"at least {ctx.get('min_length')} items"
    if kind == "string_too_long":
        return f"text of at most {ctx.get('max_length')} characters"
    if kind == "too_long":
        return f"at most {ctx.get('max_length')} items"
    if kind == "value_error":
        return str(err["msg"]).removeprefix("Value error, ")
    return str(err["msg"]).lower()


def _problems(exc: ValidationError, file: str, prefix: str, model: Any = None) -> list[Problem]:
    out = []
    for err in exc.errors():
        loc = _untagged(model, err["loc"]) if model is not None else err["loc"]
        fields = None
        if err["type"] == "extra_forbidden" and model is not None:
            fields = _fields_at(model, err["loc"][:-1])  # with the union's tag, which picks the model
        found = "nothing" if err["type"] == "missing" else found_repr(err.get("input"))
        expected = _expected(err, fields)
        if err["type"] == "extra_forbidden":
            found = f"`{loc[-1]}`" + suggest(loc[-1], fields or ())
        if err["type"] == "value_error" and isinstance(err.get("input"), dict):
            # a whole element's validator that names one of its keys first (a `count` of 1 to 1000): point there
            named = re.match(r"[^`]*`(\w+)`", str(err["msg"]))
            if named and named.group(1) in err["input"]:
                loc, found = (*loc, named.group(1)), found_repr(err["input"][named.group(1)])
        if err["type"] == "union_tag_invalid":
            # `type = "txt"`: name the key and the value, not the whole element
            ctx = err.get("ctx") or {}
            key = str(ctx.get("discriminator", "type")).strip("'")
            tags = re.findall(r"'([^']*)'", str(ctx.get("expected_tags", "")))
            loc, found = (*loc, key), found_repr(ctx.get("tag")) + suggest(ctx.get("tag"), tags)
            what = "an element type" if "elements" in loc else "a check type" if "checks" in loc else "one of"
            expected = f"{what} ({', '.join(tags)})"
        out.append(Problem(file, _loc(loc, prefix), expected, found))
    return out


def _tag(model: Any) -> Any:
    """The value of a model's ``type`` or ``kind`` literal: what picks it out of a union."""
    for key in ("type", "kind"):
        field = getattr(model, "model_fields", {}).get(key)
        args = typing.get_args(field.annotation) if field is not None else ()
        if len(args) == 1:
            return args[0]
    return None


def _unwrap(ann: Any) -> Any:
    while typing.get_origin(ann) is typing.Annotated:
        ann = typing.get_args(ann)[0]
    return ann


def _tagged_one(ann: Any) -> bool:
    """A discriminated union of one model (``Annotated[Model, Field(discriminator=...)]``): pydantic puts
    the tag in an error's location as it does for a union of more."""
    return (typing.get_origin(ann) is typing.Annotated and hasattr(_unwrap(ann), "model_fields")
            and any(getattr(meta, "discriminator", None) for meta in typing.get_args(ann)[1:]))


def _walk(model: Any, loc: tuple[Any, ...]) -> tuple[Any, tuple[Any, ...]]:
    """Follow ``loc`` through the types: (the model at its end, or None; ``loc`` without union tags)."""
    ann: Any = model
    kept: list[Any] = []
    for i, part in enumerate(loc):
        one = _tagged_one(ann)
        ann = _unwrap(ann)
        origin, args = typing.get_origin(ann), typing.get_args(ann)
        if str(part).startswith(("function-", "tagged-union")):
            kept.append(part)
            continue
        kept.append(part)
        if one and part == _tag(ann):  # the tag of a union of one (a game naming one check type)
            kept.pop()
        elif origin in (list, tuple, set, frozenset) and isinstance(part, int):
            ann = args[0] if args else None
        elif origin is dict:
            ann = args[1] if len(args) == 2 else None
        elif args and origin is not None and not hasattr(ann, "model_fields"):  # a union: the tag picks the member
            members = [_unwrap(a) for a in args]
            tagged = [m for m in members if _tag(m) == part]
            if tagged:
                kept.pop()  # the tag is not a key of the data
                ann = tagged[0]
            else:
                ann = None
        elif hasattr(ann, "model_fields") and part in ann.model_fields:
            ann = ann.model_fields[part].annotation
        else:
            ann = None
        if ann is None:  # somewhere the models do not describe: keep the rest as it is
            return None, (*kept, *loc[i + 1:])
    ann = _unwrap(ann)
    return (ann if hasattr(ann, "model_fields") else None), tuple(kept)


def _untagged(model: Any, loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """``layouts.card.elements[1].text.fil`` -> ``layouts.card.elements[1].fil``: the tag is not a key."""
    return _walk(model, loc)[1]


def _fields_at(model: Any, loc: tuple[Any, ...]) -> list[str] | None:
    """The keys a model accepts at ``loc`` (best effort, for 'known keys' and 'did you mean' hints)."""
    found = _walk(model, loc)[0]
    return sorted(found.model_fields) if found is not None else None


MAX_KEY = 100
"""Longest variant key: keys become parts of file names (``svg/<component>-<key>-back.svg``), and
a file name longer than the file system allows (255 bytes) would fail the build at the very end."""


def slug(name: str) -> str:
    """A variant key safe as part of a file name: letters, digits, - and _ (nothing else)."""
    return _NOT_SLUG.sub("-", name).strip("-")


_NOT_SLUG = re.compile(r"[^A-Za-z0-9_-]+")
_COUNT = re.compile(r"\d+")
"""(Compiled once: a table of 10,000 rows asks both of every row.)"""


def short_key(key: str) -> str:
    """``key`` cut to :data:`MAX_KEY` characters, ending in a hash of the whole so long keys stay distinct."""
    if len(key) <= MAX_KEY:
        return key
    import hashlib

    return key[:MAX_KEY - 9].rstrip("-_") + "-" + hashlib.sha256(key.encode()).hexdigest()[:8]


def _read_table(game_root: Path, comp: ComponentBase, file: str, key: str) -> list[Variant]:
    assert comp.table is not None
    source = comp.table if not isinstance(comp.table, str) else TableSource(file=comp.table)
    rel = source.file
    fkey = key if isinstance(comp.table, str) else f"{key}.file"
    path = confined(game_root, rel, file, fkey)
    where = str(game_root / rel)
    data = read_limited(path, MAX_TABLE_BYTES, where, "")
    sheet_name: str | None = None
    if is_spreadsheet(rel):
        sheet = read_sheet(data, rel, where, source.sheet, MAX_COUNT, (file, f"{key}.sheet"))
        sheet_name, header = sheet.name, sheet.header
        rows: list[tuple[int, list[str] | str]] = list(sheet.rows)
        line_one: int | None = None  # a spreadsheet's cells are named (Deck!C7), not given a line
    else:
        if source.sheet is not None:
            raise DataError([Problem(file, f"{key}.sheet", "no sheet for a CSV table (sheets are for .xlsx and .ods)",
                                     found_repr(source.sheet))])
        header, rows = _csv_rows(data, where)
        line_one = 1
    names = [h.strip() for h in header]
    if not names:
        raise DataError([Problem(where, "header", "a header row naming the columns", "an empty file", line=line_one)])
    dupes = sorted({h for h in names if names.count(h) > 1})
    if dupes or "" in names:
        raise DataError([Problem(where, "header", "distinct, non-empty column names",
                                 ", ".join(found_repr(h) for h in (dupes or [""])), line=line_one)])
    qty = source.quantity
    if not isinstance(comp.table, str) and qty != "quantity" and qty not in names:
        raise DataError([Problem(file, f"{key}.quantity", f"a column of {rel} ({', '.join(names)})",
                                 found_repr(qty) + suggest(qty, names))])
    problems: list[Problem] = []
    variants: list[Variant] = []
    # A row's piece is named by its `name` column (`Name` or `NAME` as a spreadsheet may head it).
    name_column = "name" if "name" in header else next((h for h in header if h.strip().lower() == "name"), None)
    for line, cells in rows:
        if len(problems) >= MAX_ROW_PROBLEMS:  # a file that is not this table: enough said
            problems.append(Problem(where, "", f"a table (stopped after {MAX_ROW_PROBLEMS} bad rows)", "more",
                                    line=line))
            break
        i = len(variants) + len(problems) + 2
        if isinstance(cells, str):  # a CSV row with the wrong number of cells
            problems.append(Problem(where, f"row {i}", f"{len(header)} cells ({', '.join(header)})", cells, line=line))
            continue
        row = dict(zip(header, cells, strict=True))
        copies = comp.count
        if qty in row:
            q = row[qty].strip()
            if not _COUNT.fullmatch(q) or not 1 <= int(q) <= MAX_COUNT:
                at = cell_name(sheet_name, header.index(qty), line, qty) if sheet_name else f"row {i}.{qty}"
                problems.append(Problem(where, at, f"a whole number from 1 to {MAX_COUNT}", found_repr(q),
                                        line=None if sheet_name else line))
                continue
            copies *= int(q)
        name = ((row.get(name_column) if name_column else None) or str(i - 1)).strip()
        variants.append(Variant(short_key(slug(name.lower())) or str(i - 1), {"row": row}, copies, (path, line), sheet_name))
        if len(variants) > MAX_COUNT:
            problems.append(Problem(where, "", f"at most {MAX_COUNT} rows (printkit refuses more than {MAX_COUNT} pieces of one component)", "more", line=line))
            break
    if problems:
        raise DataError(problems)
    if not variants:
        raise DataError([Problem(where, "", "at least one row of pieces under the header", "only the header", line=line_one)])
    return _unique(variants)


def _csv_rows(data: bytes, where: str) -> tuple[list[str], list[tuple[int, list[str] | str]]]:
    """A CSV table's header and its rows with their lines (a row of the wrong width: its cell count, as text)."""
    text = decode_text(data, where, table=True)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator(text))
    rows: list[tuple[int, list[str] | str]] = []
    try:
        header = next(reader, None)
        if not header:
            raise DataError([Problem(where, "header", "a header row naming the columns", "an empty file", line=1)])
        for cells in reader:
            if not cells:  # a blank line, skipped as csv.DictReader does
                continue
            rows.append((reader.line_num, cells if len(cells) == len(header) else f"{len(cells)} cells"))
            if len(rows) > MAX_COUNT + 1:
                break
    except csv.Error as exc:
        raise DataError([Problem(where, f"row {reader.line_num}", "valid CSV", str(exc).lower(), line=reader.line_num)]) from None
    return header, rows


def _unique(variants: list[Variant]) -> list[Variant]:
    """Give variants whose keys collide (rows of the same name) distinct keys: -2, -3, ..."""
    seen: dict[str, int] = {}
    out = []
    for v in variants:
        n = seen.get(v.key, 0) + 1
        seen[v.key] = n
        out.append(v if n == 1 else replace(v, key=f"{v.key}-{n}"))
    return out


def _variants(data: GameFile, comp: ComponentBase, root: Path, file: str, path: str) -> list[Variant]:
    if comp.table is not None:
        if comp.vary:
            raise DataError([Problem(file, f"{path}.vary", "either `vary` or `table`, not both", found_repr(comp.vary))])
        return _read_table(root, comp, file, f"{path}.table")
    if not comp.vary:
        generate = KINDS[comp.kind].variants
        generated = generate(comp) if generate is not None else None
        return generated if generated is not None else [Variant("", {}, comp.count)]
    problems = []
    axes: list[list[dict[str, Any]]] = []
    for i, name in enumerate(comp.vary):
        records = data.sets.get(name)
        if records is None:
            problems.append(Problem(file, f"{path}.vary[{i}]", "a set defined under [sets] (" + ", ".join(sorted(data.sets)) + ")",
                                    found_repr(name) + suggest(name, data.sets)))
            continue
        # Two records of one name are left to the proof, which names the duplicate pieces.
        for j, rec in enumerate(records):
            if "name" not in rec:
                problems.append(Problem(file, f"sets.{name}[{j}]", "a `name` key", "none"))
        axes.append(records)
    if problems:
        raise DataError(problems)
    total = comp.count
    for records in axes:
        total *= len(records)
    if total > MAX_COUNT:
        sizes = " x ".join(str(len(r)) for r in axes)
        raise DataError([Problem(file, f"{path}.vary", f"at most {MAX_COUNT} pieces of one component", f"{sizes} variants x {comp.count} copies = {total}")])
    out = []
    for combo in itertools.product(*axes):
        key = short_key("-".join(slug(str(rec["name"])) or "x" for rec in combo))
        out.append(Variant(key, dict(zip(comp.vary, combo, strict=True)), comp.count))
    return _unique(out)


def _check_layouts(data: GameFile, file: str) -> list[Problem]:
    problems = []
    for name, layout in data.layouts.items():
        seen = [name]
        cur = layout.extends
        while cur is not None:
            if cur not in data.layouts:
                problems.append(Problem(file, f"layouts.{name}.extends", "a layout defined under [layouts]", found_repr(cur)))
                break
            if cur in seen:
                problems.append(Problem(file, f"layouts.{name}.extends", "no circular extends", " -> ".join([*seen, cur])))
                break
            seen.append(cur)
            cur = data.layouts[cur].extends
    return problems


def _check_layout_refs(data: GameFile, comp: ComponentBase, file: str, path: str) -> list[Problem]:
    problems = []
    for key in ("face", "back"):
        ref = getattr(comp, key, None)
        if isinstance(ref, str) and "{" in ref and comp.kind == "board":
            problems.append(Problem(file, f"{path}.{key}", "a layout name (a board has one face: no template)", found_repr(ref)))
        elif isinstance(ref, str) and "{" not in ref and ref not in data.layouts:
            problems.append(Problem(file, f"{path}.{key}", "a layout defined under [layouts] (" + ", ".join(sorted(data.layouts)) + ")",
                                    found_repr(ref) + suggest(ref, data.layouts)))
    return problems


def load_game(folder: Path, papers: Sequence[str] | None = None) -> Game:
    """Load and validate ``folder/game.toml``; raise :class:`DataError` with every problem found.
    ``papers``: the papers this build prints on (``--paper``), instead of the game's own ``[print] papers``.

    Problems in ``game.toml`` carry the line of the key they are about, when it can be found.
    """
    file_path = folder / GAME_FILE
    file = str(file_path)
    text = _read_toml(file_path, file)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError([_syntax_problem(file, text, str(exc))]) from None
    except RecursionError:
        raise DataError([Problem(file, "", "valid TOML", "values nested too deeply")]) from None
    lines = KeyLines(text)
    try:
        return _validate(folder, file_path, raw, lines, papers)
    except DataError as err:
        located = [_with_line(p, file, lines, raw) for p in err.problems]
        # Reported in file order: game.toml top to bottom, then the other files.
        order = {f: i for i, f in enumerate(dict.fromkeys([file, *(p.file for p in located)]))}
        located.sort(key=lambda p: (order[p.file], p.line or 0))
        raise DataError(located) from None


def _syntax_problem(file: str, text: str, msg: str) -> Problem:
    """tomllib's complaint, with the key it is about; a key or table given twice says which, and where first."""
    m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
    line = int(m.group(1)) if m else None
    key, duplicate = syntax_context(text, line)
    if duplicate is not None:
        name, first, second = duplicate
        return Problem(file, name, "each key and table given once",
                       f"a second one (first on line {first})", line=second)
    return Problem(file, key, "valid TOML", re.split(r" \(at (?:line|end)", msg)[0].lower(), line=line)


def _read_toml(file_path: Path, file: str) -> str:
    try:
        if file_path.is_symlink() and not file_path.resolve().is_relative_to(file_path.parent.resolve()):
            raise DataError([Problem(file, "", "a game.toml inside the game folder", "a link to a file outside it")])
        if file_path.exists() and not file_path.resolve().is_file():
            raise DataError([Problem(file, "", "a game.toml file", "not a regular file")])
        size = file_path.stat().st_size
        if size > MAX_TOML_BYTES:
            raise DataError([Problem(file, "", f"a file of at most {MAX_TOML_BYTES // 1_000_000} MB", f"{size / 1e6:.1f} MB")])
        return decode_text(file_path.read_bytes(), file)
    except FileNotFoundError:
        raise DataError([Problem(file, "", "a game.toml file", "no such file")]) from None
    except OSError as exc:
        raise DataError([Problem(file, "", "a file that can be read", exc.strerror or str(exc))]) from None


def _with_line(problem: Problem, file: str, lines: Mapping[Any, int], raw: Any) -> Problem:
    if problem.file != file or problem.line is not None or not problem.path:
        return problem
    return replace(problem, line=line_of(problem.path, lines, raw))


MAX_ENTRIES = 10_000
"""Most entries of any one array or table of game.toml (a set's records, a polygon's points, a layout's
elements, a palette...): checked on the raw file, before anything is validated or drawn, so that no list
or map in any form can make the work run away."""


MAX_STRING = 100_000
"""Longest text value of game.toml (a hex map's `cells` list is the longest real one)."""


def _check_entries(raw: dict[str, Any], file: str) -> None:
    """Refuse any array or table of ``raw`` with more than :data:`MAX_ENTRIES` entries, and any text
    longer than :data:`MAX_STRING` characters, naming its key."""
    problems: list[Problem] = []
    stack: list[tuple[str, Any]] = [("", raw)]
    while stack and len(problems) < 10:
        path, value = stack.pop()
        if isinstance(value, dict):
            items: list[tuple[str, Any]] = [(f"{path}.{k}" if path else str(k), v) for k, v in value.items()]
        elif isinstance(value, list):
            items = [(f"{path}[{i}]", v) for i, v in enumerate(value)]
        else:
            if isinstance(value, str) and len(value) > MAX_STRING:
                problems.append(Problem(file, path, f"a text of at most {MAX_STRING:,} characters (a limit that "
                                        "refuses runaway data)", f"{len(value):,} characters"))
            continue
        if len(items) > MAX_ENTRIES:
            problems.append(Problem(file, path or "(the file)", f"at most {MAX_ENTRIES:,} entries (a limit that "
                                    "refuses runaway data)", f"{len(items):,}"))
            continue
        stack += reversed(items)
    if problems:
        raise DataError(problems)


def _validate(folder: Path, file_path: Path, raw: dict[str, Any], lines: Mapping[Any, int],
              papers: Sequence[str] | None = None) -> Game:
    _import_kinds(raw)
    file = str(file_path)
    _check_entries(raw, file)
    model = game_file(raw)  # [[checks]] of the types the game names, no others
    try:
        data = model.model_validate(raw)
    except ValidationError as exc:
        problems = [p for p in _problems(exc, file, "", model) if not p.path.startswith("components")]
        comps = raw.get("components") if isinstance(raw, dict) else None
        if isinstance(comps, list):
            problems += _component_problems(comps, file)[1]
        raise DataError(problems or _problems(exc, file, "", model)) from None
    layout_problems = _check_layouts(data, file)
    problems = layout_problems + _check_colours(data, file)
    problems += [Problem(file, f"sets.{name}", "a set with at least one record", "none (an empty list)")
                 for name, records in data.sets.items() if not records]
    if not data.components:
        problems.append(Problem(file, "components", "at least one [[components]] table", "none (an empty list)"))
    if len(data.components) > MAX_COMPONENTS:
        problems.append(Problem(file, "components", f"at most {MAX_COMPONENTS} components (a limit that refuses "
                                "absurd games)", f"{len(data.components)}"))
        raise DataError(problems)  # not worth checking each of them
    problems += _check_expansion(data, file)
    components, comp_problems = _component_problems(data.components, file)
    problems += comp_problems
    seen: dict[str, int] = {}
    for i, comp in enumerate(components):
        if comp.id in seen:
            problems.append(Problem(file, f"components[{i}].id", "an id used by one component only", f'"{comp.id}" (also components[{seen[comp.id]}])'))
        seen.setdefault(comp.id, i)
    game = Game(folder.name, folder, file_path, data, components, source=lines, raw=raw)
    problems += _check_files(game, file)
    for comp in components:
        path = f"components.{comp.id}"
        problems += _check_layout_refs(data, comp, file, path)
        problems += _check_fits_paper(data, comp, file, path, papers)
        try:
            game.variants[comp.id] = _variants(data, comp, folder, file, path)
        except DataError as err:
            problems += err.problems
            continue
        if not game.variants[comp.id]:
            empty = [f"sets.{n}" for n in comp.vary if not data.sets.get(n, [None])]
            if not empty:
                problems.append(Problem(file, path, "a component with at least one piece", "none"))
            continue
        total = sum(v.copies for v in game.variants[comp.id])
        if total > MAX_COUNT:
            problems.append(Problem(file, f"{path}.count", f"at most {MAX_COUNT} pieces of one component", str(total)))
        if not layout_problems:
            problems += _layouts_named(game, comp, path)[1]
        if comp.table is not None and not layout_problems:
            problems += _check_columns(game, comp, path)
    pieces = sum(v.copies for vs in game.variants.values() for v in vs)
    if pieces > MAX_PIECES:
        problems.append(Problem(file, "components", f"at most {MAX_PIECES:,} pieces in one game, all components "
                                "together (a limit that refuses absurd games)", f"{pieces:,}"))
    # Ids of components that failed validation still count: no cascade of follow-on errors.
    known_ids = {c.get("id") for c in data.components if isinstance(c.get("id"), str)}
    columns = _columns(game)
    for i, exp in enumerate(data.expect):
        for cid in exp.components:
            if cid != "*" and cid not in known_ids:
                problems.append(Problem(file, f"expect[{i}].components", "a component id (" + ", ".join(sorted(str(k) for k in known_ids)) + ")",
                                        found_repr(cid) + suggest(cid, known_ids)))
        problems += _check_set_refs(data, [exp.per], file, f"expect[{i}].per", columns)
    problems += _check_checks(data, known_ids, file, columns)
    problems += _box_references(data, components, known_ids, file)
    problems += _assembly_references(data, components, known_ids, file)
    if problems:
        raise DataError(problems)
    return game


def _import_kinds(raw: dict[str, Any]) -> None:
    """Import the kinds the game's components name, and no other; every kind when one is not a kind or
    the components are not tables naming one (the problem then lists every kind, as it always did)."""
    comps = raw.get("components") if isinstance(raw, dict) else None
    named = [c.get("kind") for c in comps if isinstance(c, dict)] if isinstance(comps, list) else []
    names = [n for n in named if isinstance(n, str)]
    if not isinstance(comps, list) or len(names) < len(comps) or load_named(names) is None:
        load_kinds()


def _box_references(data: GameFile, components: list[ComponentBase], known_ids: set[Any], file: str) -> list[Problem]:
    """``[boxes]`` names components: decks must name card-like ones, boards any existing one."""
    problems = []
    cards = [c.id for c in components if hasattr(c, "dimensions") and hasattr(c, "thickness")]
    valid = {c.id for c in components}
    for i, deck in enumerate(data.boxes.decks):
        for j, cid in enumerate(deck.components):
            if cid in known_ids and cid not in valid:
                continue  # that component's own problems are reported already
            if cid not in cards:
                problems.append(Problem(file, f"boxes.decks[{i}].components[{j}]", "a card component id (" + ", ".join(cards) + ")", found_repr(cid)))
    for i, board in enumerate(data.boxes.boards):
        if board.component not in known_ids:
            problems.append(Problem(file, f"boxes.boards[{i}].component", "a component id (" + ", ".join(sorted(str(k) for k in known_ids)) + ")", found_repr(board.component)))
    return problems


def _assembly_references(data: GameFile, components: list[ComponentBase], known_ids: set[Any],
                         file: str) -> list[Problem]:
    """``[assembly]`` names output groups (for papers) and components (for notes) the kit has."""
    groups = {c.sheet or KINDS[c.kind].sheet for c in components if c.kind in KINDS} | {"box", "rules"}
    problems = [Problem(file, f"assembly.paper.{key}", "an output group of this kit (" + ", ".join(sorted(groups)) + ")",
                        found_repr(key)) for key in data.assembly.paper if key not in groups]
    problems += [Problem(file, f"assembly.notes.{key}", "a component id (" + ", ".join(sorted(str(k) for k in known_ids))
                         + ")", found_repr(key)) for key in data.assembly.notes if key not in known_ids]
    return problems


def _columns(game: Game) -> set[str]:
    """Columns of the components' CSV tables: a `per` may count by one as by a set."""
    return {col for variants in game.variants.values() for v in variants for col in v.values.get("row", {})}


def _check_set_refs(data: GameFile, names: list[str | None], file: str, key: str,
                    columns: Collection[str] = ()) -> list[Problem]:
    known = "a set defined under [sets] (" + ", ".join(sorted(data.sets)) + ")"
    if columns:
        known += " or a column of a component's table"
    return [Problem(file, key, known, found_repr(name) + suggest(name, [*data.sets, *columns]))
            for name in names if name is not None and name not in data.sets and name not in columns]


def _check_checks(data: GameFile, known_ids: set[Any], file: str, columns: Collection[str]) -> list[Problem]:
    """[[checks]] name components and sets that exist; only `requires` may name a missing component
    (that is what it checks, and the proof reports it)."""
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for key, item_id in [*((f"expect[{i}].id", e.id) for i, e in enumerate(data.expect)),
                         *((f"checks[{i}].id", c.id) for i, c in enumerate(data.checks))]:
        if item_id in seen:
            problems.append(Problem(file, key, "an id used once among [[expect]] and [[checks]]",
                                    f'"{item_id}" (also {seen[item_id]})'))
        seen.setdefault(item_id, key.removesuffix(".id"))
    expected = "a component id (" + ", ".join(sorted(str(k) for k in known_ids)) + ")"
    for i, check in enumerate(data.checks):
        key = f"checks[{i}]"
        if check.type == "requires":
            continue
        for field in ("component", "components", "board", "own"):
            value = getattr(check, field, None)
            ids = value if isinstance(value, list) else [value] if isinstance(value, str) else []
            problems += [Problem(file, f"{key}.{field}", expected, found_repr(cid) + suggest(cid, known_ids))
                         for cid in ids if cid != "*" and cid not in known_ids]
        # The check's own fields: its model is registered by the proof stage, which load does not import.
        own: Any = check
        if check.type in ("words",) and getattr(check, "set", None) is not None:
            problems += _check_set_refs(data, [own.set], file, f"{key}.set")
        if check.type == "product":
            problems += _check_set_refs(data, list(own.sets), file, f"{key}.sets")
        if check.type == "supply":
            problems += _check_set_refs(data, [own.per], file, f"{key}.per", columns)
    return problems


def _check_files(game: Game, file: str) -> list[Problem]:
    """Fonts and (non-templated) image paths: confined to the game folder and valid, before drawing."""
    from printkit.assets import read_font
    from printkit.svgart import read_art

    problems: list[Problem] = []
    settings = game.settings
    for style, rel in (("regular", settings.font), ("bold", settings.font_bold or settings.font)):
        if rel is None:
            continue
        key = "print.font" if style == "regular" or settings.font_bold is None else "print.font_bold"
        try:
            game.fonts[style] = read_font(game.root, rel, file, key)
        except DataError as err:
            problems += err.problems
    if settings.font is not None:  # the game's own face has no slant of its own: italic is set upright in it
        game.fonts["italic"], game.fonts["bold_italic"] = game.fonts["regular"], game.fonts["bold"]
    problems += _read_families(game, file)
    problems += _read_icons(game, file)
    if game.family(settings.rulebook_font) is None and not problems:
        names = game.family_names()
        problems.append(Problem(file, "print.rulebook_font", "a font family (" + ", ".join(names) + ")",
                                found_repr(settings.rulebook_font) + suggest(settings.rulebook_font, names),
                                line=game.line_of("print.rulebook_font")))
    for where, el in _all_elements(game.data):
        path = getattr(el, "path", None) if el.type == "image" else None
        if isinstance(path, str) and "{" not in path:
            try:
                read_art(game.root, path, file, f"{where}.path")
            except DataError as err:
                problems += err.problems
    return problems


def _read_families(game: Game, file: str) -> list[Problem]:
    """The ``[fonts]`` families: every file read and registered, missing styles filled from those declared."""
    from printkit.assets import read_font
    from printkit.model import FONT_NAME

    problems: list[Problem] = []
    for name, fam in game.data.fonts.items():
        if not FONT_NAME.match(name) or name in ("default", "dejavu"):
            problems.append(Problem(file, f"fonts.{name}", "a family name of letters, digits, - and _ (not default "
                                    "or dejavu, which printkit names)", found_repr(name)))
            continue
        keys: dict[str, str] = {}
        for style in ("regular", "bold", "italic", "bold_italic"):
            rel = getattr(fam, style)
            if rel is None:
                continue
            try:
                keys[style] = read_font(game.root, rel, file, f"fonts.{name}.{style}")
            except DataError as err:
                problems += err.problems
        if "regular" not in keys:
            continue
        keys.setdefault("bold", keys["regular"])
        keys.setdefault("italic", keys["regular"])
        keys.setdefault("bold_italic", keys["bold"] if fam.bold is not None else keys["italic"])
        game.families[name] = keys
    return problems


def _read_icons(game: Game, file: str) -> list[Problem]:
    """The ``[icons]``: each a library symbol or a picture file (PNG, JPEG or SVG) in the game folder, read and
    checked once."""
    from printkit.icons import image_icon, svg_icon, symbol_icon
    from printkit.model import FONT_NAME
    from printkit.svgart import SvgArt, read_art
    from printkit.symbols import SYMBOLS

    problems: list[Problem] = []
    for name, value in game.data.icons.items():
        key = f"icons.{name}"
        if not FONT_NAME.match(name):
            problems.append(Problem(file, key, "an icon name of letters, digits, - and _ starting with a letter "
                                    "(it is written :name: in a text)", found_repr(name)))
            continue
        if value in SYMBOLS:
            game.icons[name] = symbol_icon(name, value)
            continue
        if "." not in value and "/" not in value:
            problems.append(Problem(file, key, "a picture file in the game folder or a symbol ("
                                    + ", ".join(sorted(SYMBOLS)) + ")", found_repr(value) + suggest(value, SYMBOLS)))
            continue
        try:
            art = read_art(game.root, value, file, key, game.line_of(key))
            game.icons[name] = svg_icon(name, art) if isinstance(art, SvgArt) else image_icon(name, art)
        except DataError as err:
            problems += err.problems
    return problems


MAX_ELEMENTS = 20_000
"""Most elements one face may draw, repeats multiplied out (a busy board draws a few hundred)."""
MAX_NESTING = 8
"""Deepest nesting of ``repeat`` elements."""
MAX_PIECES = 200_000
"""Most pieces one game may have, all components together (twenty times the largest benchmark deck)."""
MAX_COMPONENTS = 1000
"""Most components one game may declare (a large game has a few dozen; 1000 build in about 15 s)."""


def _check_expansion(data: GameFile, file: str) -> list[Problem]:
    """Repeats multiply: refuse a layout whose elements, multiplied out, no machine could draw in time."""
    problems: list[Problem] = []

    def size(elements: list[Any], prefix: str, depth: int) -> int:
        total = 0
        for i, el in enumerate(elements):
            if getattr(el, "type", None) != "repeat":
                total += 1
                continue
            where = f"{prefix}[{i}]"
            if depth >= MAX_NESTING:
                problems.append(Problem(file, f"{where}.elements", f"repeats nested at most {MAX_NESTING} deep",
                                        "deeper"))
                return total
            from printkit.elements.repeat import static_copies

            records = static_copies(el, data.sets)
            total += records * size(el.elements, f"{where}.elements", depth + 1)
            if total > MAX_ELEMENTS:
                return total
        return total

    def layout_size(name: str, seen: tuple[str, ...] = ()) -> int:
        layout = data.layouts.get(name)
        if layout is None or name in seen:
            return 0  # unknown or circular: reported by _check_layouts
        own = size(layout.elements, f"layouts.{name}.elements", 0)
        return own + (layout_size(layout.extends, (*seen, name)) if layout.extends else 0)

    for name in data.layouts:
        n = layout_size(name)
        if n > MAX_ELEMENTS:
            problems.append(Problem(file, f"layouts.{name}.elements", f"at most {MAX_ELEMENTS:,} elements drawn on "
                                    "one face (each repeat multiplies its elements by its set's records)",
                                    f"more than {min(n, 10**12):,}"))
    return problems


def _all_elements(data: GameFile) -> list[tuple[str, Any]]:
    """Every layout element with its key path, elements nested in others (``repeat``) included."""
    out: list[tuple[str, Any]] = []

    def walk(elements: list[Any], prefix: str) -> None:
        for i, el in enumerate(elements):
            out.append((f"{prefix}[{i}]", el))
            walk(getattr(el, "elements", None) or [], f"{prefix}[{i}].elements")

    for name, layout in data.layouts.items():
        walk(layout.elements, f"layouts.{name}.elements")
    return out


COLOUR_KEYS = ("fill", "stroke", "outline", "background")


def _check_colours(data: GameFile, file: str) -> list[Problem]:
    """Colours written out in layouts (not templates) must name a known colour, found before drawing."""
    problems = []
    expected = colour_expected(data.palette)

    def check(value: object, path: str) -> None:
        if isinstance(value, str) and "{" not in value and value and not is_colour(value, data.palette):
            problems.append(Problem(file, path, expected, found_repr(value) + suggest(value, [*data.palette, *BUILTIN_COLOURS])))

    for name, layout in data.layouts.items():
        check(layout.background, f"layouts.{name}.background")
    for where, el in _all_elements(data):
        for key in type(el).model_fields:
            value = getattr(el, key, None)
            if _is_colour_key(key):
                check(value, f"{where}.{key}")
            elif key.endswith("fills") and isinstance(value, list):
                for j, fill in enumerate(value):
                    check(fill, f"{where}.{key}[{j}]")
    return problems


def _is_colour_key(key: str) -> bool:
    """Element fields holding one colour, by the naming rule every element follows."""
    return key in COLOUR_KEYS or key.endswith(("_fill", "_stroke"))


def _check_fits_paper(data: GameFile, comp: ComponentBase, file: str, path: str,
                      papers: Sequence[str] | None = None) -> list[Problem]:
    """A piece laid out whole on a page (cards, chips) must fit the printable area of every paper built:
    ``papers`` (the ones chosen for this build), else the game's ``[print] papers``."""
    size = getattr(comp, "dimensions", None)
    if KINDS[comp.kind].layout == "tile" or not isinstance(size, tuple):
        return []
    w, h = size
    key = f"{path}.size" if getattr(comp, "size", None) is not None else f"{path}.width"
    turns = KINDS[comp.kind].layout == "pack"  # packed pieces may be turned a quarter
    m = data.print.margin
    for name in papers or data.print.papers:
        size_w, size_h = paper_size(name)
        pw, ph = size_w - 2 * m, size_h - 2 * m
        fits = (w <= pw + 1e-9 and h <= ph + 1e-9) or (turns and h <= pw + 1e-9 and w <= ph + 1e-9)
        if not fits:
            return [Problem(file, key, f"a piece that fits the printable area of {name} ({pw:g} x {ph:g} mm inside a {m:g} mm margin)", f"{w:g} x {h:g} mm")]
    return []


def _row_columns(value: str) -> list[str]:
    """The CSV columns (``{row.column}``) a templated string reads, in fields and expressions."""
    if "{" not in value:
        return []
    from printkit.game import template_fields

    return [parts[1] for parts in (f.split(".") for f in template_fields(value)) if len(parts) == 2 and parts[0] == "row"]


def _layouts_named(game: Game, comp: ComponentBase, path: str) -> tuple[dict[str, set[str]], list[Problem]]:
    """The layouts a component's ``face`` and ``back`` name, over all its pieces (a template such
    as ``{row.kind}`` may name one per piece); every name must be a layout (did-you-mean)."""
    from printkit.faces import layout_for
    from printkit.game import DrawContext

    named: dict[str, set[str]] = {}
    problems: list[Problem] = []
    for key in ("face", "back"):
        ref = getattr(comp, key, None)
        if not isinstance(ref, str) or comp.kind == "board":
            continue
        if "{" not in ref:
            if ref in game.layouts:
                named.setdefault(key, set()).add(ref)
            continue
        for variant in game.variants.get(comp.id) or []:
            ctx = DrawContext(game, variant, path, {"component": {"id": comp.id, "name": comp.label}})
            try:
                named.setdefault(key, set()).add(layout_for(ctx, ref, key))
            except DataError as err:
                problems += err.problems
    return named, problems


def _check_columns(game: Game, comp: ComponentBase, path: str) -> list[Problem]:
    """Every ``{row.column}`` a component's layouts use must be a column of its table."""
    variants = game.variants.get(comp.id) or []
    if not variants or comp.table is None:
        return []
    columns = list(variants[0].values["row"])
    problems = []
    named, _ = _layouts_named(game, comp, path)
    for key, ref in sorted((k, r) for k, refs in named.items() for r in refs):
        from printkit.faces import resolve_layout

        _, elements = resolve_layout(game, ref)
        for where, el in elements:
            for field_name, value in _strings(el.model_dump()):
                for col in _row_columns(value):
                    if col not in columns:
                        problems.append(Problem(
                            str(game.file), f"{where}.{field_name}",
                            f"a column of {table_file(comp.table)} ({', '.join(columns)}), used by {path}.{key}",
                            found_repr("{row." + col + "}") + suggest(col, columns)))
    return problems


def _strings(value: Any, path: str = "") -> list[tuple[str, str]]:
    if isinstance(value, str):
        return [(path, value)]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in _strings(v, f"{path}.{k}" if path else str(k))]
    if isinstance(value, (list, tuple)):
        return [s for i, v in enumerate(value) for s in _strings(v, f"{path}[{i}]")]
    return []


def _component_problems(raw: list[Any], file: str) -> tuple[list[ComponentBase], list[Problem]]:
    components: list[ComponentBase] = []
    problems: list[Problem] = []
    for i, item in enumerate(raw):
        where = f"components[{i}]"
        if not isinstance(item, dict):
            problems.append(Problem(file, where, "a table", found_repr(item)))
            continue
        if isinstance(item.get("id"), str):
            where = f"components.{item['id']}"
        kind_name = item.get("kind")
        kind = KINDS.get(kind_name) if isinstance(kind_name, str) else None
        if kind is None:
            problems.append(Problem(file, f"{where}.kind", "a component kind (" + ", ".join(sorted(KINDS)) + ")",
                                    found_repr(kind_name) + suggest(kind_name, KINDS) if kind_name is not None else "nothing"))
            continue
        try:
            components.append(kind.model.model_validate(item))
        except ValidationError as exc:
            problems += _problems(exc, file, where, kind.model)
    return components, problems
