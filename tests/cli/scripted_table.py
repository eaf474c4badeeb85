"""A text-mode deal on an arranged wall, for the pseudo-terminal tests: ``python -m tests.cli.scripted_table
SCENE``. The human plays East through the real prompts (standard input); the other seats discard what they draw
and pass every call and win, so the scene's tiles come where the test expects them.

Scenes (MCR): ``calls`` — South throws a 9p (you hold 99p: pung), later North a 3m (you hold 45m: chow);
``below8`` — your first draw (9p) completes 123m 456m 789p 234s 99s, worth 7 points (below the 8-point minimum).
"""

from __future__ import annotations

import functools
import sys

from scorer.game.actions import PASS
from scorer.game.mcr import McrEngine, McrWall

SCENES = {
    "calls": (["45m99p1s5s9s1z2z3z4z5z6z", "19m19p19s1234567z", "28m28p28s1234567z", "37m37p37s1234567z"],
              "7z9p8m8s3m"),
    "below8": (["123m456m78p234s99s", "19m19p19s1234567z", "28m28p28s1234567z", "37m37p37s1234567z"], "9p"),
}


class Tsumogiri:
    """Discards the drawn tile (or the last tile after a call); passes every call and every win."""

    def __init__(self, name: str = "tsumogiri"):
        self.name = name

    def choose(self, state, seat, actions):
        for a in actions:
            if a.type == PASS:
                return a
        drawn = state.last_draw
        for a in actions:
            if a.type == "discard" and a.tile == drawn:
                return a
        return [a for a in actions if a.type == "discard"][-1]


def main(argv=None) -> int:
    from scorer.cli.play import play_deal
    from scorer.cli.play_mcr import _event_line, _result, below_minimum, mcr_view
    name = (argv or sys.argv[1:])[0]
    hands, draws = SCENES[name]
    engine = functools.partial(McrEngine, wall=McrWall.arranged(hands, draws, seed=1))
    header = f"[bold]mjscore[/] MCR scene {name} · seed {{seed}} · table preset {{preset}}"
    return play_deal(engine, Tsumogiri, header, _event_line, _result, 1, None, None, None, view=mcr_view(),
                     announce=below_minimum)


if __name__ == "__main__":
    sys.exit(main())
