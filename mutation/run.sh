#!/usr/bin/env bash
# Mutation testing of printkit's core modules with cosmic-ray (docs/testing.md).
#
#   bash mutation/run.sh [TARGET ...]     (no target: all of them; `bash mutation/run.sh list` lists them)
#
# Each target mutates one module, or a few (a package folder, or a list of files), (in place, one mutant at a time, restored afterwards) and runs
# the tests that exercise it. Results go to mutation/<target>.sqlite; the report (survivors with
# their diffs) to mutation/<target>.txt. Not run in CI: a full run takes hours on two cores.
# A mutant whose tests run longer than MUTATION_TIMEOUT seconds (300 unless set; an endless loop) counts
# as killed. Stop it with Ctrl-C; run it again to go on where it stopped (init is skipped when the session
# exists; delete mutation/<target>.sqlite to start over).
set -euo pipefail
cd "$(dirname "$0")/.."
# The code under test is this tree's (also in the build subprocesses the tests start), whatever
# printkit the active environment has installed: run it in a scratch clone (git clone . /tmp/pk-mut),
# since cosmic-ray edits the module in place while a mutant is tested.
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
PYTEST="python -m pytest -x -q -p no:cacheprovider --no-cov -p no:randomly --assert=plain"
declare -A MODULE TESTS FUNCS EXCEPT
MODULE[units]=printkit/units.py
TESTS[units]="tests/test_units.py tests/test_unit_constants.py"
MODULE[output]=printkit/output.py
TESTS[output]="tests/test_output_swap.py tests/test_atomic_output.py"   # killed builds: tests/test_killed_builds.py (slow)
MODULE[marks]=printkit/layout/marks.py
TESTS[marks]="tests/test_registration_marks.py tests/test_print_options.py -k 'cut or offset or registration or marks'"
MODULE[crop]=printkit/layout/grid.py   # the crop marks alone: the functions that draw them
FUNCS[crop]="crop_marks _end _marks"
TESTS[crop]="tests/test_crop_marks.py"
MODULE[grid]=printkit/layout/grid.py
TESTS[grid]="tests/test_engines.py tests/test_crop_marks.py tests/test_euclidean_sheets.py"
MODULE[proof]=printkit/proof.py
TESTS[proof]="tests/test_proof.py"
MODULE[load]=printkit/load.py
TESTS[load]="tests/test_bad_data.py tests/test_bad_corpus.py tests/test_fuzz_loader.py"
# The modules added since (issue 28). Tests: the fastest set that covers the module (measured with
# pytest --cov), unit tests in this process first so that -x stops a killed mutant early.
MODULE[expr]=printkit/expr.py
TESTS[expr]="tests/test_mutants_expr.py tests/test_numbers.py tests/test_loops.py"
MODULE[places]=printkit/places.py
TESTS[places]="tests/test_mutants_places.py tests/test_numbers.py tests/test_diagram_places.py tests/test_transforms.py tests/test_coords.py"
MODULE[tts]=printkit/tts.py
TESTS[tts]="tests/test_mutants_tts.py tests/test_tts.py tests/test_print_services.py"
MODULE[printshop]=printkit/printshop.py
TESTS[printshop]="tests/test_mutants_printshop.py tests/test_prepress.py tests/test_print_services.py -k 'not fit_check'"
MODULE[pod]=printkit/pod.py
TESTS[pod]="tests/test_mutants_pod.py tests/test_print_services.py tests/test_prepress.py -k 'not fit_check'"
MODULE[assembly]=printkit/assembly.py
TESTS[assembly]="tests/test_mutants_assembly.py tests/test_assembly.py"   # test_mutants_assembly covers every line in-process
MODULE[boxes]=printkit/boxes   # the package: __init__, net, tuck, telescope, pages, art
TESTS[boxes]="tests/test_mutants_boxes.py tests/test_nesting.py tests/test_boxes.py"
# boxes one module at a time (each run whole); test_mutants_boxes.py covers every line of each in-process. Run them
# with PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 in the environment (pytest then skips scanning the installed plugins: each
# test run starts in half the CPU time); `-p pytest_cov` loads the one plugin the addopts' --cov options need.
MODULE[boxes-init]=printkit/boxes/__init__.py   # the plan: decks, tuck box and lid box sizes, contents, layers
TESTS[boxes-init]="-p pytest_cov tests/test_mutants_boxes.py tests/test_nesting.py"
MODULE[boxes-net]=printkit/boxes/net.py   # faces, folds, the cut outline, splitting, drawing
TESTS[boxes-net]="-p pytest_cov tests/test_mutants_boxes.py"
MODULE[boxes-tuck]=printkit/boxes/tuck.py
TESTS[boxes-tuck]="-p pytest_cov tests/test_mutants_boxes.py"
MODULE[boxes-telescope]=printkit/boxes/telescope.py
TESTS[boxes-telescope]="-p pytest_cov tests/test_mutants_boxes.py"
MODULE[boxes-pages]=printkit/boxes/pages.py
TESTS[boxes-pages]="-p pytest_cov tests/test_mutants_boxes.py"
MODULE[boxes-art]=printkit/boxes/art.py
TESTS[boxes-art]="-p pytest_cov tests/test_mutants_boxes.py"
MODULE[checks]=printkit/checks   # the proof checks, one module each
TESTS[checks]="tests/test_proof_sees.py tests/test_playable.py"
# checks and the other elements one part at a time (issue 28, fourth run): each part's tests/test_mutants_<part>.py
# (underscores for dashes) covers every line of its modules in-process, and runs first so that -x stops early.
MODULE[checks-kit]="printkit/checks/_kit.py printkit/checks/_seen.py printkit/checks/_count.py printkit/checks/__init__.py"
TESTS[checks-kit]="-p pytest_cov tests/test_mutants_checks_kit.py"

MODULE[checks-looks]="$(printf 'printkit/checks/%s.py ' inside contrast swatches min_text solid colours_apart colour_blind min_width)"
TESTS[checks-looks]="-p pytest_cov tests/test_mutants_checks_looks.py"

MODULE[checks-fit]="$(printf 'printkit/checks/%s.py ' nests board_ranks fits box_folds fits_box)"
TESTS[checks-fit]="-p pytest_cov tests/test_mutants_checks_fit.py"

MODULE[checks-rules]="$(printf 'printkit/checks/%s.py ' words shape_names attributes decks supply product board_places distinct_polyforms fits_board requires nesting per_point backs folds)"
TESTS[checks-rules]="-p pytest_cov tests/test_mutants_checks_rules.py"

MODULE[elements-grid]=printkit/elements/grid.py
TESTS[elements-grid]="-p pytest_cov tests/test_mutants_elements_grid.py"   # PYTEST_DISABLE_PLUGIN_AUTOLOAD=1

MODULE[elements-text]=printkit/elements/text.py
TESTS[elements-text]="-p pytest_cov tests/test_mutants_elements_text.py"

MODULE[elements-track]=printkit/elements/track.py
TESTS[elements-track]="-p pytest_cov tests/test_mutants_elements_track.py"   # PYTEST_DISABLE_PLUGIN_AUTOLOAD=1

MODULE[elements-rest]="$(ls printkit/elements/*.py | grep -v -E 'hexgrid|/grid.py|/text.py|/track.py' | tr '\n' ' ')"
TESTS[elements-rest]="-p pytest_cov tests/test_mutants_elements_rest.py"

MODULE[hexgrid]=printkit/elements/hexgrid.py
TESTS[hexgrid]="tests/test_coords.py tests/test_edges.py tests/test_hexgrid.py"
MODULE[hexcoords]=printkit/elements/hexgrid.py   # hexgrid's coordinates alone: offset, labels, cells written
FUNCS[hexcoords]="to_offset from_offset label parse_coord"
TESTS[hexcoords]="tests/test_mutants_hexcoords.py tests/test_coords.py"
MODULE[hexgeometry]=printkit/elements/hexgrid.py   # hexgrid's geometry alone: centres, corners, neighbours, forms, lines
FUNCS[hexgeometry]="centre corners neighbours rectangle hexagon hex_line"
TESTS[hexgeometry]="tests/test_mutants_hexgeometry.py tests/test_edges.py"
MODULE[hexrest]=printkit/elements/hexgrid.py   # the rest of hexgrid: every line outside hexcoords' and hexgeometry's functions
EXCEPT[hexrest]="${FUNCS[hexcoords]} ${FUNCS[hexgeometry]}"
TESTS[hexrest]="tests/test_mutants_hexrest.py tests/test_edges.py"   # test_hexgrid.py builds kits: seconds a survivor
MODULE[elements]="$(ls printkit/elements/*.py | grep -v hexgrid | tr '\n' ' ')"   # every element but hexgrid
TESTS[elements]="tests/test_transforms.py tests/test_pips.py tests/test_edges.py tests/test_loops.py tests/test_classic_boards.py"
MODULE[kinds]=printkit/kinds   # the package: kindsrest and kindsnet together
TESTS[kinds]="tests/test_mutants_kindsrest.py tests/test_mutants_kindsnet.py tests/test_nets.py tests/test_standees.py tests/test_pads.py"
MODULE[kindsrest]="$(ls printkit/kinds/*.py | grep -v net.py | tr '\n' ' ')"   # every kind but nets, and the registry
TESTS[kindsrest]="tests/test_mutants_kindsrest.py"   # covers every line; test_standees.py and test_pads.py build kits
MODULE[kindsnet]=printkit/kinds/net.py
TESTS[kindsnet]="-p pytest_cov tests/test_mutants_kindsnet.py tests/test_nets.py"   # run with PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 (as the boxes targets)
MODULE[tables]=printkit/tables.py   # load's table reader: spreadsheets
TESTS[tables]="tests/test_mutants_tables.py tests/test_spreadsheets.py"
MODULE[loadtables]=printkit/load.py   # load's table reader: CSV rows, names, quantities
FUNCS[loadtables]="_read_table _csv_rows _unique"
TESTS[loadtables]="tests/test_mutants_loadtables.py tests/test_spreadsheets.py tests/test_bad_data.py"
MODULE[separator]=printkit/reading.py   # load's table reader: the CSV separator and the text's encoding
FUNCS[separator]="separator decode_text _refuse_encoding"
TESTS[separator]="tests/test_mutants_separator.py tests/test_spreadsheets.py tests/test_bad_corpus.py"
ALL=(units output crop marks grid proof load expr places tts printshop pod assembly boxes checks hexgrid hexcoords hexgeometry hexrest
     elements kinds kindsrest kindsnet
     tables loadtables separator
     boxes-init boxes-net boxes-tuck boxes-telescope boxes-pages boxes-art
     checks-kit checks-looks checks-fit checks-rules elements-grid elements-text elements-track elements-rest)

targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${ALL[@]}")
[ "${targets[0]}" = list ] && { for t in "${ALL[@]}"; do echo "$t: ${MODULE[$t]} ${FUNCS[$t]:+(${FUNCS[$t]})}${EXCEPT[$t]:+(all but ${EXCEPT[$t]})}"; done; exit 0; }
for t in "${targets[@]}"; do
  [ -n "${MODULE[$t]:-}" ] || { echo "unknown target $t (${ALL[*]})" >&2; exit 2; }
  cfg=mutation/$t.toml db=mutation/$t.sqlite
  paths=$(printf '"%s", ' ${MODULE[$t]})   # module-path: a TOML list of the files and folders
  sed -e "s|@MODULE@|[${paths%, }]|" -e "s|@TIMEOUT@|${MUTATION_TIMEOUT:-300}.0|" -e "s|@TESTS@|$PYTEST ${TESTS[$t]//\'/\\\'}|" mutation/config.toml.in > "$cfg"
  lines="${FUNCS[$t]:+only ${FUNCS[$t]}}${EXCEPT[$t]:+except ${EXCEPT[$t]}}"
  if [ -n "$lines" ]; then  # mutate only the lines of these functions, or every line but theirs
    python - "${MODULE[$t]}" $lines >> "$cfg" <<'PY'
import ast, sys
path, mode, names = sys.argv[1], sys.argv[2], set(sys.argv[3:])
source = open(path).read()
tree = ast.parse(source)
spans = sorted((n.lineno, n.end_lineno) for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name in names)
if mode == "except":  # the lines between those functions
    edges = [0, *[x for span in spans for x in span], len(source.splitlines()) + 1]
    spans = [(a + 1, b - 1) for a, b in zip(edges[::2], edges[1::2]) if b - 1 >= a + 1]
ranges = ", ".join(f'"{a}-{b}"' for a, b in spans)
print(f'\n[cosmic-ray.filters.line-filter.lines]\n"{path}" = [{ranges}]')
PY
  fi
  if [ ! -f "$db" ]; then
    cosmic-ray init "$cfg" "$db"
    cr-filter-operators "$db" "$cfg"
    [ -z "$lines" ] || cr-filter-lines "$db" --config "$cfg"
  fi
  # cosmic-ray runs the tests with PYTHONDONTWRITEBYTECODE: compile everything but the mutated files once,
  # so a test run does not compile every module again (the mutated ones are always compiled afresh).
  python -m compileall -q -x "^\./($(printf '%s|' ${MODULE[$t]} | sed 's/|$//; s/\./\\./g'))" ./printkit ./tests >/dev/null
  cosmic-ray baseline "$cfg" >/dev/null  # the tests must pass on the unmutated code
  cosmic-ray exec "$cfg" "$db"
  cr-report --show-diff --surviving-only "$db" > mutation/$t.txt || true
  python mutation/score.py "$db" | tee -a mutation/$t.txt
done
