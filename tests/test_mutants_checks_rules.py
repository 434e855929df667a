"""The proof's checks of the rules (words, shape-names, attributes, decks, supply, product, board-places,
distinct-polyforms, fits-board, requires, nesting, per-point, backs, folds), tested in-process on tiny games
(issue 28's mutation line, target checks-rules).

Each check's function is called directly on a game loaded here (and its kit, drawn in this process); the
expected lines are worked out in the tests from the data: counts and copies, sets' products, figures'
squares, places' positions against fold lines, words printed against the records.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from conftest import game_from

from printkit.checks import check_type, load_checks
from printkit.errors import DataError
from printkit.kinds import Art
from printkit.kit import Kit, draw

load_checks()

HEAD = '''[game]
title = "Rules"
[palette]
red = "#cc2222"
blue = "#2244cc"
green = "#22aa44"
'''


@pytest.fixture(scope="module")
def make(tmp_path_factory: pytest.TempPathFactory) -> Any:
    count = iter(range(1000))

    def load(body: str, **files: str) -> Any:
        return game_from(tmp_path_factory.mktemp(f"rules{next(count)}"), HEAD + body, **files)

    return load


def check(game: Any, kind: str, kit: Any = None, **keys: Any) -> list[Any]:
    """The lines of one check of type ``kind`` (id ``c`` unless given) run on the game (and its kit)."""
    t = check_type(kind)
    c = t.model(**{"id": "c", "type": kind, "source": "src", **keys})
    return t.run(game, kit if kit is not None else draw(game), c) if t.on_kit else t.run(game, c)


def one(lines: list[Any]) -> Any:
    assert len(lines) == 1, lines
    return lines[0]


def fields(ln: Any) -> tuple[Any, ...]:
    return (ln.check, ln.type, ln.source, ln.expected, ln.found, ln.verdict, ln.severity, ln.relation)


# --- supply ---------------------------------------------------------------------------------------------

STOCK = '''
[[sets.colour]]
name = "red"
[[sets.colour]]
name = "blue"
[[sets.colour]]
name = "green"
[layouts.f]
elements = []
[[components]]
id = "cube"
kind = "token"
shape = "square"
size = 10
vary = ["colour"]
count = 6
face = "f"
[[components]]
id = "disc"
kind = "token"
size = 10
count = 4
face = "f"
'''


@pytest.fixture(scope="module")
def stock(make: Any) -> Any:
    return make(STOCK)


def test_supply_counts_players_times_their_share_plus_the_extra(stock: Any) -> None:
    ln = one(check(stock, "supply", components=["cube"], players=3, per_player=[2, 2], extra=5))
    assert fields(ln) == ("c", "supply", "src", 17, 18, "pass", "error", "at least")
    assert ln.detail == "setup needs 3 players x 2 x 2 + 5 = 17; 1 spare"
    ln = one(check(stock, "supply", components=["cube"], players=3, per_player=[2, 3], severity="warning"))
    assert (ln.expected, ln.found, ln.verdict) == (18, 18, "pass")
    assert ln.detail == "setup needs 3 players x 2 x 3 = 18"
    ln = one(check(stock, "supply", components=["cube", "disc"], players=1, per_player=23))
    assert (ln.expected, ln.found, ln.verdict) == (23, 22, "fail")
    assert ln.detail == "setup needs 1 player x 23 = 23; the data makes 22, 1 short"
    ln = one(check(stock, "supply", components=["*"], extra=21, severity="warning"))
    assert (ln.expected, ln.found, ln.verdict) == (21, 22, "pass") and ln.detail == "setup needs 1 player x 0 + 21 = 21; 1 spare"
    ln = one(check(stock, "supply", components=["*"], players=2, extra=23, severity="warning"))
    assert (ln.expected, ln.verdict) == (23, "warn") and ln.detail == "setup needs 2 players x 0 + 23 = 23; the data makes 22, 1 short"


def test_supply_per_value_and_where(stock: Any) -> None:
    lines = check(stock, "supply", id="s", components=["cube"], players=2, per_player=3, per="colour")
    assert [(ln.check, ln.expected, ln.found, ln.verdict) for ln in lines] == [
        ("s[colour=red]", 6, 6, "pass"), ("s[colour=blue]", 6, 6, "pass"), ("s[colour=green]", 6, 6, "pass")]
    ln = one(check(stock, "supply", components=["cube"], where={"colour": "blue"}, per_player=7))
    assert (ln.found, ln.verdict) == (6, "fail")


# --- product --------------------------------------------------------------------------------------------

PRODUCT = '''
[[sets.suit]]
name = "sun"
[[sets.suit]]
name = "moon"
[[sets.rank]]
name = "1"
[[sets.rank]]
name = "2"
[[sets.rank]]
name = "3"
[layouts.f]
elements = []
[[components]]
id = "card"
kind = "card"
size = "poker"
face = "f"
vary = ["suit", "rank"]
count = 2
'''


def test_a_full_product_passes_with_its_formula(make: Any) -> None:
    game = make(PRODUCT)
    ln = one(check(game, "product", component="card", sets=["suit", "rank"], each=2))
    assert fields(ln) == ("c", "product", "src", 12, 12, "pass", "error", "exactly")
    assert ln.detail == "2 suit x 3 rank, 2 of each"
    ln = one(check(game, "product", component="card", sets=["suit", "rank"], each=3, severity="warning"))
    assert (ln.expected, ln.found, ln.verdict) == (18, 12, "warn")
    assert ln.detail == ("too few: sun-1 (2 of 3), sun-2 (2 of 3), sun-3 (2 of 3), moon-1 (2 of 3), moon-2 (2 of 3), "
                         "moon-3 (2 of 3)")
    ln = one(check(game, "product", component="card", sets=["suit", "rank"], each=1))
    assert (ln.expected, ln.found, ln.verdict) == (6, 12, "fail") and ln.detail.startswith("duplicate: sun-1 (2 pieces), ")


def test_a_product_names_what_is_missing_short_duplicated_or_outside_the_sets(make: Any) -> None:
    table = "name,suit,rank,quantity\na,sun,1,1\nb,sun,2,2\nc,moon,1,1\nd,moon,1,1\ne,star,1,1\nf,sun,,1\n"
    game = make(PRODUCT.replace('vary = ["suit", "rank"]\ncount = 2', 'table = "cards.csv"'), **{"cards.csv": table})
    ln = one(check(game, "product", component="card", sets=["suit", "rank"]))
    assert ln.verdict == "fail" and ln.expected == 6
    assert ln.detail == ("missing: sun-3, moon-2, moon-3; duplicate: sun-2 (2 pieces), moon-1 (2 pieces); "
                         "not in the sets: star-1 (1), sun- (1)")
    assert ln.found == 7
    ln = one(check(game, "product", component="card", sets=["suit", "rank"], each=2))
    assert ln.detail.startswith("missing: sun-3, moon-2, moon-3; too few: sun-1 (1 of 2); not in the sets: ")


def test_a_one_set_product(make: Any) -> None:
    game = make(PRODUCT.replace('vary = ["suit", "rank"]', 'vary = ["suit"]'))
    ln = one(check(game, "product", component="card", sets=["suit"], each=2))
    assert (ln.expected, ln.found, ln.verdict, ln.detail) == (4, 4, "pass", "2 suit, 2 of each")
    ln = one(check(game, "product", component="card", sets=["rank"], each=2))
    assert ln.verdict == "fail" and ln.detail == "missing: 1, 2, 3; not in the sets: (none) (4)"


# --- requires -------------------------------------------------------------------------------------------


def test_requires_wants_every_component_and_enough_pieces(stock: Any) -> None:
    ln = one(check(stock, "requires", components=["disc"], count=4))
    assert fields(ln) == ("c", "requires", "src", 4, 4, "pass", "error", "at least") and ln.detail == "disc: 4"
    ln = one(check(stock, "requires", components=["disc", "cube"], count=23, severity="warning"))
    assert (ln.found, ln.verdict, ln.detail) == (22, "warn", "the rules use 23, the data makes 22")
    ln = one(check(stock, "requires", components=["disc", "meeple", "pawn"]))
    assert (ln.found, ln.verdict) == (4, "fail")
    assert ln.detail == "no component `meeple`, `pawn` in the data"
    ln = one(check(stock, "requires", components=["meeple"]))
    assert (ln.found, ln.detail) == (0, "no component `meeple` in the data; the rules use 1, the data makes 0")


# --- board places ---------------------------------------------------------------------------------------

BOARD = '''
[[sets.side]]
name = "day"
[[sets.side]]
name = "night"
[layouts.board]
elements = [{ type = "grid", x = 30, y = 10, rows = 2, cols = 4, cell = 40 },
            { type = "ring", cx = 250, cy = 50, r = 30, count = 6, space = 10 },
            { type = "flower", cx = 100, cy = 150, spacing = 12, rings = 1, points = 1 }]
[layouts.f]
elements = []
[[components]]
id = "board"
kind = "board"
width = 300
height = 200
face = "board"
[[components]]
id = "sides"
kind = "board"
width = 300
height = 200
face = "board"
vary = ["side"]
[[components]]
id = "deck"
kind = "net"
solid = "cube"
edge = 10
'''


@pytest.fixture(scope="module")
def boards(make: Any) -> Any:
    return make(BOARD)


def _flower_fields(game: Any) -> int:
    from printkit.places import board_places

    return sum(1 for p in board_places(game, game.component("board")) if p.type == "flower" and p.shape != "point")


def test_board_places_count_every_element_but_points(boards: Any) -> None:
    from printkit.places import board_places

    petals = _flower_fields(boards)
    assert petals > 0 and any(p.shape == "point" for p in board_places(boards, boards.component("board")))
    ln = one(check(boards, "board-places", component="board", count=8 + 6 + petals))
    assert fields(ln) == ("c", "board-places", "src", 14 + petals, 14 + petals, "pass", "error", "exactly")
    assert ln.detail == f"{petals} from flower, 8 from grid, 6 from ring"
    ln = one(check(boards, "board-places", component="board", count=8, elements=["grid"], severity="warning"))
    assert (ln.found, ln.verdict, ln.detail) == (8, "pass", "8 from grid")
    ln = one(check(boards, "board-places", component="board", count=9, elements=["grid", "ring"]))
    assert (ln.found, ln.verdict) == (14, "fail")
    assert ln.detail == "the board has 14 places (8 from grid, 6 from ring), the rules say 9"
    ln = one(check(boards, "board-places", component="board", count=3, elements=["track"], severity="warning"))
    assert (ln.found, ln.verdict, ln.detail) == (0, "warn", "the board has 0 places (none), the rules say 3")


def test_board_places_one_line_per_variant_and_bad_references(boards: Any) -> None:
    lines = check(boards, "board-places", component="sides", count=8, elements=["grid"])
    assert [(ln.check, ln.found, ln.verdict) for ln in lines] == [("c[day]", 8, "pass"), ("c[night]", 8, "pass")]
    with pytest.raises(DataError) as err:
        check(boards, "board-places", component="deck", count=1)
    assert "checks.c.component" in str(err.value) and "a component with a `face` layout" in str(err.value)
    with pytest.raises(DataError) as err:
        check(boards, "board-places", component="board", count=1, elements=["grid", "text"])
    assert "checks.c.elements[1]" in str(err.value) and "an element type that draws places (" in str(err.value)
    assert '"text"' in str(err.value) and "grid" in str(err.value)


# --- distinct polyforms and fits-board ------------------------------------------------------------------

POLY = '''
[[sets.shape]]
name = "i"
cells = "0,0 1,0 2,0 3,0"
[[sets.shape]]
name = "l"
cells = "0,0 0,1 0,2 1,2"
[[sets.shape]]
name = "j"
cells = "1,0 1,1 1,2 0,2"
[[sets.shape]]
name = "o"
cells = "0,0 1,0 0,1 1,1"
aside = "yes"
[layouts.f]
elements = []
[[components]]
id = "card"
kind = "card"
size = "poker"
face = "f"
vary = ["shape"]
'''


@pytest.fixture(scope="module")
def poly(make: Any) -> Any:
    return make(POLY)


def test_distinct_polyforms_free_and_one_sided(poly: Any) -> None:
    # l and j are mirror images: one free tetromino, two one-sided ones
    ln = one(check(poly, "distinct-polyforms", component="card", cells="{shape.cells}", size=4, count=3))
    assert fields(ln) == ("c", "distinct-polyforms", "src", 3, 3, "fail", "error", "exactly")
    assert ln.detail == "the same free tetromino: card-l = card-j"
    ln = one(check(poly, "distinct-polyforms", component="card", cells="{shape.cells}", size=4, count=4, mirrors=True))
    assert (ln.found, ln.verdict, ln.detail) == (4, "pass", "4 different one-sided tetrominoes")
    ln = one(check(poly, "distinct-polyforms", component="card", cells="{shape.cells}", size=4, count=3, mirrors=True,
                   severity="warning"))
    assert (ln.verdict, ln.detail) == ("warn", "4 different figures, the rules want 3")


def test_distinct_polyforms_wrong_sizes_and_apart(make: Any, poly: Any) -> None:
    game = make(POLY.replace('cells = "0,0 1,0 2,0 3,0"', 'cells = "0,0 1,0 3,0"'))
    ln = one(check(game, "distinct-polyforms", component="card", cells="{shape.cells}", size=4, count=4, mirrors=True))
    assert ln.detail == "not 4 squares: card-i (3 squares); squares not all connected: card-i"
    game = make(POLY.replace('vary = ["shape"]', 'vary = ["shape"]\ncount = 2'))
    ln = one(check(game, "distinct-polyforms", component="card", cells="{shape.cells}", size=4, count=4, mirrors=True))
    assert ln.detail == ("the same one-sided tetromino: card-i = card-i, card-l = card-l, card-j = card-j, "
                         "card-o = card-o")
    game = make(POLY.replace('cells = "0,0 1,0 2,0 3,0"', 'cells = "0"'))
    with pytest.raises(DataError):
        check(game, "distinct-polyforms", component="card", cells="{shape.cells}", size=4, count=4)
    ln = one(check(poly, "distinct-polyforms", component="card", cells="0,0", size=1, count=1))
    assert (ln.verdict, ln.found) == ("fail", 1) and ln.detail.startswith("the same free monomino: card-i = card-l = ")
    ln = one(check(make(POLY.replace('vary = ["shape"]', 'vary = ["shape"]\n').replace(
        '[[sets.shape]]\nname = "l"', '[[sets.shape]]\nname = "l"\nx = 1')), "distinct-polyforms",
        component="card", cells="{shape.cells}", size=4, count=3))
    assert ln.found == 3


def test_fits_board_flags_figures_too_long_and_excuses_those_set_aside(poly: Any) -> None:
    ln = one(check(poly, "fits-board", component="card", cells="{shape.cells}", rows=3, cols=3))
    assert fields(ln) == ("c", "fits-board", "src", 4, 3, "fail", "error", "exactly")
    assert ln.detail == "cannot lie on a 3 x 3 board in any orientation: card-i (1 x 4)"
    ln = one(check(poly, "fits-board", component="card", cells="{shape.cells}", rows=4, cols=1, severity="warning"))
    assert (ln.expected, ln.found, ln.verdict) == (4, 1, "warn")
    assert ln.detail == "cannot lie on a 4 x 1 board in any orientation: card-l (2 x 3), card-j (2 x 3), card-o (2 x 2)"
    ln = one(check(poly, "fits-board", component="card", cells="{shape.cells}", rows=1, cols=4,
                   set_aside="{shape.aside or ''}"))
    assert (ln.expected, ln.found) == (3, 1)
    assert ln.detail == ("cannot lie on a 1 x 4 board in any orientation: card-l (2 x 3), card-j (2 x 3); "
                         "set aside by the rules before play: card-o (2 x 2)")
    ln = one(check(poly, "fits-board", component="card", cells="{shape.cells}", rows=2, cols=3,
                   set_aside="{'x' if shape.name == 'i' else ''}"))
    assert (ln.expected, ln.found, ln.verdict) == (3, 3, "pass")
    assert ln.detail == "every figure in play fits a 2 x 3 board; set aside by the rules before play: card-i (1 x 4)"
    ln = one(check(poly, "fits-board", component="card", cells="{shape.cells}", rows=4, cols=4))
    assert (ln.expected, ln.found, ln.detail) == (4, 4, "every figure fits a 4 x 4 board")
    ln = one(check(poly, "fits-board", component="card", cells="{shape.cells}", rows=3, cols=2, set_aside="{''}"))
    assert ln.detail == "cannot lie on a 3 x 2 board in any orientation: card-i (1 x 4)"


def test_fits_board_reads_each_figure_once_and_measures_it_from_its_corner(make: Any) -> None:
    game = make(POLY.replace('vary = ["shape"]', 'vary = ["shape"]\ncount = 3')
               .replace('cells = "0,0 0,1 0,2 1,2"', 'cells = "5,7 5,8 5,9 6,9"'))
    ln = one(check(game, "fits-board", component="card", cells="{shape.cells}", rows=2, cols=2))
    assert (ln.expected, ln.found) == (4, 1)
    assert ln.detail == ("cannot lie on a 2 x 2 board in any orientation: card-i (1 x 4), card-l (2 x 3), "
                         "card-j (2 x 3)")


# --- words ----------------------------------------------------------------------------------------------

WORDS = '''
[[sets.colour]]
name = "red"
label = "Crimson"
[[sets.colour]]
name = "blue"
label = "Azure"
[[sets.colour]]
name = "dark red"
[[sets.colour]]
name = "green"
[layouts.face]
background = "{colour.name if colour.name != 'dark red' else 'red'}"
elements = [{ type = "text", text = "{colour.name}", x = 5, y = 10, w = 53, size = "10pt", fill = "white" }]
[layouts.back]
background = "#eeeeee"
[[components]]
id = "card"
kind = "card"
size = "poker"
vary = ["colour"]
face = "face"
back = "back"
'''


def words(make: Any, face: str = "", back: str = 'background = "#eeeeee"', extra: str = "") -> Any:
    body = WORDS
    if face:
        body = body.replace('elements = [{ type = "text", text = "{colour.name}"', face, 1)
    return make(body.replace('[layouts.back]\nbackground = "#eeeeee"', f"[layouts.back]\n{back}") + extra)


def test_words_that_agree_pass_and_a_longer_own_phrase_is_no_other_values_word(make: Any) -> None:
    # "dark red" prints "DARK RED": "red" is part of its own longer name, not the red's word
    game = words(make)
    ln = one(check(game, "words", component="card", set="colour"))
    assert fields(ln) == ("c", "words", "src", "agree", "agree", "pass", "error", "exactly")
    assert ln.detail == "the colour words and colours printed on 4 pieces agree with their variants"
    assert ln.pieces == ()


def test_a_piece_printing_another_values_name_or_label_fails(make: Any) -> None:
    text = "{'azure' if colour.name == 'red' else 'red dragon' if colour.name == 'green' else colour.name}"
    game = words(make, face=f'elements = [{{ type = "text", text = "{text}"')
    ln = one(check(game, "words", component="card", set="colour", severity="warning"))
    assert (ln.found, ln.verdict) == ("2 disagree", "warn")
    assert ln.detail == ('printed colour words and colours contradict the piece: card-red (colour red) prints "AZURE", '
                         'a word of colour blue, card-green (colour green) prints "RED", a word of colour red')
    assert ln.pieces == ("card-red", "card-green")
    # with `fields` naming no label, "azure" names nothing
    ln = one(check(game, "words", component="card", set="colour", fields=["name"]))
    assert ln.pieces == ("card-green",)


def test_a_back_printing_another_values_word_fails_as_a_front_does(make: Any) -> None:
    game = words(make, back='background = "#eeeeee"\nelements = [{ type = "text", text = "{\'blue\' if colour.name == '
                             '\'red\' else \'\'}", x = 5, y = 10, w = 53, size = "10pt" }]')
    ln = one(check(game, "words", component="card", set="colour"))
    assert ln.pieces == ("card-red",) and 'card-red (colour red) prints "BLUE", a word of colour blue' in ln.detail


def test_a_side_drawn_in_another_values_colour_and_not_its_own_fails(make: Any) -> None:
    # the front of blue is drawn in red (and white text); the back of every card is green: green's own colour
    game = make(WORDS.replace("background = \"{colour.name if colour.name != 'dark red' else 'red'}\"",
                              "background = \"{'red' if colour.name == 'blue' else 'green' if colour.name == 'green' "
                              "else 'red'}\"").replace('background = "#eeeeee"', 'background = "green"'))
    ln = one(check(game, "words", component="card", set="colour"))
    assert ln.detail == ("printed colour words and colours contradict the piece: card-red (colour red) has its back "
                         "drawn in green, not in red, card-blue (colour blue) is drawn in red, not in blue, card-blue "
                         "(colour blue) has its back drawn in green, not in blue")
    assert ln.pieces == ("card-red", "card-blue")
    assert ln.found == "3 disagree"


def test_a_card_without_a_back_is_read_on_its_front(make: Any) -> None:
    game = make(WORDS.replace('back = "back"\n', "").replace("{colour.name if colour.name", "{'blue' if colour.name == 'red' "
                                                              "else colour.name if colour.name"))
    ln = one(check(game, "words", component="card", set="colour"))
    assert ln.pieces == ("card-red",) and ln.detail.endswith("card-red (colour red) is drawn in blue, not in red")


def test_a_piece_of_a_value_with_no_colour_and_a_side_with_its_own_colour_pass(make: Any) -> None:
    # every back in its own colour beside another: fine; "dark red" is no palette colour, so not read for colour
    game = words(make, back='background = "{colour.name if colour.name != \'dark red\' else \'blue\'}"\n'
                             'elements = [{ type = "circle", cx = 5, cy = 5, r = 2, fill = "blue" }]')
    ln = one(check(game, "words", component="card", set="colour"))
    assert ln.verdict == "pass", ln.detail


def test_words_read_a_tables_column_as_the_value(make: Any) -> None:
    table = "name,colour\na,red\nb,blue\nc,green\n"
    game = make(WORDS.replace('vary = ["colour"]', 'table = "cards.csv"').replace("{colour.name if colour.name != 'dark red' else 'red'}", "{row.colour}")
                .replace('text = "{colour.name}"', 'text = "{\'red\' if row.colour == \'blue\' else row.colour}"')
                .replace('background = "#eeeeee"', 'background = "{row.colour}"'), **{"cards.csv": table})
    ln = one(check(game, "words", component="card", set="colour"))
    assert ln.detail == ('printed colour words and colours contradict the piece: card-b (colour blue) prints "RED", '
                         "a word of colour red")


def test_words_without_a_set_read_the_pips_of_a_net(make: Any) -> None:
    game = make('''
[[sets.size]]
name = "small"
pips = 1
edge = 16
[[sets.size]]
name = "large"
pips = 3
edge = 20
[[components]]
id = "die"
kind = "net"
solid = "cube"
vary = ["size"]
edge = "{size.edge}"
all = { pips = "{size.pips}" }
faces = [{ pips = 2 }]
''')
    ln = one(check(game, "words", component="die", pips="{size.pips}"))
    assert ln.detail == "printed pips contradict the piece: die-small shows 2 pips, its value is 1"
    assert ln.pieces == ("die-small",)
    ln = one(check(game, "words", component="die", pips="{size.pips if size.pips > 1 else 2}"))
    assert (ln.verdict, ln.detail) == ("pass", "the pips printed on 2 pieces agree with their variants")
    both = one(check(game, "words", component="die", set="size", pips="{size.pips}"))
    assert both.detail.startswith("printed size words and colours and pips contradict the piece: ")


def test_pips_are_read_on_nets_only(make: Any) -> None:
    game = words(make)
    ln = one(check(game, "words", component="card", pips="{9}"))
    assert ln.verdict == "pass"


# --- shape names ----------------------------------------------------------------------------------------

SHAPES = '''
[[sets.form]]
name = "one"
fields = "0,0-1,0-0,1"
[[sets.form]]
name = "two"
fields = "0,0-1,0"
[[sets.form]]
name = "three"
fields = "0,0-1,0-0,1 0,0-1,0 0,0-0,1"
[layouts.f]
elements = []
'''


def _token(cid: str, name: str, shape: str, said: str = "", size: int = 20) -> str:
    layout = (f'[layouts.said-{cid}]\nelements = [{{ type = "text", text = "{said}", x = 1, y = 8, w = {size - 2}, '
              'size = "8pt" }]\n') if said else ""
    face = f'"said-{cid}"' if said else '"f"'
    return layout + (f'[[components]]\nid = "{cid}"\nkind = "token"\nname = "{name}"\nshape = "{shape}"\n'
                     f'size = {size}\nface = {face}\n')


def test_a_token_named_for_a_shape_is_cut_so(make: Any) -> None:
    game = make(SHAPES + _token("hexes", "Hex tile", "hexagon") + _token("discs", "Round chip", "circle")
                + _token("squares", "Square marker", "square") + _token("rounded", "Square chips", "rounded")
                + _token("liar", "Hexagonal disc", "circle") + _token("plain", "Chip", "circle"))
    lines = check(game, "shape-names")
    assert [(ln.check, ln.verdict) for ln in lines] == [
        ("c[hexes]", "pass"), ("c[discs]", "pass"), ("c[squares]", "pass"), ("c[rounded]", "pass"), ("c[liar]", "fail")]
    bad = lines[-1]
    assert fields(bad) == ("c[liar]", "shape-names", "src", "as named", "1 not", "fail", "error", "exactly")
    assert bad.detail == "pieces whose shape is not the one their name says: liar is named hexagon but is cut as a circle"
    assert bad.pieces == ("liar",)
    assert lines[0].detail == "every hexes piece is the shape its name says" and lines[0].found == "as named"
    assert [ln.check for ln in check(game, "shape-names", components=["liar", "plain"])] == ["c[liar]"]


def test_a_tokens_printed_label_of_three_words_claims_but_a_sentence_does_not(make: Any) -> None:
    game = make(SHAPES + _token("a", "Chip", "circle", said="a square one") + _token("b", "Chip", "circle",
                said="move one square now", size=80) + _token("c2", "Chip", "hexagon", said="TRIANGLE"))
    lines = check(game, "shape-names")
    # a tromino claim or a triangle claim on a token is not measured (tokens have cut shapes only)
    assert [(ln.check, ln.verdict) for ln in lines] == [("c[a]", "fail"), ("c[c2]", "pass")]
    assert lines[0].detail.endswith("a is named square but is cut as a circle")


def test_a_lattice_piece_named_for_its_fields_is_made_of_them(make: Any) -> None:
    piece = ('[[components]]\nid = "{id}"\nkind = "lattice-piece"\nname = "{name}"\nspacing = 12\nfields = "{fields}"\n'
             'front = {{ fill = "red", dots = "blue" }}\n')
    game = make(SHAPES + piece.format(id="tri", name="Triangle", fields="0,0-1,0-0,1")
                + piece.format(id="pet", name="Petal", fields="0,0-1,0")
                + piece.format(id="badtri", name="Triangular piece", fields="0,0-1,0")
                + piece.format(id="badpet", name="Biangular piece", fields="0,0-1,0-0,1 0,0-1,0")
                + piece.format(id="tro", name="Tromino", fields="0,0-1,0-0,1 0,0-1,0 0,0-0,1")
                + piece.format(id="badtro", name="Trominoes", fields="0,0-1,0-0,1 0,0-1,0")
                + piece.format(id="roundish", name="Round piece", fields="0,0-1,0")
                + '[[components]]\nid = "hexcard"\nkind = "card"\nname = "Hexagon card"\nsize = "poker"\nface = "f"\n')
    lines = {ln.check: ln for ln in check(game, "shape-names")}
    assert list(lines) == ["c[tri]", "c[pet]", "c[badtri]", "c[badpet]", "c[tro]", "c[badtro]", "c[roundish]"]
    assert [lines[k].verdict for k in lines] == ["pass", "pass", "fail", "fail", "pass", "fail", "pass"]
    assert lines["c[badtri]"].detail.endswith("badtri is named triangle but is 1 field (petal)")
    assert lines["c[badpet]"].detail.endswith("badpet is named petal but is 2 fields (petal and triangle)")
    assert lines["c[badtro]"].detail.endswith("badtro is named tromino but is 2 fields (petal and triangle)")


def test_only_tokens_and_lattice_pieces_have_a_shape_class(make: Any) -> None:
    from printkit.checks.shape_names import _classes

    game = make(SHAPES + '[[components]]\nid = "hexcard"\nkind = "card"\nname = "Hexagon card"\nsize = "poker"\nface = "f"\n'
                + _token("t", "Chip", "rounded"))
    card, token = game.component("hexcard"), game.component("t")
    assert _classes(game, card, game.variants["hexcard"][0]) is None
    assert _classes(game, token, game.variants["t"][0]) == ({"square"}, "cut as a rounded")


def test_a_piece_named_by_its_set_value(make: Any) -> None:
    piece = ('[[components]]\nid = "p"\nkind = "lattice-piece"\nspacing = 12\nvary = ["form"]\nfields = "{form.fields}"\n'
             'front = { fill = "red", dots = "blue" }\n')
    game = make(SHAPES.replace('name = "one"', 'name = "domino"').replace('name = "three"', 'name = "tromino"') + piece)
    ln = one(check(game, "shape-names"))
    assert ln.detail.endswith("p-domino is named domino but is 1 field (triangle)") and ln.pieces == ("p-domino",)


# --- attributes -----------------------------------------------------------------------------------------

ELEMENTS = '''
[[sets.element]]
name = "fire"
power = "burns"
colour = "red"
sign = "star"
[[sets.element]]
name = "air"
label = "Wind"
power = "blows"
colour = "blue"
sign = "moon"
[[sets.element]]
name = "earth"
power = "holds"
colour = "green"
sign = "heart"
'''


def _sheet(cid: str, said: str, back: bool = False) -> str:
    return (f'[layouts.r-{cid}]\nelements = [{{ type = "text", text = "{said}", x = 5, y = 10, w = 55, size = "8pt" }}]\n'
            f'[[components]]\nid = "{cid}"\nkind = "card"\nsize = "poker"\nface = "r-{cid}"\n'
            + (f'back = "r-{cid}"\n' if back else ""))


def test_attribute_fields_are_word_fields_unique_to_one_record(make: Any) -> None:
    from printkit.checks.attributes import _is_word, attribute_fields

    game = make(ELEMENTS + _sheet("s", "x"))
    records = game.data.sets["element"]
    assert attribute_fields(game, records) == {"power": {0: "burns", 1: "blows", 2: "holds"}}
    assert _is_word(game, "burns") and not _is_word(game, "12") and not _is_word(game, "red")
    assert not _is_word(game, "white") and not _is_word(game, "star") and not _is_word(game, "#abcdef")
    assert _is_word(game, "x1") and not _is_word(game, "_1")
    shared = [{"name": "a", "power": "burns"}, {"name": "b", "power": "burns"}]
    assert attribute_fields(game, shared) == {}
    named = [{"name": "a", "power": "b"}, {"name": "b", "power": "c"}]
    assert attribute_fields(game, named) == {}
    lone = [{"name": "a", "power": "burns"}, {"name": "b", "power": 3}, {"name": "c"}]
    assert attribute_fields(game, lone) == {}
    two = [{"name": "a", "power": "Burns Hot"}, {"name": "b", "power": "blows", "label": "x"}, {"name": "c", "power": 4}]
    assert attribute_fields(game, two) == {"power": {0: "burns hot", 1: "blows"}}


def test_a_sentence_giving_a_value_another_ones_attribute_fails(make: Any) -> None:
    game = make(ELEMENTS + '[[sets.plain]]\nname = "a"\n[[sets.plain]]\nname = "b"\n' + _sheet("good", "FIRE burns. Wind blows. Nothing else.")
                + _sheet("bad", "FIRE blows one token. Earth and air hold.", back=True))
    ln = one(check(game, "attributes"))
    assert fields(ln) == ("c[element]", "attributes", "src", "agree", "1 disagree", "fail", "error", "exactly")
    assert ln.detail == ('a sentence names one element and another one\'s power: "FIRE blows one token." on bad: '
                         "blows is the power of air; fire's is burns")
    assert ln.pieces == ("bad",)
    ok = one(check(game, "attributes", components=["good"]))
    assert (ok.verdict, ok.found, ok.detail) == ("pass", "agree", "2 printed sentences name one element with its own power")
    assert check(game, "attributes", sets=["other"]) == []
    assert one(check(game, "attributes", sets=["element"], components=["good"])).verdict == "pass"


def test_a_sentence_saying_its_own_attribute_too_passes_and_a_label_names_the_value(make: Any) -> None:
    game = make(ELEMENTS + _sheet("a", "Wind burns and blows.") + _sheet("b", "Wind holds."))
    ln = one(check(game, "attributes", components=["a"]))
    assert (ln.verdict, ln.detail) == ("pass", "1 printed sentences name one element with its own power")
    ln = one(check(game, "attributes", components=["b"], severity="warning"))
    assert ln.verdict == "warn" and ln.detail.endswith("holds is the power of earth; air's is blows")


def test_a_value_without_that_attribute_gets_no_own_attribute_named(make: Any) -> None:
    body = ELEMENTS.replace('name = "earth"\npower = "holds"', 'name = "earth"')
    game = make(body + _sheet("a", "Earth burns."))
    ln = one(check(game, "attributes"))
    assert ln.detail == ('a sentence names one element and another one\'s power: "Earth burns." on a: '
                         "burns is the power of fire")


def test_sentences_are_read_once_per_face(make: Any) -> None:
    from printkit.checks.attributes import _sentences

    # a card whose back is its front (one drawing): its sentences once; another whose back differs: both sides
    game = make(ELEMENTS + _sheet("a", "Fire burns. Air blows.", back=True).replace('id = "a"', 'id = "a"\ncount = 3')
                + _sheet("b", "Earth holds.").replace('face = "r-b"', 'face = "r-b"\nback = "r-c"')
                + '[layouts.r-c]\nelements = [{ type = "text", text = "Wind blows.", x = 5, y = 10, w = 55, size = "8pt" }]\n')
    kit = draw(game)
    _, art = next(iter(kit_pieces(kit, "a")))
    assert art.front is art.back
    got = _sentences(kit, [game.component("a"), game.component("b")])
    assert [(p, s.strip(), n) for p, s, n in got] == [
        ("fire burns .", "Fire burns.", "a"), ("air blows .", "Air blows.", "a"), ("earth holds .", "Earth holds.", "b"),
        ("wind blows .", "Wind blows.", "b")]


def kit_pieces(kit: Any, comp: str) -> list[tuple[Any, Any]]:
    from printkit.checks._kit import drawn

    return list(drawn(kit, comp).values())


# --- decks and backs ------------------------------------------------------------------------------------

DECKS = '''
[layouts.f]
elements = []
[layouts.back-a]
background = "red"
[layouts.back-b]
background = "blue"
'''


def _card(cid: str, w: float = 63, h: float = 88, back: str | None = "back-a", n: int = 1, vary: str = "") -> str:
    return (f'[[components]]\nid = "{cid}"\nkind = "card"\nwidth = {w}\nheight = {h}\nface = "f"\ncount = {n}\n'
            + (f'back = "{back}"\n' if back else "") + (f'vary = ["{vary}"]\n' if vary else ""))


def test_cards_sharing_a_back_share_a_size(make: Any) -> None:
    game = make(DECKS + _card("a", n=3) + _card("b", 63.04, 88.02) + _card("c", 44, 63) + _card("d", 44, 63, "back-b")
                + _card("e", 63, 88, None) + '[[components]]\nid = "t"\nkind = "token"\nsize = 20\nface = "f"\nback = "f"\n')
    lines = {ln.check: ln for ln in check(game, "decks")}
    size_a = lines["c[size/back-a]"]
    assert fields(size_a) == ("c[size/back-a]", "decks", "src", "one size", "2 sizes", "fail", "error", "exactly")
    assert size_a.detail == ("cards with the back back-a differ in size: c (44 x 63 mm), the others 63 x 88 mm: an "
                             "odd size shows when the deck is shuffled")
    assert size_a.pieces == ("c",)
    size_b = lines["c[size/back-b]"]
    assert (size_b.found, size_b.verdict, size_b.detail, size_b.pieces) == ("one size", "pass", "d: 44 x 63 mm", ())
    assert [k for k in lines if k.startswith("c[size/")] == ["c[size/back-a]", "c[size/back-b]"]
    # the box plan's decks: by size (63 x 88: a, b, e; 63.04 x 88.02 is a size of its own; 44 x 63: c, d)
    backs = {k: ln for k, ln in lines.items() if k.startswith("c[backs/")}
    mixed = backs["c[backs/cards-63x88]"]
    assert (mixed.expected, mixed.found, mixed.verdict) == ("all or none", "mixed", "fail")
    assert mixed.detail == "3 cards have a back and 1 none: e lack one" or mixed.detail == "1 cards have a back and 1 none: e lack one"


def test_decks_by_size_all_or_none(make: Any) -> None:
    game = make(DECKS + _card("a", n=3) + _card("b", back=None) + _card("c", back=None) + _card("d", 44, 63)
                + _card("e", 44, 63, "back-b") + _card("f", 50, 50, None))
    lines = {ln.check: ln for ln in check(game, "decks")}
    mixed = lines["c[backs/cards-63x88]"]
    assert mixed.detail == "1 cards have a back and 2 none: a have one" and mixed.pieces == ("a",)
    both = lines["c[backs/cards-44x63]"]
    assert (both.found, both.verdict, both.detail, both.pieces) == ("all or none", "pass",
                                                                    "2 cards (d, e): all with a back", ())
    none = lines["c[backs/cards-50x50]"]
    assert (none.verdict, none.detail) == ("pass", "1 cards (f): no backs")
    assert list(lines) == ["c[size/back-a]", "c[size/back-b]", "c[backs/cards-63x88]", "c[backs/cards-44x63]",
                           "c[backs/cards-50x50]"]
    only = check(game, "decks", components=["d", "f"])
    assert [ln.check for ln in only] == ["c[size/back-a]", "c[backs/cards-44x63]", "c[backs/cards-50x50]"]
    assert only[1].detail == "1 cards (d): all with a back"


def test_decks_mixed_where_most_lack_a_back_name_the_ones_with(make: Any) -> None:
    game = make(DECKS + _card("a", back=None, n=2) + _card("b", back=None) + _card("c"))
    ln = next(ln for ln in check(game, "decks") if ln.check == "c[backs/cards]")
    assert ln.detail == "1 cards have a back and 2 none: c have one" and ln.pieces == ("c",)
    even = make(DECKS + _card("a", back=None) + _card("c"))
    ln = next(ln for ln in check(even, "decks") if ln.check == "c[backs/cards]")
    assert ln.detail == "1 cards have a back and 1 none: a lack one" and ln.pieces == ("a",)


def test_a_declared_deck_groups_cards_of_two_sizes(make: Any) -> None:
    game = make(DECKS + _card("a") + _card("b", 44, 63, None)
                + '[[boxes.decks]]\nid = "mine"\ncomponents = ["a", "b"]\n')
    ln = [ln for ln in check(game, "decks") if ln.check.startswith("c[backs/")]
    assert [(x.check, x.found) for x in ln] == [("c[backs/mine]", "mixed")]


def test_backs_one_back_per_deck_but_for_own_backs(make: Any) -> None:
    game = make(DECKS + _card("a", n=2) + _card("b", back="back-b") + _card("c") + _card("d", 44, 63, None)
                + _card("e", 44, 63, None))
    lines = {ln.check: ln for ln in check(game, "backs")}
    big = lines["c[cards-63x88]"]
    assert fields(big) == ("c[cards-63x88]", "backs", "src", "one back", "mixed", "fail", "error", "exactly")
    assert big.detail == "2 different backs: b differ from a-back"
    assert big.pieces == ("b",)
    small = lines["c[cards-44x63]"]
    assert (small.found, small.verdict, small.detail) == ("no backs", "pass", "2 cards (d, e): no backs")
    own = {ln.check: ln for ln in check(game, "backs", own=["b"])}["c[cards-63x88]"]
    assert (own.found, own.verdict, own.detail) == ("one back", "pass", "3 cards (a, b, c): one back")
    loose = {ln.check: ln for ln in check(game, "backs", same=False)}["c[cards-63x88]"]
    assert (loose.expected, loose.found, loose.verdict) == ("all or none", "2 backs", "pass")
    assert loose.detail == "3 cards (a, b, c): 2 backs (a-back: 2 designs, b-back: 1 design)"


def test_backs_all_or_none_names_the_fewer(make: Any) -> None:
    game = make(DECKS + _card("a", vary="v") + _card("b", back=None) + _card("c", back="back-b")
                + '[[sets.v]]\nname = "x"\n[[sets.v]]\nname = "y"\n')
    ln = one(check(game, "backs", severity="warning"))
    assert ln.verdict == "warn"
    assert ln.detail == ("3 cards have a back and 1 none: b (beside a-x, a-y); 2 different backs: c differ from a-back")
    assert ln.pieces == ("b", "c")
    most = make(DECKS + _card("a") + _card("b", back=None) + _card("c", back=None))
    ln = one(check(most, "backs"))
    assert ln.detail == "1 cards have a back and 2 none: b, c (beside a)" and ln.pieces == ("a",)
    assert check(most, "backs", components=["t"]) == []


def test_backs_listing_names_each_back_in_order() -> None:
    from collections import Counter

    from printkit.checks.backs import _backs_listing

    assert _backs_listing(Counter({"z": 1})) == ""
    assert _backs_listing(Counter()) == ""
    assert _backs_listing(Counter({"z": 1, "b": 3})) == " (b: 3 designs, z: 1 design)"


# --- per point ------------------------------------------------------------------------------------------

PETALS = '''
[[sets.form]]
name = "spread"
fields = "0,0-1,0"
[[sets.form]]
name = "fan"
fields = "0,0-1,0 0,0-0,1-1,0 0,0-0,1 -1,1-0,0-0,1"
[[components]]
id = "p"
kind = "lattice-piece"
spacing = 12
vary = ["form"]
fields = "{form.fields}"
front = { fill = "red", dots = "blue" }
'''


def test_per_point_counts_the_fields_around_each_point(make: Any) -> None:
    game = make(PETALS)
    ln = one(check(game, "per-point", component="p", max=4))
    assert fields(ln) == ("c", "per-point", "src", "<= 4", 4, "pass", "error", "exactly")
    assert ln.detail == "at most 4 fields of a piece around one point"
    ln = one(check(game, "per-point", component="p", max=3, severity="warning"))
    assert (ln.found, ln.verdict, ln.pieces) == (4, "warn", ("p-fan",))
    assert ln.detail == ("more than 3 fields around one point, so the piece can never be placed: p-fan (4 fields at "
                         "one point)")
    ln = one(check(game, "per-point", component="p", max=1))
    assert ln.pieces == ("p-fan",) and "p-spread" not in ln.detail
    ln = one(check(make(PETALS.replace('fields = "0,0-1,0"\n', 'fields = "0,0-1,0 0,0-0,1-1,0"\n')),
                   "per-point", component="p", max=1))
    assert ln.detail.endswith("p-spread (2 fields at one point), p-fan (4 fields at one point)") and ln.found == 4


# --- nesting --------------------------------------------------------------------------------------------

CUPS = '''
[[sets.size]]
name = "small"
base = 18
height = 25
[[sets.size]]
name = "medium"
base = 22
height = 35
[[sets.size]]
name = "large"
base = 25
height = 44
[[components]]
id = "cup"
kind = "net"
solid = "square-pyramid"
vary = ["size"]
edge = "{size.base}"
height = "{size.height}"
open = ["base"]
nest = "size"
[[components]]
id = "die"
kind = "net"
solid = "cube"
edge = 16
[[components]]
id = "card"
kind = "card"
size = "poker"
face = "f"
[layouts.f]
elements = []
'''


def _nest_gap(b1: float, h1: float, b2: float, h2: float) -> float:
    """The least gap of a pyramid (base b1, height h1) under another (b2, h2): at the base, at the inner top, above."""
    return min((b2 - b1) / 2, (b2 / 2) * (1 - h1 / h2), h2 - h1)


def test_nesting_checks_each_declared_stack_as_the_nests_check_does(make: Any) -> None:
    game = make(CUPS)
    lines = check(game, "nesting", severity="warning")
    assert [ln.check for ln in lines] == ["c[cup: cup-small in cup-medium]", "c[cup: cup-medium in cup-large]",
                                          "c[cup: hollow]"]
    assert {ln.type for ln in lines} == {"nesting"} and {ln.severity for ln in lines} == {"warning"}
    assert [ln.found for ln in lines[:2]] == [f"{_nest_gap(18, 25, 22, 35):.1f} mm", f"{_nest_gap(22, 35, 25, 44):.1f} mm"]
    assert [ln.verdict for ln in lines] == ["pass", "pass", "pass"] and lines[0].expected == ">= 0.5 mm"
    tight = check(game, "nesting", clearance=1.6)
    assert [ln.verdict for ln in tight] == ["pass", "fail", "pass"]   # 1.5 mm at the base of the large cup
    assert tight[1].expected == ">= 1.6 mm" and tight[1].source == "src"
    assert check(game, "nesting", components=["die", "card"]) == []


def test_a_declared_nests_check_takes_the_component_over(make: Any) -> None:
    game = make(CUPS + '[[checks]]\nid = "mine"\ntype = "nests"\ncomponent = "cup"\nsource = "s"\n')
    assert check(game, "nesting") == []
    other = make(CUPS + '[[checks]]\nid = "mine"\ntype = "product"\ncomponent = "cup"\nsets = ["size"]\nsource = "s"\n')
    assert len(check(other, "nesting")) == 3


# --- folds ----------------------------------------------------------------------------------------------

FOLDS = '''
[layouts.board]
elements = [{ type = "grid", x = 30, y = 10, rows = 2, cols = 4, cell = 40 },
            { type = "ring", cx = 250, cy = 50, r = 30, count = 6, space = 10 }]
[[components]]
id = "board"
kind = "board"
width = 300
height = 100
face = "board"
folds = "half"
'''


def _with_folds(kit: Any, comp: str, folds: list[list[float]]) -> Kit:
    """The kit with the board's printed folds replaced."""
    groups = {g: [replace(i, art=Art(i.art.front, i.art.back, i.art.outline, {**i.art.info, "folds": folds}))
                  if i.component == comp else i for i in items] for g, items in kit.groups.items()}
    return Kit(kit.game, groups)


def test_a_fold_clear_of_the_places_passes_and_one_through_a_cell_fails(make: Any) -> None:
    game = make(FOLDS)
    kit = draw(game)
    ln = one(check(game, "folds", kit, component="board"))
    assert fields(ln) == ("c", "folds", "src", "0 places crossed", "0 crossed", "pass", "error", "exactly")
    # 8 cells and 6 spots; the fold "half" is moved off the cells (the planner keeps it clear)
    assert ln.detail.startswith("folds (x = ") and ln.detail.endswith("clear of 14 places") and ln.pieces == ()
    through = _with_folds(kit, "board", [[100, 0, 100, 100]])
    ln = one(check(game, "folds", through, component="board", severity="warning"))
    assert (ln.found, ln.verdict, ln.pieces) == ("2 crossed", "warn", ("board",))
    assert ln.detail == ("the fold at x = 100.0 mm runs through layouts.board.elements[0] cell 2 (70.0-110.0 mm), "
                         "the fold at x = 100.0 mm runs through layouts.board.elements[0] cell 6 (70.0-110.0 mm): move "
                         "the places off the line, or change `folds` (a fold) or `[print] overlap` (a seam)")


def test_a_fold_along_a_cell_edge_or_beside_a_place_crosses_nothing(make: Any) -> None:
    game = make(FOLDS)
    kit = draw(game)
    # on the line between cells, within 0.05 mm of it, and a fold that stops short of the cells (y 0 to 10.04)
    for folds in ([[110, 0, 110, 100]], [[70.04, 0, 70.04, 100]], [[109.96, 0, 109.96, 100]], [[90, 0, 90, 10.04]],
                  [[90, 89.96, 90, 100]], [[0, 50, 30.04, 50]], [[189.96, 50, 300, 50]]):
        ln = one(check(game, "folds", _with_folds(kit, "board", folds), component="board"))
        assert ln.found == "0 crossed", (folds, ln.detail)
    # across: a horizontal fold through the cells' row line crosses nothing; through their middle, all four of a row
    ln = one(check(game, "folds", _with_folds(kit, "board", [[0, 50, 300, 50]]), component="board"))
    assert ln.found == "0 crossed"
    ln = one(check(game, "folds", _with_folds(kit, "board", [[0, 30, 300, 30]]), component="board"))
    assert ln.found == "4 crossed" and "the fold at y = 30.0 mm runs through layouts.board.elements[0] cell 1 (10.0-50.0 mm)" \
        in ln.detail
    ln = one(check(game, "folds", _with_folds(kit, "board", [[90, 0, 90, 10.1]]), component="board"))
    assert ln.found == "1 crossed"
    ln = one(check(game, "folds", _with_folds(kit, "board", [[90, 89.9, 90, 100]]), component="board"))
    assert ln.found == "1 crossed"
    ln = one(check(game, "folds", _with_folds(kit, "board", [[0, 30, 30.1, 30]]), component="board"))
    assert ln.found == "1 crossed"


def test_folds_keep_only_the_places_named(make: Any) -> None:
    game = make(FOLDS)
    kit = _with_folds(draw(game), "board", [[100, 0, 100, 100], [0, 20, 300, 20]])
    ln = one(check(game, "folds", kit, component="board", places=["spot"]))
    assert ln.found == "1 crossed" and "spot 1 (15.0-25.0 mm)" in ln.detail and "cell" not in ln.detail
    ln = one(check(game, "folds", kit, component="board", places=["nothing"]))
    assert ln.detail == "folds (x = 100.0 mm, y = 20.0 mm); 2 tile seams on a4, letter clear of 0 places"


def test_tile_seams_of_a_board_larger_than_the_paper(make: Any) -> None:
    from printkit.folds import board_seams

    game = make(FOLDS.replace('folds = "half"', 'folds = "none"').replace("width = 300", "width = 450")
                + '[print]\npapers = ["a4"]\n')
    kit = draw(game)
    s = game.settings
    board = game.component("board")
    art = kit_pieces(kit, "board")[0][1]
    seams = board_seams(list(art.info.get("spaces") or []), 450.0, 100.0, s.papers, s.margin, s.overlap)
    assert seams and all(p == "a4" for p, _, _ in seams)
    ln = one(check(game, "folds", kit, component="board"))
    from printkit.places import board_places

    places = [p for p in board_places(game, board) if p.shape != "point"]
    crossed = [(p.name, a, v) for _, a, v in seams for p in places
               if (lambda b: (b[0] if a == "x" else b[1]) + 0.05 < v < (b[2] if a == "x" else b[3]) - 0.05)(p.bounds())]
    assert ln.found == f"{len(crossed)} crossed"
    if not crossed:
        assert ln.detail == f"folds (no folds); {len(seams)} tile seams on a4 clear of 14 places"
    small = make(FOLDS.replace('folds = "half"', 'folds = "none"').replace("width = 300", "width = 200")
                 .replace("cx = 250", "cx = 150"))
    ln = one(check(small, "folds", component="board"))
    assert ln.detail == "folds (no folds) clear of 14 places"


def test_a_seam_through_a_place_names_the_paper(make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import printkit.folds

    game = make(FOLDS.replace('folds = "half"', 'folds = "none"'))
    kit = draw(game)
    got: list[Any] = []

    def seams(spaces: Any, w: float, h: float, papers: Any, margin: float, overlap: float) -> list[Any]:
        got.append((len(spaces), w, h, tuple(papers), margin, overlap))
        return [("a4", "y", 30.0), ("letter", "x", 100.0)]

    monkeypatch.setattr(printkit.folds, "board_seams", seams)
    ln = one(check(game, "folds", kit, component="board"))
    s = game.settings
    assert got == [(14, 300.0, 100.0, tuple(s.papers), s.margin, s.overlap)]
    # the y seam runs the board's width (x 0 to 300: four cells), the x seam its height (two cells)
    assert ln.found == "6 crossed" and ln.detail.startswith(
        "the a4 tile seam at y = 30.0 mm runs through layouts.board.elements[0] cell 1 (10.0-50.0 mm), ")
    assert "the letter tile seam at x = 100.0 mm runs through layouts.board.elements[0] cell 6 (70.0-110.0 mm)" in ln.detail


# --- added for the survivors of the run -----------------------------------------------------------------------


def test_the_check_types_keep_the_order_the_format_reference_lists_them_in() -> None:
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "format.md").read_text(encoding="utf-8")
    part = text.split("## Structural checks", 1)[1].split("\n## ", 1)[0]
    assert list(load_checks()) == re.findall(r"^### `([a-z-]+)`", part, flags=re.MULTILINE)


@pytest.mark.parametrize(("kind", "keys"), [
    ("requires", {"components": []}),
    ("fits-board", {"component": "a", "cells": "x", "rows": 0, "cols": 3}),
    ("fits-board", {"component": "a", "cells": "x", "rows": 3, "cols": 0}),
    ("supply", {"components": ["a"], "extra": -1}),
    ("supply", {"components": ["a"], "players": 0}),
    ("distinct-polyforms", {"component": "a", "cells": "x", "size": 65, "count": 1}),
    ("distinct-polyforms", {"component": "a", "cells": "x", "size": 0, "count": 1}),
    ("distinct-polyforms", {"component": "a", "cells": "x", "size": 4, "count": 0}),
    ("product", {"component": "a", "sets": []}),
    ("product", {"component": "a", "sets": ["s"], "each": 0}),
    ("board-places", {"component": "a", "count": -1}),
    ("per-point", {"component": "a", "max": 0}),
    ("requires", {"components": ["a"], "count": 0}),
])
def test_check_keys_out_of_their_range_are_refused(kind: str, keys: dict[str, Any]) -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        check_type(kind).model(id="c", type=kind, source="s", **keys)


@pytest.mark.parametrize(("kind", "keys"), [
    ("requires", {"components": ["a"], "count": 1}),
    ("fits-board", {"component": "a", "cells": "x", "rows": 1, "cols": 1}),
    ("supply", {"components": [], "extra": 0}),
    ("distinct-polyforms", {"component": "a", "cells": "x", "size": 64, "count": 1}),
    ("distinct-polyforms", {"component": "a", "cells": "x", "size": 1, "count": 1}),
    ("board-places", {"component": "a", "count": 0}),
    ("per-point", {"component": "a", "max": 1}),
])
def test_check_keys_at_the_ends_of_their_range_are_taken(kind: str, keys: dict[str, Any]) -> None:
    check_type(kind).model(id="c", type=kind, source="s", **keys)


def test_a_product_of_one_each_says_no_each(make: Any) -> None:
    game = make(PRODUCT.replace("count = 2", "count = 1"))
    ln = one(check(game, "product", component="card", sets=["suit", "rank"]))
    assert (ln.verdict, ln.detail) == ("pass", "2 suit x 3 rank")


def test_pieces_outside_the_sets_are_listed_by_their_values(make: Any) -> None:
    table = "name,suit,rank,quantity\na,sun,1,1\nb,sun,2,1\nc,sun,3,1\nd,moon,1,1\ne,moon,2,1\nf,moon,3,1\ng,star,1,1\nh,comet,1,2\n"
    game = make(PRODUCT.replace('vary = ["suit", "rank"]\ncount = 2', 'table = "cards.csv"'), **{"cards.csv": table})
    ln = one(check(game, "product", component="card", sets=["suit", "rank"]))
    assert ln.detail == "not in the sets: comet-1 (2), star-1 (1)"


def test_fewer_different_figures_than_the_rules_want_fail(poly: Any) -> None:
    ln = one(check(poly, "distinct-polyforms", component="card", cells="{shape.cells}", size=4, count=5, mirrors=True))
    assert (ln.found, ln.verdict, ln.detail) == (4, "fail", "4 different figures, the rules want 5")
    ln = one(check(poly, "distinct-polyforms", component="card", cells="{shape.cells}", size=3, count=4, mirrors=True))
    assert ln.detail == "not 3 squares: card-i (4 squares), card-l (4 squares), card-j (4 squares), card-o (4 squares)"


def test_a_long_sentence_is_quoted_to_its_sixtieth_character(make: Any) -> None:
    said = "Fire blows every single token off the board and out of the game for good."
    game = make(ELEMENTS + _sheet("long", said).replace("w = 55", "w = 400"))
    ln = one(check(game, "attributes"))
    assert f'"{said[:60]}" on long: blows is the power of air' in ln.detail


def test_a_sentence_naming_two_values_is_not_read(make: Any) -> None:
    game = make(ELEMENTS + _sheet("two", "Fire and Wind blows hard."))
    ln = one(check(game, "attributes"))
    assert (ln.verdict, ln.detail) == ("pass", "0 printed sentences name one element with its own power")


def test_sets_without_attributes_and_sets_not_named_do_not_stop_the_others(make: Any) -> None:
    body = '[[sets.plain]]\nname = "a"\n[[sets.plain]]\nname = "b"\n' + ELEMENTS + _sheet("bad", "Fire blows.")
    game = make(body)
    assert [ln.check for ln in check(game, "attributes")] == ["c[element]"]
    assert [ln.verdict for ln in check(game, "attributes", sets=["element"])] == ["fail"]


def test_words_name_the_first_other_colour_a_side_is_drawn_in(make: Any) -> None:
    game = words(make, back='background = "{\'blue\' if colour.name == \'red\' else \'#eeeeee\'}"\n'
                            'elements = [{ type = "circle", cx = 5, cy = 5, r = 2, fill = "{\'green\' if colour.name == '
                            '\'red\' else \'#eeeeee\'}" }]')
    ln = one(check(game, "words", component="card", set="colour"))
    assert ln.detail.endswith("card-red (colour red) has its back drawn in blue, not in red")


def test_words_find_a_tables_value_by_its_exact_name(make: Any) -> None:
    # a green card drawn in green with red text: its own colour is there, so it passes; read as another value it would not
    table = "name,colour\na,green\n"
    game = make(WORDS.replace('vary = ["colour"]', 'table = "cards.csv"')
                .replace("{colour.name if colour.name != 'dark red' else 'red'}", "{row.colour}")
                .replace('text = "{colour.name}"', 'text = "x"').replace('fill = "white"', 'fill = "red"'),
                **{"cards.csv": table})
    ln = one(check(game, "words", component="card", set="colour"))
    assert ln.verdict == "pass", ln.detail


def test_a_word_two_values_share_is_another_values_word(make: Any) -> None:
    # red and dark red are both "crimson": a red card printing it prints dark red's word as well
    game = make(WORDS.replace('name = "dark red"', 'name = "dark red"\nlabel = "Crimson"')
                .replace('text = "{colour.name}"', 'text = "{colour.label if colour.name == \'red\' else colour.name}"'))
    ln = one(check(game, "words", component="card", set="colour"))
    assert ln.pieces == ("card-red",) and 'card-red (colour red) prints "CRIMSON", a word of colour dark red' in ln.detail


def test_a_die_showing_fewer_pips_than_its_value_fails(make: Any) -> None:
    game = make('[[sets.size]]\nname = "big"\npips = 4\n[[components]]\nid = "die"\nkind = "net"\nsolid = "cube"\n'
                'vary = ["size"]\nedge = 16\nall = { pips = 3 }\n')
    ln = one(check(game, "words", component="die", pips="{size.pips}"))
    assert ln.detail == "printed pips contradict the piece: die-big shows 3 pips, its value is 4"


def test_a_card_among_the_tokens_does_not_stop_the_shape_names(make: Any) -> None:
    game = make(SHAPES + '[[components]]\nid = "hexcard"\nkind = "card"\nname = "Hexagon card"\nsize = "poker"\nface = "f"\n'
                + _token("liar", "Hexagonal disc", "circle") + _token("a", "Chip", "circle", said="a square one", size=60))
    assert [(ln.check, ln.verdict) for ln in check(game, "shape-names")] == [("c[liar]", "fail"), ("c[a]", "fail")]


def test_decks_name_an_odd_card_larger_than_the_others(make: Any) -> None:
    game = make(DECKS + _card("a", 44, 63, "back-b") + _card("b", 44, 63, "back-b") + _card("c", 63, 88, "back-b"))
    ln = next(ln for ln in check(game, "decks") if ln.check == "c[size/back-b]")
    assert ln.detail.startswith("cards with the back back-b differ in size: c (63 x 88 mm), the others 44 x 63 mm")
    assert ln.pieces == ("c",)


def test_decks_mixed_where_most_have_a_back_name_the_ones_without(make: Any) -> None:
    game = make(DECKS + _card("a") + _card("b") + _card("c", back=None))
    ln = next(ln for ln in check(game, "decks") if ln.check == "c[backs/cards]")
    assert ln.detail == "2 cards have a back and 1 none: c lack one" and ln.pieces == ("c",)


def test_backs_mixed_half_and_half_name_the_ones_without(make: Any) -> None:
    game = make(DECKS + _card("a") + _card("b", back=None))
    ln = one(check(game, "backs", same=False))
    assert ln.pieces == ("b",)


def test_backs_of_three_designs_are_listed(make: Any) -> None:
    game = make(DECKS + '[layouts.back-c]\nbackground = "green"\n' + _card("a") + _card("b", back="back-b")
                + _card("c", back="back-c"))
    ln = one(check(game, "backs", same=False))
    assert ln.detail == "3 cards (a, b, c): 3 backs (a-back: 1 design, b-back: 1 design, c-back: 1 design)"


def test_nesting_reads_nets_after_other_components(make: Any) -> None:
    game = make(CUPS.replace("[[components]]\nid = \"cup\"", "[[components]]\nid = \"aaa\"\nkind = \"card\"\nsize = "
                             "\"poker\"\nface = \"f\"\n[[components]]\nid = \"cup\""))
    assert [c.id for c in game.components][:2] == ["aaa", "cup"]
    assert len(check(game, "nesting")) == 3


def test_a_fold_half_a_millimetre_inside_a_cell_or_at_its_tolerance(make: Any) -> None:
    game = make(FOLDS)
    kit = draw(game)
    for at, crossed in ((70.5, 2), (109.5, 2), (70.05, 0), (110.0 - 0.05, 0)):
        ln = one(check(game, "folds", _with_folds(kit, "board", [[at, 0, at, 100]]), component="board"))
        assert ln.found == f"{crossed} crossed", at


def test_a_seam_reaches_the_board_edge(make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import printkit.folds

    game = make(FOLDS.replace('folds = "half"', 'folds = "none"').replace("x = 30, y = 10, rows = 2, cols = 4, cell = 40",
                                                                         "x = 0, y = 10, rows = 1, cols = 1, cell = 1"))
    monkeypatch.setattr(printkit.folds, "board_seams", lambda *a: [("a4", "y", 10.5)])
    ln = one(check(game, "folds", component="board"))
    assert ln.found == "1 crossed" and "layouts.board.elements[0] cell 1 (10.0-11.0 mm)" in ln.detail


def test_attribute_fields_are_read_past_a_field_that_is_not_one(make: Any) -> None:
    from printkit.checks.attributes import attribute_fields

    game = make(ELEMENTS + _sheet("s", "x"))
    records = [{"name": "a", "size": 3, "tint": "red", "power": "burns"}, {"name": "b", "size": 4, "tint": "blue",
                                                                            "power": "blows"}]
    assert attribute_fields(game, records) == {"power": {0: "burns", 1: "blows"}}


def test_decks_compare_sizes_to_a_tenth_of_a_millimetre(make: Any) -> None:
    game = make(DECKS + _card("a") + _card("b", 63.04, 88.02) + _card("c", 63.3, 88))
    ln = next(ln for ln in check(game, "decks") if ln.check == "c[size/back-a]")
    assert (ln.found, ln.pieces) == ("2 sizes", ("c",)) and "c (63.3 x 88 mm), the others 63 x 88 mm" in ln.detail


def test_a_fold_ending_at_the_tolerance_before_a_cell_does_not_cross_it(make: Any) -> None:
    game = make(FOLDS)
    ln = one(check(game, "folds", _with_folds(draw(game), "board", [[90, 0, 90, 10.05]]), component="board"))
    assert ln.found == "0 crossed"


def test_a_seam_does_not_run_through_a_place_beyond_the_boards_edge(make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import printkit.folds

    game = make(FOLDS.replace('folds = "half"', 'folds = "none"').replace("x = 30, y = 10, rows = 2, cols = 4, cell = 40",
                                                                         "x = -1, y = 10, rows = 1, cols = 1, cell = 1"))
    monkeypatch.setattr(printkit.folds, "board_seams", lambda *a: [("a4", "y", 10.5)])
    ln = one(check(game, "folds", component="board"))
    assert ln.found == "0 crossed"


def test_nesting_leaves_only_components_a_nests_check_reads(make: Any) -> None:
    game = make(CUPS + '[[checks]]\nid = "fit"\ntype = "fits-board"\ncomponent = "cup"\ncells = "0,0"\nrows = 1\ncols = 1\n'
                'source = "s"\n')
    assert len(check(game, "nesting")) == 3


def test_a_net_of_several_sizes_without_nest_is_not_checked(make: Any) -> None:
    game = make(CUPS.replace('nest = "size"\n', ""))
    assert check(game, "nesting") == []


def test_a_sentence_giving_a_value_two_others_attributes_names_the_first(make: Any) -> None:
    game = make(ELEMENTS + _sheet("bad", "Fire blows and holds."))
    assert one(check(game, "attributes")).detail.endswith("blows is the power of air; fire's is burns")


def test_backs_name_an_odd_back_sorting_before_the_common_one(make: Any) -> None:
    # a back is named after the first card that has it: the odd "a-back" sorts before the common "b-back"
    game = make(DECKS + _card("a") + _card("b", back="back-b") + _card("c", back="back-b"))
    ln = one(check(game, "backs"))
    assert ln.detail == "2 different backs: a differ from b-back" and ln.pieces == ("a",)


def test_a_seam_across_a_tall_board_runs_its_whole_height(make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import printkit.folds

    game = make(FOLDS.replace('folds = "half"', 'folds = "none"').replace("width = 300\nheight = 100", "width = 100\nheight = 300")
                .replace("x = 30, y = 10, rows = 2, cols = 4, cell = 40", "x = 30, y = 200, rows = 1, cols = 1, cell = 40")
                .replace("cx = 250, cy = 50", "cx = 50, cy = 50"))
    monkeypatch.setattr(printkit.folds, "board_seams", lambda *a: [("a4", "x", 50.0)])
    ln = one(check(game, "folds", component="board"))
    # the cell 200 mm down and two spots of the ring near the top
    assert ln.found == "3 crossed" and "cell 1 (30.0-70.0 mm)" in ln.detail


def test_a_fold_starting_at_the_tolerance_past_a_cell_does_not_cross_it(make: Any) -> None:
    game = make(FOLDS)
    ln = one(check(game, "folds", _with_folds(draw(game), "board", [[90, 49.95, 90, 50.01]]), component="board"))
    assert ln.found == "0 crossed"


def test_shape_names_read_every_piece_of_a_component(make: Any) -> None:
    body = SHAPES.replace('name = "one"', 'name = "plain"').replace('name = "two"', 'name = "square"')
    game = make(body + '[[components]]\nid = "t"\nkind = "token"\nname = "Chip"\nshape = "circle"\nsize = 20\nface = "f"\n'
                'vary = ["form"]\n')
    ln = one(check(game, "shape-names"))
    assert ln.pieces == ("t-square",)


def test_words_read_a_tables_value_for_its_colour(make: Any) -> None:
    table = "name,colour\na,red\n"
    game = make(WORDS.replace('vary = ["colour"]', 'table = "cards.csv"')
                .replace("{colour.name if colour.name != 'dark red' else 'red'}", "blue")
                .replace('text = "{colour.name}"', 'text = "x"'), **{"cards.csv": table})
    ln = one(check(game, "words", component="card", set="colour"))
    assert ln.detail.endswith("card-a (colour red) is drawn in blue, not in red")


def test_words_name_each_other_value_once(make: Any) -> None:
    game = words(make, face='elements = [{ type = "text", text = "{\'blue azure\' if colour.name == \'red\' else colour.name}"')
    ln = one(check(game, "words", component="card", set="colour"))
    assert ln.detail == ('printed colour words and colours contradict the piece: card-red (colour red) prints "BLUE", '
                         "a word of colour blue")


def test_words_read_pips_on_nets_only_not_tokens(make: Any) -> None:
    game = make('[layouts.f]\nelements = []\n[[components]]\nid = "t"\nkind = "token"\nsize = 20\nface = "f"\n')
    assert one(check(game, "words", component="t", pips="{3}")).verdict == "pass"


def test_every_attribute_field_of_a_sentence_is_read(make: Any) -> None:
    body = (ELEMENTS.replace('power = "burns"', 'power = "burns"\nmove = "leaps"')
            .replace('power = "blows"', 'power = "blows"\nmove = "glides"')
            .replace('power = "holds"', 'power = "holds"\nmove = "rolls"'))
    game = make(body + _sheet("bad", "Fire burns and glides."))
    ln = one(check(game, "attributes"))
    assert ln.check == "c[element]" and ln.detail.endswith("glides is the move of air; fire's is leaps")
