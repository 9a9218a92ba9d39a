"""Scores, words and bounds against known values and the CLI."""

import json
import time
import warnings

import pytest

from boggle_explorer import Solver, canonical, random_board


def test_known_boards_score_their_published_scores(solver):
    assert solver.score("perslatgsineters") == 3625
    assert solver.score("streaedlp") == 545
    assert solver.score("PERS / LATG / SINE / TERS") == 3625
    assert solver.score("perslatesind", size="3x4") == solver.score("perslatesind")


def test_multiboggle_counts_as_the_cli_does(cli):
    out = cli("score", "--multiboggle", "perslatgsineters").stdout.split()
    assert Solver(multiboggle=True).score("perslatgsineters") == int(out[1])


def test_a_longer_shortest_word_counts_as_the_cli_does(cli):
    board = "ligdrmanesietildsracsepes"
    big = Solver(min=4)
    assert big.min == 4
    words = big.words(board)
    assert words and all(len(w.word) >= 4 for w in words)
    assert big.score(board) == sum(w.points for w in words)
    assert big.score(board) == int(cli("score", "--min", "4", board).stdout.split()[1])
    assert big.score_many([board, "streaedlp"]) == [big.score(board), big.score("streaedlp")]
    both = Solver(multiboggle=True, min=4)
    assert both.score(board) == int(cli("score", "--min", "4", "--multiboggle", board).stdout.split()[1])
    for bad in (2, 9):
        with pytest.raises(ValueError, match="min must be a whole number from 3 to 8"):
            Solver(min=bad)


def test_words_and_paths_match_the_cli(solver, cli):
    for board in ["perslatgsineters", "streaedlp", "qaxzsteronie"]:
        want = json.loads(cli("words", "--json", board).stdout)
        got = solver.words(board)
        assert [(w.word, w.points, w.path) for w in got] == [
            (w["word"], w["points"], w["path"]) for w in want["words"]
        ]
        assert sum(w.points for w in got) == want["score"] == solver.score(board)
        # Every path spells its word on the board.
        cells = canonical(board) and list(board)
        for w in got:
            spelled = "".join("qu" if cells[i] == "q" else cells[i] for i in w.path)
            assert spelled == w.word


def test_a_class_too_big_to_bound_gives_up(solver):
    every = " ".join(["*"] * 16)
    with pytest.raises(ValueError, match=r"passed 1,000 steps.*raise max_steps"):
        solver.bound(every, max_steps=1000)
    for steps in (0, -5):
        with pytest.raises(ValueError, match="^max_steps must be a whole number, at least 1$"):
            solver.bound(every, max_steps=steps)
    with pytest.raises(ValueError, match="^max_steps: 18446744073709551616 is too large$"):
        solver.bound(every, max_steps=2**64)


def test_a_long_bound_reports_its_steps_and_an_exception_in_progress_stops_it(solver):
    class Enough(Exception):
        pass

    seen = []

    def progress(p):
        seen.append(p)
        if p["steps"] > 0:
            raise Enough

    # Every letter on every cell of a 4x4 board: hours of search without a step limit.
    with pytest.raises(Enough):
        solver.bound(" ".join(["*"] * 16), max_steps=2**64 - 1, progress=progress, every=0)
    assert seen[-1]["max_steps"] == 2**64 - 1
    assert seen[-1]["steps"] >= 2**20
    assert all(a["seconds"] <= b["seconds"] for a, b in zip(seen, seen[1:]))
    with pytest.raises(TypeError, match="^bound: progress must be a function taking one dict, not int$"):
        solver.bound("abcd", progress=5)


def test_bounds_match_the_cli(solver, cli):
    cls = "lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz"
    want = json.loads(cli("bound", "--json", cls).stdout)
    b = solver.bound(cls)
    assert (b.max_nomark, b.sum_union, b.bound) == (
        want["max_nomark"],
        want["sum_union"],
        want["bound"],
    )
    assert b.boards == int(want["boards"])
    # Counts past 2**64 stay exact.
    assert solver.bound("bcdfghjklmnpqrstvwxz " * 16).boards == 20**16


def test_score_many_equals_score_one_by_one(solver):
    boards = [random_board("4x4", seed=s) for s in range(600)]
    boards += [random_board("3x3", source="uniform", seed=s) for s in range(50)]
    one_by_one = [solver.score(b) for b in boards]
    assert solver.score_many(boards) == one_by_one
    assert solver.score_many(boards, threads=1) == one_by_one
    assert solver.score_many(boards, threads=3) == one_by_one
    assert solver.score_many([]) == []
    with pytest.raises(ValueError, match="^seed cannot be negative$"):
        random_board("4x4", seed=-1)


def test_score_many_takes_letter_codes_and_numpy_arrays(solver):
    codes = [[ord(c) - ord("a") for c in b] for b in ["perslatgsineters", "streaedlpstreaedl"[:16]]]
    want = [solver.score("perslatgsineters"), solver.score("streaedlpstreaed")]
    assert solver.score_many(codes) == want
    assert solver.score(codes[0]) == 3625
    np = pytest.importorskip("numpy")
    assert solver.score_many(np.array(codes, dtype=np.uint8)) == want
    assert solver.score(np.array(codes[0])) == 3625
    assert solver.score_many(np.array(["perslatgsineters", "streaedlp"])) == [3625, 545]


def test_canonical_and_random_boards(cli):
    assert canonical("streaedlp") == cli("canonical", "streaedlp").stdout.split()[1]
    assert random_board("4x4", seed=7) == random_board("4x4", seed=7)
    assert random_board("4x4", seed=7) != random_board("4x4", seed=8)
    assert len(random_board((3, 4), source="uniform", seed=1)) == 12
    assert len(random_board(5)) == 25


def test_bad_input_raises_value_error_with_the_engines_message(solver, cli, tmp_path):
    def cli_message(*args):
        r = cli(*args, check=False)
        assert r.returncode != 0
        return r.stderr.strip()

    with pytest.raises(ValueError) as e:
        solver.score("abc")
    assert str(e.value) in cli_message("score", "abc")
    with pytest.raises(ValueError, match="is not a letter"):
        solver.score("abcd3fghi")
    with pytest.raises(ValueError, match="board 2: 3 letters"):
        solver.score_many(["abcd", "abc"])
    with pytest.raises(ValueError, match="letter code 26"):
        solver.score([26] * 9)
    with pytest.raises(ValueError) as e:
        solver.score("abcd", size="7x7")
    assert "is not a board size" in str(e.value)
    with pytest.raises(ValueError, match="^'-1x-1' is not a board size"):
        solver.score("abcd", size=-1)
    with pytest.raises(ValueError, match="^'2x1180591620717411303424' is not a board size"):
        solver.score("abcd", size=(2, 2**70))
    with pytest.raises(ValueError, match="^letter code 1180591620717411303424: codes are 0"):
        solver.score([0, 1, 2, 2**70])
    # An object of the wrong type is a TypeError, as Python's own calls raise.
    with pytest.raises(TypeError, match="^int: a board is a string of letters"):
        solver.score(12345)
    # A code of the wrong type is named, however long its repr.
    with pytest.raises(TypeError, match=r"^letter code 1\.5 \(float\): codes are whole numbers"):
        solver.score([0, 1.5, 2, 3])
    with pytest.raises(TypeError, match=r"^letter code 'xxxxxxxxx[x]{30}… \(str\)"):
        solver.score([0, "x" * 10_000, 2, 3])
    with pytest.raises(TypeError, match="^board 2: NoneType: a board is"):
        solver.score_many(["abcd", None])
    with pytest.raises(TypeError, match="^give a list of boards"):
        solver.score_many("abcd")
    # Bytes of either kind are a board's text, and a list's one board, as a str is.
    assert solver.score(bytearray(b"perslatgsineters")) == solver.score(b"perslatgsineters") == 3625
    for text in (b"abcd", bytearray(b"abcd")):
        with pytest.raises(TypeError, match="^give a list of boards"):
            solver.score_many(text)
    # A grid of codes is one board only once flattened: said so.
    np = pytest.importorskip("numpy")
    grid = np.zeros((4, 4), dtype=np.uint8)
    with pytest.raises(TypeError, match=r"not a 4-row grid: flatten it first \(NumPy: board\.ravel\(\)\)$"):
        solver.score(grid)
    assert solver.score(grid.ravel()) == solver.score("a" * 16)
    with pytest.raises(TypeError, match="^float: a size is a string such as '4x4'"):
        solver.score("abcd", size=2.5)
    with pytest.raises(ValueError) as e:
        solver.bound("abc def")
    assert str(e.value) == cli_message("bound", "abc def").removeprefix("boggle: ")
    with pytest.raises(ValueError) as e:
        Solver(str(tmp_path / "missing.txt"))
    assert str(e.value) == cli_message(
        "score", "--wordlist", str(tmp_path / "missing.txt"), "abcd"
    ).removeprefix("boggle: ")
    with pytest.raises(ValueError, match="it is a folder, not a file$") as e:
        Solver(tmp_path)
    assert str(e.value) == cli_message("score", "--wordlist", str(tmp_path), "abcd").removeprefix(
        "boggle: "
    )
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as f:
        f.truncate(17 << 20)
    with pytest.raises(ValueError) as e:
        Solver(huge)
    assert str(e.value) == cli_message("score", "--wordlist", str(huge), "abcd").removeprefix(
        "boggle: "
    )
    garbage = tmp_path / "garbage.dawg"
    garbage.write_bytes(b"\x00\xff" * 5000)
    with pytest.raises(ValueError) as e:
        Solver(garbage)
    assert str(e.value) == cli_message("score", "--wordlist", str(garbage), "abcd").removeprefix(
        "boggle: "
    )


def test_a_word_list_file_loads_and_notes_become_warnings(tmp_path, cli):
    lst = tmp_path / "tiny.txt"
    lst.write_text("sea\nseat\neats\n" + "a" * 80 + "\ncafé\nqat\nat\n", encoding="utf-8")
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        s = Solver(lst)
    assert s.word_count == 3
    assert [str(x.message) for x in w] == [
        f"word list '{lst}': 1 line with characters other than a-z skipped, e.g. 'café'",
        f"word list '{lst}': 2 lines skipped, as the rules have it: 1 shorter than 3 letters, 1 with q not followed by u",
        f"word list '{lst}': line 4: 80 letters, longer than any 6x6 board can spell: skipped",
    ]
    # The fingerprint a proof made with the list records, as the CLI gives it.
    compiled = tmp_path / "tiny.dawg"
    summary = cli("compile-list", "--wordlist", str(lst), str(compiled)).stdout
    assert f"3 words, fingerprint {s.fingerprint}," in summary
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        assert Solver(compiled).fingerprint == s.fingerprint != Solver().fingerprint
    assert s.score("seat") == 1 + 1 + 1  # sea, seat, eats
    assert Solver("yawl").word_count > Solver().word_count


def test_a_board_with_too_many_paths_raises_instead_of_running_for_hours(tmp_path):
    lst = tmp_path / "repeats.txt"
    lst.write_text("".join("e" * n + "\n" for n in range(3, 26)), encoding="utf-8")
    solver = Solver(lst)
    too_many = "more than 100,000,000 paths spelling the start of a word"
    all_e = "e" * 25
    with pytest.raises(ValueError, match=too_many):
        solver.score(all_e)
    with pytest.raises(ValueError, match=too_many):
        solver.words(all_e)
    with pytest.raises(ValueError, match="^board 2: this board and word list have " + too_many):
        solver.score_many(["eeee", all_e], threads=1)
    # The first board refused ends the scoring: six such boards take about as long as one.
    start = time.monotonic()
    with pytest.raises(ValueError, match="^board 1: "):
        solver.score_many([all_e], threads=1)
    one = time.monotonic() - start
    start = time.monotonic()
    with pytest.raises(ValueError, match="^board 1: "):
        solver.score_many([all_e] * 6, threads=1)
    assert time.monotonic() - start < 3 * one
    with pytest.raises(ValueError, match=too_many):
        solver.anneal(size="5x5", letters="ef", runs=1)
    # Breaking its class gives up on it, on one thread or on several.
    for threads in (1, 2):
        with pytest.raises(ValueError, match=f"^board {all_e}: this board and word list have " + too_many):
            solver.break_class(" ".join(all_e), 10, threads=threads)
    # A partition's run names the class by its id (the search's only class here, which leaves
    # every other letter out, as the warning says).
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        with pytest.raises(ValueError, match=f"^class 0: board {all_e}: "):
            solver.break_partition("e", "5x5", 10)
    assert [str(x.message).split(":")[0] for x in w] == ["no group holds abcdfghijklmnopqrstuvwxyz on any cell"]
    assert solver.score("eeee") == 2


def test_a_list_saved_with_a_byte_order_mark_keeps_its_first_word(tmp_path):
    lst = tmp_path / "notepad.txt"
    lst.write_bytes(b"\xef\xbb\xbfseat\r\nsea\r\neats\r\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        s = Solver(lst)
    assert s.word_count == 3
    assert s.score("seat") == 3


def test_a_built_in_name_is_not_hidden_by_a_file_of_that_name(tmp_path, monkeypatch):
    (tmp_path / "enable2k").write_text("cat\ndog\n", encoding="utf-8")
    (tmp_path / "yawl").mkdir()
    monkeypatch.chdir(tmp_path)
    assert Solver().score("perslatgsineters") == 3625
    assert Solver("enable2k").word_count == Solver().word_count == 173402
    assert Solver("./enable2k").word_count == 2
    assert Solver("yawl").word_count > 173402
    with pytest.raises(ValueError, match=r"^cannot read word list './yawl': it is a folder, not a file$"):
        Solver("./yawl")
