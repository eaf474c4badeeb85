"""Replay and verify recorded MCR deals (Botzone, PMN, our own MCR play logs) at the MCR table.

Stage: replay (MCR). Each :class:`~scorer.logs.Round` of an MCR reader goes through a fresh MCR table (the rule
set's table preset, :mod:`scorer.game.rules.mcr`): every event is checked against the table's legal actions
(``rules.check_event``: a win must be complete and reach 8 points under the table's situation) before
``state.apply``; the claims a record says lost to the one made (Botzone's ``Ignore`` parts) must each have been
legal and must lose by the claim priority (win > pung/kong > chow, then the head bump). At a win the MCR scorer scores the hand from the table (:func:`scorer.game.rules.mcr.score_win`)
and the payments follow the table's rule (:func:`scorer.game.mcr.deltas_for`); ``verify`` compares the winner's
total, the record's fan counts (when the record names them only by count, as the Botzone data does, the counts are
compared as a multiset; our own logs name each fan with its points) and every seat's score change with the
record. A record that does something illegal is a
:class:`~scorer.errors.LogError` naming the file, the deal and the event.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorer.errors import LogError
from scorer.game import events as ev
from scorer.game.state import CHANKAN, END, GameState
from scorer.logs import Round


@dataclass
class McrRoundReport:
    """One replayed MCR deal: what the table found, and what differs from the record."""

    round: Round
    outcome: str = ""                  # "win" or "exhaustive draw"
    winner: int | None = None
    from_seat: int | None = None
    total: int | None = None
    hand: str | None = None            # the winning hand as the table scored it, in notation
    fans: list[dict] = field(default_factory=list)
    deltas: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    record_total: int | None = None
    record_fans: list[str] = field(default_factory=list)
    record_deltas: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    mismatches: list[str] = field(default_factory=list)
    error: str | None = None
    events: int = 0
    scores_after: list[int] | None = None      # (the riichi report's fields that the replay command reads:
    sticks_after: int = 0                      # an MCR deal carries no scores or deposits to the next one)

    @property
    def agree(self) -> bool:
        return self.error is None and not self.mismatches

    def summary(self) -> str:
        if self.error:
            return "error"
        if self.outcome != "win":
            return self.outcome
        how = "self-drawn" if self.from_seat is None else f"on seat {self.from_seat}'s discard"
        return f"seat {self.winner} {how}, {self.total} points"

    def to_dict(self) -> dict:
        r = self.round
        return {"file": r.source, "game": r.game, "round": r.number + 1, "label": r.label, "rules": "mcr",
                "agree": self.agree, "outcome": self.outcome, "summary": self.summary(), "winner": self.winner,
                "from": self.from_seat, "total": self.total, "hand": self.hand, "fans": self.fans,
                "deltas": self.deltas, "record_deltas": self.record_deltas,
                "record": {"total": self.record_total, "fans": self.record_fans, "deltas": self.record_deltas},
                "mismatches": self.mismatches, "error": self.error, "events": self.events}


def _numbered(items: list[str]) -> list[tuple[int, int, int]] | None:
    """A PMN record's fans, ``id/points/count`` each, as sorted triples (None if the items are not that)."""
    out = []
    for x in items:
        parts = x.split("/")
        if len(parts) != 3 or not all(p.isdigit() for p in parts):
            return None
        out.append((int(parts[0]), int(parts[1]), int(parts[2])))
    return sorted(out) if out else None


def _counts_of(items: list[str]) -> list[int] | None:
    """The counts of a record's ``name*count`` fan items (None if any item has no count)."""
    out = []
    for x in items:
        name, star, n = x.rpartition("*")
        if not star or not n.isdigit():
            return None
        out.append(int(n))
    return sorted(out)


def replay_mcr_round(rnd: Round, visitor=None, verify: bool = True) -> McrRoundReport:
    """Replay one recorded MCR deal at the MCR table; with ``verify`` the differences from the record are listed
    in the report. A record the table refuses is a :class:`LogError` naming the file, the deal and the event:
    raised without a ``visitor``, else handed to ``visitor.error(report, err)`` (the riichi replay's visitors,
    :mod:`scorer.logs.replay`), as each difference goes to ``visitor.mismatch(report, text)``."""
    rep = McrRoundReport(rnd)
    try:
        try:
            _run(rnd, rep)
        except LogError:
            raise
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            # a malformed event the checks did not foresee: still a LogError naming the deal, never a traceback
            raise rnd.error(None, f"cannot replay event {rep.events + 1} ({type(exc).__name__}: {exc})") from None
    except LogError as err:
        if visitor is None:
            raise
        visitor.error(rep, err)
        return rep
    if verify:
        for text in _differences(rep):
            if visitor is None:
                rep.mismatches.append(text)
            else:
                visitor.mismatch(rep, text)
    return rep


def _run(rnd: Round, rep: McrRoundReport) -> None:
    from scorer.game.mcr import deltas_for
    from scorer.game.rules.mcr import score_win
    from scorer.rulesets import find_ruleset
    state = GameState(find_ruleset("mcr").table_preset)
    for i, e in enumerate(rnd.events):
        result = None
        if isinstance(e, ev.Win) and state.phase == END:
            raise rnd.error(i, "a second win on one discard: the MCR table applies the head bump (only the first "
                               "claimant in seat order after the discarder wins), the record took both")
        if isinstance(e, ev.Win):       # scored before the win is applied: the table as the winner saw it
            try:
                result = score_win(state, e.seat, e.tile, tsumo=e.from_seat is None, chankan=state.phase == CHANKAN)
            except (LogError, ValueError) as exc:
                raise rnd.error(i, f"the winning hand cannot be scored: {exc}") from None
        why = state.rules.check_event(state, e) if state.phase != "start" else None
        if why:
            raise rnd.error(i, why)
        lost = getattr(rnd, "claims", {}).get(i)
        if lost:
            why = _lost_claims(state, e, lost)
            if why:
                raise rnd.error(i, why)
        try:
            state.apply(e)
        except LogError as exc:
            raise rnd.error(i, str(exc)) from None
        rep.events += 1
        if result is not None:
            d = result.to_dict()
            rep.outcome = "win"
            rep.winner, rep.from_seat = e.seat, e.from_seat
            rep.total = int(d["total"])
            rep.hand = d["hand"]
            rep.fans = [{"id": f.fan.id, "name": f.name, "chinese": f.chinese, "points": f.points, "count": f.count}
                        for f in result.fans]
            rep.deltas = deltas_for(rep.total, e.seat, e.from_seat)
            rep.record_total, rep.record_fans, rep.record_deltas = e.points, list(e.yaku), list(e.deltas)
        elif isinstance(e, ev.DrawGame):
            rep.outcome = "exhaustive draw"
            rep.record_deltas = list(e.deltas)
    if not rep.outcome:
        raise rnd.error(None, "the deal ends without a win or a draw")


_RANK = {"hu": 3, "peng": 2, "gang": 2, "chi": 1}      # claim priority on a discard: win > pung = kong > chow
_ACTION_OF = {"hu": "ron", "peng": "pon", "gang": "kan", "chi": "chi"}


def _lost_claims(state, made: ev.Event, lost: list) -> str | None:
    """Why the record's lost claims on the last discard do not fit the table (None if they do): each must be
    among its seat's legal actions, and must lose to the claim ``made`` by the priority (win > pung/kong > chow;
    between equals, the first seat in turn after the discarder: the head bump)."""
    from scorer.logs.botzone import kind_of
    if state.last_discard is None:
        return "claims lost to this one, but no discard to claim"
    discarder = state.last_discarder
    made_verb = "hu" if isinstance(made, ev.Win) else {"pon": "peng", "kan": "gang", "chi": "chi"}.get(
        getattr(made, "kind", ""), "")
    if made_verb not in _RANK:
        return "claims lost to an action that is not a claim"
    for seat, verb, name in lost:
        if verb not in _RANK:
            return f"lost claim {verb!r} by seat {seat}: not a claim"
        try:
            k = kind_of(name)
        except ValueError as exc:
            return f"lost claim by seat {seat}: {exc}"
        legal = state.rules.legal_actions(state, seat)
        want = _ACTION_OF[verb]
        ok = any(a.type == want and (verb != "chi" or sorted([a.tile >> 2] + [t >> 2 for t in a.tiles])[1] == k)
                 for a in legal)
        if not ok:
            return f"seat {seat}'s lost claim {verb} {name} was not a legal action"
        after = (seat - discarder) % 4 < (made.seat - discarder) % 4
        if _RANK[verb] > _RANK[made_verb] or (_RANK[verb] == _RANK[made_verb] and after):
            return f"seat {seat}'s {verb} {name} has priority over seat {made.seat}'s {made_verb}"
    return None


def _differences(rep: McrRoundReport) -> list[str]:
    miss: list[str] = []
    if rep.outcome == "win":
        if rep.total != rep.record_total:
            miss.append(f"total: ours {rep.total}, record {rep.record_total}")
        theirs = _counts_of(rep.record_fans)
        named = all(x.rpartition(" ")[2].isdigit() for x in rep.record_fans)
        numbered = _numbered(rep.record_fans)
        if numbered is not None:               # PMN: fan number (the reference's id), points, count
            ours_numbered = sorted((f["id"], f["points"], f["count"]) for f in rep.fans)
            if ours_numbered != numbered:
                miss.append(f"fans: ours {', '.join(f['name'] + '*' + str(f['count']) for f in rep.fans)} "
                            f"{ours_numbered}; record {numbered}")
        elif named and rep.record_fans:          # our own logs: "name points" per fan, as the engine writes them
            ours_named = sorted(f"{f['name']} {f['points'] * f['count']}" for f in rep.fans)
            if ours_named != sorted(rep.record_fans):
                miss.append(f"fans: ours {', '.join(ours_named)}; record {', '.join(rep.record_fans)}")
        elif theirs is not None:
            ours = sorted(f["count"] for f in rep.fans)
            if ours != theirs:
                miss.append(f"fans: ours {', '.join(f['name'] + '*' + str(f['count']) for f in rep.fans)}; "
                            f"record {'+'.join(rep.record_fans)}")
    if rep.deltas != rep.record_deltas:
        miss.append(f"deltas: ours {rep.deltas}, record {rep.record_deltas}")
    return miss


def replay_mcr_file(path: str, verify: bool = True):
    """The reports of every deal of an MCR record file (Botzone), in order."""
    from scorer.logs import read_bytes
    from scorer.logs.botzone import read_botzone
    data = read_bytes(path)
    for rnd in read_botzone(data, path):
        yield replay_mcr_round(rnd, verify=verify)
