"""Riichi points: from han and fu (or yakuman) to the base value, the limit name and who pays what.

base = fu x 2^(han+2), capped at mangan (2000); 5 han mangan, 6-7 haneman (3000), 8-10 baiman (4000), 11-12
sanbaiman (6000), 13+ counted han kazoe yakuman (8000) or sanbaiman per preset, yakuman 8000 per multiple.
A ron is paid by the discarder: base x 6 for the dealer, x 4 otherwise; a tsumo is split (dealer: 2 x base from
each; non-dealer: 2 x base from the dealer, base from each other player), each payment rounded up to 100.
Honba: 300 a stick on ron, 100 from each payer on tsumo (three-player: 200 on ron, 100 from each of two payers).
The winner also collects the riichi deposits, 1000 each. Kiriage mangan (per preset) rounds 4 han 30 fu and
3 han 60 fu up to mangan. Three-player tsumo is tsumo-son by default: the missing seat's share is simply not
paid; under the split variant (北家折半, a preset's ``north_share="split"``) each of the two payers adds half of
that share (a non-dealer's share: North is never the dealer), rounded up to 100.
"""

from __future__ import annotations

from typing import NamedTuple

YAKUMAN_NAMES = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman", 4: "quadruple yakuman",
                 5: "quintuple yakuman", 6: "sextuple yakuman"}


class Payment(NamedTuple):
    """One payer's payment to the winner: ``payer`` is ``dealer``, ``non-dealer`` or ``discarder``;
    ``amount`` includes ``honba`` (the part paid for the counters)."""

    payer: str
    amount: int
    honba: int = 0

    def to_dict(self) -> dict:
        return {"from": self.payer, "amount": self.amount}


def _up100(x: int) -> int:
    return -(-x // 100) * 100


def base_points(han: int, fu: int, yakuman: int, opts) -> tuple[int, str | None]:
    """The base value and the limit name (None below mangan)."""
    if yakuman:
        return 8000 * yakuman, YAKUMAN_NAMES.get(yakuman, f"{yakuman}x yakuman")
    if han >= 13:
        if opts.kazoe == "yakuman":
            return 8000, "kazoe yakuman"
        return 6000, "sanbaiman"
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han >= 5:
        return 2000, "mangan"
    base = fu * (1 << (han + 2))
    if base >= 2000:
        return 2000, "mangan"
    if opts.kiriage and base >= 1920:  # 4 han 30 fu, 3 han 60 fu
        return 2000, "mangan"
    return base, None


_new = tuple.__new__

PaymentScheme = int
"""How the seats pay a win (what :func:`payments` reads as ``three_player``): :data:`FOUR_PLAYER` (0, also False),
:data:`TSUMO_SON` (1, also True: three seats, the absent North's tsumo share unpaid) or :data:`NORTH_SPLIT` (2:
three seats, that share split between the two payers)."""
FOUR_PLAYER, TSUMO_SON, NORTH_SPLIT = 0, 1, 2


def payment_scheme(opts) -> PaymentScheme:
    """The :data:`PaymentScheme` of a preset's options."""
    if not opts.three_player:
        return FOUR_PLAYER
    return NORTH_SPLIT if opts.north_share == "split" else TSUMO_SON


def payments(base: int, dealer: bool, tsumo: bool, honba: int = 0,
             three_player: PaymentScheme = False) -> tuple[Payment, ...]:
    """Who pays the winner what, honba included (one entry per paying seat); ``three_player`` is a
    :data:`PaymentScheme` (a bool reads as four seats or tsumo-son)."""
    if not tsumo:
        h = (200 if three_player else 300) * honba
        return (_new(Payment, ("discarder", -(-base * (6 if dealer else 4) // 100) * 100 + h, h)),)
    h = 100 * honba
    if three_player == NORTH_SPLIT:   # 北家折半: half the absent North's (non-dealer) share, up to 100, on each
        north = -(-base * (2 if dealer else 1) // 100) * 100
        half = -(-north // 200) * 100
        if dealer:
            each = _new(Payment, ("non-dealer", north + half + h, h))
            return (each, each)
        return (_new(Payment, ("dealer", -(-base * 2 // 100) * 100 + half + h, h)),
                _new(Payment, ("non-dealer", north + half + h, h)))
    if dealer:
        each = _new(Payment, ("non-dealer", -(-base * 2 // 100) * 100 + h, h))
        return (each, each) if three_player else (each, each, each)
    child = _new(Payment, ("non-dealer", -(-base // 100) * 100 + h, h))
    dealer_pays = _new(Payment, ("dealer", -(-base * 2 // 100) * 100 + h, h))
    return (dealer_pays, child) if three_player else (dealer_pays, child, child)


_based: dict[tuple, tuple] = {}
_paid: dict[tuple, tuple] = {}


def settle(han: int, fu: int, yakuman: int, opts, dealer: bool, tsumo: bool, honba: int = 0,
           three_player: bool = False) -> tuple:
    """(base, limit, payments, total paid, honba part of it): :func:`base_points` and :func:`payments` with their
    sums, each worked out once for each combination that occurs (the results are values; base points read only
    the preset's ``kiriage`` and ``kazoe``; a few hundred combinations of each occur, and the caches are
    bounded)."""
    key = (han, fu, yakuman, opts.kiriage, opts.kazoe)
    based = _based.get(key)
    if based is None:
        if len(_based) >= 1 << 12:
            _based.clear()
        based = _based[key] = base_points(han, fu, yakuman, opts)
    base = based[0]
    key = (base, dealer, tsumo, honba, three_player)
    paid = _paid.get(key)
    if paid is None:
        if len(_paid) >= 1 << 12:
            _paid.clear()
        pays = payments(base, dealer, tsumo, honba, three_player)
        paid = _paid[key] = (pays, sum(p.amount for p in pays), sum(p.honba for p in pays))
    return (base, based[1]) + paid


def hand_value(pays: tuple[Payment, ...]) -> int:
    """The hand's value to the winner before honba and deposits."""
    return sum(p.amount - p.honba for p in pays)


def points_key(opts) -> tuple:
    """What :func:`settle_key` reads of a preset's options: (kiriage, kazoe, three-player)."""
    return (opts.kiriage, opts.kazoe, payment_scheme(opts))


_settled: dict[tuple, tuple] = {}


def settle_key(han: int, fu: int, yakuman: int, dealer: bool, tsumo: bool, honba: int, key: tuple) -> tuple:
    """(limit, payments, total paid, honba part of it) for options whose :func:`points_key` is ``key``: what
    :func:`settle` answers, in one look-up for each combination that occurs (bounded; a new one is made from
    :func:`settle`'s own caches)."""
    # from 5 han on (and for a yakuman) the fu change nothing: one entry serves them all
    k = (han, fu if han < 5 else 0, yakuman, dealer, tsumo, honba, key)
    found = _settled.get(k)
    if found is None:
        if len(_settled) >= 1 << 13:
            _settled.clear()
        kiriage, kazoe, three_player = key
        found = _settled[k] = settle(han, fu, yakuman, _PointOptions(kiriage, kazoe), dealer, tsumo, honba,
                                     three_player)[1:]
    return found


class _PointOptions(NamedTuple):
    """The options :func:`base_points` reads."""

    kiriage: bool
    kazoe: str
