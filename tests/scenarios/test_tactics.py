# Tactic cards (RULES.md section 2): names, and sides holding elite troops at their best
# assignment, on stones with combat modes.
from engine.core import cards
from engine.tactical import tactics as T
from engine.core.formation import strength, SUM, RUN, COLOUR, KIND, COLOUR_RUN, RANK
from engine.core.rng import Rng


def side(text):
    """Codes from names, clan cards ("R5") and tactic cards ("JK", "SPY", "SHB")."""
    return bytes([cards.parse(w) or T.parse(w) for w in text.split()])


def best(text, modes=0):
    b = side(text)
    return T.side_strength(b, 0, len(b), modes, bytearray(4))


def test_names_and_codes():
    assert [T.parse(n) for n in ("JK", "SPY", "SHB", "BMB", "MUD", "REC", "STR", "BAN",
                                 "TRA")] == [0x60, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68,
                                             0x69]
    assert T.name(0x61) == "JK" and T.name(T.TRAITOR) == "TRA"
    assert T.parse("R5") is None and cards.parse("JK") is None
    assert all(T.is_elite(c) for c in (0x60, 0x61, T.SPY, T.SHIELD))
    assert not T.is_elite(T.BLIND) and not T.is_elite(0x59)
    assert min(T.TACTIC + i for i in range(10)) > max(cards.classic_deck())


def test_each_ruse_s_row_names_its_action():
    """The table's third field of a ruse is the round's number of its action."""
    from engine.tactical import round as R
    acts = {T.RECRUITER: R.RECRUIT, T.STRATEGIST: R.STRATEGIST, T.BANSHEE: R.BANSHEE,
            T.TRAITOR: R.TRAITOR}
    for c, act in acts.items():
        assert T.kind(c) == T.RUSE and T.CARDS[c - T.TACTIC][2] == act
    assert [c for c in range(T.TACTIC, T.TACTIC + len(T.CARDS)) if T.kind(c) == T.RUSE] == \
        sorted(acts)


def test_a_joker_completes_the_best_formation():
    assert best("R5 R6 JK") == COLOUR_RUN * RANK + 5 + 6 + 7  # R7 beats R4
    assert best("R5 G5 JK") == KIND * RANK + 15
    assert best("R1 R5 JK") == COLOUR * RANK + 15  # R9: a colour, the highest sum
    assert best("R5 G6 JK") == RUN * RANK + 18  # 5-6-7
    assert best("JK") == best("R9")


def test_spy_is_a_seven_and_the_shield_bearer_one_to_three():
    assert best("B8 B9 SPY") == COLOUR_RUN * RANK + 24
    assert best("G6 R8 SPY") == RUN * RANK + 21
    assert best("R7 G7 SPY") == KIND * RANK + 21
    assert best("B1 B2 SHB") == COLOUR_RUN * RANK + 6
    assert best("B4 B5 SHB") == COLOUR_RUN * RANK + 12  # as B3
    assert best("R2 G2 SHB") == KIND * RANK + 6
    assert best("R9 G5 SHB") == SUM * RANK + 17


def test_elite_troops_may_copy_a_card_on_the_table():
    assert best("R7 SPY SHB") == COLOUR * RANK + 17  # the Spy as a second R7
    assert best("R5 JK JK") == COLOUR_RUN * RANK + 18  # (two Jokers: only to test the search)


def test_three_elite_troops_alone():
    # the Spy's 7 and the Shield Bearer's 3 at most leave no run: one colour, 9 + 7 + 3
    assert best("JK SPY SHB") == COLOUR * RANK + 19


def test_blind_mans_bluff_counts_sums_only():
    blind = T.MODE_BLIND
    assert best("B5 B6 B7", blind) == SUM * RANK + 18
    assert best("R9 JK SPY", blind) == SUM * RANK + 9 + 9 + 7
    assert best("SHB R1 R2", blind) == SUM * RANK + 6
    assert best("R9 G9 P8", blind) > best("R1 R2 R3", blind)


def test_mud_fight_needs_four_cards_and_judges_four():
    mud = T.MODE_MUD
    assert T.side_size(mud) == 4 and T.side_size(0) == 3 and T.side_size(mud | T.MODE_BLIND) == 4
    assert best("R3 R4 R5 JK", mud) == COLOUR_RUN * RANK + 3 + 4 + 5 + 6
    assert best("R3 G3 B3 JK", mud) == KIND * RANK + 12
    assert best("R1 G3 B5 SPY", mud) == SUM * RANK + 16
    assert best("R3 G4 B5 SHB", mud) == RUN * RANK + 2 + 3 + 4 + 5
    assert best("R9 G9 JK SPY", mud | T.MODE_BLIND) == SUM * RANK + 34


def _brute(buf, n, work, i=0):
    """Every colour and allowed value for each elite troop: the reference."""
    if i == n:
        return strength(work, 0, n)
    c = buf[i]
    if c < T.TACTIC:
        work[i] = c
        return _brute(buf, n, work, i + 1)
    top = 0
    values = (7,) if c == T.SPY else (1, 2, 3) if c == T.SHIELD else range(1, 10)
    for col in range(6):
        for v in values:
            work[i] = col * 16 + v
            s = _brute(buf, n, work, i + 1)
            if s > top:
                top = s
    return top


def test_best_assignment_matches_trying_every_one():
    rng = Rng(2024)
    deck = cards.classic_deck()
    elites = (0x60, 0x61, T.SPY, T.SHIELD)
    work = bytearray(4)
    ref = bytearray(4)
    for trial in range(400):
        n = 3 + (trial & 1)
        k = 1 + rng.below(min(n, 3))  # 1-3 elite troops
        picked = [elites[rng.below(4)] for _ in range(k)]
        for _ in range(n - k):
            picked.append(deck[rng.below(len(deck))])
        buf = bytes(picked)
        assert T.side_strength(buf, 0, n, T.MODE_MUD if n == 4 else 0, work) == \
            _brute(buf, n, ref), [hex(c) for c in buf]


def _unseen_of(names_):
    u = bytearray(16)
    for c in side(names_):
        u[c & 15] |= 1 << (c >> 4)
    return u


def _ref_completion(buf, k, n, pool, work):
    """Best strength over every choice of n - k cards from `pool` added to buf[:k], each
    elite troop at every assignment: the reference."""
    best = [None]

    def pick(start, depth):
        if depth == n:
            s = _brute(bytes(work[:n]), n, bytearray(4))
            if best[0] is None or s > best[0]:
                best[0] = s
            return
        for j in range(start, len(pool)):
            work[depth] = pool[j]
            pick(j + 1, depth + 1)
    for i in range(k):
        work[i] = buf[i]
    pick(0, k)
    return best[0]


def test_completion_with_elite_troops_matches_the_reference():
    rng = Rng(77)
    deck = cards.classic_deck()
    elites = (0x60, T.SPY, T.SHIELD)
    work = bytearray(4)
    for trial in range(60):
        n = 3 + (trial % 2)
        k = 1 + rng.below(n - 1)  # 1 .. n - 1 cards already there
        cards_ = []
        for _ in range(k):
            cards_.append(elites[rng.below(3)] if rng.below(2) else deck[rng.below(54)])
        buf = bytes(cards_)
        pool = []
        for _ in range(9):  # a small set of unseen clan cards keeps the reference quick
            c = deck[rng.below(54)]
            if c not in pool and c not in buf:
                pool.append(c)
        u = bytearray(16)
        for c in pool:
            u[c & 15] |= 1 << (c >> 4)
        found = T.completion(buf, 0, k, n, u, T.MODE_MUD if n == 4 else 0, work)
        want = _ref_completion(buf, k, n, pool, bytearray(4))
        assert (found[0] if found else None) == want, ([hex(c) for c in buf], pool)
        if found:  # the cards it names really make that strength
            assert len(found[1]) == n - k and all(c in pool for c in found[1])
            full = buf + bytes(found[1])
            assert T.side_strength(full, 0, n, T.MODE_MUD if n == 4 else 0, work) == found[0]


def test_proofs_count_elite_troops_on_the_table():
    work = bytearray(4)
    u = _unseen_of("R1 G2 B3 O4 P5 R7")
    mine = side("G8 O8 B8")  # three 8s
    # R9 G9 and one more card cannot make three 9s: the claim holds...
    assert T.counter(mine, 0, side("R9 G9"), 0, 2, 3, u, True, 0, work) is None
    # ...but a Joker as R8 with the unseen R7 makes a colour-run
    assert T.counter(mine, 0, side("R9 JK"), 0, 2, 3, u, True, 0, work) == list(side("R7"))
    # a complete side with a Spy compares at its best: three 7s lose to three 8s
    assert T.counter(mine, 0, side("R7 G7 SPY"), 0, 3, 3, u, True, 0, work) is None
    assert T.counter(side("R7 G7 SPY"), 0, mine, 0, 3, 3, u, True, 0, work) == []


def test_proofs_under_blind_mans_bluff_compare_sums():
    work = bytearray(4)
    blind = T.MODE_BLIND
    u = _unseen_of("R1 G2 B3")
    # a colour-run means nothing here: 9 + 8 + 7 = 24 against at most 9 + 3 + 2 = 14
    assert T.counter(side("R9 G8 B7"), 0, side("JK"), 0, 1, 3, u, True, blind, work) is None
    assert T.counter(side("R1 R2 R3"), 0, side("SHB"), 0, 1, 3, u, True, blind, work) \
        is not None


def test_mud_fight_proofs_need_four_cards():
    work = bytearray(4)
    mud = T.MODE_MUD
    u = _unseen_of("R1 R2 G5 G6 B9")
    # a 4-card colour-run 4-7 cannot be beaten by R3 R4 and a Joker (2-5 at best)
    assert T.counter(side("P4 P5 P6 P7"), 0, side("R3 R4 JK"), 0, 3, 4, u, True, mud,
                     work) is None
    # a mere run 4-7 can: R2 with the Joker as R5 makes a colour-run
    assert T.counter(side("P4 P5 P6 B7"), 0, side("R3 R4 JK"), 0, 3, 4, u, True, mud,
                     work) == list(side("R2"))
    # three cards are not a complete side in the mud: nothing to compare yet
    assert T.counter(side("P4 P5 P6 B7"), 0, side("B9"), 0, 1, 4, u, True, mud,
                     work) is None  # B9 + three unseen: no formation above a run of 22


def test_reach_is_completions_strength_without_the_cards():
    from engine.core.cards import all_cards
    rng = Rng(23)
    work = bytearray(4)
    elites = (0x60, 0x61, T.SPY, T.SHIELD)
    for trial in range(300):
        unseen = all_cards()
        for _ in range(rng.below(40)):
            unseen[1 + rng.below(9)] &= ~(1 << rng.below(6))
        modes = rng.below(4)
        n = T.side_size(modes)
        k = rng.below(n)
        side = bytes([elites[rng.below(4)] if rng.below(3) == 0 else
                      rng.below(6) * 16 + 1 + rng.below(9) for _ in range(k)])
        found = T.completion(side, 0, k, n, unseen, modes, work)
        assert T.reach(side, 0, k, n, unseen, modes, work) == (found[0] if found else -1)
