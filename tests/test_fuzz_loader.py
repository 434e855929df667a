"""Random and mutated TOML never gets past the loader as anything but a DataError.

Whatever a half-saved or hand-mangled ``game.toml`` holds, the loader (and, for the
small game, drawing too) either succeeds or raises :class:`DataError` with at least one
problem; any other exception would reach the user as a traceback.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit.build import draw
from printkit.errors import DataError
from printkit.load import load_game

ROOT = Path(__file__).resolve().parent.parent
EUCLIDEAN = (ROOT / "data" / "euclidean" / "game.toml").read_text(encoding="utf-8")
SMALL = '''[game]
title = "Small"

[print]
bleed = "3mm"
papers = ["a4"]

[palette]
ink = "#222222"

[[sets.colour]]
name = "red"
fill = "#cc0000"
[[sets.colour]]
name = "blue"
fill = "#0000cc"

[layouts.base]
background = "white"
elements = [{ id = "frame", type = "rect", x = 3, y = 3, w = 57, h = 82, stroke = "ink" }]

[layouts.face]
extends = "base"
elements = [
  { type = "text", text = "{colour.name}", x = 5, y = 5, w = 50, fill = "ink", size = "9pt" },
  { type = "circle", cx = "50%", cy = "50%", r = 10, fill = "{colour.fill}" },
  { type = "chord", x = "50%", y = 0, angle = 60, stroke = "ink" },
]

[[components]]
id = "card"
kind = "card"
size = "poker"
count = 2
vary = ["colour"]
face = "face"
back = "base"

[[expect]]
id = "cards"
components = ["card"]
count = 4
source = "Four cards."
'''

TOKENS = ["[", "]", "[[", "]]", "{", "}", "=", '"', "'", ",", ".", "#", "\n", " ", "-", "0", "1e9", "-7", "true",
          "nan", "inf", '"{colour.fill}"', '"50%"', '"9pt"', "count", "kind", "id", "extends", "face", "table",
          '"../x.csv"', '"/etc/passwd"', "components", "layouts", "elements", "type", '"image"', '"rect"', "é", "\x00"]

WEIRD_NUMBERS = ["nan", "inf", "-inf", "1e308", "-1e308", "0", "-0.0", "5e-324", "99999999999999999999", "-1",
                 '"nan"', '"1e999mm"', '"-0mm"', "2000.0001", "100001"]

scalars = st.one_of(
    st.integers(min_value=-10**12, max_value=10**12).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(lambda f: repr(f).replace("inf", "inf").replace("nan", "nan")),
    st.booleans().map(lambda b: "true" if b else "false"),
    st.text(max_size=12).map(lambda t: '"' + t.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'),
    st.sampled_from(['"poker"', '"card"', '"face"', '"red"', '"ink"', '"3mm"', '"2000cm"', '"{row.x}"', "[]", "{}"]),
)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"),
    st.dictionaries(st.sampled_from(["id", "kind", "type", "count", "x", "name", "fill"]), inner, max_size=3).map(
        lambda d: "{" + ", ".join(f"{k} = {v}" for k, v in d.items()) + "}")), max_leaves=6)


@st.composite
def mutated(draw_: st.DrawFn, base: str) -> str:
    text = base
    for _ in range(draw_(st.integers(1, 3))):
        lines = text.split("\n")
        op = draw_(st.sampled_from(["delete", "insert", "replace-value", "number", "duplicate", "swap", "truncate"]))
        numbers = list(re.finditer(r"(?<![\w.#-])-?\d+(\.\d+)?(?![\w.%])", text))
        if op == "number" and numbers:
            m = draw_(st.sampled_from(numbers))
            text = text[:m.start()] + draw_(st.sampled_from(WEIRD_NUMBERS)) + text[m.end():]
        elif op == "delete":
            i = draw_(st.integers(0, len(text)))
            text = text[:i] + text[i + draw_(st.integers(1, 40)):]
        elif op == "insert":
            i = draw_(st.integers(0, len(text)))
            text = text[:i] + "".join(draw_(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=4))) + text[i:]
        elif op == "replace-value":
            candidates = [n for n, line in enumerate(lines) if " = " in line and not line.startswith(" ")]
            if candidates:
                n = draw_(st.sampled_from(candidates))
                lines[n] = lines[n].split(" = ", 1)[0] + " = " + draw_(values)
                text = "\n".join(lines)
        elif op == "duplicate":
            n = draw_(st.integers(0, len(lines) - 1))
            lines.insert(n, lines[n])
            text = "\n".join(lines)
        elif op == "swap":
            a, b = draw_(st.integers(0, len(lines) - 1)), draw_(st.integers(0, len(lines) - 1))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
        else:
            text = text[:draw_(st.integers(0, len(text)))]
    return text


def outcome(folder: Path, text: str, *, drawing: bool) -> None:
    (folder / "game.toml").write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        game = load_game(folder)
        if drawing:
            draw(game)
    except DataError as err:
        assert err.problems, "a DataError must carry at least one problem"
        for problem in err.problems:
            assert str(problem).strip() and "\n" not in str(problem), "one line per problem"


FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)


@FUZZ
@given(text=mutated(EUCLIDEAN))
def test_mutated_euclidean_fails_only_with_data_errors(text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        outcome(Path(tmp), text, drawing=False)


@FUZZ
@given(text=mutated(SMALL))
def test_mutated_small_game_loads_and_draws_or_fails_cleanly(text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        outcome(Path(tmp), text, drawing=True)


@FUZZ
@given(pairs=st.lists(st.tuples(st.sampled_from(["game", "print", "palette", "layouts", "components", "sets",
                                                   "expect", "rules", "title", "zz"]), values), max_size=6))
def test_random_documents_fail_only_with_data_errors(pairs: list[tuple[str, str]]) -> None:
    text = "\n".join(f"{k} = {v}" for k, v in dict(pairs).items())
    with tempfile.TemporaryDirectory() as tmp:
        outcome(Path(tmp), text, drawing=True)


def test_the_small_base_game_is_valid() -> None:
    # The mutations start from a game that loads and draws; otherwise they would test little.
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "game.toml").write_text(SMALL)
        kit = draw(load_game(Path(tmp)))
        assert sum(len(items) for items in kit.groups.values()) == 4


TABLE_GAME = SMALL.replace('vary = ["colour"]', 'table = "cards.csv"').replace("{colour.name}", "{row.name}").replace(
    "{colour.fill}", "{row.fill}")
CELLS = ["name", "fill", "quantity", "red", "#cc0000", "2", "0", "-1", "1e3", "", '"', '""', ",", "\n", "\r\n",
         "\x00", "é", "\ufeff", " ", "{row.x}", "../x"]


@FUZZ
@given(rows=st.lists(st.lists(st.sampled_from(CELLS), max_size=5), max_size=6), raw=st.binary(max_size=8))
def test_random_tables_fail_only_with_data_errors(rows: list[list[str]], raw: bytes) -> None:
    text = "name,fill,quantity\n" + "\n".join(",".join(row) for row in rows)
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "cards.csv").write_bytes(text.encode("utf-8") + raw)
        outcome(Path(tmp), TABLE_GAME, drawing=True)
