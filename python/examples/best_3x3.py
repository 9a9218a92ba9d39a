"""Reproduces two published results with Boggle Explorer's engine:

1. hill climbing finds the best known 4x4 board (3625 points) from a fixed seed;
2. breaking every class of the letter partition "bdfgjqvwxz aeiou lnrsy chkmpt" on 3x3 at
   target 500 finds every board of 500 points or more (42 of them), so the best of them,
   streaedlp (545 points; canonical form deslatper), is the best 3x3 board.

Run: python python/examples/best_3x3.py from the repository root (Ctrl-C stops either search)
"""

from boggle_explorer import Solver

solver = Solver()  # ENABLE2K, built in

climb = solver.hillclimb(size="4x4", seed=1, runs=0, target=3625)
print(f"hill climbing: {climb.best_score} {climb.best_board} "
      f"after {climb.progress['boards']} boards in {climb.seconds:.1f} s")


def show(p):
    print(f"  {p['done']}/{p['total']} classes, {p['stats']['found']} found, {p['seconds']:.0f} s")


proof = solver.break_partition("bdfgjqvwxz aeiou lnrsy chkmpt", "3x3", 500, progress=show, every=5)
print(f"3x3 proof: {proof.classes} classes in {proof.seconds:.1f} s, "
      f"{len(proof.boards)} boards of 500 points or more; the best: {proof.boards[0]}")
assert proof.boards[0] == (545, "deslatper") and proof.boards[1][0] < 545
