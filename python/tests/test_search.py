"""Breaking and the optimizers: known boards, reproducible seeds, Ctrl-C."""

import json
import os
import signal
import subprocess
import sys

import numpy as np
import pytest

from boggle_explorer import Solver, anneal_defaults, break_defaults, hillclimb_defaults, proofs

PARTITION = "bdfgjqvwxz aeiou lnrsy chkmpt"
# The class of the best 3x3 board, deslatper (streaedlp's canonical form), in that partition.
BEST_3X3_CLASS = "bdfgjqvwxz aeiou lnrsy lnrsy aeiou chkmpt chkmpt aeiou lnrsy"


def test_breaking_a_class_finds_the_best_3x3_board(solver, cli):
    seen = []
    r = solver.break_class(BEST_3X3_CLASS, 500, threads=2, progress=seen.append)
    assert r.boards[0] == (545, "deslatper")
    assert all(score >= 500 for score, _ in r.boards)
    assert r.stats["boards_scored"] >= len(r.boards)
    assert seen and seen[-1]["done"] == seen[-1]["total"] == r.classes
    out = cli("break", "-q", "--target", "500", BEST_3X3_CLASS).stdout
    assert [tuple(line.split("\t")) for line in out.splitlines()] == [
        (str(s), b) for s, b in r.boards
    ]


def test_break_partition_sample_matches_the_cli(solver, cli, tmp_path):
    out = tmp_path / "sample.ndjson"
    cli("break", "-q", "--partition", PARTITION, "--size", "3x3", "--target", "400",
        "--sample", "12", "--seed", "5", "--out", str(out))
    want = {}
    for line in out.read_text().splitlines():
        rec = json.loads(line)
        rec = rec.get("record", rec)
        want[rec["id"]] = (rec["class"], rec["bound"], rec["found"])
    r = solver.break_partition(PARTITION, "3x3", 400, sample=12, seed=5)
    assert r.classes == 12 == len(r.records)
    got = {x["id"]: (x["class"], x["bound"], x["found"]) for x in r.records}
    assert got == want
    assert [x["id"] for x in r.records] == sorted(got)
    assert solver.partition_classes(PARTITION, "3x3") == 34_960
    shard = solver.break_partition(PARTITION, "3x3", 400, class_ids=range(40), shard="2/4")
    assert [x["id"] for x in shard.records] == list(range(1, 40, 4))
    # A sample prices the whole search from its classes' times; other selections do not.
    secs = sorted(x["secs"] for x in r.records)
    e = r.estimate
    assert (e["sampled"], e["classes"]) == (12, 34_960)
    assert (e["min"], e["max"]) == (secs[0], secs[-1])
    assert e["cpu_hours"] == pytest.approx(sum(secs) / 12 * 34_960 / 3600)
    assert e["low"] <= e["cpu_hours"] <= e["high"]
    assert shard.estimate is None
    # One to three classes' times price the search but cannot bound its spread: no interval.
    for n in (1, 3):
        few = solver.break_partition(PARTITION, "3x3", 400, sample=n, seed=5).estimate
        assert few["sampled"] == n and few["cpu_hours"] > 0
        assert (few["low"], few["high"]) == (None, None)


def test_a_named_proof_runs_as_the_cli_runs_it_by_name(cli, tmp_path):
    by_name = {p["name"]: p for p in proofs()}
    assert by_name["3x3"]["partition"] == PARTITION
    p = by_name["3x4-yawl"]
    assert (p["size"], p["target"], p["list"]) == ("3x4", 1900, "yawl")
    out = tmp_path / "named.ndjson"
    cli("break", "-q", "--proof", "3x4-yawl", "--class-id", "0-1", "--out", str(out))
    want = sorted((rec["id"], rec["bound"]) for rec in map(json.loads, out.read_text().splitlines()))
    r = Solver(p["list"]).break_partition(p["partition"], p["size"], p["target"], class_ids=[0, 1])
    assert sorted((x["id"], x["bound"]) for x in r.records) == want
    # YAWL's bounds, not ENABLE2K's.
    enable = Solver().break_partition(p["partition"], p["size"], p["target"], class_ids=[0, 1])
    assert sorted((x["id"], x["bound"]) for x in enable.records) != want


def test_bad_break_arguments_raise_value_error(solver):
    for target in (0, -1, 1_000_000, 2**32, 2**70):
        with pytest.raises(ValueError, match="^target must be a whole number from 1 to 999,999$"):
            solver.break_class(BEST_3X3_CLASS, target)
    with pytest.raises(TypeError, match="argument 'target'"):
        solver.break_class(BEST_3X3_CLASS, 3.5)
    # A bool is an int to Python, but never a count or a score here.
    with pytest.raises(TypeError, match="argument 'threads'.*not True or False"):
        solver.break_class(BEST_3X3_CLASS, 500, threads=True)
    with pytest.raises(TypeError, match="argument 'target'.*not True or False"):
        solver.break_class(BEST_3X3_CLASS, True)
    for threads in (0, -1, 1025, 2**70):
        with pytest.raises(ValueError, match="^threads must be a whole number from 1 to 1,024$"):
            solver.break_class(BEST_3X3_CLASS, 500, threads=threads)
        with pytest.raises(ValueError, match="^threads must be a whole number from 1 to 1,024$"):
            solver.score_many(["abcd"], size=2, threads=threads)
    with pytest.raises(ValueError, match="^class id -1: this search has classes 0 to 34959$"):
        solver.break_partition(PARTITION, "3x3", 10, class_ids=[3, -1])
    with pytest.raises(ValueError, match="^sample must be a whole number, at least 1$"):
        solver.break_partition(PARTITION, "3x3", 10, sample=-2)
    with pytest.raises(ValueError, match="^seed cannot be negative$"):
        solver.break_partition(PARTITION, "3x3", 10, sample=1, seed=-1)
    with pytest.raises(ValueError, match="^seed works only with sample: it picks the sampled classes$"):
        solver.break_partition(PARTITION, "3x3", 10, seed=3)
    with pytest.raises(ValueError, match="shard '-1/2'"):
        solver.break_partition(PARTITION, "3x3", 10, shard=(-1, 2))
    with pytest.raises(ValueError, match="^shard is \"K/N\" or \\(K, N\\)"):
        solver.break_partition(PARTITION, "3x3", 10, shard=[1, 2, 3])
    # NumPy's integers are whole numbers too.
    r = solver.break_partition(PARTITION, "3x3", 500, class_ids=[np.int64(0)], threads=np.int32(1))
    assert r.classes == 1
    # A class with an empty cell is eliminated by its bound, or refused when that reaches the target.
    r = solver.break_class("a . b c d e f g h", 10)
    assert (r.boards, r.stats["eliminated"], r.stats["boards_eliminated"]) == ([], 1, 1.0)
    with pytest.raises(ValueError, match="^class: row 1, column 2 is empty: .* its bound 400 reaches the target 400$"):
        solver.break_class("st . rs / e ae e / d l ps", 400)
    # Its bound is searched within the same steps as bound()'s: a huge class is refused, not searched for hours.
    with pytest.raises(ValueError, match=r"^class: this class is too big to break here \(bounding it passed 250,000,000 steps\)"):
        solver.break_class("* * * * / * . * * / * * * * / * * * *", 3500)
    with pytest.raises(ValueError, match="^partition: "):
        solver.break_partition("abc cde", "3x3", 10)
    with pytest.raises(ValueError, match="shard '5/4'"):
        solver.break_partition(PARTITION, "3x3", 10, shard="5/4")
    with pytest.raises(ValueError, match="class id 99999"):
        solver.break_partition(PARTITION, "3x3", 10, class_ids=[99999])
    with pytest.raises(ValueError, match="unknown option 'swich'"):
        solver.break_class(BEST_3X3_CLASS, 500, swich=2.0)
    with pytest.raises(ValueError, match="^memory_mb=1: at least 16 MiB is needed$"):
        solver.break_class(BEST_3X3_CLASS, 500, memory_mb=1)
    with pytest.raises(ValueError, match="^switch=-1: must be 0 or more$"):
        solver.break_class(BEST_3X3_CLASS, 500, switch=-1.0)
    assert set(break_defaults()) >= {"switch", "memory_mb"}


def test_a_break_past_the_boards_it_keeps_raises_value_error(solver):
    # 40,057,447 of this class's boards score at least 1, far more than a search keeps.
    with pytest.raises(ValueError, match=r"^more than 1,000,000 boards reach the target 1: raise the target$"):
        solver.break_class(" ".join(["aeinrst"] * 9), 1, threads=2)


def test_an_exception_in_the_callback_stops_a_long_break(solver):
    calls = []

    def stop(p):
        calls.append(p)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        # The whole 3x3 search: far longer than two progress reports.
        solver.break_partition(PARTITION, "3x3", 500, progress=stop, every=0.05)
    assert len(calls) == 2 and calls[-1]["done"] < calls[-1]["total"]
    with pytest.raises(ZeroDivisionError):
        solver.break_class(BEST_3X3_CLASS, 100, progress=lambda p: 1 / 0, every=0)
    # The solver is still usable.
    assert solver.score("streaedlp") == 545


def interrupted(body):
    """Runs `body` (lines of Python with a Solver `s`, which print "running" once the long call
    is under way) in a child process, sends it SIGINT as from Ctrl-C once it says so, and returns
    what it printed. The child takes Ctrl-C as a terminal's Python does even when started from a
    background job, which ignores SIGINT."""
    script = (
        "import signal, sys\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from boggle_explorer import Solver\n"
        "s = Solver()\n"
        "try:\n"
        + "".join(f"    {line}\n" for line in body)
        + "    print('finished', flush=True)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(3)\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().startswith("running")
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=120)
    finally:
        child.kill()
    assert child.returncode == 3, err
    assert "interrupted" in out and "finished" not in out


def test_ctrl_c_stops_a_long_break_with_keyboard_interrupt():
    # The whole 3x3 search; its first progress report says it is running.
    interrupted([
        f"s.break_partition({PARTITION!r}, '3x3', 500, every=0.05,",
        "                  progress=lambda p: print('running', p['done'], flush=True))",
    ])


def test_hill_climbing_is_reproducible_and_reaches_545_on_3x3(solver):
    a = solver.hillclimb(size="3x3", seed=3, runs=0, target=545)
    b = solver.hillclimb(size="3x3", seed=3, runs=0, target=545)
    assert a.best_score == 545 and a.best_board == "deslatper"
    assert a.boards == b.boards and a.progress["boards"] == b.progress["boards"]
    c = solver.hillclimb(size="3x3", seed=4, runs=2)
    assert c.progress["boards"] != a.progress["boards"]
    assert a.boards == sorted(a.boards, key=lambda x: -x[0])


def test_annealing_is_reproducible_and_takes_the_engines_options(solver):
    runs = [solver.anneal(size="3x3", seed=s, runs=3, top=5) for s in (7, 7, 8)]
    assert runs[0].boards == runs[1].boards
    assert runs[0].progress["boards"] == runs[1].progress["boards"]
    assert runs[0].progress["boards"] != runs[2].progress["boards"]
    assert len(runs[0].boards) == 5
    # All three runs finished, and the best score is the best of at least one of them.
    p = runs[0].progress
    assert p["finished_runs"] == 3 and 1 <= p["runs_at_best"] <= 3
    defaults = anneal_defaults()
    assert {"seed", "rows", "cols", "schedule", "t0", "stall"} <= set(defaults)
    assert hillclimb_defaults()["pool"] > 0
    with pytest.raises(ValueError, match="unknown option 'temperature'"):
        solver.anneal(temperature=3)
    with pytest.raises(ValueError, match="^anneal: schedule must be one of published, geometric, adaptive, tempering$"):
        solver.anneal(schedule="no-such-schedule")
    # A value an option cannot take is refused with the option's name and range.
    for runs in (2**32, 2**70):
        with pytest.raises(ValueError, match=r"^anneal: runs( must be a whole number, at most 4,294,967,295|: \d+ is too large)$"):
            solver.anneal(runs=runs, seconds=1)
    # The target's limit is the engine's, however far past it a target goes.
    for target in (10**6, 2**32 - 1, 2**32, 2**70):
        with pytest.raises(ValueError, match=r"^target must be a whole number from 1 to 999,999$"):
            solver.hillclimb(target=target)
    with pytest.raises(ValueError, match=r"^anneal: runs cannot be negative$"):
        solver.anneal(runs=-1, seconds=1)
    # Not "from 0 to 4,294,967,295": the least memory a break takes is 16 MiB.
    with pytest.raises(ValueError, match=r"^break: memory_mb cannot be negative$"):
        solver.break_partition(PARTITION, "3x3", 500, memory_mb=-1)
    with pytest.raises(ValueError, match=r"^break: memory_mb must be a whole number, at most 4,294,967,295$"):
        solver.break_partition(PARTITION, "3x3", 500, memory_mb=2**40)
    # A progress that cannot be called is refused before the search starts.
    for search in (solver.anneal, solver.hillclimb):
        with pytest.raises(TypeError, match=r"^(anneal|hillclimb): progress must be a function taking one dict, not int$"):
            search(progress=5, runs=1)
    with pytest.raises(ValueError, match="^hillclimb: seed cannot be negative$"):
        solver.hillclimb(seed=-1, runs=1)
    with pytest.raises(ValueError, match="^hillclimb: seed: 1180591620717411303424 is too large$"):
        solver.hillclimb(seed=2**70, runs=1)
    # Text for a number is a TypeError, as for any argument of the wrong type.
    with pytest.raises(TypeError, match="^anneal: runs must be a whole number$"):
        solver.anneal(runs="3", seconds=1)
    with pytest.raises(ValueError, match="runs=0"):
        solver.anneal(runs=0)
    for seconds in (0, -1, float("nan"), float("inf"), 1e30):
        with pytest.raises(ValueError, match="seconds must be a positive number up to 1,000,000,000"):
            solver.hillclimb(seconds=seconds)
    for every in (-1, float("nan")):
        with pytest.raises(ValueError, match="every must be a number of seconds, 0 or more"):
            solver.anneal(seconds=1, every=every)
    with pytest.raises(ValueError, match="is not a letter"):
        solver.hillclimb(letters="ab1")
    # An option the schedule or restart chosen does not use is refused, as in the CLI.
    with pytest.raises(ValueError, match="^anneal: stall works only with schedule='published': the geometric schedule does not use it$"):
        solver.anneal(stall=1, runs=1)
    with pytest.raises(ValueError, match="^anneal: t_end works only with schedule='geometric' or schedule='tempering': the adaptive schedule does not use it$"):
        solver.anneal(schedule="adaptive", t_end=5, runs=1)
    with pytest.raises(ValueError, match="^anneal: perturb works only with restart='perturb': the best restart does not use it$"):
        solver.anneal(restart="best", perturb=3, runs=1)
    assert solver.anneal(size="3x3", schedule="published", stall=50, runs=1).best_score > 0
    with pytest.raises(ValueError, match="^hillclimb: expansions works only with order='best': the rounds order does not use it$"):
        solver.hillclimb(order="rounds", expansions=5, runs=1)
    assert solver.hillclimb(size="3x3", order="rounds", runs=1).best_score > 0
    # The defaults passed back, one value changed, run as they say: an option at its default
    # value chooses nothing, whichever schedule, restart or order is picked.
    for schedule in ("published", "geometric", "adaptive", "tempering"):
        options = {**anneal_defaults(), "rows": 3, "cols": 3, "runs": 1, "schedule": schedule}
        assert solver.anneal(**options).best_score > 0
    for order in ("rounds", "best"):
        options = {**hillclimb_defaults(), "rows": 3, "cols": 3, "runs": 1, "order": order}
        assert solver.hillclimb(**options).best_score > 0
    with pytest.raises(ValueError, match="^anneal: stall works only with schedule='published'"):
        solver.anneal(**{**anneal_defaults(), "stall": anneal_defaults()["stall"] + 1, "runs": 1})


def test_seconds_limit_and_progress(solver):
    seen = []
    r = solver.anneal(size="4x4", runs=0, seconds=0.3, progress=seen.append, every=0.05)
    assert seen and seen[-1]["best_score"] == r.best_score
    assert r.best_score == r.boards[0][0] > 0


def test_a_system_that_starts_no_thread_gets_a_message_not_a_panic():
    # Each thread asks for a stack of 10^15 bytes, more than a process's whole address space.
    code = """
import boggle_explorer as b
s = b.Solver()
boards = [b.random_board("4x4", seed=k) for k in range(600)]
assert s.score_many(boards, threads=3) == [s.score(x) for x in boards]
try:
    s.break_class("lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz", 500, threads=2)
except ValueError as e:
    print(e)
"""
    env = {**os.environ, "RUST_MIN_STACK": "1000000000000000"}
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("the system would not start a thread: "), r.stdout + r.stderr


def test_a_partition_leaving_letters_out_warns_that_it_proves_nothing_of_them(solver):
    with pytest.warns(UserWarning, match="^no group holds bcdfghjklmnpqrstvwxyz on any cell: boards with them"):
        r = solver.break_partition("aeiou", "3x3", 500)
    assert r.boards == []


def test_a_size_and_rows_or_cols_together_are_refused(solver):
    for extra in ({"rows": 4}, {"cols": 3}):
        with pytest.raises(ValueError, match="^give size, or rows and cols, not both$"):
            solver.hillclimb(size="3x3", runs=1, **extra)


def test_options_of_the_wrong_kind_or_choice_say_what_they_take(solver):
    with pytest.raises(TypeError, match="^hillclimb: target must be a whole number$"):
        solver.hillclimb(target="x", runs=1)
    with pytest.raises(TypeError, match="^break: switch must be a number$"):
        solver.break_class("a b c d", 1, switch="x")
    with pytest.raises(ValueError, match="^hillclimb: order must be best or rounds$"):
        solver.hillclimb(order="x", runs=1)


def test_class_ids_as_a_string_say_what_to_give(solver):
    with pytest.raises(TypeError, match=r"^argument 'class_ids': give a sequence of ids such as \[0, 5\] or range\(100\), not a string$"):
        solver.break_partition("bdfgjqvwxz aeiou lnrsy chkmpt", "3x3", 500, class_ids="0-3")
    r = solver.break_partition("bdfgjqvwxz aeiou lnrsy chkmpt", "3x3", 500, class_ids=range(3))
    assert r.classes == 3


def test_class_ids_longer_than_a_search_are_refused_before_they_are_read(solver):
    # range(10**12) once took its length in memory and aborted the interpreter.
    with pytest.raises(ValueError, match=r"^class_ids holds 1,000,000,000,000 ids, more than the search's 34,960 classes: give each id once$"):
        solver.break_partition(PARTITION, "3x3", 500, class_ids=range(10**12))
    with pytest.raises(TypeError, match=r"^argument 'class_ids': "):
        solver.break_partition(PARTITION, "3x3", 500, class_ids=5)
    with pytest.raises(ValueError, match=r"^class_ids holds 34,961 ids, more than the search's 34,960 classes: give each id once$"):
        solver.break_partition(PARTITION, "3x3", 500, class_ids=[0] * 34_961)


def test_class_ids_may_be_any_iterable_of_ids(solver):
    def broken(ids):
        return [(r["id"], r["class"], r["bound"]) for r in solver.break_partition(PARTITION, "3x3", 500, class_ids=ids).records]

    want = broken([0, 1, 2])
    assert [w[0] for w in want] == [0, 1, 2]
    for ids in ({2, 0, 1}, (i for i in range(3)), np.arange(3)):
        assert broken(ids) == want
    # A generator without a length is read no further than the search's classes.
    endless = iter(int, 1)
    with pytest.raises(ValueError, match=r"^class_ids holds more than the search's 34,960 classes: give each id once$"):
        solver.break_partition(PARTITION, "3x3", 500, class_ids=endless)


def test_numpy_numbers_work_as_engine_options(solver):
    a = solver.hillclimb(size="3x3", seed=np.int64(5), runs=np.int32(1))
    b = solver.hillclimb(size="3x3", seed=5, runs=1)
    assert a.boards == b.boards
    r = solver.break_class(BEST_3X3_CLASS, 500, memory_mb=np.int64(64), switch=np.float32(2.0))
    assert r.boards[0][0] == 545


def test_a_partition_search_needs_a_size(solver):
    for call in (
        lambda: solver.partition_classes(PARTITION, None),
        lambda: solver.break_partition(PARTITION, None, 500),
    ):
        with pytest.raises(TypeError, match=r"^size: a partition needs a board size, such as '4x4', 4 or \(3, 4\)$"):
            call()


def test_a_sample_of_more_than_every_class_warns_and_breaks_them_all(solver):
    two = "aeiou bcdfghjklmnpqrstvwxyz"
    n = solver.partition_classes(two, "3x3")
    with pytest.warns(UserWarning, match=f"^sample: the search has {n} classes, so every class is broken$"):
        r = solver.break_partition(two, "3x3", 2000, sample=10**6)
    assert r.classes == n


def test_results_pickle_and_come_back_equal(solver):
    import pickle

    results = [
        solver.words("streaedlp")[0],
        solver.bound(BEST_3X3_CLASS),
        solver.break_partition(PARTITION, "3x3", 500, class_ids=range(20), threads=1),
        solver.hillclimb(size="3x3", seed=1, runs=1),
    ]
    for r in results:
        back = pickle.loads(pickle.dumps(r))
        assert type(back) is type(r)
        fields = [f for f in dir(r) if not f.startswith("_")]
        assert [getattr(back, f) for f in fields] == [getattr(r, f) for f in fields], type(r)
        assert back == r and not back != r, type(r)
    # Results of other runs differ, and nothing else equals a result.
    assert results[1] != solver.bound("a b c d e f g h i") and results[3] != "SearchResult"
    assert results[2] != solver.break_partition(PARTITION, "3x3", 500, class_ids=range(1), threads=1)
    # A word is a value: hashable, so sets and dict keys take it.
    assert len({results[0], pickle.loads(pickle.dumps(results[0]))}) == 1
    # The reprs give counts as counts, not as the lists their fields hold.
    assert repr(results[2]).startswith("BreakResult(<0 boards>, classes=20, seconds=")


def test_help_shows_the_real_defaults():
    import inspect

    bound = inspect.signature(Solver.bound).parameters["max_steps"].default
    seed = inspect.signature(Solver.break_partition).parameters["seed"].default
    # A sample's seed is 1 unless given, and only a sample takes one.
    assert (bound, seed) == (250_000_000, None)
    # The shown default is the one the engine applies.
    with pytest.raises(ValueError, match=f"passed {bound:,} steps"):
        Solver().bound(" ".join(["*"] * 16))
    two = "aeiou bcdfghjklmnpqrstvwxyz"
    drawn = [
        [r["id"] for r in Solver().break_partition(two, "3x3", 2000, sample=5, **seeded).records]
        for seeded in ({}, {"seed": 1}, {"seed": 2})
    ]
    assert drawn[0] == drawn[1] != drawn[2]


def test_progress_every_infinity_reports_only_at_the_end(solver):
    seen = []
    solver.hillclimb(size="3x3", seed=1, runs=2, progress=seen.append, every=float("inf"))
    assert len(seen) == 1 and seen[0]["finished_runs"] == 2


@pytest.mark.parametrize(
    "call",
    [
        # Hours of bounding without Ctrl-C: the search watches for it.
        "s.bound(' '.join(['*'] * 16), max_steps=10**15)",
        # Minutes of scoring on one thread: each board is the last before a Ctrl-C.
        "s.score_many(['ligdrmanesietildsracsepes'] * 10_000_000, threads=1)",
    ],
)
def test_ctrl_c_stops_a_long_single_call(call):
    interrupted(["print('running', flush=True)", call])


def test_a_misspelt_argument_is_suggested(solver):
    with pytest.raises(ValueError, match=r"^break: unknown option 'classids' \(did you mean class_ids\?\): the options are "):
        solver.break_partition(PARTITION, "3x3", 500, classids=[1])
    with pytest.raises(ValueError, match=r"did you mean memory_mb\?"):
        solver.break_class(BEST_3X3_CLASS, 500, memorymb=64)
    with pytest.raises(ValueError, match=r"^hillclimb: unknown option 'secnds' \(did you mean seconds\?\)"):
        solver.hillclimb(secnds=3)
    with pytest.raises(ValueError, match=r"^anneal: unknown option 'T0' \(did you mean t0\?\)"):
        solver.anneal(T0=3)
    # Nothing close: no guess.
    with pytest.raises(ValueError, match=r"^anneal: unknown option 'temperature': the options are "):
        solver.anneal(temperature=3)


def test_break_partition_counts_each_board_once_as_the_cli_does(solver, cli):
    # Shard 7/8 holds boards that two of its classes both reach, as rotations of each other.
    seen = []
    r = solver.break_partition(PARTITION, "3x3", 500, shard="7/8", threads=2, progress=seen.append, every=0)
    # Progress counts them so too, and its last record is the result's, given once.
    assert [p["stats"]["found"] for p in seen][-1] == 11
    assert all(a["stats"]["found"] <= b["stats"]["found"] for a, b in zip(seen, seen[1:]))
    state = [(p["done"], p["stats"]) for p in seen]
    assert all(a != b for a, b in zip(state, state[1:])), "a progress record repeated the last"
    summary = cli("break", "--partition", PARTITION, "--size", "3x3", "--target", "500",
                  "--shard", "7/8", "--threads", "2").stderr.splitlines()[-1]
    assert f": {len(r.boards)} found," in summary
    assert r.stats["found"] == len(r.boards) == 11



def test_seconds_without_runs_restarts_until_the_time_or_the_target(solver):
    # As `boggle hillclimb --seconds`: seed 2's first run ends below 3625, its third reaches it.
    assert solver.hillclimb(size="4x4", seed=2, target=3625).best_score < 3625
    assert solver.hillclimb(size="4x4", seed=2, target=3625, seconds=600).best_score == 3625
