import io
import json

import pytest

from scorer.game.ai import RiichiAI
from scorer.game.engine import Engine
from scorer.logs.export import ExportError, write_game


def _deal(seed):
    eng = Engine([RiichiAI(f"ai{s}") for s in range(4)], seed=seed)
    eng.run()
    return eng.events


def test_own_format_is_every_event_of_every_deal_in_order():
    deals = [_deal(1), _deal(2)]
    out = io.StringIO()
    write_game(deals, "own", out)
    lines = out.getvalue().splitlines()
    assert [json.loads(x) for x in lines] == [json.loads(e.to_json()) for d in deals for e in d]
    assert sum(1 for x in lines if json.loads(x)["type"] == "start") == 2


def test_unknown_format_is_a_clear_error():
    with pytest.raises(ExportError, match="unknown log format 'xml'"):
        write_game([], "xml", io.StringIO())
