"""The ``tenhou`` table's rules object: the riichi table that also accepts a second win on the same discard
(double ron, Tenhou's ranked rooms). Settlement — double ron, pao, honba, nagashi mangan, abortive draws — is pure
functions in :mod:`scorer.game.tenhou`.
"""

from __future__ import annotations

from scorer.game import events as ev
from scorer.game.rules.riichi import RiichiTable


class TenhouTable(RiichiTable):
    name = "tenhou"

    def after_end(self, st, event: ev.Event) -> bool:
        # double ron: a second win by another seat on the discard the first win took
        if (event.type == "win" and st.results and st.results[-1].type == "win"
                and st.results[-1].from_seat is not None and event.from_seat == st.results[-1].from_seat
                and all(r.seat != event.seat for r in st.results)):
            for s, d in enumerate(event.deltas):
                st.players[s].score += d
            st.results.append(event)
            return True
        return False


TENHOU_TABLE = TenhouTable()
