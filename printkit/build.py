"""The pipeline, top to bottom: load -> draw -> layout -> render -> write.

``build()`` is the one place that wires the stages; each stage is its own module.
Everything is rendered in memory before anything is written, so a game with bad
data never touches its previous outputs.
"""

from __future__ import annotations

import gc
import itertools
import json
import os
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from printkit import __version__
from printkit.boxes import BOX_GROUP, Box
from printkit.drawing import Drawing, Group, Node, Use
from printkit.errors import DataError, Problem, SettingError, collect
from printkit.folders import check_games, check_out
from printkit.game import Game
from printkit.kinds import KINDS
from printkit.kit import (  # noqa: F401  (re-exported: the drawing stage)
    Kit,
    assembled_sizes,
    built_sizes,
    draw,
    folded_sizes,
    piece_sizes,
    plan_boxes,
)
from printkit.layout import Duplex, Item, LayoutOptions, Paper, Sheet, check_density, paper_size
from printkit.layout.engines import ENGINES, load_engines
from printkit.layout.fold import fold
from printkit.layout.marks import REG_BAND, add_registration, cut_svg, has_cuts, registration_svg, shift_backs
from printkit.load import load_game
from printkit.model import PrintSettings
from printkit.options import BuildOptions
from printkit.output import sweep, write_all
from printkit.parallel import Early, cpu_workers, run_all
from printkit.render.pdf import PdfWriter
from printkit.report import GameReport
from printkit.state import STATE, inputs_digest, read_state, up_to_date
from printkit.teststop import stop_at


@dataclass
class GameResult:
    game: str
    files: dict[str, bytes]
    changed: list[str]
    pages: int
    pieces: int
    up_to_date: bool = False
    seconds: float = 0.0
    """Time spent on this game: drawing, rendering, proving and writing."""
    proof: dict[str, object] = field(default_factory=dict)
    """The proof's verdict and counts (``proof_state``); recorded, so a skipped game still reports it."""
    report: GameReport | None = None
    kit: Kit | None = None
    """The drawn kit, when the game was drawn in this process (a build of one game): ``printkit serve`` shows it."""


Progress = Callable[[str], None]


def build(game_dirs: list[Path], out_dir: Path, options: BuildOptions = BuildOptions(),
          progress: Progress | None = None, workers: int | None = None) -> list[GameResult]:
    """Build every game: all are loaded (and all their problems reported) before any is written.

    A game whose inputs (its folder, the options, printkit itself) hash to what the last
    build recorded, and whose outputs are all still there, is up to date and skipped.
    Every game is drawn and rendered in memory before any is written, so a failure
    anywhere leaves every previous kit alone. ``workers`` processes share the work
    (default: one per core; see :mod:`printkit.parallel`); the files are the same bytes
    whatever their number.
    """
    # The cyclic garbage collector stays off while a build runs: a build allocates millions of
    # small objects (drawing nodes) and almost no cycles, so its collections cost ~15 % of the
    # time and freed next to nothing (a few MB at 10,000 cards). Forked workers inherit this.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _build(game_dirs, out_dir, options, progress, workers)
    finally:
        if collecting:
            gc.enable()


def _build(game_dirs: list[Path], out_dir: Path, options: BuildOptions, progress: Progress | None,
           workers: int | None) -> list[GameResult]:
    check_games(game_dirs)
    check_out(game_dirs, out_dir)
    sweep(out_dir)  # leftovers of a killed build go even when every game is up to date
    digests = {folder: inputs_digest(folder, options.key) for folder in game_dirs}
    stale = [f for f in game_dirs if options.force or not up_to_date(out_dir / f.name, digests[f])]
    games = load_all(stale, options.papers)
    stop_at("loaded")
    results = [_skipped(out_dir / f.name) for f in game_dirs if f not in stale]
    built = build_games(games, options, cpu_workers() if workers is None else workers, progress)
    stop_at("rendered")
    for game, made in zip(games, built):
        start = time.perf_counter()
        files = made.files
        result = GameResult(game.id, files, [], pages=files.pages, pieces=files.pieces,
                            proof=proof_state(made.report), report=made.report, kit=made.kit)
        state = {"inputs": digests[game.root], "files": sorted(files), "pages": result.pages, "pieces": result.pieces,
                 "proof": result.proof}
        # The state file is printkit's own bookkeeping: written, but not one of the kit's files.
        record = (json.dumps(state, indent=1) + "\n").encode()
        result.changed = [f for f in write_all(out_dir / game.id, {**files, STATE: record}) if f != STATE]
        result.seconds = made.seconds + time.perf_counter() - start
        results.append(result)
    return sorted(results, key=lambda r: r.game)


class KitFiles(dict[str, bytes]):
    """A game's output files (relative path -> bytes), and the pages and pieces its manifest counts:
    known when the manifest is assembled, so nothing reads the manifest back."""

    def __init__(self, files: dict[str, bytes], pages: int, pieces: int) -> None:
        super().__init__(files)
        self.pages = pages
        self.pieces = pieces


@dataclass
class Built:
    """One game's output files in memory, its proof, and the wall-clock time spent making them."""

    files: KitFiles
    report: GameReport
    seconds: float
    kit: Kit | None = None
    """The drawn kit when it was drawn in this process (not sent back from a worker: it is large)."""


def build_games(games: list[Game], options: BuildOptions, workers: int, progress: Progress | None = None) -> list[Built]:
    """Draw and render every game. One game: its outputs are shared among the workers. Several
    games: so are all their outputs; a game is drawn in each worker that makes one of its outputs,
    so a worker keeps to the games it has begun until every game is begun, then helps with the
    others' outputs, and the workers finish together (:class:`printkit.parallel.Queue`). The
    problems of every game are collected into one error."""
    if len(games) == 1:
        return [build_game(games[0], options, workers, progress, keep_kit=True)]
    _preload()
    shares = [(n, k, weight) for n, game in enumerate(games) for k, weight in enumerate(share_weights(game, options))]
    drawn: dict[str, tuple[Kit, list[Job]]] = {}
    begun: set[int] = set()
    left = Counter(n for n, _, _ in shares)

    def started(i: int) -> None:
        n = shares[i][0]
        if progress and n not in begun:
            progress(f"{games[n].id}: drawing and rendering")
        begun.add(n)

    def done(i: int) -> None:
        n = shares[i][0]
        left[n] -= 1
        if progress and not left[n]:
            progress(f"{games[n].id}: done")

    made: list[tuple[list[Part], float]] = run_all(
        [partial(_share, games[n], options, k, drawn) for n, k, _ in shares], workers,
        weights=[w for _, _, w in shares], groups=[n for n, _, _ in shares], started=started, done=done)
    out = []
    for n, game in enumerate(games):
        mine = [made[i] for i, share in enumerate(shares) if share[0] == n]
        parts = [part for share_parts, _ in mine for part in share_parts]
        report = next(p.report for p in parts if p.report is not None)
        out.append(Built(assemble(game, options, parts), report, sum(secs for _, secs in mine)))
    return out


def _share(game: Game, options: BuildOptions, share: int, drawn: dict[str, tuple[Kit, list[Job]]]) -> tuple[list[Part], float]:
    """Share ``share`` of a game's outputs (see :func:`share_weights`), and the time it took. The game is
    drawn once per process: ``drawn`` keeps the game this process works on (a worker keeps to a game
    until its outputs are all taken, and never comes back to it), so one kit at a time is in memory."""
    start = time.perf_counter()
    if game.id not in drawn:
        drawn.clear()
        kit = draw(game)
        drawn[game.id] = (kit, game_jobs(kit, options))
    jobs = drawn[game.id][1]
    first = len(share_weights(game, options)) - 1
    mine = jobs[share:share + 1] if share < first else jobs[first:]
    parts: list[Part] = run_all([j.make for j in mine], 1)
    return parts, time.perf_counter() - start


def _preload() -> None:
    """Import what every game's jobs need once, before workers are forked, instead of once per worker: every
    worker of a build of several games proves, lays out and typesets some of them."""
    import coloraide  # noqa: F401  (the proof's colour checks)

    import printkit.assembly  # noqa: F401  (the assembly sheet of each paper)

    _preload_book()
    load_engines()


def _preload_book() -> None:
    """Import what the proof and the rulebook's jobs (:data:`BOOK`) need: the rulebook's stack (jinja2,
    markdown-it, platypus), the proof and its sheet, the rulebook's page."""
    import printkit.proof
    import printkit.proofsheet
    import printkit.render.rulebook  # (platypus)
    import printkit.rulebook
    import printkit.rulebook.html  # noqa: F401  (the rulebook's page and the SVG backend)


EARLY_FACES = 2000
"""Most faces a game may draw for its proof and rulebook's worker to be forked before the drawing (see
:func:`_book_worker`). Sending a drawn face to it costs about 20 µs; the worker gets ready in ~0.07 s."""


def _book_worker(game: Game, options: BuildOptions, workers: int) -> Early | None:
    """The worker that will prove the game and typeset its rulebook, forked before the game is drawn: it
    imports their stack (~0.07 s) while this process draws, and is sent the drawn pieces. Only for a game
    small enough that sending them costs less than what it saves (:data:`EARLY_FACES`): a larger one is
    drawn first and its workers forked then, as ever, with everything in memory."""
    faces = sum(len(v) for v in game.variants.values())
    if workers < 2 or not hasattr(os, "fork") or faces > EARLY_FACES:
        return None
    try:
        return Early(_preload_book, partial(_early_jobs, game, options))
    except OSError:  # no memory to share with it: the workers are forked after the drawing
        return None


def _early_jobs(game: Game, options: BuildOptions, drawn: tuple[dict[str, Drawing], dict[str, list[Item]],
                                                                  dict[str, str]]) -> list[Callable[[], Part]]:
    """The jobs of ``game`` (:func:`game_jobs`) in the early worker, made of the drawn pieces it was sent."""
    faces, groups, svg_names = drawn
    return [j.make for j in game_jobs(Kit(game, groups, faces, svg_names), options)]


def build_game(game: Game, options: BuildOptions, workers: int = 1, progress: Progress | None = None,
               keep_kit: bool = False) -> Built:
    """Draw one game, then make its outputs: each PDF, the rulebook, the proof, the SVGs are
    independent jobs, run by ``workers`` processes; the manifest is assembled from them."""
    start = time.perf_counter()
    if progress:
        progress(f"{game.id}: drawing")
    early = _book_worker(game, options, workers)
    try:
        kit = draw(game)
        stop_at("drawn")
        jobs = game_jobs(kit, options)
        if early is not None and not early.send((kit.faces, kit.groups, kit.svg_names)):
            early.cancel()  # (pieces that cannot be pickled, or too large: every worker is forked now, with the kit)
            early = None
    except BaseException:
        if early is not None:
            early.cancel()
        raise
    parts: list[Part] = run_all([j.make for j in jobs], workers, weights=[j.weight for j in jobs],
                                groups=[j.group or n for n, j in enumerate(jobs)], kept={BOOK}, early=early,
                                started=(lambda i: progress(f"{game.id}: {jobs[i].label}")) if progress else None)
    report = next(p.report for p in parts if p.report is not None)
    return Built(assemble(game, options, parts), report, time.perf_counter() - start, kit if keep_kit else None)


def _skipped(game_out: Path) -> GameResult:
    state = read_state(game_out) or {}
    pages, pieces = state.get("pages", 0), state.get("pieces", 0)
    proof = state.get("proof")
    return GameResult(game_out.name, {}, [], int(pages) if isinstance(pages, int) else 0,
                      int(pieces) if isinstance(pieces, int) else 0, up_to_date=True,
                      proof=proof if isinstance(proof, dict) else {})


def load_all(game_dirs: list[Path], papers: Sequence[str] | None = None) -> list[Game]:
    """Load every game, collecting the problems of all of them into one error; ``papers``: the papers
    chosen for this build (``--paper``), which every piece must fit, instead of each game's own."""
    return collect(game_dirs, partial(load_game, papers=papers))


def settings_for(game: Game, options: BuildOptions) -> PrintSettings:
    """The game's ``[print]`` settings with every option given on the command line laid over them."""
    return game.settings.model_copy(update=options.overrides())


def cut_outlines(kit: Kit) -> dict[str, Drawing]:
    """Each face's cut outline (a disc, a hexagon, a net), for pictures of the piece as cut out."""
    return {i.front_ref: i.art.outline for items in kit.groups.values() for i in items if i.art.outline is not None}


def paper_for(game: Game, name: str, settings: PrintSettings | None = None) -> Paper:
    """A paper by name (a4, letter, a3, tabloid) or size (``300x400mm``), margins from the settings."""
    s = settings or game.settings
    w, h = paper_size(name)
    return Paper(name, w, h, s.margin, REG_BAND if s.cut_file else 0.0)


def layout(kit: Kit, paper: Paper, duplex: Duplex, settings: PrintSettings | None = None) -> dict[str, list[Sheet]]:
    """Place every group's items on pages of ``paper``, backs by duplex or gutterfold."""
    s = settings or kit.game.settings
    crop = s.crop_marks and not s.cut_file  # a cut file replaces crop marks, keeping the sensor's zone clear
    opts = LayoutOptions(bleed=s.bleed, duplex=duplex, crop_marks=crop, spacing=s.spacing, overlap=s.overlap)
    out: dict[str, list[Sheet]] = {}
    for group, items in kit.groups.items():
        by_engine: dict[str, list[Item]] = defaultdict(list)
        for item in items:
            by_engine[KINDS[kit.game.component(item.component).kind].layout].append(item)
        sheets: list[Sheet] = []
        for engine_name, engine_items in by_engine.items():
            engine = ENGINES[engine_name]
            try:
                if engine_name != "tile":  # boards are tiled across pages: one piece, many pages
                    check_density(engine_items, paper)
                if s.backs == "fold" and duplex != "none" and any(i.art.back is not None for i in engine_items):
                    sheets += fold(engine, engine_items, paper, opts)
                else:
                    sheets += engine(engine_items, paper, opts)
            except DataError as err:
                raise DataError([_in_game(kit.game, p) for p in err.problems]) from None
            except SettingError as err:
                raise DataError([Problem(kit.game.rel(), err.key, err.expected, err.found,
                                         line=kit.game.line_of(err.key))]) from None
        out[group] = sheets
    return out


def finish(sheets: list[Sheet], paper: Paper, s: PrintSettings, marks: bool = True) -> list[Sheet]:
    """Back-page offset and registration marks, for any engine's sheets."""
    sheets = shift_backs(sheets, *s.offset)
    if s.cut_file and marks:
        sheets = [add_registration(sh, paper) if sh.kind in ("front", "tile") and has_cuts(sh) else sh for sh in sheets]
    return sheets


def _in_game(game: Game, problem: Problem) -> Problem:
    """Engines name a problem by component id; the user needs the file, the key and its line."""
    if problem.file not in game.variants:
        return problem
    path = f"components.{problem.file}.{problem.path}" if problem.path else f"components.{problem.file}"
    return Problem(game.rel(), path, problem.expected, problem.found, line=game.line_of(path))


@dataclass
class Part:
    """What one job made: output files, the manifest entries for them, the proof (proof job only)."""

    files: dict[str, bytes] = field(default_factory=dict)
    manifest: dict[str, Any] = field(default_factory=dict)
    """Manifest keys this part fills: dicts are merged and lists joined, in job order."""
    report: GameReport | None = None


@dataclass
class Job:
    """One independent output of a game (a PDF per paper, the rulebook, the proof, SVGs), run in a worker."""

    label: str
    weight: float
    """A rough cost, so the heaviest jobs start first."""
    make: Callable[[], Part]
    group: str | None = None
    """Jobs of a group share a costly start that a process pays once (:data:`BOOK`): one worker takes
    them all while another has work of its own (see :class:`printkit.parallel.Queue`)."""


BOOK = "book"
"""The group of the jobs that render the rulebook (its PDFs and the assembly sheets, its page, the proof,
which reads it): each imports jinja2, markdown-it and platypus and renders the rulebook's templates once
per process, so a build pays that once rather than in every worker."""


SVG_CHUNK = 500
"""Faces per SVG job: a deck of thousands of cards writes its SVGs in several jobs."""


def share_weights(game: Game, options: BuildOptions) -> list[float]:
    """The weights of a game's first jobs, known before it is drawn (the PDFs of each paper, the rulebook,
    its page, the proof: the same for every kit of the game), and of all the others (SVGs, boxes, print
    files) as one: the shares of a game's outputs that the workers of a build of several games take."""
    papers = settings_for(game, options).papers
    pieces = sum(game.pieces(c) for c in game.components)
    faces = sum(len(v) for v in game.variants.values())
    return [*(50 + pieces for _ in papers), 100 * len(papers), 10, 100 + faces, 5 + faces]


def game_jobs(kit: Kit, options: BuildOptions) -> list[Job]:
    """Every output of one game as independent jobs; ``assemble`` puts their parts together. The
    first ones are those of :func:`share_weights`, with their weights."""
    game = kit.game
    s = settings_for(game, options)
    papers = tuple(s.papers)
    boxes = plan_boxes(kit, options.sleeves)
    # What both the sheets' job and the assembly sheet's (which lays the paper out again and says what each
    # PDF takes to print) use is imported here, once, before they are forked apart; what one job alone uses
    # (the proof, the rulebook) it imports itself.
    import printkit.assembly  # (printed: what each PDF takes to print)

    load_engines(sorted({KINDS[c.kind].layout for c in game.components}))
    if boxes:
        import printkit.boxes.pages  # noqa: F401
    weights = share_weights(game, options)
    groups = [*kit.groups, *([BOX_GROUP] if boxes else [])]
    jobs = [Job(", ".join(f"{game.id}-{g}-{paper_name}.pdf" for g in groups), weights[0],
                partial(_sheets_part, kit, s, boxes, paper_name)) for paper_name in papers]
    jobs.append(Job(", ".join(f"{game.id}-{kind}-{p}.pdf" for kind in ("rules", "assembly") for p in papers),
                    weights[len(papers)], partial(_rules_part, kit, s, boxes, papers, False), BOOK))
    jobs.append(Job(f"{game.id}-rules.html", weights[len(papers) + 1], partial(_rules_part, kit, s, boxes, (), True),
                    BOOK))
    proof_paper = paper_for(game, (options.papers or game.settings.papers)[0])
    jobs.append(Job("proof", weights[len(papers) + 2], lambda: _proof_part(kit, proof_paper), BOOK))
    if boxes:
        jobs.append(Job("box dielines", 5, lambda: _boxes_part(boxes, s.svg_text == "outlines")))
    if options.svg:
        refs = sorted(kit.faces)
        for n in range(0, len(refs), SVG_CHUNK):
            chunk = refs[n:n + SVG_CHUNK]
            jobs.append(Job(f"SVGs {n + 1}-{n + len(chunk)}", 5 + len(chunk) / 2, partial(_svg_part, kit, s, chunk)))
    if s.print_shop:
        jobs.append(Job("print-shop files", 20 + 20 * len(kit.faces), partial(_print_shop_part, kit, s)))
    if s.pod:
        jobs.append(Job("print-on-demand images", 20 + 20 * len(kit.faces), partial(_pod_part, kit, s)))
    if s.tts:
        jobs.append(Job("Tabletop Simulator decks", 20 + 10 * len(kit.faces), partial(_tts_part, kit, s)))
    return jobs


def assemble(game: Game, options: BuildOptions, parts: list[Part]) -> KitFiles:
    """The game's files: every part's files and the manifest that lists them (and its counts)."""
    s = settings_for(game, options)
    manifest: dict[str, Any] = {
        "game": game.id,
        "title": game.info.title,
        "printkit": __version__,
        "duplex": s.duplex,
        "options": {"ink_saver": s.ink_saver, "backs": s.backs, "offset": list(s.offset), "margin": s.margin,
                    "print_shop": s.print_shop, "cut_file": s.cut_file, "tts": s.tts,
                    "tts_base_url": s.tts_base_url, "pod": list(s.pod), "svg_text": s.svg_text},
        "components": {
            c.id: {"kind": c.kind, "name": c.label, "pieces": game.pieces(c),
                   "variants": len(game.variants[c.id])}
            for c in game.components
        },
        "sheets": {},  # per PDF of components: paper, pages, placements
        "svg": {},  # face reference -> its SVG
        "box_sheets": {},  # kept apart from "sheets": these place box parts, not components
        "boxes": [],
        "rules": [],
        "assembly": [],  # the assembly sheet per paper
    }
    files: dict[str, bytes] = {}
    for part in parts:
        files.update(part.files)
        for key, value in part.manifest.items():
            if isinstance(value, dict):
                manifest.setdefault(key, {}).update(value)
            else:
                manifest.setdefault(key, []).extend(value)
    files["manifest.json"] = dump_manifest(manifest)
    pages = sum(f["pages"] for f in [*manifest["sheets"].values(), *manifest["box_sheets"].values()])
    return KitFiles(files, pages, sum(c["pieces"] for c in manifest["components"].values()))


def _faces(kit: Kit, s: PrintSettings, refs: list[str] | None = None) -> dict[str, Drawing]:
    """The faces (all, or ``refs``) as they print: with the ink saver's changes when it is on."""
    refs = sorted(kit.faces) if refs is None else refs
    drawings = [kit.faces[ref] for ref in refs]
    if s.ink_saver:
        from printkit.inksaver import ink_saver_all

        drawings = ink_saver_all(drawings)
    return dict(zip(refs, drawings))


def _sheets_part(kit: Kit, s: PrintSettings, boxes: list[Box], paper_name: str) -> Part:
    """The PDFs of one paper: a file per output group (cards, tokens, boards, boxes), and cut files."""
    game = kit.game
    part = Part(manifest={"sheets": {}, "box_sheets": {}})
    paper = paper_for(game, paper_name, s)
    groups = finished_sheets(kit, s, boxes, paper)
    for group, sheets in groups.items():
        stem = f"{game.id}-{group}-{paper_name}"
        name = f"{stem}.pdf"
        drawings = [sh.drawing for sh in sheets]
        if s.ink_saver:
            from printkit.inksaver import ink_saver_all

            drawings = ink_saver_all(drawings)
        writer = PdfWriter(_Sink(), title=f"{game.info.title} - {group} ({paper_name})", forms=_reused(sheets))
        # Nothing is printed in the paper's unprintable margin: bleed that reaches it is clipped at its edge.
        # A back page shifted to meet a printer's misregistration has its margin shifted with it.
        m, pw, ph = paper.margin, paper.width - 2 * paper.margin, paper.height - 2 * paper.margin
        for sheet, drawing in zip(sheets, drawings):
            shift = sheet.info.get("offset")
            dx, dy = (float(shift[0]), float(shift[1])) if isinstance(shift, (list, tuple)) else (0.0, 0.0)
            writer.page(drawing, roles=sheet.roles, clip=(m + dx, m + dy, pw, ph))
        part.files[name] = writer.close()
        placed = (p.as_dict() for s_ in sheets for p in s_.placements)
        # encoded here, in the worker (see Rows); a box sheet's are laid out by json.dumps itself
        placements = list(placed) if group == BOX_GROUP else Rows(_placement_rows(placed))
        entry: dict[str, object] = {
            "paper": {"name": paper.name, "width": paper.width, "height": paper.height,
                      "margin": paper.margin},
            "group": group,
            "pages": len(sheets),
            "placements": placements,
        }
        if any(sh.info for sh in sheets):
            entry["page_info"] = {str(n): sh.info for n, sh in enumerate(sheets, start=1) if sh.info}
        if s.cut_file:
            cuts = {}
            for n, sh in enumerate(sheets, start=1):
                if "registration" in sh.info:
                    rel = f"cut/{stem}-p{n}.svg"
                    part.files[rel] = cut_svg(sh, paper)
                    cuts[str(n)] = rel
            if cuts:  # the marks alone, the same on every sheet of the paper
                part.files[f"cut/registration-{paper_name}.svg"] = registration_svg(paper)
                entry["registration_file"] = f"cut/registration-{paper_name}.svg"
            entry["cut_files"] = cuts
        part.manifest["box_sheets" if group == BOX_GROUP else "sheets"][name] = entry
    from printkit.assembly import printed

    kit.printed[paper_name] = printed(game, paper_name, groups)
    return part


def _assembly_files(kit: Kit, s: PrintSettings, boxes: list[Box], paper_name: str) -> dict[str, bytes]:
    """The assembly sheet of one paper. It says what each PDF of the paper takes to print: read from
    the sheets job when this process ran it, else from the same layout made again."""
    from printkit.assembly import assembly_pdf, printed  # platypus: only when a kit is rendered

    game = kit.game
    if paper_name not in kit.printed:
        sheets = finished_sheets(kit, s, boxes, paper_for(game, paper_name, s))
        kit.printed[paper_name] = printed(game, paper_name, sheets)
    pdf = assembly_pdf(game, paper_name, kit.printed[paper_name], boxes, kit.faces, cut_outlines(kit),
                       assembled_sizes(kit))
    return {f"{game.id}-assembly-{paper_name}.pdf": pdf}


def finished_sheets(kit: Kit, s: PrintSettings, boxes: list[Box], paper: Paper) -> dict[str, list[Sheet]]:
    """Every output group's sheets on ``paper`` as they print: laid out, boxes added, backs shifted, marks on."""
    game = kit.game
    groups = layout(kit, paper, s.duplex, s)
    # Boxes keep the whole printable area: their dielines are in svg/boxes/, not in cut files.
    groups[BOX_GROUP] = []  # (no boxes: no box sheets, and their module is not imported)
    try:
        if boxes:
            from printkit.boxes.pages import box_sheets

            groups[BOX_GROUP] = box_sheets(game.info.title, boxes, replace(paper, band=0.0))
    except ValueError as exc:  # parts are planned for a 5 mm margin: say so, no traceback
        raise DataError([Problem(game.rel(), "print.margin", "a margin that leaves room for the box parts "
                                 "(or `lid_box = false` / `tuck_boxes = false` under [boxes])", str(exc))]) from None
    return {group: finish(sheets, paper, s, marks=group != BOX_GROUP) for group, sheets in groups.items() if sheets}


def _boxes_part(boxes: list[Box], outlines: bool = False) -> Part:
    """Each box part's dieline as an SVG (written even with --no-svg: a box is made from them)."""
    from printkit.boxes.net import draw_net
    from printkit.render.svg import render_svg

    files = {f"svg/boxes/{p.name}.svg": render_svg(draw_net(p), outlines=outlines) for box in boxes for p in box.parts}
    return Part(files, {"boxes": [_box_entry(box) for box in boxes]})


def _rules_part(kit: Kit, s: PrintSettings, boxes: list[Box], papers: tuple[str, ...], html: bool) -> Part:
    """The rulebook PDFs and the assembly sheet of each of ``papers``, or the rulebook's HTML page (the
    rulebook is rendered once per kit and process). The two are typeset by the same stack (jinja2,
    markdown-it, platypus), which a process imports once: one job holds them."""
    book = _book(kit)
    rules: dict[str, bytes] = {}
    for paper in papers:
        rules.update(book.pdf(paper))
    if html:
        rules.update(book.html())
    part = Part(dict(rules), {"rules": sorted(rules)})
    for paper in papers:
        sheet = _assembly_files(kit, s, boxes, paper)
        part.files.update(sheet)
        part.manifest.setdefault("assembly", []).extend(sheet)
    return part


def _book(kit: Kit) -> Any:
    """The kit's :class:`printkit.rulebook.Rulebook`, rendered once per process; a template that
    failed is not rendered again by the next job of the same process (it may have used all the
    time and memory it is allowed), its problem is raised again."""
    from printkit.rulebook import Rulebook  # jinja2 and markdown-it only load when a build renders

    if kit.rulebook is None:
        if kit.rulebook_error is not None:
            raise DataError(kit.rulebook_error.problems)
        try:
            kit.rulebook = Rulebook(kit.game, kit.faces, outlines=cut_outlines(kit), assembled=assembled_sizes(kit),
                                    built=built_sizes(kit))
        except DataError as err:
            kit.rulebook_error = err
            raise
    return kit.rulebook


def _proof_part(kit: Kit, paper: Paper) -> Part:
    # The rulebook as the rulebook's own jobs render it, once per process: the proof often runs first
    # (it is the heaviest job), and a rulebook job of the same process then renders nothing again.
    try:
        markdown: str | None = _book(kit).markdown
    except DataError:  # the rulebook's own job reports it
        markdown = None
    if markdown is not None and not kit.diagrams:
        from printkit.rulebook import diagram_pictures

        try:
            kit.diagrams = diagram_pictures(kit.game, kit.faces, markdown, cut_outlines(kit))
        except DataError:  # a bad picture address: the rulebook's own job reports it
            kit.diagrams = {}
    from printkit.proof import prove

    # The glyphs a font lacks: a build warns (the kit is written); `printkit proof` fails.
    report = prove(kit.game, kit, glyphs="warning", rulebook=markdown)
    return Part(proof_files(kit, report, paper), report=report)


def _svg_part(kit: Kit, s: PrintSettings, refs: list[str]) -> Part:
    """One SVG per distinct face and back (``refs`` of them)."""
    from printkit.render.svg import render_svg  # the SVG backend is only loaded when SVGs are wanted

    outlines = s.svg_text == "outlines"
    files = {kit.svg_names[ref]: render_svg(drawing, outlines=outlines) for ref, drawing in _faces(kit, s, refs).items()}
    return Part(files, {"svg": {ref: kit.svg_names[ref] for ref in refs}})


def face_svgs(kit: Kit, options: BuildOptions) -> dict[str, bytes]:
    """Every distinct face's SVG, the same bytes the build writes (``printkit serve`` shows them first)."""
    return _svg_part(kit, settings_for(kit.game, options), sorted(kit.faces)).files


def with_bleed(game: Game, least: float) -> Game:
    """The game with every piece's bleed at least ``least`` mm (the settings' and each component's own),
    for files that go to a print shop; the same game when nothing is below it."""
    comps = [c.model_copy(update={"bleed": least}) if getattr(c, "bleed", least) < least else c
             for c in game.components]
    if game.settings.bleed >= least and all(a is b for a, b in zip(comps, game.components)):
        return game
    data = game.data.model_copy(update={"print": game.settings.model_copy(update={"bleed": max(game.settings.bleed, least)})})
    return replace(game, data=data, components=comps, cache={})


def shop_kit(kit: Kit, least: float) -> Kit:
    """The kit drawn again with at least ``least`` mm of bleed on every piece (the kit itself when it has that)."""
    game = with_bleed(kit.game, least)
    return kit if game is kit.game else draw(game)


def _print_shop_part(kit: Kit, s: PrintSettings) -> Part:
    from printkit.printshop import print_shop_files  # pdfium and pillow only when images are wanted

    kit = shop_kit(kit, s.shop_bleed)
    shop = print_shop_files(kit.game, _all_items(kit), _faces(kit, s))
    return Part(shop, {"print_shop": sorted(shop)})


def _tts_part(kit: Kit, s: PrintSettings) -> Part:
    from printkit.tts import tts_files

    faces, items = _faces(kit, s), _all_items(kit)
    tts: dict[str, bytes] = {}
    for comp in kit.game.components:
        deck = [i for i in items if i.component == comp.id]
        if deck and KINDS[comp.kind].layout == "grid":
            tts.update(tts_files(kit.game.id, comp.id, comp.label, deck, faces, base_url=s.tts_base_url))
    return Part(tts, {"tts": sorted(tts)})


def _pod_part(kit: Kit, s: PrintSettings) -> Part:
    """Every card face and back as images for each print-on-demand profile (components on the grid layout)."""
    from printkit.pod import least_bleed, pod_files

    kit = shop_kit(kit, least_bleed(list(s.pod), kit.game.rel()))
    cards = [i for i in _all_items(kit) if KINDS[kit.game.component(i.component).kind].layout == "grid"]
    files, entries = pod_files(kit.game.rel(), list(s.pod), cards, _faces(kit, s))
    return Part(files, {"pod": entries})


def _all_items(kit: Kit) -> list[Item]:
    return [i for items in kit.groups.values() for i in items]


def dump_manifest(manifest: dict[str, object]) -> bytes:
    """Indented JSON with one placement per line: readable, and fast (the C encoder does the rows)."""
    rows: dict[str, str] = {}
    sheets = manifest.get("sheets", {})
    assert isinstance(sheets, dict)
    shallow = {**manifest, "sheets": {}}
    for name, sheet in sheets.items():
        marker = f"@@placements:{len(rows)}@@"
        placements = sheet["placements"]
        rows[marker] = placements.text if isinstance(placements, Rows) else _placement_rows(placements)
        shallow["sheets"][name] = {**sheet, "placements": marker}  # type: ignore[index]
    text = json.dumps(shallow, indent=2, ensure_ascii=False)
    for marker, body in rows.items():
        text = text.replace(f'"{marker}"', body)
    return (text + "\n").encode("utf-8")


@dataclass(frozen=True, slots=True)
class Rows:
    """A sheet's placements as the manifest lists them, already encoded (:func:`_placement_rows`): a
    sheets job encodes its own in its worker, and the building process, whose work is not shared,
    puts the text in as it is (10,000 placements as dicts cost it twice as much to receive and encode)."""

    text: str


_ROW = "\n        "
"""What comes before each placement in the manifest: its line's indent."""
BATCH = 1024
"""Placements encoded by one call of :func:`_placement_rows`."""


def _placement_rows(placements: Iterable[Any]) -> str:
    """The placements as a JSON list, each as ``json.dumps`` writes it alone, on its own line. They are
    encoded :data:`BATCH` at a time, each batch in one call (one call per placement costs half as much
    again; only a batch of a deck's placements is made as dicts at once), and the text is cut where one
    object ends and the next begins, ``}, {``; when the objects hold that text themselves it is found
    more often than there are cuts, and each of the batch is encoded alone."""
    parts = ["[", _ROW]
    left = iter(placements)
    while batch := list(itertools.islice(left, BATCH)):
        if len(parts) > 2:
            parts.append("," + _ROW)
        joined = json.dumps(batch, ensure_ascii=False)[1:-1]
        if all(isinstance(p, dict) for p in batch) and joined.count("}, {") == len(batch) - 1:
            parts.append(joined.replace("}, {", "}," + _ROW + "{"))
        else:
            parts.append(("," + _ROW).join(json.dumps(p, ensure_ascii=False) for p in batch))
    if len(parts) == 2:
        return "[]"
    parts.append("\n      ]")
    return "".join(parts)


def _reused(sheets: list[Sheet]) -> set[str]:
    """Shared drawings placed more than once in a file: those become PDF forms, the rest are inline."""
    uses: Counter[str] = Counter()

    def count(nodes: Iterable[Node]) -> None:
        for node in nodes:
            if isinstance(node, Use):
                uses[node.ref] += 1
            elif isinstance(node, Group):
                count(node.children)

    for sheet in sheets:
        count(sheet.drawing.children)
    return {ref for ref, n in uses.items() if n > 1}


def _box_entry(box: Box) -> dict[str, object]:
    return {
        "id": box.id, "kind": box.kind, "name": box.name, "inner": [round(v, 3) for v in box.inner],
        "parts": [f"svg/boxes/{p.name}.svg" for p in box.parts], **box.info,
    }


def proof_state(report: GameReport) -> dict[str, object]:
    """What the build state keeps of a proof: enough to answer an up-to-date build with the same verdict."""
    return {"verdict": "pass" if report.ok else "fail", "failed": len(report.errors), "warned": len(report.warnings)}


def proof_files(kit: Kit, report: GameReport, paper: Paper) -> dict[str, bytes]:
    """The proof's two files: ``proof.json`` and the contact sheet ``<game>-proof.pdf``."""
    from printkit.proofsheet import contact_sheet

    writer = PdfWriter(_Sink(), title=f"{kit.game.info.title} - proof", forms=())  # each face used once: inline
    for page in contact_sheet(kit, report, paper):
        writer.page(page)
    return {"proof.json": report.to_json(), f"{kit.game.id}-proof.pdf": writer.close()}


class _Sink:
    """A write target that keeps nothing: the writer's bytes come back from ``close()``."""

    def write(self, data: bytes) -> int:
        return len(data)
