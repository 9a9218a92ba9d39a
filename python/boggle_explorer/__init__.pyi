"""Boggle Explorer's engine for Python: the types and docs editors show."""

import os
from typing import Any, Callable, Iterable, Optional, Sequence, SupportsIndex, Tuple, Union, final

__version__: str
__all__ = [
    "Bounds",
    "BreakResult",
    "SearchResult",
    "Solver",
    "Word",
    "anneal_defaults",
    "break_defaults",
    "canonical",
    "hillclimb_defaults",
    "proofs",
    "random_board",
]

#: (Aliases for type checkers only, not importable.) A board: its letters row by row as the CLI takes them ("perslatgsineters",
#: "PERS/LATG/SINE/TERS"; a typed "qu" is one Qu cell when that fits), bytes, or a sequence
#: of letter codes 0 (a) to 25 (z), 16 being the Qu face (a NumPy array works too).
_BoardLike = Union[str, bytes, Sequence[int], Any]
#: A board size: "4x4", a side such as 4, or (rows, cols); 2 to 6 rows and columns.
_SizeLike = Union[str, SupportsIndex, Tuple[SupportsIndex, SupportsIndex]]
#: A progress callback; it gets a dict and may raise (KeyboardInterrupt too) to stop the run.
_Progress = Callable[[dict], Any]

@final
class Word:
    """A word on a board: the word, its points and one path (row-major cell indices)."""

    def __new__(cls, word: str, points: int, path: list[int]) -> Word: ...
    @property
    def word(self) -> str:
        """The word spelled out ("qu" in full)."""
    @property
    def points(self) -> int:
        """Its points."""
    @property
    def path(self) -> list[int]:
        """The cells that spell it, in order, as row-major indices."""

@final
class Bounds:
    """The two upper bounds of a board class and how many boards it holds."""

    def __new__(cls, max_nomark: int, sum_union: int, boards: int) -> Bounds: ...
    @property
    def max_nomark(self) -> int:
        """The max/no-mark bound (choices keep the best letter; words count on every path)."""
    @property
    def sum_union(self) -> int:
        """The sum/union bound (every word some board of the class spells, counted once)."""
    @property
    def boards(self) -> int:
        """Boards in the class (an exact Python int: it can exceed 2**64)."""
    @property
    def bound(self) -> int:
        """The class bound: the smaller of the two."""

@final
class BreakResult:
    """What a break found: boards at or above the target and the search's totals."""

    def __new__(
        cls,
        boards: list[Tuple[int, str]],
        stats: dict[str, Any],
        classes: int,
        records: list[dict[str, Any]],
        estimate: Optional[dict[str, Any]],
        seconds: float,
    ) -> BreakResult: ...
    @property
    def boards(self) -> list[Tuple[int, str]]:
        """Boards scoring at least the target, best first, as (score, board); canonical forms,
        once each, for a partition."""
    @property
    def stats(self) -> dict[str, Any]:
        """The engine's totals: classes, bound_evals, eliminated, split, boards_eliminated,
        boards_scored, found, max_depth, root_bound, peak_bytes, ...; for a partition, ``found``
        counts ``boards`` (each board once), as the CLI's summary does."""
    @property
    def classes(self) -> int:
        """Classes broken: the partition classes selected, or the parts one class was split into
        to share among the threads."""
    @property
    def records(self) -> list[dict[str, Any]]:
        """A partition search: one dict per class with the fields of a ``boggle break --out``
        line (id, class, bound, found, secs, nodes, peak_bytes), sorted by id; empty for one
        class."""
    @property
    def estimate(self) -> Optional[dict[str, Any]]:
        """A sampled partition search: the whole search's CPU hours estimated from the sample
        (``cpu_hours``, a 95% interval ``low`` to ``high``, both None for a sample too
        small to bound its spread (fewer than four classes),
        ``sampled`` and ``classes``, and the
        seconds per class ``min``, ``median``, ``p90``, ``p99``, ``max``, ``mean``), as
        ``boggle break --sample`` prints it; None for any other break."""
    @property
    def seconds(self) -> float:
        """Seconds the search took."""

@final
class SearchResult:
    """What a hill climb or an annealing search found."""

    def __new__(
        cls,
        boards: list[Tuple[int, str]],
        best_score: int,
        best_board: str,
        progress: dict[str, Any],
        seconds: float,
    ) -> SearchResult: ...
    @property
    def boards(self) -> list[Tuple[int, str]]:
        """The best distinct boards (up to ``top``), best first, as (score, board)."""
    @property
    def best_score(self) -> int:
        """The best score found."""
    @property
    def best_board(self) -> str:
        """The best board found."""
    @property
    def progress(self) -> dict[str, Any]:
        """The engine's final progress record: run, step, boards, accepted, temperature, top,
        finished_runs and runs_at_best (how many finished runs reached the best score), ..."""
    @property
    def seconds(self) -> float:
        """Seconds the search took."""

@final
class Solver:
    """Scores boards against one word list, and bounds, breaks and searches with it.

    ``wordlist`` is None for the built-in ENABLE2K, "enable2k" or "yawl" for a built-in list
    (whatever the working folder holds: a file of that name is read as "./enable2k"), or the
    path of a list file: one word per line, or compiled by ``boggle compile-list``.
    Files are read with the CLI's limits (16 MiB, 2,000,000 lines); a bad one raises
    ValueError with the CLI's message, and skipped words are reported as warnings.
    With ``multiboggle`` a word counts once per distinct set of cells that spells it; with
    ``min`` only words of that many letters or more count (3 to 8; Big Boggle counts 4), in
    ``score``, ``score_many`` and ``words``.
    """

    def __new__(
        cls,
        wordlist: Optional[Union[str, os.PathLike[str]]] = None,
        multiboggle: bool = False,
        min: int = 3,
    ) -> Solver: ...
    @property
    def word_count(self) -> int:
        """Words in the list."""
    @property
    def fingerprint(self) -> str:
        """The list's fingerprint, 16 hex digits: what proof files and ``boggle compile-list``
        name the list by, so that a result says which words it holds for."""
    @property
    def multiboggle(self) -> bool:
        """True when a word counts once per distinct set of cells that spells it."""
    @property
    def min(self) -> int:
        """The shortest word that counts, in letters."""
    def score(self, board: _BoardLike, size: Optional[_SizeLike] = None) -> int:
        """The score of one board (``size`` fixes the shape, e.g. "3x4"; by default it
        follows from the length). A board with more paths through the word list than the
        solver follows (100,000,000; lists of words like "eeeeeeeeeeee" on boards of more than
        16 cells) raises ValueError, here and wherever boards are scored."""
    def score_many(
        self,
        boards: Union[Iterable[_BoardLike], Any],
        size: Optional[_SizeLike] = None,
        threads: Optional[SupportsIndex] = None,
    ) -> list[int]:
        """The scores of many boards, in order, computed on ``threads`` threads (1 to 1,024;
        default: every core) with the GIL released. ``boards`` is a sequence of boards or a 2-D NumPy
        array of letter codes, one row a board. A bad board raises ValueError naming it, and one
        of the wrong type TypeError. Ctrl-C stops every thread after its current board."""
    def words(self, board: _BoardLike, size: Optional[_SizeLike] = None) -> list[Word]:
        """Every word on a board (of ``min`` letters or more) with its points and one path, as
        ``boggle words`` lists them."""
    def bound(
        self,
        board_class: str,
        size: Optional[_SizeLike] = None,
        *,
        max_steps: SupportsIndex = 250_000_000,
        progress: Optional[_Progress] = None,
        every: float = 0.5,
    ) -> Bounds:
        """The max/no-mark and sum/union bounds of a board class and its board count.

        A class gives each cell a set of letters, as ``boggle bound`` takes it: "lnrsy",
        "{a,e,i}", "b-d", "*" for any letter, "." for an empty cell, cells separated by
        spaces, rows optionally by "/". A class with many letters a cell can take hours: the
        search gives up after ``max_steps`` steps (about five seconds) with ValueError; Ctrl-C
        stops it within a fraction of a second, whatever ``max_steps`` is. ``progress`` gets
        ``{"steps", "max_steps", "seconds"}`` about every ``every`` seconds while the search
        runs (steps counted a million at a time); an exception it raises stops the search and
        propagates."""
    def break_class(
        self,
        board_class: str,
        target: SupportsIndex,
        *,
        size: Optional[_SizeLike] = None,
        threads: Optional[SupportsIndex] = None,
        progress: Optional[_Progress] = None,
        every: float = 0.5,
        **options: Any,
    ) -> BreakResult:
        """Branch and bound: every board of the class scoring at least ``target`` (1 to
        999,999, far above any board's score).

        The class is split into parts shared among ``threads`` threads (1 to 1,024; default:
        every core).
        ``progress`` gets ``{"done", "total", "seconds", "stats"}`` about every ``every``
        seconds and once at the end. ``options`` are the breaker's (``break_defaults()``:
        switch; memory_mb, each thread's budget for its trees, which peak at up to 1.3 times
        it, so a break takes up to ``threads`` times that, and a run the machine's memory
        cannot hold raises ValueError before it starts; max_nodes, the forced classes a class
        may visit, past which, or once its pace says it would take a thousand times that, it
        stops with ValueError saying what to do; looked at every 4,096 forced classes, so a
        class that ends sooner is kept). Ctrl-C, or an exception raised by
        ``progress``, stops every thread within
        about a second and propagates. A search that finds more boards than the engine keeps
        (``max_found`` in ``boggle defaults``) stops with ValueError: the target is too low. So
        does one that meets more paths than the engine follows (a board of more than 16 cells
        and a list of words like "eeeeeeeeeeee"): such a class cannot be settled with that list."""
    def break_partition(
        self,
        partition: str,
        size: _SizeLike,
        target: SupportsIndex,
        *,
        class_ids: Optional[Iterable[int]] = None,
        shard: Optional[Union[str, Tuple[int, int]]] = None,
        sample: Optional[SupportsIndex] = None,
        seed: Optional[SupportsIndex] = None,
        threads: Optional[SupportsIndex] = None,
        progress: Optional[_Progress] = None,
        every: float = 0.5,
        **options: Any,
    ) -> BreakResult:
        """A whole search: breaks every class of a letter partition (or some of them) against
        ``target``, as ``boggle break --partition`` does.

        ``partition`` is groups of letters separated by spaces, each cell taking one group,
        e.g. "bdfgjqvwxz aeiou lnrsy chkmpt"; corners, edges and centre cells may have groups
        of their own after "corner:", "edge:", "centre:". Classes are numbered 0.. in a fixed
        order with symmetric images skipped (``partition_classes()`` counts them). Select
        ``class_ids`` (any iterable of ids, such as ``range(100)`` or a set, at most one id per class), a ``shard`` "K/N" (every N-th class from the K-th, K from 1 to N, after the ids), or a
        random ``sample`` of that many classes drawn from ``seed`` (1 unless given; a seed
        without a sample raises ValueError). _Progress, options and
        Ctrl-C as for ``break_class``; a class given up on is named by its id in the ValueError.
        Boards are canonical, once each. Groups that leave a letter
        out of some cell give a UserWarning: the search proves nothing of boards with it there."""
    def partition_classes(self, partition: str, size: _SizeLike) -> int:
        """How many canonical classes a partition has on a board size (ids 0..n-1)."""
    def hillclimb(
        self,
        *,
        seconds: Optional[float] = None,
        progress: Optional[_Progress] = None,
        every: float = 1.0,
        **options: Any,
    ) -> SearchResult:
        """Pool-based hill climbing for high-scoring boards.

        ``options`` are the engine's, by the names ``hillclimb_defaults()`` lists with their
        defaults (rows, cols, seed, letters, source, runs, target, top, pool, order,
        remember, stall, expansions, ...), plus ``size`` ("4x4") for rows and cols; an unknown
        name raises ValueError, and so does ``expansions`` with ``order="rounds"``, which does
        not use it. ``letters`` left out (None) means the word list's 20 most common letters.
        The same seed and options give the same boards. ``runs=0`` restarts until
        ``target`` or ``seconds`` stops it; ``seconds`` without ``runs`` means ``runs=0``.
        ``progress`` gets the engine's progress record
        (with "seconds") about every ``every`` seconds and once at the end."""
    def anneal(
        self,
        *,
        seconds: Optional[float] = None,
        progress: Optional[_Progress] = None,
        every: float = 1.0,
        **options: Any,
    ) -> SearchResult:
        """Simulated annealing for high-scoring boards.

        ``options`` are the engine's, by the names ``anneal_defaults()`` lists with their
        defaults (rows, cols, seed, runs, target, top, schedule, t0, cooling, t_end, steps,
        stall, restart, ...), plus ``size``. Seeds, limits and progress as for
        ``hillclimb``."""

def canonical(board: _BoardLike, size: Optional[_SizeLike] = None) -> str:
    """A board's canonical form: the smallest of its rotations and reflections."""

def random_board(
    size: Optional[_SizeLike] = None, source: str = "dice", seed: Optional[SupportsIndex] = None
) -> str:
    """A random board (default 4x4): ``source`` "dice" rolls the real dice on 4x4, 5x5
    and 6x6 (uniform letters on other sizes), "uniform" draws each cell from a-z. The same ``seed``
    gives the same board; without one each call differs."""

def hillclimb_defaults() -> dict[str, Any]:
    """The engine's hill-climbing options with their defaults."""

def anneal_defaults() -> dict[str, Any]:
    """The engine's annealing options with their defaults."""

def break_defaults() -> dict[str, Any]:
    """The engine's breaking options with their defaults."""

def proofs() -> list[dict[str, Any]]:
    """The named proofs, as ``boggle break --proof NAME`` runs them: each a dict with its
    ``name``, ``partition``, ``size``, ``target`` and word ``list``, so that
    ``Solver(p["list"]).break_partition(p["partition"], p["size"], p["target"])`` runs one."""
