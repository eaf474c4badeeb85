"""The ``tenhou`` table's rules object: the riichi table of Tenhou's ranked rooms. It accepts a second win on the
same discard (double ron), lists the nine-terminals abortive draw among a player's actions on an uninterrupted
first draw, finds the abortive draws that end a deal once a discard passes (four winds, four riichi, four kans) and
settles wins and draws — double ron, pao, honba, nagashi mangan, abortive draws — with the pure functions of
:mod:`scorer.game.tenhou`, the same ones the replays use.
"""

from __future__ import annotations

from scorer.game import events as ev
from scorer.game import tenhou as T
from scorer.game.actions import NINE_TERMINALS, Action
from scorer.game.rules.riichi import RiichiTable, _turn_actions

# the abortive draws found when a discard has passed without a ron, in Tenhou's order of checks
_AFTER_DISCARD = ("four_winds", "four_riichi", "four_kans")


class TenhouTable(RiichiTable):
    name = "tenhou"
    multiple_ron_played = ("head_bump", "double")
    abortive_draws_played = frozenset(("nine_terminals", "four_winds", "four_riichi", "triple_ron", "four_kans"))

    @staticmethod
    def turn_actions(st, seat: int) -> list[Action]:
        """The riichi table's turn actions, and nine terminals (九種九牌) when the preset lists it and the hand
        holds nine different terminals and honors on an uninterrupted first draw."""
        out = _turn_actions(st, seat)
        if (st.last_draw is not None and st.first_turn(seat) and "nine_terminals" in st.preset.abortive_draws
                and T.check_abortive(st, "nine_terminals") is None):
            out.append(Action(NINE_TERMINALS, seat))
        return out

    @staticmethod
    def win_deltas(st, wins, from_seat):
        """Double ron, pao and honba as Tenhou pays them (:func:`scorer.game.tenhou.win_deltas`)."""
        return T.win_deltas(st, wins, from_seat)

    @staticmethod
    def abortive_after_discard(st) -> str | None:
        """The abortive draw that ends the deal now that a discard has passed (its riichi deposit paid), if any."""
        listed = st.preset.abortive_draws
        for reason in _AFTER_DISCARD:
            if reason in listed and T.check_abortive(st, reason) is None:
                return reason
        return None

    @staticmethod
    def draw_event(st, reason: str) -> ev.DrawGame:
        """A draw as the replays settle it: at an exhaustive draw nagashi mangan if anyone qualifies, else noten
        payments (karaten noten); an abortive draw pays nothing; deposits as the preset says."""
        if reason == "exhaustive":
            if T.nagashi_seats(st):
                reason = "nagashi_mangan"
            tenpai = T.tenpai_seats(st, strict=st.preset.karaten_noten)
        else:
            tenpai = [False] * st.n_players
        return ev.DrawGame(reason=reason, tenpai=tenpai, deltas=T.draw_deltas(st, reason, tenpai),
                           deposits_returned=st.preset.draw_deposits == "return")

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
