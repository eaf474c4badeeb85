"""mjai JSON lines (``start_kyoku``, ``tsumo``, ``dahai``, ``reach``, calls, ``hora``, ``ryukyoku`` ...) to engine
events, one :class:`~scorer.logs.Round` per ``start_kyoku``.

mjai writes tiles as ``1m``-``9m``, ``5mr`` (red), ``E S W N`` and ``P F C`` (white, green, red dragons); the
reader deals physical ids in order of appearance as the tenhou.net/6 reader does. A ``hora`` carries only the
deltas (and ura indicators), so a replay checks those and the legality of every event; ``fan``, ``fu`` and
``hora_points`` are checked too when a ``hora`` states them, a ``ryukyoku``'s ``reason`` and ``tenpais`` when it has
them. The rules are taken to be Tenhou's (the programs that write mjai play by them) unless ``start_game`` names
the table (``"mjscore": {"preset": NAME}``, as :func:`write_mjai` below writes it).
"""

from __future__ import annotations

from typing import Iterator

from scorer.errors import LogError
from scorer.game import events as ev
from scorer.logs import MAX_EVENTS, MAX_ROUNDS, Round, decode_text, display_name, load_json, round_label, whole, \
    wholes
from scorer.logs.tenhou6 import _Ids
from scorer.logs.tenhou6 import SANMA_LIVE_TILES, SANMA_PRESET
from scorer.kinds import RED_FIVE_IDS

_HONORS = {"E": 41, "S": 42, "W": 43, "N": 44, "P": 45, "F": 46, "C": 47}


def mjai_code(pai) -> int:
    """The tenhou.net/6 code of an mjai tile name."""
    if not isinstance(pai, str):
        raise LogError(f"{pai!r} is not an mjai tile")
    if pai in _HONORS:
        return _HONORS[pai]
    if len(pai) in (2, 3) and pai[0] in "123456789" and pai[1] in "mps" and (len(pai) == 2 or pai[2:] == "r"):
        if pai.endswith("r"):
            if pai[0] != "5":
                raise LogError(f"{pai!r}: only fives are red")
            return 51 + "mps".index(pai[1])
        return 10 * ("mps".index(pai[1]) + 1) + int(pai[0])
    raise LogError(f"{pai!r} is not an mjai tile (1m-9m, 5mr, E S W N P F C)")


class _Mjai:
    def __init__(self, name: str):
        self.name = name
        self.rounds = 0
        self.cur: Round | None = None
        self.players: list[str] = []
        self.preset = "tenhou"
        self.seats = 4                  # three in a three-player game (three tehais; "kita" / "nukidora" events)

    def _seat(self, d, key="actor") -> int:
        v = d.get(key)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < self.seats:
            shown = repr(v) if len(repr(v)) <= 30 else repr(v)[:30] + "…"
            raise LogError(f"{key}={shown} is not a seat (0-{self.seats - 1})")
        return v

    def take_hand(self, seat: int, pai, what: str, prefer: int | None = None) -> int:
        code = mjai_code(pai)
        from scorer.logs.tenhou6 import kind_of
        kind, red = kind_of(code)
        h = self.hands[seat]
        if prefer is not None and prefer in h and prefer // 4 == kind and (prefer in RED_FIVE_IDS) == red:
            h.remove(prefer)
            return prefer
        for t in h:
            if t // 4 == kind and (t in RED_FIVE_IDS) == red and t != self.last_draw:
                h.remove(t)
                return t
        for t in h:
            if t // 4 == kind and (t in RED_FIVE_IDS) == red:
                h.remove(t)
                return t
        raise LogError(f"{what}: seat {seat} holds no {pai}")

    def _ura(self, markers: list) -> list[int]:
        """The ids of a hora's ura markers: the round has one set, so a second riichi winner of a double ron
        shows the same tiles again (the same ids), never new ones."""
        if not markers:
            return []
        if self.ura is None:
            self.ura = (list(markers), [self.ids.take(mjai_code(p), "ura marker") for p in markers])
        elif markers != self.ura[0]:
            raise LogError(f"ura_markers={markers[:5]!r}: a second winner shows other ura indicators than "
                           f"{self.ura[0]!r}")
        return list(self.ura[1])

    def add(self, e: ev.Event, where: str) -> None:
        if len(self.cur.events) >= MAX_EVENTS:
            raise LogError(f"more than {MAX_EVENTS:,} events in one round: not a real round")
        self.cur.events.append(e)
        self.cur.where.append(where)

    def feed(self, d: dict, where: str) -> Round | None:
        t = d.get("type")
        if t == "start_game":
            names = d.get("names", [])
            self.players = [str(x)[:100] for x in names[:4]] if isinstance(names, list) else []
            ours = d.get("mjscore")              # our exporter names the table the game was played at
            if ours is not None:
                preset = ours.get("preset") if isinstance(ours, dict) else None
                if not isinstance(preset, str) or not preset or len(preset) > 40:
                    raise LogError("'mjscore' is not {\"preset\": NAME}")
                self.preset = preset
            return None
        if t in ("end_kyoku", "end_game", "none"):
            if t == "end_kyoku" and self.cur is not None:
                r, self.cur = self.cur, None
                if not self.results:
                    raise LogError(f"{r.name}: the round ends without a result")
                return r
            return None
        if t == "start_kyoku":
            if self.cur is not None:
                raise LogError("start_kyoku inside a round (no end_kyoku)")
            if self.rounds >= MAX_ROUNDS:
                raise LogError(f"more than {MAX_ROUNDS:,} rounds: not a game log")
            self.ids = _Ids()
            tehais = d.get("tehais")
            if not isinstance(tehais, list) or len(tehais) not in (3, 4) or \
                    not all(isinstance(h, list) for h in tehais):
                raise LogError("start_kyoku needs four tehais (three in a three-player game)")
            scores = d.get("scores", [25000] * len(tehais))
            if len(tehais) == 3:
                # a three-player game (RiichiEnv's mjai): the tenhou-sanma table, scores of three (or four, the
                # fourth 0, as Mortal's three-player mjai writes them)
                self.seats = 3
                if self.preset == "tenhou":
                    self.preset = SANMA_PRESET
                if isinstance(scores, list) and len(scores) == 4 and scores[3] == 0:
                    scores = scores[:3]
            if any(len(h) != 13 for h in tehais):
                raise LogError(f"tehais of {[len(h) for h in tehais]} tiles: each seat is dealt 13")
            self.hands = [[self.ids.take(mjai_code(p), "tehai") for p in h] for h in tehais]
            wind = d.get("bakaze", "E")
            if not isinstance(wind, str) or len(wind) != 1 or wind not in "ESWN":
                raise LogError(f"bakaze={str(wind)[:20]!r} is not a wind (E S W N)")
            bakaze = "ESWN".index(wind)
            kyoku = whole(d.get("kyoku", 1), "kyoku", 1, 4)
            honba = whole(d.get("honba", 0), "honba", 0, 999)
            dealer = self._seat(d, "oya")
            rnd = bakaze * 4 + kyoku - 1
            self.cur = Round(self.name, 0, self.rounds, round_label(rnd, honba), [], [], preset=self.preset,
                             players=self.players)
            self.rounds += 1
            self.results = 0
            self.ura: tuple[list, list[int]] | None = None     # (markers, ids) of the round's ura indicators
            self.last_draw = None
            self.last_discard = None
            self.rinshan = False
            self.add(ev.Deal(dealer=dealer, round_wind=bakaze, honba=honba,
                             sticks=whole(d.get("kyotaku", 0), "kyotaku", 0, 999),
                             scores=wholes(scores, "scores", self.seats, -10 ** 7, 10 ** 7),
                             hands=[list(h) for h in self.hands],
                             dora_indicator=self.ids.take(mjai_code(d.get("dora_marker")), "dora marker"),
                             live_left=70 if self.seats == 4 else SANMA_LIVE_TILES), where)
            return None
        if self.cur is None:
            raise LogError(f"{t!r} outside a round")
        if t == "tsumo":
            s = self._seat(d)
            tid = self.ids.take(mjai_code(d.get("pai")), "tsumo")
            self.hands[s].append(tid)
            self.add(ev.Draw(seat=s, tile=tid, rinshan=self.rinshan), where)
            self.rinshan = False
            self.last_draw = tid
        elif t == "dahai":
            s = self._seat(d)
            tid = self.take_hand(s, d.get("pai"), "dahai", prefer=self.last_draw if d.get("tsumogiri") else None)
            self.add(ev.Discard(seat=s, tile=tid, tsumogiri=tid == self.last_draw), where)
            self.last_draw = None
            self.last_discard = tid
        elif t == "reach":
            self.add(ev.Riichi(seat=self._seat(d)), where)
        elif t == "reach_accepted":
            self.add(ev.RiichiAccepted(seat=self._seat(d)), where)
        elif t in ("chi", "pon", "daiminkan"):
            s = self._seat(d)
            if self.last_discard is None:
                raise LogError(f"a {t} with no discard to call")
            own = [self.take_hand(s, p, t) for p in _list(d, "consumed", 3)]
            kind = {"chi": "chi", "pon": "pon", "daiminkan": "kan"}[t]
            self.add(ev.Call(seat=s, kind=kind, tiles=sorted(own + [self.last_discard]), called=self.last_discard,
                             from_seat=self._seat(d, "target")), where)
            self.last_discard = None
            self.rinshan = kind == "kan"
        elif t == "ankan":
            s = self._seat(d)
            own = [self.take_hand(s, p, t) for p in _list(d, "consumed", 4)]
            self.add(ev.Call(seat=s, kind="ankan", tiles=sorted(own)), where)
            self.last_discard = max(own)   # what a hora right after robs (thirteen orphans, kokushi_robs_ankan)
            self.rinshan = True
            self.last_draw = None
        elif t == "kakan":
            s = self._seat(d)
            added = self.take_hand(s, d.get("pai"), t)
            pon = next((e for e in reversed(self.cur.events) if e.type == "call" and e.kind == "pon" and e.seat == s
                        and e.tiles[0] // 4 == added // 4), None)
            if pon is None:
                raise LogError("kakan without a pon of its kind")
            self.add(ev.Call(seat=s, kind="kakan", tiles=sorted(list(pon.tiles) + [added]), called=added,
                             from_seat=pon.from_seat), where)
            self.last_discard = added
            self.rinshan = True
            self.last_draw = None
        elif t == "dora":
            self.add(ev.Dora(indicator=self.ids.take(mjai_code(d.get("dora_marker")), "dora marker")), where)
        elif t in ("kita", "nukidora"):
            # three-player: a North set aside (RiichiEnv writes "kita", Mortal's three-player mjai "nukidora";
            # "pai", when given, is "N"); the next tsumo is its replacement
            s = self._seat(d)
            if self.seats != 3:
                raise LogError(f"a {t} (North set aside) in a four-player game")
            if d.get("pai", "N") != "N":
                raise LogError(f"a {t} of {str(d.get('pai'))[:10]!r}: only a North (N) is set aside")
            tid = self.take_hand(s, "N", t, prefer=self.last_draw)
            self.add(ev.Nuki(seat=s, tile=tid), where)
            self.last_draw = None
            self.last_discard = tid         # (robbed by ron: the hora takes this tile)
            self.rinshan = True
        elif t == "hora":
            s = self._seat(d)
            target = self._seat(d, "target")
            tile = self.last_draw if target == s else self.last_discard
            if tile is None:
                raise LogError("a hora with no tile to win on")
            ura = self._ura(_list(d, "ura_markers", 5))
            # han, fu and points when the log states them (ours does), so that a replay compares them too
            self.add(ev.Win(seat=s, from_seat=None if target == s else target, tile=tile,
                            deltas=self._deltas(d),
                            han=whole(d.get("fan", 0), "fan", 0, 1000), fu=whole(d.get("fu", 0), "fu", 0, 1000),
                            points=whole(d.get("hora_points", 0), "hora_points", 0, 10 ** 7),
                            ura_indicators=ura), where)
            self.results += 1
        elif t == "ryukyoku":
            deltas = self._deltas(d)
            n = self.seats
            why = d.get("reason", "fanpai")
            reason = _REASON_OF.get(why) if isinstance(why, str) else None
            if reason is None:
                shown = repr(why) if len(repr(why)) <= 30 else repr(why)[:30] + "…"
                raise LogError(f"ryukyoku reason={shown} is not one of {', '.join(_REASON_OF)}")
            tenpais = d.get("tenpais")
            if isinstance(tenpais, list) and n == 3 and len(tenpais) == 4 and tenpais[3] is False:
                tenpais = tenpais[:3]
            if tenpais is None:
                tenpai = [x > 0 for x in deltas] if reason == "exhaustive" else [False] * n
            elif isinstance(tenpais, list) and len(tenpais) == n and all(isinstance(x, bool) for x in tenpais):
                tenpai = list(tenpais)
            else:
                raise LogError(f"tenpais={str(tenpais)[:40]!r} is not {'four' if n == 4 else 'three'} true/false")
            self.add(ev.DrawGame(reason=reason, tenpai=tenpai, deltas=deltas, deposits_returned=False), where)
            self.results += 1
        else:
            raise LogError(f"unknown mjai event type {t!r}")
        return None

    def _deltas(self, d: dict) -> list[int]:
        """A result's deltas, one a seat (three-player: three, or four with the empty fourth seat's 0)."""
        n = self.seats
        v = d.get("deltas", [0] * n)
        if n == 3 and isinstance(v, list) and len(v) == 4 and v[3] == 0:
            v = v[:3]
        return wholes(v, "deltas", n, -10 ** 7, 10 ** 7)


def _list(d: dict, key: str, most: int) -> list:
    v = d.get(key, [])
    if not isinstance(v, list) or len(v) > most:
        shown = repr(v) if len(repr(v)) <= 40 else repr(v)[:40] + "…"
        raise LogError(f"{key}={shown} is not a list of at most {most} tiles")
    return v


def read_mjai(data: bytes, name: str) -> Iterator[Round]:
    """The rounds of an mjai JSON-lines log."""
    name = display_name(name)
    text = decode_text(data, name)
    m = _Mjai(name)
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            d = load_json(line, f"{name}:{n}")
        except LogError as e:
            raise LogError(f"{e} — truncated?") from None
        if not isinstance(d, dict):
            raise LogError(f"{name}:{n}: an mjai event is a JSON object")
        try:
            r = m.feed(d, f"line {n}")
        except LogError as e:
            where = f"{m.cur.name}, event {len(m.cur.events) + 1} at line {n}" if m.cur else f"{name}:{n}"
            raise LogError(f"{where}: {e}") from None
        if r is not None:
            yield r
    if m.cur is not None:
        raise LogError(f"{m.cur.name}: the log ends inside the round (truncated)")


# ---- writing: engine events to mjai ----------------------------------------------------------------------------
# The inverse of the reader: ``start_game`` (with ``"mjscore": {"preset": NAME}``: the table the game was played
# at), then per deal ``start_kyoku``, the play in the engine's order (mjai carries every draw, discard, call and
# dora indicator as its own line, so nothing is re-created on reading), ``hora`` (with ``pai``, ``fu``, ``fan``,
# ``hora_points``, the deltas and the ura markers) or ``ryukyoku`` (with its ``reason``, ``tenpais`` and deltas),
# ``end_kyoku``; ``end_game`` last.

_NAMES_BY_CODE = {v: k for k, v in _HONORS.items()}
# our draw reasons as mjai names them (gimite/mjai's ryukyoku reasons)
DRAW_REASONS = {"exhaustive": "fanpai", "nine_terminals": "kyushukyuhai", "four_winds": "suufonrenda",
                "four_riichi": "suuchariichi", "four_kans": "suukaikan", "triple_ron": "sanchaho",
                "nagashi_mangan": "nagashimangan"}
_REASON_OF = {v: k for k, v in DRAW_REASONS.items()}


def mjai_name(tid: int) -> str:
    """The mjai name of physical tile ``tid`` (``1m``-``9m``, ``5mr`` red, ``E S W N P F C``)."""
    kind = tid // 4
    if kind >= 27:
        return "ESWNPFC"[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}{'r' if tid in RED_FIVE_IDS else ''}"


def _names(tids) -> list[str]:
    return [mjai_name(t) for t in tids]


def game_lines(deals, names=None, preset: str | None = None, **_ignored) -> list[dict]:
    """A game's deals (each one engine run's events) as mjai events."""
    from scorer.logs.export import ExportError, writable_table
    if preset is None:
        preset = next((e.preset for d in deals for e in d if e.type == "start"), "standard")
    if names is None:
        names = next((list(e.players) for d in deals for e in d if e.type == "start" and e.players), None)
    table = writable_table(preset, "mjai")
    seats = table.players                # three-player: three names, tehais, scores and deltas (RiichiEnv's form)
    given = [str(n)[:100] for n in (names or [])][:seats]
    out: list[dict] = [{"type": "start_game", "names": given + [f"seat {s}" for s in range(len(given), seats)],
                        "mjscore": {"preset": table.name}}]
    for deal in deals:
        out += _deal_lines(deal, ExportError)
    out.append({"type": "end_game"})
    return out


def _deal_lines(events, ExportError) -> list[dict]:
    evs = [e for e in events if e.type != "start"]
    if not evs or evs[0].type != "deal":
        raise ExportError("a deal's events must begin with its deal")
    d = evs[0]
    if d.dora_indicator is None:
        raise ExportError("a deal without dora indicators (an MCR deal?): mjai holds riichi deals only")
    out = [{"type": "start_kyoku", "bakaze": "ESWN"[d.round_wind], "dora_marker": mjai_name(d.dora_indicator),
            "kyoku": d.dealer + 1, "honba": d.honba, "kyotaku": d.sticks, "oya": d.dealer, "scores": list(d.scores),
            "tehais": [_names(h) for h in d.hands]}]
    pons: dict[tuple[int, int], list[int]] = {}      # (seat, kind) -> the pon's tiles, for an added kan
    ended = False
    for e in evs[1:]:
        t = e.type
        if t == "draw":
            out.append({"type": "tsumo", "actor": e.seat, "pai": mjai_name(e.tile)})
        elif t == "discard":
            out.append({"type": "dahai", "actor": e.seat, "pai": mjai_name(e.tile), "tsumogiri": e.tsumogiri})
        elif t == "riichi":
            out.append({"type": "reach", "actor": e.seat})
        elif t == "riichi_accepted":
            out.append({"type": "reach_accepted", "actor": e.seat})
        elif t == "call":
            if e.kind in ("chi", "pon", "kan"):
                own = list(e.tiles)
                own.remove(e.called)
                out.append({"type": {"kan": "daiminkan"}.get(e.kind, e.kind), "actor": e.seat, "target": e.from_seat,
                            "pai": mjai_name(e.called), "consumed": _names(own)})
                if e.kind == "pon":
                    pons[(e.seat, e.called // 4)] = list(e.tiles)
            elif e.kind == "ankan":
                out.append({"type": "ankan", "actor": e.seat, "consumed": _names(e.tiles)})
            elif e.kind == "kakan":
                pon = pons.get((e.seat, e.called // 4))
                if pon is None:
                    raise ExportError(f"an added kan of seat {e.seat} without its pon")
                out.append({"type": "kakan", "actor": e.seat, "pai": mjai_name(e.called), "consumed": _names(pon)})
            else:
                raise ExportError(f"a {e.kind!r} call mjai cannot write")
        elif t == "dora":
            out.append({"type": "dora", "dora_marker": mjai_name(e.indicator)})
        elif t == "nuki":
            out.append({"type": "kita", "actor": e.seat, "pai": "N"})
        elif t == "win":
            out.append({"type": "hora", "actor": e.seat, "target": e.seat if e.from_seat is None else e.from_seat,
                        "pai": mjai_name(e.tile), "fu": e.fu, "fan": e.han, "hora_points": e.points,
                        "deltas": list(e.deltas), "ura_markers": _names(e.ura_indicators)})
            ended = True
        elif t == "draw_game":
            reason = DRAW_REASONS.get(e.reason)
            if reason is None:
                raise ExportError(f"a draw mjai has no name for: {e.reason!r}")
            out.append({"type": "ryukyoku", "reason": reason, "tenpais": list(e.tenpai), "deltas": list(e.deltas)})
            ended = True
        elif t == "flower":
            raise ExportError("a flower (an MCR deal): mjai holds riichi deals only")
    if not ended:
        raise ExportError(f"the deal (dealer {d.dealer}, honba {d.honba}) has no result: a finished deal ends in a "
                          f"win or a draw")
    out.append({"type": "end_kyoku"})
    return out


def write_mjai(deals, out, **meta) -> None:
    """Write a game (its deals, each one engine run's events) as mjai JSON lines."""
    import json
    for d in game_lines(deals, **meta):
        out.write(json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n")
