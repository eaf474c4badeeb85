"""Write tests/mcr/to_dict_9e9e6d6.jsonl: score(text).to_dict() of a fixed input set, by the scorer of the checkout
it is run from (not collected by pytest). How the fixture was made::

    git worktree add /tmp/old-mcr 9e9e6d6 && cd /tmp/old-mcr
    PYTHONPATH=. python /path/to/tests/mcr/make_to_dict_fixture.py > /path/to/tests/mcr/to_dict_9e9e6d6.jsonl

It reads fixtures/hands/mcr_fans.txt (of the current directory), ../shared/realdata/mcr/calculator_cases.json and
../shared/bench/mcr_gen.py (seed 20261201)."""
import json, os, random, re, sys
SHARED = os.environ.get("MJBARS_SHARED", "/work/shared")
sys.path.insert(0, os.path.join(SHARED, "bench"))
import mcr_gen
import scorer
from scorer.errors import MjscoreError

lines = []
for line in open("fixtures/hands/mcr_fans.txt", encoding="utf-8"):
    if line.strip() and not line.startswith("#"):
        lines.append(line.split("|")[0].strip())
from tests.mcr.gbargs import hand_from_gb
for case in json.load(open(os.path.join(SHARED, "realdata/mcr/calculator_cases.json"))):
    lines.append(hand_from_gb(case["args"]).notation())
gen = mcr_gen.generate(500, 20261201, expected=False)
rng = random.Random(20261201)
TILES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]
for h in gen:
    n = h["notation"]
    lines.append(n)
    x = rng.random()
    if x < 0.25:
        # 13 tiles: drop the winning tile (waits and shanten of an incomplete hand)
        lines.append("13 tiles: " + n)
    elif x < 0.45:
        # a 14-tile hand that may not be complete: replace the first concealed tile
        m = re.match(r"^(\d+)([mpsz])", n)
        if m and m.group(1):
            lines.append(n[:0] + rng.choice(TILES)[0] + n[1:])
    elif x < 0.55:
        lines.append(n + " preset:green-book")
out = []
for n in lines:
    try:
        if n.startswith("13 tiles: "):
            import dataclasses
            from scorer.mcr import evaluate
            d = evaluate(dataclasses.replace(scorer.parse(n[10:]), winning_tile=None)).to_dict()
        else:
            d = scorer.score(n, rules="mcr").to_dict()
    except MjscoreError as e:
        d = {"error": type(e).__name__}
    out.append(json.dumps({"input": n, "dict": d}, ensure_ascii=False, sort_keys=False))
sys.stdout.write("\n".join(out) + "\n")
