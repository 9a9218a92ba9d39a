"""Boggle Explorer's engine for Python.

Score boards, list their words, bound and break classes of boards, and search for the best
boards with hill climbing or simulated annealing, all with the same Rust engine as the
``boggle`` command line and the web page.

>>> from boggle_explorer import Solver
>>> Solver().score("perslatgsineters")
3625

Every call that takes a while releases the GIL and can be stopped with Ctrl-C
(``KeyboardInterrupt``). Bad input raises ``ValueError`` with the engine's message.
"""

from ._boggle import (
    Bounds,
    BreakResult,
    SearchResult,
    Solver,
    Word,
    anneal_defaults,
    break_defaults,
    canonical,
    hillclimb_defaults,
    proofs,
    random_board,
)

# Everything imported above, as the stubs' __all__ lists it (a test holds the two equal).
__all__ = sorted(name for name in dict(globals()) if not name.startswith("_"))
__version__ = "0.1.0"
