"""Every limit printkit holds data and the command line to, in one table (docs/format.md, "Limits").

Each limit is checked before the work it bounds starts, and passing it is one data error (exit 2)
that names the limit. The values are read from the constants that the checks use, so the table
cannot drift from the code.
"""

from __future__ import annotations


def rows() -> list[tuple[str, str]]:
    """(what is limited, the limit) for the docs' table."""
    from printkit import assets, expr, folders, game, load, model, papers
    from printkit.commands import build as build_command
    from printkit.commands import preview
    from printkit.elements import hexgrid, repeat, text
    from printkit.layout import MAX_PER_PAGE
    from printkit.render.raster import MAX_PIXELS
    from printkit.rulebook import MAX_OUTPUT_CHARS, MAX_TEMPLATE_BYTES

    mb = 1_000_000
    return [
        ("`game.toml`", f"{load.MAX_TOML_BYTES // mb} MB"),
        ("entries of any one array or table in `game.toml` (set records, points, elements, palette...)",
         f"{load.MAX_ENTRIES:,}"),
        ("a text value of `game.toml`", f"{load.MAX_STRING:,} characters"),
        ("the text one `text` element prints (after templates)", f"{text.MAX_CHARS:,} characters"),
        ("a CSV table", (f"{load.MAX_TABLE_BYTES // mb} MB; {model.MAX_COUNT:,} rows; "
                         f"reading stops after {load.MAX_ROW_PROBLEMS} bad rows")),
        ("an image file", f"{assets.MAX_IMAGE_BYTES // mb} MB, {assets.MAX_IMAGE_PIXELS // mb} million pixels"),
        ("a font file", f"{assets.MAX_FONT_BYTES // mb} MB"),
        ("a rulebook template", f"{MAX_TEMPLATE_BYTES // mb} MB; the text it makes {MAX_OUTPUT_CHARS:,} characters"),
        ("components in one game", f"{load.MAX_COMPONENTS:,}"),
        ("pieces in one game, all components", f"{load.MAX_PIECES:,}"),
        ("copies (`count`, a table's `quantity`)", f"{model.MAX_COUNT:,}"),
        ("pieces sharing one page (tiny pieces)", f"{MAX_PER_PAGE:,}"),
        ("a length", f"{model.MIN_LENGTH:g} to {model.MAX_LENGTH:g} mm"),
        ("a paper", f"{papers.MIN_PAPER:g} to {papers.MAX_PAPER:g} mm a side; {papers.MAX_PAPERS} papers a build"),
        ("a plain number in a layout", f"{game.MAX_NUMBER:,.0f}"),
        ("`title`, `name`, `designer`", f"{model.MAX_TITLE} characters"),
        ("a variant's key (from a table's `name`)", f"{load.MAX_KEY} characters"),
        ("a game folder's name", f"{folders.MAX_NAME} characters"),
        ("elements one face draws, repeats multiplied out", f"{load.MAX_ELEMENTS:,}"),
        ("nesting of `repeat`", f"{load.MAX_NESTING}"),
        ("one `repeat`", (f"{repeat.MAX_REPEAT:,} copies; {repeat.MAX_COPIES:,} nested copies in one face; "
                          f"{repeat.MAX_SHAPES:,} shapes")),
        ("a hex map, in every form (rectangle, hexagon, `cells`, a table's rows)",
         f"{hexgrid.MAX_CELLS:,} cells; a `cells` list of {hexgrid.MAX_CELLS_TEXT:,} characters"),
        ("a template expression", (f"{expr.MAX_SOURCE} characters, {expr.MAX_NODES} parts, results within "
                                   f"±{expr.MAX_MAGNITUDE:g}, exponents up to {expr.MAX_POWER}, "
                                   f"texts of {expr.MAX_TEXT} characters")),
        ("a picture (preview, print-shop PNG, print-on-demand image, Tabletop Simulator sheet)",
         f"{MAX_PIXELS // mb} million pixels"),
        ("`preview --dpi`", f"{preview.MIN_DPI} to {preview.MAX_DPI}"),
        ("`build --jobs`", "1 to 256"),
        ("`build --offset`", f"{build_command.MAX_OFFSET:g} mm each way"),
        ("`build --margin`", f"0 to {model.MAX_LENGTH:g} mm"),
    ]


def markdown() -> list[str]:
    """The "Limits" section of docs/format.md."""
    intro = ("printkit refuses data that no kit needs and no machine could make in reasonable time and memory. "
             "Each limit is checked before the work it bounds starts; passing one is a one-line error naming "
             "the key (or option) and the limit, exit code 2.")
    lines = ["## Limits", "", intro, "", "| what | limit |", "|---|---|"]
    lines += [f"| {what} | {limit} |" for what, limit in rows()]
    return lines
