"""Hypothesis strategies for notation lines: well-formed lines written every way the grammar allows, lines with
keywords in any combination (many of them impossible), and mutations of those (a character deleted, inserted or
replaced, tokens swapped or repeated), for the tests of the two readers."""

from __future__ import annotations

from hypothesis import strategies as st

from grammar import format_hand
from grammar.hand import FLAGS
from scorer.hand import Hand
from tests.riichi.sanma_strategies import sanma_notation_hands
from tests.strategies import complete_hands

# the width folding the grammar reads (ASCII '!'-'~' typed full width)
FULL_WIDTH = {chr(c): chr(c + 0xFEE0) for c in range(0x21, 0x7F)}
NASTY = ["²", "①", "٣", "\u3000", "\xa0", "é", "ß", "\u200b", "𝟙", "ｍ", "５", "\t", "\n", "\r", "\x0b", "\x0c", "\x1c",
         "\x85", "\u2028", "\x00"]
PIECES = list("0123456789mpszf[]()+:- ") + ["ron", "tsumo", "riichi", "dora:", "ura:", "seat:", "honba:", "rules:mcr",
                                               "flowers:", "nuki:", "E", "z", "xx"] + NASTY
VALUES = {
    "dora": st.sampled_from(["4p", "1z", "5m5p", "0m", "9s1z3m", "4q", "", "4", "p", "8z", "1234567m"]),
    "ura": st.sampled_from(["4p", "1z9s", "5m", "x"]),
    "round": st.sampled_from(["E", "S", "w", "n", "X", "EE", "Ｅ"]),
    "seat": st.sampled_from(["E", "S", "W", "N", "s", "2"]),
    "honba": st.sampled_from(["0", "1", "12", "999", "1000", "007", "²", "-1", "1e3", "9" * 60]),
    "sticks": st.sampled_from(["0", "2", "100", "x"]),
    "flowers": st.sampled_from(["0", "3", "8", "9", "12"]),
    "rules": st.sampled_from(["riichi", "mcr", "MCR", "bogus"]),
    "preset": st.sampled_from(["tenhou", "ema", "x", "tenhou-sanma", "sanma-split"]),
    "nuki": st.sampled_from(["0", "1", "4", "5", "9", "x", "12"]),
    "claim": st.sampled_from(["7700", "2000/3900", "mangan", "bad"]),
}


def split_block(block: str) -> list[str]:
    """The pieces of a canonical tile block: digit runs, melds and +X."""
    pieces, i = [], 0
    while i < len(block):
        if block[i] in "[(":
            j = block.index("]" if block[i] == "[" else ")", i) + 1
        elif block[i] == "+":
            j = i + 3
        else:
            j = i
            while block[j].isdigit():
                j += 1
            j += 1
        pieces.append(block[i:j])
        i = j
    return pieces


@st.composite
def written(draw, hand: Hand) -> str:
    """``hand`` written one of the ways the grammar reads as that hand: runs in any order, melds anywhere in the
    tile block, +X after the last run, keywords shuffled and in any case, spaces between pieces, characters typed
    full width."""
    text = format_hand(hand)
    block, *words = text.split(" ")
    pieces = split_block(block)
    runs = [p for p in pieces if p[0].isdigit()]
    melds = [p for p in pieces if p[0] in "[("]
    win = [p for p in pieces if p[0] == "+"]
    runs = draw(st.permutations(runs))
    out = list(runs) + win
    # melds keep their order (a Hand lists them as written), each at any place of the block
    places = sorted(draw(st.lists(st.integers(0, len(out)), min_size=len(melds), max_size=len(melds))))
    for k, (place, meld) in enumerate(zip(places, melds)):
        out.insert(place + k, meld)
    if win and out.index(win[0]) < max((out.index(r) for r in runs), default=-1):
        out.remove(win[0])   # +X must follow every concealed run: put it right after the last one
        out.insert(max(out.index(r) for r in runs) + 1, win[0])
    words = [w.upper() if draw(st.booleans()) and ":" not in w else w for w in draw(st.permutations(words))]
    sep = draw(st.sampled_from(["", "", " "]))
    line = sep.join(out) + " " + " ".join(words)
    if draw(st.integers(0, 4)) == 0:
        line = "".join(FULL_WIDTH.get(c, c) if draw(st.integers(0, 3)) == 0 else c for c in line)
    return line


@st.composite
def good_lines(draw) -> tuple[Hand, str]:
    """A complete hand and one way of writing it (three-player hands with their nuki among them)."""
    hand = draw(st.one_of(complete_hands(), complete_hands(rules="mcr", allow_red=False), sanma_notation_hands()))
    return hand, draw(written(hand))


@st.composite
def keyword_lines(draw) -> str:
    """A complete hand's tile block with keywords drawn at random: flags and values in any combination."""
    hand = draw(st.one_of(complete_hands(), complete_hands(rules="mcr", allow_red=False), sanma_notation_hands()))
    block = format_hand(hand).split(" ")[0]
    words = draw(st.lists(st.sampled_from(FLAGS), max_size=5, unique=True))
    for name in draw(st.lists(st.sampled_from(sorted(VALUES)), max_size=4)):
        words.append(f"{name}:{draw(VALUES[name])}")
    return " ".join([block] + draw(st.permutations(words)))


@st.composite
def mutated(draw, lines) -> str:
    """A line from ``lines`` with one to three edits."""
    line = draw(lines)
    for _ in range(draw(st.integers(1, 3))):
        edit = draw(st.integers(0, 5))
        i = draw(st.integers(0, len(line)))
        if edit == 0 and line:
            line = line[:max(i - 1, 0)] + line[i:]                          # delete
        elif edit == 1:
            line = line[:i] + draw(st.sampled_from(PIECES)) + line[i:]      # insert
        elif edit == 2 and i < len(line):
            line = line[:i] + draw(st.sampled_from(PIECES)) + line[i + 1:]  # replace
        elif edit == 3:
            words = line.split(" ")
            j = draw(st.integers(0, len(words) - 1))
            words.insert(j, words[j])                                       # repeat a word
            line = " ".join(words)
        elif edit == 4:
            words = line.split(" ")
            if len(words) > 1:
                j = draw(st.integers(0, len(words) - 2))
                words[j], words[j + 1] = words[j + 1], words[j]             # swap two words
            line = " ".join(words)
        else:
            line = line[:i]                                                 # cut short
    return line


def any_lines():
    """Every kind of line the tests of the readers draw from."""
    good = good_lines().map(lambda hl: hl[1])
    return st.one_of(good, keyword_lines(), mutated(good), mutated(keyword_lines()),
                     st.lists(st.sampled_from(PIECES), max_size=30).map("".join), st.text(max_size=40))
