# One match played by two handhelds over a Channel (docs/LINK.md). Both hold the whole match:
# the host chooses it and sends its seed, both deal it from that, and after each turn the mover's
# new entries of the match's log cross the cable with a hash of the round they lead to. Every
# exchange is by the entries' place in the log, so nothing is applied twice: each time the two
# find each other (at the start, after a pulled cable or a power cut) they say how many
# entries they hold, and the one ahead sends the other what it lacks.
from micropython import const
from engine.core.game import ROUND, OVER, PLAY, END, IllegalMove, action
from engine.core.match import ENTRY, MAX_SEED
from binascii import crc32

VERSION = const(2)  # of this protocol: a handheld speaking another refuses the link
WHO = const(16)  # version, build (4), host, has a match, seed (4), variant, expert, rounds,
# first (255: from the seed), entries held (2)
ENTRIES = const(17)  # the first's place (2), the sender's log ends here (1), hash (2), entries
MEND = const(18)  # from the host: the other's record went astray, to be made again from its own
_MOST = const(22)  # entries a message: 5 + 22 * 4 bytes, within a frame's 96
# The board's words of linked play (keys, translated by engine/ui/lang.py's t): here, so that
# the modules every game loads intern none of them (a name or a string a module brings stays
# for the power-on, and the names' pool grows by doubling: 8 KB at the next step)
SAID = ("Waiting for P%d", "Link lost: waiting for the other handheld",  # keys
        "The handhelds disagreed: the host's record is the game's.", "P%d claims %s")

# What the link is doing (`state`), each said on the screen but READY
WAITING = const(0)  # no word from the other handheld yet
READY = const(1)
OTHER_BUILD = const(2)  # it runs another build or protocol: no match is possible
SAME_ROLE = const(3)  # both host, or both join


def round_hash(m):
    """The low 16 bits of a CRC-32 of the match's points and its round's whole state (the
    round's VALUES, then its BYTES): two handhelds whose rounds differ anywhere almost surely
    differ here. (binascii's CRC runs in C: a byte at a time in Python took 20 ms a hash on
    the emulated Pico, on each side of every turn.)"""
    g = m.game
    head = bytearray(3 + 2 * len(g.VALUES))
    head[0], head[1], head[2] = m.points[0], m.points[1], len(m.results)
    i = 3
    for name in g.VALUES:
        v = int(getattr(g, name)) & 0xFFFF  # (-1: no winner yet; True/False)
        head[i], head[i + 1] = v >> 8, v & 0xFF
        i += 2
    h = crc32(head)
    for name in g.BYTES:
        h = crc32(getattr(g, name), h)
    return h & 0xFFFF


def apply_entry(m, e, i):
    """Make the log entry at e[i:i + ENTRY] on match m (as Match._log wrote it)."""
    kind = e[i] >> 1
    if kind == ROUND:
        m.next_round()
    else:
        m.act(e[i] & 1, action(kind, e[i + 1], e[i + 2], e[i + 3]))


class Linked:
    SAID = SAID  # (the board reads them through the link it holds)

    def __init__(self, channel, host, build, match=None, make=None):
        """channel: engine/link/channel.py's; host: this side chooses the match (player 0);
        build: 4 bytes naming the game's build; match: the one held (the host's new one, or
        either's continued); make(seed, variant, expert, rounds, first): a Match, for the
        joiner to deal the host's."""
        self.ch = channel
        self.host = host
        self.build = bytes(build)
        self.match = match
        self.make = make
        self.state = WAITING
        self.links = 0  # the channel's links answered with a WHO
        self.sent = 0  # entries of the log the other side holds, as far as this side knows
        self.mends = 0  # times the two records were found to differ
        self.told = 0  # of those, the times the screen has said so
        # the host: where in the log the other's entries not yet checked by a hash begin, and
        # where the last ones refused began (-1: none)
        self.unsure = -1
        self.doubted = -1
        # entries from a ROUND on, heard while this side's round is still at its end: kept
        # until its player goes on to the next round (next_round), as (first, entries)
        self.held = None

    def me(self):
        """The player this handheld plays."""
        return 0 if self.host else 1

    def poll(self, now):
        """Once a frame, first: the channel's work, what the other side said, then flush."""
        ch = self.ch
        ch.poll(now)
        if ch.links != self.links:  # linked anew: say who this side is and what it holds
            self.links = ch.links
            self._who()
        while True:
            msg = ch.receive()
            if msg is None:
                break
            kind, p = msg
            if kind == WHO:
                self._heard_who(p)
            elif kind == ENTRIES:
                self._heard_entries(p)
            elif kind == MEND and not self.host:
                self._mend()
        self.flush(now)

    def flush(self, now):
        """This side's new entries, once its player's turn is over (never a part of it), on
        the cable at once: called again at the end of each frame, the turn goes in the frame
        it ends."""
        m = self.match
        if self.state == READY and m and len(m.log) > self.sent * ENTRY:
            g = m.game
            if g.player != self.me() or g.phase == OVER:
                self._send_from(self.sent)
                self.ch.poll(now)

    def next_round(self):
        """This side's player goes on to the next round: dealt, then the other side's moves
        in it, if it went on first."""
        self.match.next_round()
        if self.held:
            first, e = self.held
            self.held = None
            self._take(first, e)

    def lost(self, now):
        return self.ch.lost(now)

    def role(self):
        """This side's word in a saved game's head (engine/ui/session.py)."""
        return " host" if self.host else " join"

    def turn(self, s):
        """The other handheld's whole turn awaited, as session s's computer_turn would play
        it: a generator, a step a frame, until the other player's turn is over (its moves
        made on the match as they come: poll); then s.first and s.drew tell it. The turn
        awaited is fixed now: its moves may come before the first step, and some may be
        made already (a record made up after a power cut can end mid-turn): the turn is told
        from its first move."""
        m = s.match
        log = m.log
        p = m.game.player
        first = len(log)
        played = 0
        while first and log[first - ENTRY] & 1 == p and log[first - ENTRY] >> 1 != ROUND:
            first -= ENTRY
            played += log[first] >> 1 == PLAY
        s.first = first
        return self._awaited(s, p, m.game.hand_n[p] + played)

    def _awaited(self, s, p, n):
        m = s.match
        while m.game.player == p and m.game.phase != OVER:
            yield
        drew = -1
        played = 0
        for i in range(s.first, len(m.log), ENTRY):
            kind = m.log[i] >> 1
            if kind == END:
                drew = m.log[i + 1]
            elif kind == PLAY and m.log[i] & 1 == p:
                played += 1
        # (the deck drawn from, when a card came: the hand grew past what was played)
        s.drew = drew if drew >= 0 and m.game.hand_n[p] + played > n else -1

    # --- what this side says --------------------------------------------------------

    def _who(self):
        m = self.match
        b = bytearray(17)
        b[0] = VERSION
        b[1:5] = self.build
        b[5] = 1 if self.host else 0
        if m:
            from engine.games import NAMES
            b[6] = 1
            s = m.seed
            b[7], b[8], b[9], b[10] = s >> 24, s >> 16 & 255, s >> 8 & 255, s & 255
            b[11] = NAMES.index(m.variant)
            b[12] = 1 if m.expert else 0
            b[13] = m.rounds
            f = m.chosen_first()
            b[14] = 255 if f is None else f
            n = len(m.log) // ENTRY
            b[15], b[16] = n >> 8, n & 255
        self.ch.send(WHO, b)

    def _send_from(self, first):
        """The log's entries from `first` on, in messages of _MOST; the last with the hash."""
        m = self.match
        n = len(m.log) // ENTRY
        while True:
            upto = min(n, first + _MOST)
            p = bytearray(5)
            p[0], p[1] = first >> 8, first & 255
            if upto == n:
                p[2] = 1
                h = round_hash(m)
                p[3], p[4] = h >> 8, h & 255
            p += m.log[first * ENTRY:upto * ENTRY]
            self.ch.send(ENTRIES, p)
            first = upto
            if first == n:
                break
        self.sent = n

    # --- what the other side says -------------------------------------------------------

    def _heard_who(self, p):
        if len(p) != 17 or p[0] != VERSION or bytes(p[1:5]) != self.build:
            self.state = OTHER_BUILD
            return
        if (p[5] == 1) == self.host:
            self.state = SAME_ROLE
            return
        if self.host:
            theirs = p[15] << 8 | p[16] if p[6] and self._same_match(p) else 0
        else:
            if not p[6]:
                return  # (the host has no match yet: it says WHO again once it has)
            if not (self.match and self._same_match(p)):
                self._deal(p)
            theirs = p[15] << 8 | p[16]
        self.state = READY
        mine = len(self.match.log) // ENTRY if self.match else 0
        self.sent = min(theirs, mine)
        if mine > theirs:
            self._send_from(theirs)

    def _same_match(self, p):
        m = self.match
        if not m:
            return False
        seed = p[7] << 24 | p[8] << 16 | p[9] << 8 | p[10]
        from engine.games import NAMES
        return (seed == m.seed and p[11] < len(NAMES) and NAMES[p[11]] == m.variant
                and p[12] == (1 if m.expert else 0) and p[13] == m.rounds)

    def _deal(self, p):
        """The joiner: the host's match, dealt afresh from its seed."""
        from engine.games import NAMES
        seed = p[7] << 24 | p[8] << 16 | p[9] << 8 | p[10]
        if seed > MAX_SEED or p[11] >= len(NAMES):
            self.state = OTHER_BUILD
            return
        self.match = self.make(seed, NAMES[p[11]], p[12] == 1, p[13],
                               None if p[14] == 255 else p[14])

    def _heard_entries(self, p):
        m = self.match
        if self.state != READY or m is None or len(p) < 5 or (len(p) - 5) % ENTRY:
            return
        first = p[0] << 8 | p[1]
        held = len(m.log) // ENTRY
        if first > held:
            self._who()  # (a gap: say what this side holds, and the other sends from there)
            return
        self.sent = max(self.sent, first + (len(p) - 5) // ENTRY)
        self._take(first, p)

    def _take(self, first, p):
        """Make the entries of message p (from the log's place `first`) not held yet."""
        m = self.match
        e = p[5:]
        try:
            for k in range(len(e) // ENTRY):
                i = k * ENTRY
                at = (first + k) * ENTRY
                if at < len(m.log):  # held already (an entry sent twice, or both sides' ROUND)
                    if m.log[at:at + ENTRY] != e[i:i + ENTRY]:
                        return self._astray()
                elif e[i] >> 1 == ROUND:  # (this side's player goes on when it chooses)
                    self.held = (first + k, bytes(p[:5]) + bytes(e[i:]))
                    return
                else:
                    if self.unsure < 0:
                        self.unsure = at
                    apply_entry(m, e, i)
        except IllegalMove:  # (the round refuses it)
            return self._astray()
        if p[2] and len(m.log) == (first + len(e) // ENTRY) * ENTRY:
            if round_hash(m) != p[3] << 8 | p[4]:
                return self._astray()
            self.unsure = self.doubted = -1

    def _astray(self):
        """Entries heard do not fit this side's round (refused, or the hash after them
        differs): garbled on the way (a frame's CRC-16 lets one garbled frame in 65,536
        through), or the two records differ. The host's log is the match's. The host first
        lets the other's unchecked entries go, its round made again from its log before them
        (its own state may be the one astray), and asks for them again (WHO: the other sends
        from there); refused again from the same place, they are the other's record astray:
        the host keeps what its round accepts of them and has the joiner mend. A joiner that
        finds it out mends at once."""
        if self.host:
            m = self.match
            if self.unsure >= 0 and self.unsure != self.doubted:
                self.doubted = self.unsure
                self.match = self._remade(m.log[:self.unsure])
                self.unsure = -1
                return self._who()
            self.match = self._remade(m.log)
            self.unsure = self.doubted = -1
            self.mends += 1
            self.ch.send(MEND)
        else:
            self._mend()

    def _mend(self):
        """The joiner: its match dealt afresh, the host's whole log asked for."""
        self.match = self._remade(b"")
        self.mends += 1
        self.held = None
        self.sent = 0
        self._who()  # (it holds nothing now: the host sends its whole record)

    def _remade(self, log):
        """The match dealt afresh and its log's entries made again, up to the first refused."""
        m = self.match
        new = self.make(m.seed, m.variant, m.expert, m.rounds, m.chosen_first())
        try:
            for i in range(0, len(log), ENTRY):
                apply_entry(new, log, i)
        except IllegalMove:
            pass
        return new
