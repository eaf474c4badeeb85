"""The Cython build (``setup.py``, :mod:`scorer._compiled`) runs the same code as the sources.

Cython compiles our plain Python, and it keeps Python's semantics but for a few C-typed expressions (``len()`` is a
C integer, so ``1 << len(x)`` shifts in C). Two processes, one on the build and one on the sources
(``MJSCORE_PURE=1``), score the same lines and dump every module-level constant of the compiled modules; the test
holds them equal. Without a build both processes run the sources; :func:`test_the_build_is_used_exactly_when_fresh`
says which case a run is in.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from scorer import _compiled

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / ".." / "shared" / "bench"
REALDATA = ROOT / ".." / "shared" / "realdata"

_DUMP = r"""
import hashlib, importlib, json, sys
import scorer
from scorer import _compiled
from scorer.errors import MjscoreError

out = {"compiled": _compiled.compiled_modules(), "constants": {}, "rows": []}
for name in _compiled.COMPILED:
    module = importlib.import_module(name)
    for key, value in sorted(vars(module).items()):
        if key.startswith("__") or not isinstance(value, (int, str, bytes, tuple, list, dict, set, frozenset)):
            continue
        text = repr(value)
        if " at 0x" not in text:  # a table of functions or objects: their addresses differ between processes
            out["constants"][name + "." + key] = hashlib.sha1(text.encode()).hexdigest()
for line in json.load(open(sys.argv[1], encoding="utf-8")):
    try:
        out["rows"].append(json.dumps(scorer.score(line).to_dict(), sort_keys=True))
    except MjscoreError as exc:
        out["rows"].append(type(exc).__name__ + ": " + str(exc))
json.dump(out, open(sys.argv[2], "w", encoding="utf-8"))
"""


def _lines() -> list[str]:
    lines = []
    for path in sorted((ROOT / "fixtures" / "hands").glob("*.txt")):
        for raw in path.read_text(encoding="utf-8").splitlines():
            if raw.strip() and not raw.lstrip().startswith("#"):
                lines.append(raw.split("|", 1)[0].strip())
    if BENCH.is_dir():  # the speed harness's generators: the hands the build is timed on
        sys.path.insert(0, str(BENCH))
        try:
            import mcr_gen
            import riichi_gen
        finally:
            sys.path.remove(str(BENCH))
        lines += [h["notation"] for h in riichi_gen.generate(2500, 20261203)]
        lines += [h["notation"] for h in mcr_gen.generate(2500, 20261203)]
    return lines


def _env(pure: bool) -> dict[str, str]:
    """A child process's environment: on the sources (MJSCORE_PURE=1) or the build, the same set orders, and this
    checkout importable from any working directory."""
    path = [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return dict(os.environ, MJSCORE_PURE="1" if pure else "0", PYTHONHASHSEED="0", PYTHONPATH=os.pathsep.join(path))


_CLI = "import sys; sys.argv = ['mjscore'] + sys.argv[1:]; from scorer.cli.app import main; sys.exit(main())"


def _run(tmp_path: Path, lines_file: Path, pure: bool) -> dict:
    env = _env(pure)
    out = tmp_path / f"out-{int(pure)}.json"
    subprocess.run([sys.executable, "-c", _DUMP, str(lines_file), str(out)], cwd=ROOT, env=env, check=True,
                   timeout=600)
    return json.loads(out.read_text(encoding="utf-8"))


def test_build_and_sources_agree(tmp_path):
    lines = _lines()
    assert len(lines) > 100
    lines_file = tmp_path / "lines.json"
    lines_file.write_text(json.dumps(lines), encoding="utf-8")
    built, pure = _run(tmp_path, lines_file, False), _run(tmp_path, lines_file, True)
    assert pure["compiled"] == []
    assert built["compiled"] == _fresh_builds()
    differing = sorted(k for k in pure["constants"] if built["constants"].get(k) != pure["constants"][k])
    assert differing == [] and built["constants"].keys() == pure["constants"].keys()
    assert len(pure["constants"]) > 100
    for line, a, b in zip(lines, built["rows"], pure["rows"]):
        assert a == b, line
    assert len(built["rows"]) == len(pure["rows"]) == len(lines)


_GAMES = [  # (name, mjscore arguments): every table and AI the compiled game modules play
    ("riichi", ["play", "--auto", "--deals", "12", "--seed", "31"]),
    ("riichi-strong", ["play", "--auto", "--game", "east", "--seed", "32", "--ai", "strong,basic,strong,basic"]),
    ("sanma", ["play", "--auto", "--deals", "6", "--seed", "33", "--players", "3"]),
    ("mcr", ["play", "--rules", "mcr", "--auto", "--deals", "8", "--seed", "34"]),
]


def _play(tmp_path: Path, pure: bool) -> dict[str, str]:
    """Each game's summary and its whole event log, played on the build or on the sources."""
    env = _env(pure)
    cwd = tmp_path / ("pure" if pure else "built")
    cwd.mkdir()
    out = {}
    for name, args in _GAMES:
        log = Path(f"{name}.log")   # the summary names it: the same relative name for either run
        done = subprocess.run([sys.executable, "-c", _CLI, *args, "--json", "--log", str(log)], cwd=cwd, env=env,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        out[name] = done.stdout
        out[name + " log"] = (cwd / log).read_text(encoding="utf-8")
    return out


def test_build_and_sources_play_the_same_deals(tmp_path):
    built, pure = _play(tmp_path, False), _play(tmp_path, True)
    for name in built:
        assert len(built[name]) > 100, name
        assert built[name] == pure[name], name


@pytest.mark.skipif(not (REALDATA / "riichi" / "tenhou-mjlog").is_dir(), reason="../shared/realdata is not here")
def test_build_and_sources_replay_the_same_rounds():
    files = sorted(str(p) for p in (REALDATA / "riichi" / "tenhou-mjlog").glob("*.mjlog"))[:12]
    rows = []
    for pure in (False, True):
        done = subprocess.run([sys.executable, "-c", _CLI, "replay", *files, "--verify", "--json"], cwd=ROOT,
                              env=_env(pure), capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        rows.append(done.stdout.splitlines())
    assert len(rows[0]) > 100
    assert rows[0] == rows[1]


def _fresh_builds() -> list[str]:
    """The compiled modules with an extension beside their source that is not older than it."""
    fresh = []
    for name in _compiled.COMPILED:
        source = ROOT / (name.replace(".", "/") + ".py")
        for suffix in _compiled._EXTENSION_SUFFIXES:
            ext = source.with_name(source.stem + suffix)
            if ext.exists() and not _compiled.is_stale(str(ext), str(source)):
                fresh.append(name)
                break
    return fresh


def test_the_build_is_used_exactly_when_fresh():
    if _compiled.pure_requested():
        assert _compiled.compiled_modules() == []
    else:
        assert _compiled.compiled_modules() == _fresh_builds()


def _fake_module(tmp_path: Path, source_age: float) -> tuple[Path, Path]:
    package = tmp_path / "mjfake"
    package.mkdir()
    (package / "__init__.py").write_text("")
    source = package / "m.py"
    source.write_text("X = 1\n")
    ext = package / ("m" + _compiled._EXTENSION_SUFFIXES[0])
    ext.write_bytes(b"")  # never executed: the test only asks the finder where it would import from
    now = source.stat().st_mtime
    os.utime(ext, (now, now))
    os.utime(source, (now + source_age, now + source_age))
    return source, ext


@pytest.mark.parametrize("pure, source_age, expect_source, expect_warning", [
    (False, 0.0, False, False),    # a fresh build is imported
    (False, 1.0, False, False),    # written a moment apart by one install: still fresh
    (False, 60.0, True, True),     # the source was edited after the build: the source runs, with a warning
    (True, 0.0, True, False),      # MJSCORE_PURE: the source, silently
])
def test_the_finder_picks_the_source_when_asked_or_stale(tmp_path, pure, source_age, expect_source,
                                                          expect_warning):
    source, ext = _fake_module(tmp_path, source_age)
    finder = _compiled._SourceOverBuild(pure, names=frozenset({"mjfake.m"}))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        spec = finder.find_spec("mjfake.m", [str(source.parent)])
        again = finder.find_spec("mjfake.m", [str(source.parent)])
    assert spec.origin == str(source if expect_source else ext) == again.origin
    assert [str(w.message).split(" changed")[0] for w in caught] == ([str(source)] if expect_warning else [])
    assert finder.find_spec("mjfake.other", [str(source.parent)]) is None  # not ours: the usual import
