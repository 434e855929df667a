"""Rulebooks from templates: Jinja (sandboxed) -> Markdown -> PDF (A4, Letter) and HTML.

Where templates come from (first match wins):

1. ``data/<game>/rules/`` - the game's own templates. A game writes its rules in
   ``rules/rulebook.md`` starting with ``{% extends "base/rulebook.md" %}`` and fills the
   blocks it needs (``intro``, ``setup``, ``turn``, ``scoring``, ``end``, ``variants``,
   ``examples``, ...). It may also replace any shared part by a file of the same name,
   e.g. ``rules/parts/components.md``.
2. ``templates/`` at the root of printkit - the shared rulebook, also reachable as
   ``base/...`` so a game's template can extend the one it replaces.

Templates run in Jinja's sandbox with undefined names as errors; an error names the
template file and line and ends the build with exit code 2, no traceback.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from jinja2 import (
    BytecodeCache,
    ChoiceLoader,
    FileSystemLoader,
    PrefixLoader,
    StrictUndefined,
    TemplateError,
    TemplateNotFound,
    TemplateSyntaxError,
    select_autoescape,
)
from jinja2.exceptions import SecurityError
from jinja2.loaders import split_template_path
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup

from printkit.drawing import Drawing
from printkit.errors import DataError, Problem, found_repr
from printkit.game import Game
from printkit.rulebook import filters
from printkit.rulebook.context import build_context
from printkit.rulebook.diagrams import Pictures
from printkit.rulebook.markdown import Document, parse

def _shared_templates() -> Path:
    """The shared rulebook templates: ``templates/`` beside the package in a checkout (an editable
    install), else the copy a regular install puts in ``<prefix>/share/printkit/templates``."""
    checkout = Path(__file__).resolve().parents[2] / "templates"
    if checkout.is_dir():
        return checkout
    installed = Path(sys.prefix) / "share" / "printkit" / "templates"
    return installed if installed.is_dir() else checkout


TEMPLATES = _shared_templates()
ENTRY = "rulebook.md"
PAGE = "page.html"
GAME_RULES = "rules"


MAX_REPEAT = 100_000
"""Longest string or list a template may build with ``*``, and the largest ``**`` exponent's result size."""


class RulebookSandbox(SandboxedEnvironment):
    """Jinja's sandbox, plus limits on ``*`` and ``**`` so a template cannot exhaust memory."""

    intercepted_binops = frozenset({"*", "**"})

    def call_binop(self, context: object, operator: str, left: object, right: object) -> object:
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > MAX_REPEAT:
                    raise SecurityError(f"repeating a sequence beyond {MAX_REPEAT} items is not allowed")
        if operator == "**" and isinstance(right, (int, float)) and isinstance(left, (int, float)) \
                and (abs(right) > 64 or abs(left) > MAX_REPEAT):
            raise SecurityError("powers this large are not allowed")
        return super().call_binop(context, operator, left, right)  # type: ignore[arg-type]


class CompiledTemplates(BytecodeCache):
    """Compiled templates kept in memory for the whole process, keyed by template file and source
    checksum: a build of several games (or `printkit watch`) compiles the shared templates once,
    not once per game. Every environment made here has the same settings, so the code is the same."""

    def __init__(self) -> None:
        self._codes: dict[tuple[str, str], object] = {}

    def load_bytecode(self, bucket: Any) -> None:
        code = self._codes.get((bucket.key, bucket.checksum))
        if code is not None:
            bucket.code = code

    def dump_bytecode(self, bucket: Any) -> None:
        self._codes[(bucket.key, bucket.checksum)] = bucket.code


COMPILED = CompiledTemplates()

MAX_TEMPLATE_BYTES = 1_000_000
"""Largest template file: rules text, not data."""


class ConfinedLoader(FileSystemLoader):
    """Templates from one folder, each of which must resolve (links followed) inside ``allowed``:
    a game's templates inside the game folder, the shared ones inside ``templates/``. A link
    that leads out is a data error, so no file outside can be read and published. A template
    must be UTF-8 text of at most :data:`MAX_TEMPLATE_BYTES`."""

    def __init__(self, folder: Path, allowed: Path, label: str) -> None:
        super().__init__(str(folder))
        self.folder = folder
        self.allowed = allowed
        self.label = label

    def get_source(self, environment: Any, template: str) -> tuple[str, str, Any]:
        pieces = split_template_path(template)  # refuses ".." and the like as not found
        path = self.folder.joinpath(*pieces)

        def refuse(expected: str, found: str, line: int | None = None) -> DataError:
            return DataError([Problem(_short(str(path)), "", expected, found, line=line)])

        try:
            resolved = path.resolve()
            inside = resolved.is_relative_to(self.allowed.resolve())
            exists = path.exists() or path.is_symlink()
        except (OSError, RuntimeError):
            raise refuse("a template file that can be read", "a link that leads nowhere (a loop)") from None
        if not exists:
            raise TemplateNotFound(template)
        if not inside:
            raise refuse(f"a template inside {self.label}",
                         f"a link to a file outside it ({found_repr(template)})")
        if not resolved.is_file():
            raise refuse("a template file", "not a regular file")
        try:
            size = resolved.stat().st_size
            if size > MAX_TEMPLATE_BYTES:
                raise refuse(f"a template of at most {MAX_TEMPLATE_BYTES // 1_000_000} MB", f"{size / 1e6:.1f} MB")
            data = resolved.read_bytes()
            mtime = resolved.stat().st_mtime
        except OSError as exc:
            raise refuse("a template file that can be read", exc.strerror or str(exc)) from None
        try:
            source = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data.count(b"\n", 0, exc.start) + 1
            raise refuse("UTF-8 text (save the template as UTF-8)", f"undecodable bytes at byte {exc.start}",
                         line=line) from None

        def uptodate() -> bool:
            try:
                return resolved.stat().st_mtime == mtime
            except OSError:
                return False

        return source, str(path), uptodate


def environment(game: Game, shared: Path = TEMPLATES) -> SandboxedEnvironment:
    """The sandboxed environment for one game: its own templates first, then the shared ones."""
    root = game.root.resolve()
    loader = ChoiceLoader([
        ConfinedLoader(game.root / GAME_RULES, root, "the game folder"),
        PrefixLoader({"base": ConfinedLoader(shared, shared, "printkit's templates/")}),
        ConfinedLoader(shared, shared, "printkit's templates/"),
    ])
    env = RulebookSandbox(
        loader=loader,
        undefined=StrictUndefined,
        autoescape=select_autoescape(enabled_extensions=("html", "htm", "xml"), default_for_string=False,
                                     default=False),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        bytecode_cache=COMPILED,
    )
    return filters.register(env)


def _where(env: SandboxedEnvironment, err: BaseException) -> tuple[str, int | None]:
    """The template file and line an error happened in (Jinja puts template frames in the traceback)."""
    if isinstance(err, TemplateSyntaxError):
        return err.filename or err.name or "template", err.lineno
    file, line = "template", None
    for frame in traceback.extract_tb(err.__traceback__):
        if frame.filename.endswith((".md", ".html", ".j2")) or "/templates/" in frame.filename:
            file, line = frame.filename, frame.lineno
    return file, line


def render_template(env: SandboxedEnvironment, name: str, context: dict[str, object], game: Game) -> str:
    """Render one template; any template problem becomes a :class:`DataError` naming file and line."""
    try:
        return env.get_template(name).render(context)
    except TemplateNotFound as err:
        raise DataError([Problem(game.rel(game.root / GAME_RULES), "", "a template named " + repr(err.name),
                                 "no such template (looked in the game's rules/ folder and templates/)")]) from None
    except TemplateError as err:
        file, line = _where(env, err)
        what = {"UndefinedError": "undefined value", "SecurityError": "unsafe access",
                "TemplateSyntaxError": "syntax error"}.get(type(err).__name__, "template error")
        raise DataError([Problem(_short(file), "", "a template that uses only the game's data",
                                 f"{what}: {err.message}", line=line)]) from None


def _short(file: str) -> str:
    try:
        return str(Path(file).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return file


def rules_markdown(game: Game, faces: dict[str, Drawing], shared: Path = TEMPLATES) -> str:
    """The rulebook of ``game`` as Markdown, from its templates and data."""
    env = environment(game, shared)
    return render_template(env, ENTRY, build_context(game, faces), game)


class Rulebook:
    """One game's rulebook, rendered from its templates and parsed once; ``pdf()`` and ``html()``
    lay it out. ``outlines`` maps face references to their cut outlines, so a disc is pictured as a disc."""

    def __init__(self, game: Game, faces: dict[str, Drawing], shared: Path = TEMPLATES,
                 outlines: dict[str, Drawing] | None = None,
                 assembled: dict[str, tuple[float, float, float]] | None = None) -> None:
        self.game = game
        self.env = environment(game, shared)
        self.context = build_context(game, faces, assembled)
        self.doc: Document = parse(render_template(self.env, ENTRY, self.context, game))
        entry = _short(str(game.root / GAME_RULES / ENTRY)) if (game.root / GAME_RULES / ENTRY).is_file() \
            else _short(str(shared / ENTRY))
        self.pictures = Pictures(game, faces, entry, outlines=outlines)
        self.title = f"{game.info.title} \u2014 rules"

    def picture(self, src: str) -> tuple[Drawing, float]:
        p = self.pictures.resolve(src)
        return p.drawing, p.width

    def pdf(self, paper: str) -> dict[str, bytes]:
        """``<game>-rules-<paper>.pdf``."""
        from printkit.papers import paper_size
        from printkit.render.rulebook import rulebook_pdf  # platypus: only for a PDF

        return {f"{self.game.id}-rules-{paper}.pdf": rulebook_pdf(self.doc, self.picture, paper_size(paper), self.title)}

    def html(self) -> dict[str, bytes]:
        """``<game>-rules.html``: one page, pictures inline."""
        from printkit.rulebook.html import HtmlWriter  # svgwrite: only for the page

        body = HtmlWriter(self.picture).blocks(self.doc.blocks)
        page = render_template(self.env, PAGE, {**self.context, "body": Markup(body), "title": self.title}, self.game)
        return {f"{self.game.id}-rules.html": page.encode("utf-8")}


def rulebooks(game: Game, faces: dict[str, Drawing], papers: Iterable[str], shared: Path = TEMPLATES,
              outlines: dict[str, Drawing] | None = None,
              assembled: dict[str, tuple[float, float, float]] | None = None) -> dict[str, bytes]:
    """Every rulebook file of one game: ``<game>-rules-<paper>.pdf`` per paper and ``<game>-rules.html``."""
    book = Rulebook(game, faces, shared, outlines, assembled)
    files: dict[str, bytes] = {}
    for paper in papers:
        files.update(book.pdf(paper))
    files.update(book.html())
    return files
