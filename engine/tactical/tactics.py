# The tactic cards of the tactical variant (RULES.md section 2): one row each, and the strength
# of a complete side that holds elite troops, on a stone that may carry combat modes.
#
# Tactic cards take the codes 0x60 + their row, above every clan card (core/cards.py OWN), so
# `c >= TACTIC` tells them apart. The two Jokers have codes of their own (both named JK).
# An elite troop takes, when the stone is decided, the colour and value best for its owner:
# Joker any colour and value 1-9, Spy value 7, Shield Bearer value 1, 2 or 3, any colour.
from micropython import const
from engine.core.formation import strength, best_completion, best_strength, ruled, ruled_strength
from engine.core.formation import RULE_HIGH

TACTIC = const(0x60)  # (core/cards.py OWN)
# What a card does, and so where it is played (RULES.md's three kinds of tactic card):
TROOP = const(0)  # a clan card or an elite troop: on its player's side of a stone
MODE = const(1)  # a combat mode: on the stone itself, for both its sides (its bit in `modes`)
RUSE = const(2)  # a ruse: an action of its own, then the card lies in the discard pile
# The tactic cards by code - TACTIC: its name in records (and, in the player's language, on
# its face), its kind, what it does (a combat mode: its bit in a stone's modes; a ruse: its
# action, as numbered in engine/tactical/round.py: tests/scenarios/test_tactics.py holds the
# two to each other) and the line shown while it is chosen (the first and last fields are
# keys of the language tables: tools/mklang.py reads them). A new tactic card is a row here
# and its rule in round.py.
CARDS = (  # keys: first and last
    ("JK", TROOP, 0, "Joker: any colour, any value"),
    ("JK", TROOP, 0, "Joker: any colour, any value"),
    ("SPY", TROOP, 0, "Spy: a 7 of any colour"),
    ("SHB", TROOP, 0, "Shield Bearer: a 1, 2 or 3, any colour"),
    ("BMB", MODE, 1, "Blind-Man's Bluff: only sums count here"),
    ("MUD", MODE, 2, "Mud Fight: 4 cards a side here"),
    ("REC", RUSE, 5, "Recruiter: draw 3 cards, put 2 back"),
    ("STR", RUSE, 6, "Strategist: move or discard your card"),
    ("BAN", RUSE, 7, "Banshee: discard a card of theirs"),
    ("TRA", RUSE, 8, "Traitor: their clan card to your side"))
JOKER = const(0x60)  # and 0x61
SPY = const(0x62)
SHIELD = const(0x63)
BLIND = const(0x64)  # Blind-Man's Bluff: the highest sum only at that stone
MUD = const(0x65)  # Mud Fight: four cards a side at that stone
RECRUITER = const(0x66)
STRATEGIST = const(0x67)
BANSHEE = const(0x68)
TRAITOR = const(0x69)
# Combat modes of a stone, as bits (the rows' third field)
MODE_BLIND = const(1)
MODE_MUD = const(2)

# Values an elite troop may take, by code - JOKER (Jokers, Spy, Shield Bearer)
_CHOICES = const(((1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 2, 3, 4, 5, 6, 7, 8, 9), (7,), (1, 2, 3)))


def kind(c):
    """Card c's kind: TROOP (every clan card too), MODE or RUSE."""
    return CARDS[c - TACTIC][1] if c >= TACTIC else TROOP


def mode_of(c):
    """The combat mode a card puts on a stone (MODE_BLIND, MODE_MUD), 0 for the others."""
    return CARDS[c - TACTIC][2] if kind(c) == MODE else 0


def is_elite(c):
    return c >= TACTIC and CARDS[c - TACTIC][1] == TROOP


def name(c):
    """Any card's name in records: a tactic card's, or a clan card's (R5)."""
    if c < TACTIC:
        from engine.core.cards import name as clan_name
        return clan_name(c)
    return CARDS[c - TACTIC][0]


def parse(text):
    """The code of a tactic card named like "SPY" (a "JK" is the first Joker); None if none."""
    for i in range(len(CARDS)):
        if CARDS[i][0] == text:
            return TACTIC + i
    return None


def code(text):
    """The code of any card of the variant: a tactic card's (parse) or a clan card's (R5)."""
    c = parse(text)
    if c is None:
        from engine.core.cards import parse as clan_parse
        return clan_parse(text)
    return c


def side_size(modes):
    """Cards a side needs at a stone with these combat modes: 4 in a Mud Fight, else 3."""
    return 4 if modes & MODE_MUD else 3


def side_strength(buf, off, n, modes, work):
    """Strength of the complete side buf[off:off + n] (elite troops at their best) at a stone
    with combat `modes`. work: a bytearray of at least n bytes to try assignments in."""
    elites = _scan(buf, off, n, work)
    if modes & MODE_BLIND:
        return ruled(strength(work, 0, n), RULE_HIGH)
    if not elites:
        return strength(work, 0, n)
    # Colour matters only for a one-colour side: elite troops wear the clan cards' colour (or
    # any one, when there are none); with two colours or more no choice of theirs makes one.
    return _best(buf, off, work, 0, n, colours(_scanned[0])[0])


_scanned = [0]  # _scan's colour mask (a returned tuple would be heap, each time)


def _scan(buf, off, n, work):
    """Copy the side buf[off:off + n] into work, each elite troop at its highest value (where
    only the sum counts, that is its best); its elite troops (a count), with in _scanned the
    colour mask of its clan cards."""
    elites = 0
    cols = 0
    for i in range(off, off + n):
        c = buf[i]
        if c >= TACTIC:
            elites += 1
            c = _CHOICES[c - JOKER][-1]
        else:
            cols |= 1 << (c >> 4)
        work[i - off] = c
    _scanned[0] = cols
    return elites


def _best(buf, off, work, i, n, colour):
    """The best strength with the elite troops from place i on still to assign."""
    while i < n and buf[off + i] < TACTIC:
        i += 1
    if i == n:
        return strength(work, 0, n)
    best = 0
    for v in _CHOICES[buf[off + i] - JOKER]:
        work[i] = colour + v
        s = _best(buf, off, work, i + 1, n, colour)
        if s > best:
            best = s
    return best


def completion(buf, off, k, n, unseen, modes, work):
    """The strongest way the side buf[off:off + k] (elite troops among them, at their best)
    can be completed to n cards with the clan cards of `unseen` (tactic cards not yet played
    are not counted): (strength, added cards) or None when too few remain. work: a bytearray
    of at least n bytes."""
    elites = _scan(buf, off, k, work)
    if modes & MODE_BLIND:
        return best_completion(work, 0, k, n, unseen, RULE_HIGH)
    if elites:
        if _elites_reach(buf, off, k, n, unseen, work, _scanned[0]) < 0:
            return None
        work = _found  # the side with its elite troops at their best
    return best_completion(work, 0, k, n, unseen)


def reach(buf, off, k, n, unseen, modes, work):
    """completion's strength alone (-1: none), allocating nothing: for the computer, which
    asks it for every action it weighs (a Joker tries up to 54 assignments)."""
    elites = _scan(buf, off, k, work)
    if modes & MODE_BLIND:
        return ruled_strength(work, 0, k, n, unseen, RULE_HIGH)
    if elites:
        return _elites_reach(buf, off, k, n, unseen, work, _scanned[0])
    return best_strength(work, 0, k, n, unseen)


_found = bytearray(4)  # the side whose elite troops' assignment _elites_reach found best
_top = [-1]  # and its strength


def _elites_reach(buf, off, k, n, unseen, work, cols):
    """The best completion's strength over every assignment of the elite troops of side
    buf[off:off + k] (copied in work by _scan); -1 when none completes. The first side (in
    the order tried) that reaches it is left in _found."""
    _top[0] = -1
    for colour in colours(cols):
        _assign(buf, off, work, 0, k, n, unseen, colour)
    return _top[0]


def _assign(buf, off, work, i, k, n, unseen, colour):
    while i < k and buf[off + i] < TACTIC:
        i += 1
    if i == k:
        s = best_strength(work, 0, k, n, unseen)
        if s > _top[0]:
            _top[0] = s
            for x in range(k):
                _found[x] = work[x]
        return
    for v in _CHOICES[buf[off + i] - JOKER]:
        work[i] = colour + v
        _assign(buf, off, work, i + 1, k, n, unseen, colour)


def choices(c):
    """The values elite troop c may take."""
    return _CHOICES[c - JOKER]


def colours(cols):
    """The colours worth trying for the elite troops of a side with clan colours `cols`: the
    one colour of its clan cards; any, when it has none; with two or more colours no flush
    is possible and the colour does not matter."""
    if not cols:
        return (0, 16, 32, 48, 64, 80)
    if cols & (cols - 1):
        return (0,)
    c = 0
    while not cols & 1:
        cols >>= 1
        c += 16
    return (c,)


def counter(mine, moff, theirs, toff, k, n, unseen, mine_first, modes, work):
    """proof.counter at a stone of the tactical variant: the sides may hold elite troops and
    the stone combat `modes`. None when the claim holds, else the clan cards that, added to
    theirs, beat mine ([] when their complete side already does)."""
    s = side_strength(mine, moff, n, modes, work)
    if k == n:
        t = side_strength(theirs, toff, n, modes, work)
        return [] if t > s or (t == s and not mine_first) else None
    best = completion(theirs, toff, k, n, unseen, modes, work)
    if best is None or best[0] <= s:
        return None
    return best[1]

