"""tenhou.net/6 JSON (one game object, or one round object a line) to engine events.

A round is ``[[round, honba, sticks], scores, dora indicators, ura indicators, haipai0, draws0, discards0, ...,
haipai3, draws3, discards3, result]``. Tiles are 11-19 m, 21-29 p, 31-39 s, 41-47 honors, 51-53 red fives; in
a discard list 60 is the drawn tile (tsumogiri) and 0 the placeholder after an open kan. Chi, pon and open kan
sit in the caller's draw list (``c275226``; ``p151515`` / ``15p1515`` / ``1515p15`` from left / across / right;
``m`` for an open kan); closed kan (``a``), added kan (``k``) and riichi (``r``) sit in the discard list.

The format writes tile kinds, not physical tiles, so the reader deals physical ids (``id // 4`` is the kind; 16,
52, 88 are the red fives) in order of appearance, and it re-creates what the format leaves implicit in the order
Tenhou's own mjlog writes it: the riichi deposit right after the declaring discard passes, and a kan's new dora
indicator (a closed kan: at once; an open or added kan: after the replacement draw, before the next discard or
kan). With that, a game read from tenhou.net/6 and from mjlog gives the same events up to which copy of a tile
is which (:func:`scorer.logs.comparable` compares them).

A game that names its table (``"mjscore": {"preset": NAME}``, as our exporter writes) is replayed at that table,
and a kan's indicator is re-created where that table turns it (the ``standard`` table: right after the kan).
:func:`write_tenhou6` (below) is the inverse: engine events to one game object.
"""

from __future__ import annotations

import re
from typing import Iterator

from scorer.errors import LogError
from scorer.game import events as ev
from scorer.logs import MAX_EVENTS, Round, decode_text, display_name, load_json, \
    round_label, whole, wholes
from scorer.kinds import RED_FIVE_IDS

SANMA_PRESET = "tenhou-sanma"   # the table a three-player Tenhou game (三麻) is replayed at
SANMA_LIVE_TILES = 55           # its draws after the deal: 108 - 14 dead wall - 3 x 13 (scorer.logs.sanma)

_RESULTS_DRAW = {
    "流局": "exhaustive", "全員聴牌": "exhaustive", "全員不聴": "exhaustive", "流し満貫": "nagashi_mangan",
    "九種九牌": "nine_terminals", "四風連打": "four_winds", "四家立直": "four_riichi", "三家和了": "triple_ron",
    "四槓散了": "four_kans",
}
# Mahjong Soul games in tenhou.net/6 form write some yaku in English
_ENGLISH = {"Riichi": "立直", "Dora": "ドラ", "Ura Dora": "裏ドラ", "Red Five": "赤ドラ", "Tsumo": "門前清自摸和",
            "Fully Concealed Hand": "門前清自摸和", "Pinfu": "平和", "Tanyao": "断幺九", "All Simples": "断幺九",
            "Ippatsu": "一発", "Red Five(s)": "赤ドラ"}
_YAKU_RE = re.compile(r"^(.*)\(([0-9]{1,2})飜\)$|^(.*)\(役満\)$")
_POINTS_RE = re.compile(r"^(?:([0-9]{1,3})符)?(?:([0-9]{1,2})飜)?[^0-9]*?([0-9]{1,6})(?:-([0-9]{1,6}))?点(∀)?$")


def kind_of(code, what: str = "tile") -> tuple[int, bool]:
    """(kind 0-33, red) of a tenhou.net/6 tile code."""
    if not isinstance(code, int) or isinstance(code, bool):
        raise LogError(f"{what} {code!r} is not a tile code")
    if code in (51, 52, 53):
        return 4 + 9 * (code - 51), True
    s, n = divmod(code, 10)
    if 1 <= s <= 3 and 1 <= n <= 9:
        return 9 * (s - 1) + n - 1, False
    if s == 4 and 1 <= n <= 7:
        return 27 + n - 1, False
    raise LogError(f"{what} {code!r} is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)")


class _Ids:
    """Deals physical ids for tile codes in order of appearance (red fives get 16, 52, 88)."""

    def __init__(self):
        self.free: dict[tuple[int, bool], list[int]] = {}
        for k in range(34):
            ids = [4 * k + i for i in range(4)]
            if k in (4, 13, 22):
                self.free[(k, True)] = [ids[0]]
                self.free[(k, False)] = ids[1:]
            else:
                self.free[(k, False)] = ids
                self.free[(k, True)] = []

    def take(self, code, what: str) -> int:
        kind, red = kind_of(code, what)
        pool = self.free[(kind, red)]
        if not pool:
            raise LogError(f"{what}: a fifth {'red ' if red else ''}{_name(kind)} — that tile is not there")
        return pool.pop(0)


def _name(kind: int) -> str:
    if kind >= 27:
        return f"{kind - 26}z"
    return f"{kind % 9 + 1}{'mps'[kind // 9]}"


def _split_call(s: str, letter: str) -> tuple[int, list[int]]:
    """(index of the letter, tile codes in written order with the one after the letter first)."""
    i = s.index(letter)
    body = s[:i] + s[i + 1:]
    if len(body) % 2 or not (body.isascii() and body.isdigit()) or len(body) > 8:
        raise LogError(f"call {s!r} is not written as two-digit tile codes")
    codes = [int(body[j:j + 2]) for j in range(0, len(body), 2)]
    k = i // 2
    called = codes[k]
    return i, [called] + codes[:k] + codes[k + 1:]


class _RoundBuilder:
    """Plays one tenhou.net/6 round forward from the seats' lists, producing events.

    Where a seat's next draw-list item is a call that could take the current discard, the call is tried first
    and, if the rest of the round cannot be played that way, the discard is let pass instead (the same tile may
    be discarded again later, which is the call's real moment): a small backtracking search over the calls.
    """

    def __init__(self, data: list, name: str, number: int, game: int, preset: str = "tenhou"):
        self.name = name
        self.preset = preset
        self.dora_at_once = _kan_dora(preset) == "immediate"   # every kan's indicator right after the kan
        self.raw = data
        self.number = number
        self.game = game
        self.ids = _Ids()
        self.events: list[ev.Event] = []
        self.where: list[str] = []
        self.hands: list[list[int]] = [[], [], [], []]
        self.melds: list[list[list]] = [[], [], [], []]
        self.seats = 4                 # three at a three-player game (an empty fourth hand and a zero score)
        self.label = ""
        self.pos = "header"
        self.budget = [20000]          # events the call search may try in all (shared by its branches)

    def fail(self, where: str, msg: str) -> LogError:
        return LogError(f"{self.name} round {self.number + 1} ({self.label or '?'}), event {len(self.events) + 1} at "
                        f"{where}: {msg}")

    def add(self, e: ev.Event, where: str) -> None:
        self.budget[0] -= 1
        if self.budget[0] < 0:
            raise LogError("cannot settle the order of the calls (the search gave up)")
        if len(self.events) >= MAX_EVENTS:
            raise LogError(f"more than {MAX_EVENTS:,} events in one round: not a real round")
        self.events.append(e)
        self.where.append(where)

    def clone(self) -> "_RoundBuilder":
        c = object.__new__(_RoundBuilder)
        c.__dict__.update(self.__dict__)
        c.ids = object.__new__(_Ids)
        c.ids.free = {k: list(v) for k, v in self.ids.free.items()}
        c.events = list(self.events)
        c.where = list(self.where)
        c.hands = [list(h) for h in self.hands]
        c.melds = [[[m[0], list(m[1]), m[2]] for m in ms] for ms in self.melds]
        c.ti = list(self.ti)
        c.di = list(self.di)
        c.more_dora = list(self.more_dora)
        return c

    def build(self) -> Round:
        r = self.raw
        if not isinstance(r, list) or len(r) < 17:
            raise LogError(f"{self.name} round {self.number + 1}: a round is a list of 17 items "
                           f"(header, scores, dora, ura, 3 lists per seat, result)")
        head, scores, dora = r[0], r[1], r[2]
        try:
            if not isinstance(head, list) or len(head) < 3:
                raise LogError("the header is not [round, honba, deposits]")
            rnd = whole(head[0], "header round", 0, 15)
            honba = whole(head[1], "header honba", 0, 999)
            sticks = whole(head[2], "header deposits", 0, 999)
            scores = wholes(scores, "scores", lo=-10 ** 7, hi=10 ** 7)
        except LogError as e:
            raise LogError(f"{self.name} round {self.number + 1}: {e}") from None
        self.label = round_label(rnd, honba)
        if len(scores) != 4:
            raise self.fail("header", f"{len(scores)} scores: a game lists four (three-player: the fourth 0)")
        if isinstance(r[13], list) and not r[13] and scores[3] == 0:
            # a three-player game (三麻): Tenhou writes the empty North seat's hand as [] and its score as 0
            self.seats = 3
            if self.preset == "tenhou":
                self.preset = SANMA_PRESET
        if not isinstance(dora, list) or not dora:
            raise self.fail("header", "no dora indicator")
        try:
            self._start(rnd, honba, sticks, scores, r)
            done = self._run()
        except LogError as e:
            if str(e).startswith(self.name):
                raise
            raise self.fail(self.pos, str(e)) from None
        return Round(self.name, self.game, self.number, self.label, done.events, done.where, preset=self.preset)

    def _start(self, rnd, honba, sticks, scores, r) -> None:
        n = self.seats
        dealer = rnd % 4
        if dealer >= n:
            raise LogError(f"round {rnd}: dealer {dealer} at a table of {n} seats")
        haipai = [r[4 + 3 * s] for s in range(n)]
        self.draws = [list(r[5 + 3 * s]) if isinstance(r[5 + 3 * s], list) else [] for s in range(n)]
        self.discards = [list(r[6 + 3 * s]) if isinstance(r[6 + 3 * s], list) else [] for s in range(n)]
        if n == 3 and (r[14] or r[15]):
            raise LogError("a three-player game whose empty fourth seat draws or discards")
        self.result = r[16]
        self.ura = r[3] if isinstance(r[3], list) else []
        for s in range(n):
            if not isinstance(haipai[s], list) or len(haipai[s]) != 13:
                raise LogError(f"seat {s} is dealt {len(haipai[s]) if isinstance(haipai[s], list) else '?'} tiles, "
                               f"not 13")
            self.pos = f"seat {s}'s haipai"
            self.hands[s] = [self.ids.take(c, f"seat {s}'s haipai") for c in haipai[s]]
        self.pos = "dora indicators"
        first = self.ids.take(r[2][0], "dora indicator")
        self.add(ev.Deal(dealer=dealer, round_wind=rnd // 4, honba=honba, sticks=sticks, scores=scores[:n],
                         hands=[list(h) for h in self.hands[:n]], dora_indicator=first,
                         live_left=70 if n == 4 else SANMA_LIVE_TILES), "header")
        self.more_dora = list(r[2][1:])
        self.ti = [0] * 4
        self.di = [0] * 4
        self.actor = dealer
        self.last_draw = None
        self.rinshan = False
        self.pending_dora = 0          # open kans whose indicator is not shown yet
        self.ron_source = None
        self.phase = "draw"

    # ---- helpers --------------------------------------------------------------------------------------------
    def show_dora(self, where: str) -> None:
        while self.pending_dora:
            self.pending_dora -= 1
            if not self.more_dora:
                raise LogError("a kan but no indicator for its dora in the header")
            code = self.more_dora.pop(0)
            self.add(ev.Dora(indicator=self.ids.take(code, "kan dora indicator")), where)

    def take_from_hand(self, seat: int, code, what: str, avoid: int | None = None) -> int:
        kind, red = kind_of(code, what)
        h = self.hands[seat]
        cands = [t for t in h if t // 4 == kind and (t in RED_FIVE_IDS) == red]
        if avoid is not None and len(cands) > 1 and avoid in cands:
            cands.remove(avoid)
        if not cands:
            raise LogError(f"{what}: seat {seat} holds no {'red ' if red else ''}{_name(kind)}")
        h.remove(cands[0])
        return cands[0]

    def all_done(self) -> bool:
        return all(self.ti[s] >= len(self.draws[s]) and self.di[s] >= len(self.discards[s])
                   for s in range(self.seats))

    # ---- the play ---------------------------------------------------------------------------------------------
    def _run(self) -> "_RoundBuilder":
        """Play to the end; returns the builder (this one or a branch) that got there."""
        while True:
            if self.phase == "draw":
                a = self.actor
                if self.ti[a] >= len(self.draws[a]):
                    break                                     # the round's result follows
                item = self.draws[a][self.ti[a]]
                where = f"seat {a}'s draw {self.ti[a] + 1}"
                self.pos = where
                self.ti[a] += 1
                if not isinstance(item, int):
                    raise LogError(f"a call {item!r} where seat {a} should draw")
                t = self.ids.take(item, where)
                self.hands[a].append(t)
                self.add(ev.Draw(seat=a, tile=t, rinshan=self.rinshan), where)
                self.last_draw = t
                self.phase = "act"
                continue
            branch = self._act()
            if branch == "end":
                break
            if isinstance(branch, tuple):
                # a possible call: try it; if the round cannot be finished that way, let the tile pass
                s, call = branch
                trial = self.clone()
                try:
                    trial._call(s, call)
                    return trial._run()
                except LogError as e:
                    err = (len(trial.events), e)
                try:
                    self.actor = (self.actor + 1) % self.seats
                    self.phase = "draw"
                    return self._run()
                except LogError as e2:
                    raise err[1] if err[0] >= len(self.events) else e2
        self.pos = "result"
        for s in range(self.seats):
            if self.ti[s] < len(self.draws[s]) or self.di[s] < len(self.discards[s]):
                left = self.draws[s][self.ti[s]:] + self.discards[s][self.di[s]:]
                raise LogError(f"the play stops but seat {s} still has {left[:4]!r} in its lists "
                               f"(an illegal or impossible call?)")
        self._result()
        return self

    def _act(self):
        """The actor's discard-list item. Returns None to go on, "end", or (seat, call) for a possible call."""
        a = self.actor
        if self.di[a] >= len(self.discards[a]):
            return "end"                                      # tsumo, nine terminals ...
        item = self.discards[a][self.di[a]]
        where = f"seat {a}'s discard {self.di[a] + 1}"
        self.pos = where
        self.di[a] += 1
        if isinstance(item, str) and item.startswith("f"):
            # three-player: a North set aside (抜きドラ, "f44"); the next draw is its replacement
            if self.seats != 3 or item != "f44":
                raise LogError(f"{item[:20]!r}: only a North (f44) is set aside, at a three-player table")
            t = self.take_from_hand(a, 44, where)
            self.add(ev.Nuki(seat=a, tile=t), where)
            self.last_draw = None
            if self.all_done():                  # robbed by ron: the round ends here
                self.ron_source = (a, t)
                return "end"
            self.rinshan = True
            self.phase = "draw"
            return None
        if isinstance(item, str) and ("a" in item or "k" in item):
            letter = "a" if "a" in item else "k"
            _, codes = _split_call(item, letter)
            if letter == "a":
                if len(codes) != 4 or len({kind_of(c)[0] for c in codes}) != 1:
                    raise LogError(f"closed kan {item!r} is not four of a kind")
                tiles = sorted(self.take_from_hand(a, c, where) for c in codes)
                self.add(ev.Call(seat=a, kind="ankan", tiles=tiles), where)
                if self.all_done():              # robbed by thirteen orphans (kokushi_robs_ankan): the end
                    self.ron_source = (a, tiles[-1])
                    return "end"
                self.show_dora(where)            # an earlier open kan's indicator first
                self.pending_dora = 1
                self.show_dora(where)            # a closed kan shows its indicator at once
            else:
                kind = kind_of(codes[0])[0]
                h = [t for t in self.hands[a] if t // 4 == kind]
                if len(h) != 1:
                    raise LogError(f"added kan {item!r}: seat {a} holds {len(h)} tiles of that kind, not 1")
                pon = next((m for m in self.melds[a] if m[0] == "pon" and m[1][0] // 4 == kind), None)
                if pon is None:
                    raise LogError(f"added kan {item!r} without a pon of that kind")
                added = h[0]
                self.hands[a].remove(added)
                self.add(ev.Call(seat=a, kind="kakan", tiles=sorted(pon[1] + [added]), called=added,
                                 from_seat=pon[2]), where)
                pon[0] = "kakan"
                if self.all_done():              # robbed (chankan): the round ends here
                    self.ron_source = (a, added)
                    return "end"
                self.show_dora(where)            # an earlier open kan's indicator, once nobody robbed this kan
                self.pending_dora += 1
                if self.dora_at_once:
                    self.show_dora(where)
            self.rinshan = True
            self.phase = "draw"
            return None
        if self.pending_dora:
            self.show_dora(where)
        riichi = False
        if isinstance(item, str):
            if not item.startswith("r"):
                raise LogError(f"{item!r} is not a discard")
            if not (item[1:].isascii() and item[1:].isdigit() and len(item) <= 3):
                raise LogError(f"{item[:20]!r} is not a riichi discard")
            item = int(item[1:])
            riichi = True
            self.add(ev.Riichi(seat=a), where)
        if item == 0:
            raise LogError("a placeholder discard (0) without an open kan")
        if item == 60:
            if self.last_draw is None:
                raise LogError("a discard of the drawn tile (60) without a draw")
            t = self.last_draw
            self.hands[a].remove(t)
        else:
            t = self.take_from_hand(a, item, where, avoid=self.last_draw)
        self.add(ev.Discard(seat=a, tile=t, tsumogiri=t == self.last_draw), where)
        self.last_draw = None
        self.rinshan = False
        done = self.all_done()
        if riichi and not (done and _is_ron_on(self.result, a)):
            self.add(ev.RiichiAccepted(seat=a), where)
        if done:
            self.ron_source = (a, t)
            return "end"
        self.last_discard = t
        caller = self._caller(a, t)
        if caller is None:
            self.actor = (a + 1) % self.seats
            self.phase = "draw"
            return None
        return caller

    def _call(self, s: int, call) -> None:
        letter, codes, text = call
        t = self.last_discard
        where = f"seat {s}'s draw {self.ti[s] + 1}"
        self.pos = where
        self.ti[s] += 1
        own = [self.take_from_hand(s, c, where) for c in codes[1:]]
        tiles = sorted(own + [t])
        k = {"c": "chi", "p": "pon", "m": "kan"}[letter]
        self.add(ev.Call(seat=s, kind=k, tiles=tiles, called=t, from_seat=self.actor), where)
        self.melds[s].append([k, tiles, self.actor])      # kind, tiles, the seat it was called from
        self.actor = s
        self.last_draw = None
        if k == "kan":
            self.show_dora(where)
            if self.di[s] < len(self.discards[s]) and self.discards[s][self.di[s]] == 0:
                self.di[s] += 1
            else:
                raise LogError(f"an open kan {text!r} without the placeholder 0 in the discard list")
            self.pending_dora += 1
            if self.dora_at_once:
                self.show_dora(where)
            self.rinshan = True
            self.phase = "draw"
        else:
            self.phase = "act"

    def _caller(self, actor: int, tile: int):
        """The seat whose next draw-list item is a call on ``tile`` from ``actor`` (pon/kan before chi)."""
        found = []
        for s in range(self.seats):
            if s == actor or self.ti[s] >= len(self.draws[s]):
                continue
            item = self.draws[s][self.ti[s]]
            if not isinstance(item, str):
                continue
            letter = next((c for c in item if c.isalpha()), None)
            if letter not in ("c", "p", "m"):
                raise LogError(f"seat {s}'s draw {self.ti[s] + 1}: {item!r} is not a call")
            i, codes = _split_call(item, letter)
            if letter == "c":
                if self.seats == 3:
                    raise LogError(f"seat {s}'s draw {self.ti[s] + 1}: a chi {item!r} at a three-player table")
                src = 3
            else:
                src = {0: 3, 2: 2, 4: 1, 6: 1}.get(i)
                if src is None or (letter == "p" and i == 6):
                    raise LogError(f"seat {s}'s draw {self.ti[s] + 1}: cannot tell whom {item!r} calls from")
            if (s + src) % 4 != actor:        # (three seats too: Tenhou counts round four, the fourth empty)
                continue
            kind, red = kind_of(codes[0])
            if kind != tile // 4 or red != (tile in RED_FIVE_IDS):
                continue
            found.append((0 if letter != "c" else 1, s, (letter, codes, item)))
        if not found:
            return None
        found.sort()
        return found[0][1], found[0][2]

    def _result(self) -> None:
        where = "result"
        result = self.result
        if not isinstance(result, list) or not result:
            raise LogError("no result")
        kind = result[0]
        if kind == "和了":
            ura_ids = [self.ids.take(c, "ura indicator") for c in self.ura]
            pairs = list(zip(result[1::2], result[2::2]))
            if not pairs:
                raise LogError("a win without its deltas and details")
            for deltas, info in pairs:
                if not isinstance(info, list) or len(info) < 4:
                    raise LogError(f"win details {info!r} are not [who, from, pao, points, yaku...]")
                who, frm = (whole(info[0], "winner", 0, self.seats - 1),
                            whole(info[1], "from whom", 0, self.seats - 1))
                han, fu, points, yaku = _parse_win(info[3], info[4:], self.seats)
                if who == frm:
                    if self.last_draw is None or who != self.actor:
                        raise LogError(f"seat {who} wins by tsumo but did not just draw")
                    tile = self.last_draw
                    from_seat = None
                else:
                    if self.ron_source is None or self.ron_source[0] != frm:
                        raise LogError(f"seat {who} wins by ron from seat {frm}, who did not just discard")
                    tile = self.ron_source[1]
                    from_seat = frm
                # ura dora are a riichi hand's: the header's one list goes to the winners who declared riichi
                in_riichi = any(e.type == "riichi" and e.seat == who for e in self.events)
                self.add(ev.Win(seat=who, from_seat=from_seat, tile=tile,
                                deltas=self._seat_deltas(wholes(deltas, "win deltas", 4, -10 ** 7, 10 ** 7)), han=han,
                                fu=fu, points=points, yaku=yaku, ura_indicators=list(ura_ids) if in_riichi
                                else []), where)
            return
        reason = _RESULTS_DRAW.get(kind)
        if reason is None:
            raise LogError(f"unknown result {kind!r}")
        deltas = self._seat_deltas(wholes(result[1], "draw deltas", 4, -10 ** 7, 10 ** 7) if len(result) > 1 and
                                   isinstance(result[1], list) else [0, 0, 0, 0])
        n = self.seats
        if kind == "全員聴牌":
            tenpai = [True] * n
        elif reason == "exhaustive":
            tenpai = [d > 0 for d in deltas]
        else:
            tenpai = [False] * n
        self.add(ev.DrawGame(reason=reason, tenpai=tenpai, deltas=deltas, deposits_returned=False), where)

    def _seat_deltas(self, deltas: list[int]) -> list[int]:
        """A result's deltas, one a seat (three-player: Tenhou's fourth, the empty seat's, must be 0)."""
        if self.seats == 3:
            if deltas[3]:
                raise LogError(f"deltas {deltas}: the empty fourth seat of a three-player game pays or gets points")
            return deltas[:3]
        return deltas


def _is_ron_on(result, actor) -> bool:
    """The round ends in a ron on ``actor``'s last discard (or in three rons on it, which abort the round): a
    riichi declared with that discard is never paid."""
    if result and result[0] == "三家和了":
        return True
    if not result or result[0] != "和了":
        return False
    infos = result[2::2]
    return any(isinstance(x, list) and len(x) >= 2 and x[0] != x[1] and x[1] == actor for x in infos)


def _parse_win(points_str, yaku_strs, seats: int = 4) -> tuple[int, int, int, list]:
    """(han, fu, points, yaku) of a win's details. A tsumo's points are what the payers pay together: "a-b点"
    is a non-dealer's (each other non-dealer a, the dealer b), "a点∀" a dealer's (each of the others a) -- at a
    three-player table one payer fewer (tsumo-son: nobody pays for the empty North seat)."""
    if not isinstance(points_str, str):
        raise LogError(f"points {points_str!r} is not a string")
    m = _POINTS_RE.match(points_str)
    if not m:
        raise LogError(f"cannot read the points {points_str!r}")
    fu = int(m.group(1) or 0)
    a, b, allx = int(m.group(3)), m.group(4), m.group(5)
    if b is not None:
        points = (seats - 2) * a + int(b)
    elif allx:
        points = (seats - 1) * a
    else:
        points = a
    yaku = []
    for y in yaku_strs:
        ym = _YAKU_RE.match(str(y))
        if not ym:
            raise LogError(f"cannot read the yaku {y!r}")
        if ym.group(1) is not None:
            name, han = ym.group(1), int(ym.group(2))
        else:
            name, han = ym.group(3), 13
        yaku.append([_ENGLISH.get(name, name), han])
    han = sum(h for _, h in yaku)
    return han, fu, points, yaku


def _preset_of(obj: dict, name: str) -> str:
    """The table preset a game names (``"mjscore": {"preset": NAME}``, written by our exporter), else Tenhou's."""
    ours = obj.get("mjscore")
    if ours is None:
        return "tenhou"
    preset = ours.get("preset") if isinstance(ours, dict) else None
    if not isinstance(preset, str) or not preset or len(preset) > 40:
        raise LogError(f"{name}: 'mjscore' is not {{\"preset\": NAME}}")
    return preset


def _kan_dora(preset: str) -> str:
    """When the preset turns a kan's new dora indicator (unknown presets: Tenhou's way; replay names them)."""
    from scorer.errors import MjscoreError
    from scorer.game.presets import find_preset
    try:
        return find_preset(preset).kan_dora
    except MjscoreError:
        return "after_discard"


def _rounds_of(obj, name: str, game: int, start: int, line: int | None) -> list[Round]:
    if not isinstance(obj, dict) or "log" not in obj:
        raise LogError(f"{name}{f':{line}' if line else ''}: a tenhou.net/6 game is an object with a 'log' list")
    rule = obj.get("rule") or {}
    if isinstance(rule, dict) and rule.get("aka") == 0 and not any(k.startswith("aka5") for k in rule):
        raise LogError(f"{name}: a game without red fives; only the 喰赤 (kuitan, red fives) rules are replayed")
    if not isinstance(obj["log"], list):
        raise LogError(f"{name}: 'log' is not a list of rounds")
    out = []
    preset = _preset_of(obj, name)
    raw_names = obj.get("name", [])
    names = [str(x)[:100] for x in raw_names[:4]] if isinstance(raw_names, list) else []
    for k, r in enumerate(obj["log"]):
        rd = _RoundBuilder(r, name + (f":{line}" if line else ""), start + k, game, preset).build()
        rd.source = name
        rd.players = names if len(rd.events[0].hands) == 4 else names[:3]
        rd.where = [(f"line {line}, " if line else "") + w for w in rd.where]
        out.append(rd)
    sc = obj.get("sc")
    if out and isinstance(sc, list) and len(sc) >= 8:
        out[-1].final_scores = [whole(sc[i], f"{name}: final scores sc[{i}]", -10 ** 7, 10 ** 7)
                                for i in range(0, 2 * len(out[-1].events[0].hands), 2)]
        out[-1].last_of_game = True
    return out


def read_tenhou6(data: bytes, name: str) -> Iterator[Round]:
    """The rounds of a tenhou.net/6 file: one game object, or one round object per line (all one game)."""
    name = display_name(name)
    text = decode_text(data, name)
    try:
        obj = load_json(text, name)
    except LogError as e:
        if "nested too deeply" in str(e):
            raise
        obj = None
    if obj is not None:
        yield from _rounds_of(obj, name, 0, 0, None)
        return
    n = 0
    for line_no, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            o = load_json(line, f"{name}:{line_no}")
        except LogError as e:
            raise LogError(f"{e} — truncated?") from None
        rounds = _rounds_of(o, name, 0, n, line_no)
        n += len(rounds)
        yield from rounds


# ---- writing: engine events to tenhou.net/6 --------------------------------------------------------------------
# The inverse of the reader above, in its conventions: a game object ``{"title", "name", "rule", "log"}`` (plus
# ``"sc"`` when the game's driver states the final scores, and ``"mjscore": {"preset": NAME}`` so that a reader
# replays it at the table it was played at; Tenhou's viewer ignores the key). Calls are written as Tenhou writes
# them: the other tiles in kind order (a red five after its plain copies), the letter where the called tile came
# from (index 0 / 2 / 4, an open kan's from the right at 6), an added kan as its pon with ``k`` and the added tile
# in place of ``p``, a closed kan as three tiles, ``a`` and the fourth.

_DRAW_RESULTS = {"nagashi_mangan": "流し満貫", "nine_terminals": "九種九牌", "four_winds": "四風連打",
                 "four_riichi": "四家立直", "triple_ron": "三家和了", "four_kans": "四槓散了"}
_LIMIT_KANJI = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満"}   # else 役満
_DISP_GAME = {"south": "南", "east": "東", "deal": "東"}


def tile_code(tid: int) -> int:
    """The tenhou.net/6 code of physical tile ``tid`` (11-19 m, 21-29 p, 31-39 s, 41-47 honors, 51-53 red)."""
    kind = tid // 4
    if tid in RED_FIVE_IDS:
        return 51 + kind // 9
    return 10 * (kind // 9 + 1) + kind % 9 + 1


def _order(tid: int) -> tuple[int, int]:
    """Tenhou's order of tiles in a hand or call: by kind, a red five after the plain fives (its code is larger)."""
    return tid // 4, tile_code(tid)


def _codes(tids) -> str:
    return "".join(str(tile_code(t)) for t in sorted(tids, key=_order))


def _call_text(call: ev.Event) -> str:
    """A chi, pon or open kan in the caller's draw list."""
    own = list(call.tiles)
    own.remove(call.called)
    called = str(tile_code(call.called))
    rest = [str(tile_code(t)) for t in sorted(own, key=_order)]
    if call.kind == "chi":
        return "c" + called + "".join(rest)
    letter = "p" if call.kind == "pon" else "m"
    # where the called tile came from: left (kamicha) first, across in the middle, right (shimocha) last
    at = {3: 0, 2: 1, 1: len(rest)}[(call.from_seat - call.seat) % 4]
    return "".join(rest[:at]) + letter + called + "".join(rest[at:])


def _points_text(win: ev.Win, dealer: bool, seats: int = 4) -> str:
    """``30符1飜1000点``, ``満貫2000-4000点``, ``跳満6000点∀`` ... (the hand's value, honba and deposits left out).
    At three seats a tsumo's points are the two payers' (tsumo-son)."""
    p = win.points
    if win.from_seat is not None:
        paid = f"{p}点"
    elif dealer:
        paid = f"{p // (seats - 1)}点∀"               # each of the others pays the same
    elif seats == 3:
        # the dealer pays twice the base rounded up, the other non-dealer the base rounded up (ko): ko is
        # the total over three, rounded up to 100
        ko = -(-p // 300) * 100
        paid = f"{ko}-{p - ko}点"
    else:
        # a non-dealer's tsumo: each non-dealer pays the base rounded up to 100 (ko), the dealer twice the base
        # rounded up (oya), so the total is 4 ko or 4 ko - 100
        ko = p // 4 if p % 400 == 0 else (p + 100) // 4
        paid = f"{ko}-{p - 2 * ko}点"
    limit = win.limit or _limit_of(win.han, win.fu)
    if limit:
        return _LIMIT_KANJI.get(limit, "役満") + paid
    return f"{win.fu}符{win.han}飜{paid}"


def _limit_of(han: int, fu: int) -> str | None:
    """The limit a record's han and fu reach (records read from other logs carry no limit name)."""
    for least, name in ((13, "yakuman"), (11, "sanbaiman"), (8, "baiman"), (6, "haneman"), (5, "mangan")):
        if han >= least:
            return name
    return "mangan" if fu * (1 << (han + 2)) >= 2000 else None


def _yaku_table() -> dict:
    from scorer.riichi.yaku import YAKU
    return {y.name: y for y in YAKU}


def _yaku_texts(win: ev.Win, tiles: list[int], dora: list[int], table: dict, nuki: int = 0,
                sanma: bool = False) -> list[str]:
    """The win's yaku as Tenhou writes them (``立直(1飜)``, ``大三元(役満)``), then its dora, red fives and ura dora
    (which our own logs leave out of ``yaku``: counted here from the winner's tiles and the indicators; at three
    seats 1m indicates 9m, and each of the ``nuki`` Norths set aside is a dora, as Tenhou counts them under ドラ).
    A win read from a record (yaku as ``[name, han]`` pairs, dora included) is written as the record wrote it."""
    from scorer.kinds import DORA_SUCCESSOR, DORA_SUCCESSOR_SANMA, NORTH
    successor = DORA_SUCCESSOR_SANMA if sanma else DORA_SUCCESSOR
    if not win.yaku and not win.han:
        return []                      # a record that states no value (mjai): nothing to write
    if win.yaku and all(isinstance(y, (list, tuple)) for y in win.yaku):
        return [f"{n}(役満)" if h == 13 else f"{n}({h}飜)" for n, h in win.yaku]
    out = []
    counted = 0
    yakuman = False
    for text in win.yaku:
        name, _, han = str(text).rpartition(" ")
        y = table.get(name)
        if y is None or not han.isdigit():
            raise_export(f"a yaku tenhou.net/6 has no name for: {text!r}")
        h = int(han)
        counted += h
        yakuman = yakuman or bool(y.yakuman)
        out.append(f"{y.kanji}(役満)" if y.yakuman and h == 13 else f"{y.kanji}({h}飜)")
    if yakuman:
        return out
    kinds = [t // 4 for t in tiles]
    n_dora = sum(kinds.count(successor[i // 4]) for i in dora)
    n_dora += nuki * (1 + sum(successor[i // 4] == NORTH for i in dora))
    n_ura = sum(kinds.count(successor[i // 4]) for i in win.ura_indicators)
    n_ura += nuki * sum(successor[i // 4] == NORTH for i in win.ura_indicators)
    n_red = max(0, win.han - counted - n_dora - n_ura)   # red fives count as dora when the scorer preset says so
    for name, n in (("ドラ", n_dora), ("赤ドラ", n_red), ("裏ドラ", n_ura)):
        if n:
            out.append(f"{name}({n}飜)")
    return out


def raise_export(message: str):
    from scorer.logs.export import ExportError
    raise ExportError(message)


def round_list(events) -> list:
    """One deal's engine events (``start`` optional, ``deal`` first, then the play and the result) as a
    tenhou.net/6 round: ``[[round, honba, deposits], scores, dora, ura, haipai, draws, discards x 4, result]``."""
    evs = [e for e in events if e.type != "start"]
    if not evs or evs[0].type != "deal":
        raise_export("a deal's events must begin with its deal")
    deal = evs[0]
    if deal.dora_indicator is None:
        raise_export("a deal without dora indicators (an MCR deal?): tenhou.net/6 holds riichi deals only")
    dealer = deal.dealer
    seats = len(deal.hands)                        # three at a three-player table: Tenhou writes a fourth, empty
    pad = [0] * (4 - seats)
    nukis = [0] * 4                                # Norths each seat set aside (nuki dora)
    hands = [list(h) for h in deal.hands]          # each seat's concealed tiles as the play goes
    melds: list[list[list[int]]] = [[], [], [], []]  # each seat's called sets (physical ids)
    pons: dict[tuple[int, int], str] = {}          # (seat, kind) -> the pon's text, for an added kan
    dora = [deal.dora_indicator]
    ura: list[int] = []
    draws: list[list] = [[], [], [], []]
    discards: list[list] = [[], [], [], []]
    riichi = [False] * 4
    result: list = []
    table = None
    for e in evs[1:]:
        t = e.type
        if t == "draw":
            hands[e.seat].append(e.tile)
            draws[e.seat].append(tile_code(e.tile))
        elif t == "riichi":
            riichi[e.seat] = True
        elif t == "discard":
            hands[e.seat].remove(e.tile)
            code = 60 if e.tsumogiri else tile_code(e.tile)     # 60: the tile just drawn (tsumogiri)
            if riichi[e.seat]:
                riichi[e.seat] = False
                discards[e.seat].append(f"r{code}")
            else:
                discards[e.seat].append(code)
        elif t == "call":
            s = e.seat
            if e.kind in ("chi", "pon", "kan"):
                for x in e.tiles:
                    if x != e.called:
                        hands[s].remove(x)
                text = _call_text(e)
                draws[s].append(text)
                melds[s].append(list(e.tiles))
                if e.kind == "pon":
                    pons[(s, e.called // 4)] = text
                if e.kind == "kan":
                    discards[s].append(0)          # the placeholder: an open kan takes the seat's discard turn
            elif e.kind == "ankan":
                for x in e.tiles:
                    hands[s].remove(x)
                text = _codes(e.tiles)
                discards[s].append(text[:6] + "a" + text[6:])
                melds[s].append(list(e.tiles))
            elif e.kind == "kakan":
                pon = pons.get((s, e.called // 4))
                if pon is None:
                    raise_export(f"an added kan of seat {s} without its pon")
                hands[s].remove(e.called)
                discards[s].append(pon.replace("p", "k" + str(tile_code(e.called))))
                for m in melds[s]:
                    if m[0] // 4 == e.called // 4:
                        m.append(e.called)
            else:
                raise_export(f"a {e.kind!r} call tenhou.net/6 cannot write")
        elif t == "nuki":                          # three-player: a North set aside, as Tenhou writes it
            hands[e.seat].remove(e.tile)
            discards[e.seat].append("f44")
            nukis[e.seat] += 1
        elif t == "dora":
            dora.append(e.indicator)
        elif t == "win":
            table = table or _yaku_table()
            if e.ura_indicators and not ura:
                ura = list(e.ura_indicators)
            tiles = hands[e.seat] + [x for m in melds[e.seat] for x in m]
            if e.from_seat is not None:
                tiles = tiles + [e.tile]
            frm = e.seat if e.from_seat is None else e.from_seat
            result += [list(e.deltas) + pad, [e.seat, frm, _pao(e), _points_text(e, e.seat == dealer, seats),
                                        *_yaku_texts(e, tiles, dora, table, nukis[e.seat], seats == 3)]]
        elif t == "draw_game":
            if e.reason == "exhaustive":
                name = "全員聴牌" if all(e.tenpai) else "全員不聴" if not any(e.tenpai) else "流局"
            else:
                name = _DRAW_RESULTS.get(e.reason)
                if name is None:
                    raise_export(f"a draw tenhou.net/6 has no name for: {e.reason!r}")
            result = [name] + ([list(e.deltas) + pad] if any(e.deltas) or name == "流局" else [])
        elif t == "flower":
            raise_export("a flower (an MCR deal): tenhou.net/6 holds riichi deals only")
    if not result:
        raise_export(f"the deal (dealer {dealer}, honba {deal.honba}) has no result: a finished deal ends in a win "
                     f"or a draw")
    if result and isinstance(result[0], list):
        result = ["和了"] + result
    rnd = [[deal.round_wind * 4 + dealer, deal.honba, deal.sticks], list(deal.scores) + pad,
           [tile_code(x) for x in dora], [tile_code(x) for x in ura]]
    for s in range(4):
        if s >= seats:
            rnd += [[], [], []]                    # the empty North seat of a three-player table
            continue
        rnd += [[tile_code(x) for x in sorted(deal.hands[s], key=_order)], draws[s], discards[s]]
    rnd.append(result)
    return rnd


def _pao(win: ev.Win) -> int:
    """The seat liable (pao) for a win, as far as the deltas show it (else the winner, as Tenhou writes it): on a
    tsumo one seat pays alone, on a ron a second seat pays beside the discarder."""
    payers = [s for s, d in enumerate(win.deltas) if d < 0 and s != win.seat]
    if win.from_seat is None:
        return payers[0] if len(payers) == 1 else win.seat
    others = [s for s in payers if s != win.from_seat]
    return others[0] if len(others) == 1 else win.seat


def game_object(deals, names=None, game: str = "deal", preset: str | None = None, final_scores=None,
                final_points=None, title: str = "mjscore", **_ignored) -> dict:
    """A game's deals (each one engine run's events) as one tenhou.net/6 game object."""
    if preset is None:
        preset = next((e.preset for d in deals for e in d if e.type == "start"), "standard")
    if names is None:
        names = next((list(e.players) for d in deals for e in d if e.type == "start" and e.players), None)
    from scorer.logs.export import writable_table
    table = writable_table(preset, "tenhou.net/6")
    seats = table.players
    given = [str(n)[:100] for n in (names or [])][:seats]
    names = given + [f"seat {s}" for s in range(len(given), seats)]
    names += [""] * (4 - seats)                  # always four: viewers read four names (three-player: the 4th "")
    aka = 1 if table.red_fives else 0
    obj = {"title": [title, game], "name": names,
           "rule": {"disp": f"mjscore {table.name} {_DISP_GAME.get(game, '東')}喰{'赤' if aka else ''}", "aka": aka,
                    "aka51": aka, "aka52": aka, "aka53": aka},
           "log": [round_list(d) for d in deals], "mjscore": {"preset": table.name}}
    if final_scores is not None:
        pts = list(final_points) if final_points is not None else [0] * seats
        obj["sc"] = [x for s in range(seats) for x in (final_scores[s], pts[s])] + [0, 0] * (4 - seats)
    return obj


def write_tenhou6(deals, out, **meta) -> None:
    """Write a game (its deals, each one engine run's events) as one tenhou.net/6 JSON object (one line)."""
    import json
    out.write(json.dumps(game_object(deals, **meta), ensure_ascii=False, separators=(",", ":")) + "\n")
