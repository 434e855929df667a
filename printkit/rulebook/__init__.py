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

import contextlib
import os
import re
import signal
import sys
import threading
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
from jinja2.filters import FILTERS as DEFAULT_FILTERS
from jinja2.loaders import split_template_path
from jinja2.sandbox import SandboxedEnvironment
from jinja2.utils import missing, pass_eval_context
from markupsafe import Markup

from printkit.drawing import Drawing
from printkit.errors import DataError, Problem, found_repr, suggest
from printkit.game import Game
from printkit.rulebook import filters
from printkit.rulebook.context import build_context
from printkit.rulebook.diagrams import Pictures
from printkit.rulebook.look import Look
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

    @staticmethod
    def concat(parts: Iterable[str]) -> str:
        """Join a macro's, a ``{% set %}`` block's or a filter block's text, refusing more than
        :data:`MAX_OUTPUT_CHARS` before joining (the pieces may be one string repeated a million times)."""
        out: list[str] = []
        total = 0
        for part in parts:
            total += len(part)
            if total > MAX_OUTPUT_CHARS:
                raise _TooLong
            out.append(part)
        return "".join(out)


@pass_eval_context
def _checked_join(eval_ctx: Any, value: Iterable[Any], d: str = "", attribute: Any = None) -> str:
    """The ``join`` filter, refusing a result longer than :data:`MAX_OUTPUT_CHARS` before making it."""
    items = list(value)
    if attribute is None and sum(len(str(v)) for v in items) + len(d) * max(len(items) - 1, 0) > MAX_OUTPUT_CHARS:
        raise _TooLong
    return DEFAULT_FILTERS["join"](eval_ctx, items, d, attribute)


@pass_eval_context
def _checked_replace(eval_ctx: Any, s: str, old: str, new: str, count: int | None = None) -> str:
    """The ``replace`` filter, refusing a result longer than :data:`MAX_OUTPUT_CHARS` before making it."""
    text = str(s)
    if old and len(text) + text.count(str(old)) * len(str(new)) > MAX_OUTPUT_CHARS:
        raise _TooLong
    return DEFAULT_FILTERS["replace"](eval_ctx, s, old, new, count)


def _checked_width(name: str) -> Any:
    original = DEFAULT_FILTERS[name]

    def checked(value: Any, width: Any = 80, *args: Any, **kwargs: Any) -> Any:
        if isinstance(width, (int, float)) and abs(width) > 10_000:
            raise _TooLong
        return original(value, width, *args, **kwargs)

    return checked


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


class ClearUndefined(StrictUndefined):
    """An undefined value whose error a newcomer can act on: the names that do exist there, with
    a did-you-mean (``{{ compnents }}``), and what to write instead of a key into a list
    (``{{ components.cards }}``: a list, one component by id is ``component.card``)."""

    __slots__ = ()
    known: tuple[str, ...] = ()
    """The names a template can use (its context and the globals), set for each rendering."""

    @property
    def _undefined_message(self) -> str:
        name, obj, hint = self._undefined_name, self._undefined_obj, self._undefined_hint
        if hint or not isinstance(name, str):
            return str(super()._undefined_message)
        if obj is missing:
            return f"{name!r} is undefined (names templates know: {', '.join(self.known)}){suggest(name, self.known)}"
        if isinstance(obj, dict):
            keys = [k for k in obj if isinstance(k, str)]
            return f"no {name!r} here (known keys: {', '.join(keys[:30])}){suggest(name, keys)}"
        if isinstance(obj, (list, tuple)):
            ids = [o["id"] for o in obj if isinstance(o, dict) and isinstance(o.get("id"), str)]
            if ids:
                close = suggest(name, ids)
                best = close[len(' (did you mean "'):-len('"?)')] if close else ""
                return (f"{name!r} asked of a list of {len(obj)} (loop over it with {{% for c in ... %}}, or take one "
                        f"by its id: component.<id>, ids: {', '.join(ids[:30])})"
                        + (f" (did you mean component.{best}?)" if best else ""))
            return f"{name!r} asked of a list of {len(obj)} (loop over it with {{% for item in ... %}})"
        return str(super()._undefined_message)


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
        undefined=type("GameUndefined", (ClearUndefined,), {"__slots__": ()}),
        autoescape=select_autoescape(enabled_extensions=("html", "htm", "xml"), default_for_string=False,
                                     default=False),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        bytecode_cache=COMPILED,
    )
    env.filters.update(join=_checked_join, replace=_checked_replace,
                       center=_checked_width("center"), indent=_checked_width("indent"))
    return filters.register(env)


def _template_file(name: str) -> bool:
    """Whether a frame's file is a template (Jinja names a template's code after its file)."""
    return name.endswith((".md", ".html", ".j2")) or "/templates/" in name


def _where(env: SandboxedEnvironment, err: BaseException) -> tuple[str, int | None]:
    """The template file and line an error happened in (Jinja puts template frames in the traceback)."""
    if isinstance(err, TemplateSyntaxError):
        return err.filename or err.name or "template", err.lineno
    file, line = "template", None
    for frame in traceback.extract_tb(err.__traceback__):
        if _template_file(frame.filename):
            file, line = frame.filename, frame.lineno
    return file, line


TEMPLATE_SECONDS = 5.0
"""CPU time one template may take to render (a real rulebook takes a few milliseconds): a loop
that does not end is stopped here."""
TEMPLATE_MEMORY = 256 << 20
"""Memory (bytes) a template's rendering may add to the process, checked as it runs."""
_TICK = 0.02
"""CPU seconds between two checks of a rendering template's time and memory."""
_DEFER = 10
"""Ticks a passed limit may wait for the game's own template frame to be running (see :class:`_Watch`)."""
MAX_OUTPUT_CHARS = 2_000_000
"""Longest text a template may produce: some two hundred times the longest real rulebook."""


class _TemplateTimeout(Exception):
    """Raised inside a template's rendering when its CPU time (or, as a backstop, clock time) is up."""


class _TemplateMemory(Exception):
    """Raised inside a template's rendering when it has grown the process by :data:`TEMPLATE_MEMORY`."""


class _TooLong(Exception):
    """A template's output passed :data:`MAX_OUTPUT_CHARS`."""


def render_template(env: SandboxedEnvironment, name: str, context: dict[str, object], game: Game,
                    made: int = 0) -> str:
    """Render one template; any template problem becomes a :class:`DataError` naming file and line.

    A template is a program from the game folder, so whatever goes wrong in it is a data
    error, and its rendering is bounded: :data:`TEMPLATE_SECONDS` of CPU time (ten times that
    on the clock), :data:`TEMPLATE_MEMORY` of growth (both checked by a timer signal, where
    this is the main thread of a system with ``setitimer``) and :data:`MAX_OUTPUT_CHARS` of the
    template's own text: ``made`` characters of the context were made by printkit (the HTML page's
    body with its pictures) and are not the template's to answer for.
    """
    template = None
    problem: DataError | None = None
    watch = _Watch((str(game.root), str(game.root.resolve()))) if hasattr(signal, "setitimer") \
        and threading.current_thread() is threading.main_thread() else contextlib.nullcontext()
    env.undefined.known = tuple(sorted({*context, *env.globals}))  # type: ignore[attr-defined]
    try:
        template = env.get_template(name)
        out: list[str] = []
        size = 0
        with watch:
            for chunk in template.generate(context):
                size += len(chunk)
                if size > MAX_OUTPUT_CHARS + made:
                    raise _TooLong
                out.append(chunk)
        return "".join(out)
    except _TooLong as err:
        file, line = _where(env, err)
        if file == "template":
            file = template.filename if template is not None and template.filename else name
        raise DataError([Problem(_short(file), "", f"a template whose text is at most {MAX_OUTPUT_CHARS:,} characters",
                                 "more (a loop that repeats too much?)", line=line)]) from None
    except DataError:
        raise
    except Exception as err:  # noqa: BLE001 - a template is data: whatever it does wrong is a data error
        problem = _template_problem(env, err, game)
    # Raised here, outside the handler, so the error holds no traceback of the template's frames:
    # after a runaway template those frames hold all the text it built, which must be freed now.
    assert problem is not None
    raise problem


def _template_problem(env: SandboxedEnvironment, err: BaseException, game: Game) -> DataError:
    if isinstance(err, TemplateNotFound):
        return DataError([Problem(game.rel(game.root / GAME_RULES), "", "a template named " + repr(err.name),
                                  "no such template (looked in the game's rules/ folder and templates/)")])
    file, line = _where(env, err)
    if isinstance(err, TemplateSyntaxError) and (unclosed := _unclosed(env, err)) is not None:
        tag, opened = unclosed
        other = re.search(r"Encountered unknown tag '(\w+)'", err.message or "")
        first = f"{{% {other.group(1)} %}}" if other else "the end of the template"
        return DataError([Problem(_short(file), "", f"{{% end{tag} %}} to close this {{% {tag} %}}",
                                  f"{first} first, at line {err.lineno}", line=opened)])
    if isinstance(err, TemplateError):
        what = {"UndefinedError": "undefined value", "SecurityError": "unsafe access",
                "TemplateSyntaxError": "syntax error"}.get(type(err).__name__, "template error")
        expected, found = "a template that uses only the game's data", f"{what}: {err.message}"
    elif isinstance(err, RecursionError):
        expected = "a template that does not call or extend itself without end"
        found = "recursion too deep"
    elif isinstance(err, _TemplateTimeout):
        expected, found = f"a template that renders within {TEMPLATE_SECONDS:g} s", "an endless loop or too much work"
    elif isinstance(err, (MemoryError, _TemplateMemory)):
        expected = f"a template that needs at most {TEMPLATE_MEMORY >> 20} MB"
        found = "more (a loop that builds too much text?)"
    else:
        message = str(err).splitlines()[0][:120] if str(err) else ""
        expected = "a template whose expressions can be computed"
        found = f"{type(err).__name__}: {message}" if message else type(err).__name__
    return DataError([Problem(_short(file), "", expected, found, line=line)])


_BLOCK_TAGS = ("if", "for", "block", "macro", "call", "filter", "with", "autoescape", "trans")
_INNERMOST = re.compile(r"innermost block that needs to be closed is '(\w+)'")


def _unclosed(env: SandboxedEnvironment, err: TemplateSyntaxError) -> tuple[str, int] | None:
    """For a block tag left open (an ``{% if %}`` without its ``{% endif %}``): the tag and the line
    it was opened on. Jinja notices only where the template goes wrong later (an ``{% endblock %}``,
    the end of the file); the newcomer needs the line of the tag left open."""
    found = _INNERMOST.search(err.message or "")
    if found is None:
        return None
    tag = found.group(1)
    source = err.source
    if source is None and err.name:
        try:
            source = env.loader.get_source(env, err.name)[0] if env.loader else None
        except TemplateError:
            source = None
    if source is None:
        return None
    stack: list[tuple[str, int]] = []
    after_begin = False
    try:
        for lineno, kind, value in env.lex(source):
            if err.lineno and lineno > err.lineno:
                break
            if kind == "block_begin":
                after_begin = True
                continue
            if kind == "whitespace":
                continue
            if after_begin and kind == "name":
                if value in _BLOCK_TAGS:
                    stack.append((value, lineno))
                elif value.startswith("end") and stack and stack[-1][0] == value[3:]:
                    stack.pop()
            after_begin = False
    except TemplateError:
        return None
    opened = [line for name, line in stack if name == tag]
    return (tag, opened[-1]) if opened else None


class _Watch:
    """While a template renders: a CPU-time timer (user and system time: a loop building text
    spends most of it in page faults) that checks its time and memory every :data:`_TICK` s
    and raises inside the template when a limit is passed, and a clock-time backstop (a busy machine
    may give a loop little CPU). Restores the previous handlers.

    A limit passed while a shared template's frame runs (the base template handing on the text of
    the game's block) is raised a few ticks later, so the error names the game's own line, where the
    loop is, and not the base template's ``{% block %}`` line (at most :data:`_DEFER` ticks)."""

    def __init__(self, game_root: tuple[str, ...] = ()) -> None:
        self.game_root = game_root
        self.deferred = 0

    def __enter__(self) -> _Watch:
        self.spent = 0.0
        self.base = _resident()
        self.saved = (signal.signal(signal.SIGPROF, self._tick), signal.signal(signal.SIGALRM, self._clock))
        self.timers = (signal.setitimer(signal.ITIMER_PROF, _TICK, _TICK),
                       signal.setitimer(signal.ITIMER_REAL, 10 * TEMPLATE_SECONDS))
        return self

    def __exit__(self, *exc: object) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGPROF, self.saved[0])
        signal.signal(signal.SIGALRM, self.saved[1])
        if self.timers[0][0]:  # pragma: no cover - nobody else uses these timers in printkit
            signal.setitimer(signal.ITIMER_PROF, *self.timers[0])
        if self.timers[1][0]:  # pragma: no cover
            signal.setitimer(signal.ITIMER_REAL, *self.timers[1])

    def _stop(self) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)

    def _tick(self, signum: int, frame: Any) -> None:
        self.spent += _TICK
        passed = _TemplateTimeout if self.spent >= TEMPLATE_SECONDS else \
            _TemplateMemory if _resident() - self.base > TEMPLATE_MEMORY else None
        if passed is None:
            return
        if self.deferred < _DEFER and self._in_shared_template(frame):
            self.deferred += 1
            return
        self._stop()
        raise passed

    def _in_shared_template(self, frame: Any) -> bool:
        """Whether the innermost template frame running is not one of the game's own files."""
        while frame is not None:
            name = frame.f_code.co_filename
            if _template_file(name):
                return bool(self.game_root) and not name.startswith(self.game_root)
            frame = frame.f_back
        return False

    def _clock(self, signum: int, frame: object) -> None:
        self._stop()
        raise _TemplateTimeout


def _resident() -> float:
    """This process's resident memory in bytes (0 where /proc cannot tell)."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0.0


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
                 assembled: dict[str, tuple[float, float, float]] | None = None,
                 built: dict[str, list[tuple[float, float, float]]] | None = None) -> None:
        self.game = game
        self.env = environment(game, shared)
        self.context = build_context(game, faces, assembled, built)
        self.markdown = render_template(self.env, ENTRY, self.context, game)
        self.doc: Document = parse(self.markdown)
        entry = _short(str(game.root / GAME_RULES / ENTRY)) if (game.root / GAME_RULES / ENTRY).is_file() \
            else _short(str(shared / ENTRY))
        self.entry = entry
        self.pictures = Pictures(game, faces, entry, outlines=outlines)
        self.title = f"{game.info.title} \u2014 rules"
        self.look = Look.of(game, entry)

    def picture(self, src: str) -> tuple[Drawing, float]:
        p = self.pictures.resolve(src)
        return p.drawing, p.width

    def pdf(self, paper: str) -> dict[str, bytes]:
        """``<game>-rules-<paper>.pdf``."""
        from printkit.papers import paper_size
        from printkit.render.rulebook import PageOverflow, rulebook_pdf  # platypus: only for a PDF

        try:
            pdf = rulebook_pdf(self.doc, self.picture, paper_size(paper), self.title, self.look)
        except PageOverflow as exc:  # a table row taller than the page, a table too wide for a small one
            raise DataError([Problem(self.entry, "", f"rulebook content that fits a page of {paper}", str(exc))]) from None
        return {f"{self.game.id}-rules-{paper}.pdf": pdf}

    def html(self) -> dict[str, bytes]:
        """``<game>-rules.html``: one page, pictures inline."""
        from printkit.rulebook.html import HtmlWriter  # the SVG backend: only for the page

        writer = HtmlWriter(self.picture, self.look)
        body = writer.blocks(self.doc.blocks)
        fonts_css = writer.fonts_css(body)
        # the page template wraps the body once: its limit is on what it adds, not on the pictures
        page = render_template(self.env, PAGE, {**self.context, "body": Markup(body), "title": self.title,
                                                "fonts_css": Markup(fonts_css)}, self.game, made=len(body) + len(fonts_css))
        return {f"{self.game.id}-rules.html": page.encode("utf-8")}


def figures(doc: Document) -> list[str]:
    """The picture address of every figure in a parsed rulebook, in order (lists and asides included)."""
    from printkit.rulebook.markdown import Figure, ListBlock, Quote

    out: list[str] = []

    def walk(blocks: list[Any]) -> None:
        for b in blocks:
            if isinstance(b, Figure):
                out.append(b.image.src)
            elif isinstance(b, ListBlock):
                for item in b.items:
                    walk(item)
            elif isinstance(b, Quote):
                walk(b.blocks)

    walk(doc.blocks)
    return out


def diagram_pictures(game: Game, faces: dict[str, Drawing], markdown: str,
                     outlines: dict[str, Drawing] | None = None) -> dict[str, tuple[Drawing, float]]:
    """The rulebook's diagrams (``diagram:NAME`` figures) as printed: drawing and printed width (mm), by address.
    What the proof's ``min-text`` check measures in the rulebook: the diagram's own labels and notes."""
    pictures = Pictures(game, faces, _short(str(game.root / GAME_RULES / ENTRY)), outlines=outlines)
    out: dict[str, tuple[Drawing, float]] = {}
    for src in figures(parse(markdown)):
        name = src.split("?")[0]
        if name.startswith("diagram:") and name not in out:
            p = pictures.resolve(src)
            out[name] = (p.drawing, p.width)
    return out


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
