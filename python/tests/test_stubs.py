"""The type stubs describe exactly what the compiled module has, with a docstring each."""

import ast
import inspect
import pathlib
import subprocess
import sys

import boggle_explorer

STUBS = pathlib.Path(boggle_explorer.__file__).with_name("__init__.pyi")


def stub_tree():
    return ast.parse(STUBS.read_text())


def test_stubs_name_every_public_function_and_class():
    tree = stub_tree()
    stubbed = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    assert stubbed == set(boggle_explorer.__all__)


def test_stubs_name_every_member_with_a_docstring():
    for node in stub_tree().body:
        if not isinstance(node, ast.ClassDef):
            continue
        runtime = getattr(boggle_explorer, node.name)
        members = {
            n.name for n in node.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("__")
        } | {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
        public = {m for m in dir(runtime) if not m.startswith("_")}
        assert members == public, node.name
        for n in node.body:
            if isinstance(n, ast.FunctionDef) and not n.name.startswith("__"):
                assert ast.get_docstring(n), f"{node.name}.{n.name}"
        assert ast.get_docstring(node), node.name


def test_stub_signatures_match_the_runtime():
    for node in stub_tree().body:
        targets = []
        if isinstance(node, ast.FunctionDef):
            targets.append((node, getattr(boggle_explorer, node.name)))
        elif isinstance(node, ast.ClassDef):
            cls = getattr(boggle_explorer, node.name)
            targets += [
                (n, getattr(cls, n.name))
                for n in node.body
                if isinstance(n, ast.FunctionDef) and not n.name.startswith("__") and callable(getattr(cls, n.name))
            ]
        for fn, obj in targets:
            try:
                sig = inspect.signature(obj)
            except (TypeError, ValueError):
                continue
            want = [a.arg for a in fn.args.args + fn.args.kwonlyargs if a.arg != "self"]
            got = [
                p.name
                for p in sig.parameters.values()
                if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL) and p.name not in ("self", "$self")
            ]
            assert want == got, fn.name


def stub_defaults(fn):
    """The defaults a stub's signature gives, by parameter name (stubs write them as literals)."""
    args = fn.args
    positional = args.posonlyargs + args.args
    pairs = list(zip(positional[len(positional) - len(args.defaults):], args.defaults))
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]
    return {a.arg: ast.literal_eval(d) for a, d in pairs}


def test_stub_defaults_match_the_runtime():
    # The compiled module's signatures write its defaults as literals too, each checked
    # against the engine's constant where the module is built (the steps of a bound): so a
    # stub that falls behind the engine fails here.
    compared = set()
    for node in stub_tree().body:
        targets = []
        if isinstance(node, ast.FunctionDef):
            targets.append((node, node.name, getattr(boggle_explorer, node.name)))
        elif isinstance(node, ast.ClassDef):
            cls = getattr(boggle_explorer, node.name)
            targets += [
                (n, f"{node.name}.{n.name}", getattr(cls, n.name))
                for n in node.body
                if isinstance(n, ast.FunctionDef) and not n.name.startswith("__") and callable(getattr(cls, n.name))
            ]
        for fn, name, obj in targets:
            try:
                params = inspect.signature(obj).parameters
            except (TypeError, ValueError):
                continue
            for arg, want in stub_defaults(fn).items():
                got = params[arg].default
                assert got is not inspect.Parameter.empty, f"{name}({arg}): no default at runtime"
                assert got == want, f"{name}({arg}): the stub says {want!r}, the module {got!r}"
                compared.add(f"{name}({arg})")
    assert {"Solver.bound(max_steps)", "Solver.break_partition(seed)"} <= compared


def run_mypy(*args, cwd):
    """Runs mypy (installed with the tests' tools) on the installed package, outside the source
    folder so that the wheel's module is the one checked."""
    return subprocess.run(
        [sys.executable, "-m", *args], capture_output=True, text=True, cwd=cwd
    )


def test_stubtest_finds_the_stubs_true_to_the_module(tmp_path):
    # PEP 800's disjoint bases are left out: type checkers older than it would not read them.
    r = run_mypy("mypy.stubtest", "--ignore-disjoint-bases", "boggle_explorer", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr


def test_a_notebooks_code_type_checks_and_its_mistakes_do_not(tmp_path):
    # What a notebook does with the package: NumPy's ints wherever an int goes, results read
    # and pickled; then three mistakes the checker must catch.
    (tmp_path / "good.py").write_text(
        "import pickle\n"
        "import numpy as np\n"
        "from boggle_explorer import Solver, Word, random_board\n"
        "s = Solver(None)\n"
        "n: int = s.score('perslatgsineters', size=np.int64(4))\n"
        "w: Word = s.words('streaedlp')[0]\n"
        "path: list[int] = w.path\n"
        "r = s.break_class('lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz', np.int64(500), threads=np.int32(1))\n"
        "best: list[tuple[int, str]] = pickle.loads(pickle.dumps(r)).boards\n"
        "b = s.bound('a b c d e f g h i', max_steps=np.int64(10**6)).bound + n\n"
        "print(random_board(np.int8(5), seed=np.uint64(3)), Word('cat', 1, [0, 1, 2]), s.fingerprint)\n",
        encoding="utf-8",
    )
    r = run_mypy("mypy", "--strict", "--no-incremental", "good.py", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    (tmp_path / "bad.py").write_text(
        "from boggle_explorer import Solver, BoardLike\n"
        "s = Solver()\n"
        "s.words('streaedlp')[0].points = 3\n"
        "s.score('streaedlp', size=2.5)\n",
        encoding="utf-8",
    )
    r = run_mypy("mypy", "--no-incremental", "bad.py", cwd=tmp_path)
    errors = [line for line in r.stdout.splitlines() if ": error:" in line]
    assert [e.split(":")[1] for e in errors] == ["1", "3", "4"], r.stdout


def test_help_shows_what_the_stubs_say():
    # help() and a notebook's `?` read the module's own docstrings, editors the stubs': the two
    # must say the same, so neither reader gets the short version.
    compared = 0
    for node in stub_tree().body:
        if not isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            continue
        runtime = getattr(boggle_explorer, node.name)
        pairs = [(node.name, node, runtime)]
        if isinstance(node, ast.ClassDef):
            pairs += [
                (f"{node.name}.{n.name}", n, getattr(runtime, n.name))
                for n in node.body
                if isinstance(n, ast.FunctionDef) and not n.name.startswith("__")
            ]
        for name, stub, obj in pairs:
            assert inspect.getdoc(obj) == ast.get_docstring(stub), name
            compared += 1
    assert compared >= 30
