"""The limits of a break: the machine's memory, the forced classes a class may take, and
progress that moves while a long class is under way."""

import os

import pytest

from boggle_explorer import Solver, break_defaults

def memory_is_known():
    return os.path.exists("/proc/meminfo")


@pytest.fixture(scope="module")
def class_3x4():
    """Class 50 of the 3x4 proof with any corner letter: a second or two of work."""
    return "* aeijou aeijou * / aeijou aeijou bcdfgmpqvwxz hklnrsty / * hklnrsty hklnrsty *"


@pytest.mark.skipif(not memory_is_known(), reason="the machine's memory cannot be read here")
@pytest.mark.parametrize("call", ["class", "partition"])
def test_a_run_needing_more_memory_than_the_machine_has_is_refused(solver, call):
    # Without the check the first big allocation would abort the interpreter itself.
    with pytest.raises(ValueError) as e:
        if call == "class":
            solver.break_class("* " * 24 + "*", 3000, threads=2, memory_mb=100_000_000)
        else:
            solver.break_partition("aest bcdfghijklmnopqruvwxyz", "3x3", 500, threads=2,
                                   memory_mb=100_000_000)
    msg = str(e.value)
    assert msg.startswith("threads=2 with memory_mb=100000000 can take up to ")
    assert msg.endswith(": lower threads or memory_mb")
    assert "GiB this machine gives (" in msg


def test_a_class_past_max_nodes_is_given_up_on(solver, class_3x4):
    assert break_defaults()["max_nodes"] == 10_000_000_000_000
    with pytest.raises(ValueError, match=r"passed its limit of 10,000 forced classes .*"
                       r"raise the limit \(max_nodes\)$"):
        solver.break_class(class_3x4, 1500, threads=2, max_nodes=10_000)
    with pytest.raises(ValueError, match=r"^class 50: .*passed its limit of 10,000 forced "
                       r"classes .*settled: raise the target, or raise the limit \(max_nodes\)$"):
        solver.break_partition("aeijou bcdfgmpqvwxz hklnrsty, corner:abcdefghijklmnopqrstuvwxyz",
                               "3x4", 1500, class_ids=[50], threads=1, max_nodes=10_000)
    with pytest.raises(ValueError, match=r"^max_nodes=0: must be at least 1$"):
        solver.break_class(class_3x4, 1500, max_nodes=0)


def test_progress_counts_the_class_in_progress(solver, class_3x4):
    seen = []
    r = solver.break_class(class_3x4, 1500, threads=1, progress=seen.append, every=0)
    under_way = [p["stats"]["classes"] for p in seen if p["done"] == 0]
    assert max(under_way) > 0, "progress moved before the class's one part ended"
    assert max(under_way) <= r.stats["classes"]
