# A game being played on the device: the match, who the opponent is, the computer's turns in
# work steps, and the saved game (for Continue), written after every turn (read back by
# engine/ui/resume.py).
from engine.ui import unload
from engine.core.match import Match
from engine.ui.files import SAVE  # (the menus ask for it there, without this module)

SAVE_HEAD = "schotten-save 1"  # (the save's first line)


class Computer:
    """The computer opponent of a level in a game (its declaration's COMPUTER), seeded by the
    match. Its own code (the last of the game's computer modules, 4-8 KB of heap) is loaded
    for its turns only: made afresh for each (its moves are a function of the game alone) and
    let go after it, so that the player's turn, its saves among them, has that room."""

    def __init__(self, level, seed, declared):
        self.level = level
        self.seed = seed
        self.modules = declared.COMPUTER
        self.maker = declared.MAKER

    def made(self):
        """The computer, its modules imported (the last of them afresh after a rest)."""
        from engine.games import made
        return made(self.modules, self.maker)(self.level, self.seed)

    def rest(self):
        unload(self.modules[-1:])


class Session:
    def __init__(self, seed, opponent, variant="classic", expert=False, rounds=1, match=None,
                 first=None, link=None):
        """first: who starts where the players choose (the siege: player 1 attacks, 0);
        link: the other handheld's (engine/link/linked.py), whose match this is, for the
        opponent "link" (its other player plays there)."""
        self.opponent = opponent
        self.link = link
        self.match = match or Match(seed, variant, expert, rounds, first)
        self.cpu = None if opponent in ("2p", "link") else Computer(
            opponent, self.match.seed, self.match.declared)
        self.first = 0  # where the computer's last turn begins in the match's log
        self.drew = -1  # the deck its last turn drew from (Match.turn), -1: none
        # A choice the player has half made and may not take back (the tactical Recruiter's
        # draw, seen but its cards not yet put back: the declaration's PENDING), its numbers:
        # saved with the game, so that cutting the power cannot undo it (Continue resumes it)
        self.pending = None
        self.hinted = False  # has the player taken a coach's hint in this match (saved too)

    def is_cpu(self, p):
        """Is player p (0 or 1) played elsewhere: by the computer (the human is always player
        1) or on the other handheld?"""
        if self.link:
            return p != self.link.me()
        return self.cpu is not None and p == 1

    def computer_turn(self):
        """The computer's whole turn as a generator: one slice of work per next() (the first
        loads its code). (Linked, the other handheld's turn is awaited instead: Linked.turn.)"""
        m = self.match
        self.first = len(m.log)
        self.drew = yield from m.turn(self.cpu.made(), [])
        self.cpu.rest()

    def save(self, storage):
        for _ in self.save_steps(storage):
            pass

    def save_steps(self, storage):
        """save() as a generator, a part of the work a next() (engine/ui/files.py), so that the
        board can spread it over frames. The record's writer is loaded for it and unloaded
        after (1.5 KB of heap the computer's thinking, never at the same time, can use; a
        save given up for a newer one leaves it to that one). The record is made a part at a
        time, twice (its seal, then the writing), of the match as it stood when the save
        began."""
        from engine.core.record_text import parts
        head = "%s\nopponent %s" % (SAVE_HEAD, self.opponent)
        if self.link:  # (its role: a continued linked game links as it was)
            head += self.link.role()
        if self.hinted:
            head = "%s %s" % (head, "hinted")  # (resume.py reads it; " hinted" would be
            # one more name interned on the device: engine/ai/coach.py)
        if self.pending:
            head += " " + " ".join([self.match.declared.PENDING] +
                                   [str(x) for x in self.pending])
        head += "\n"
        m = self.match
        end = len(m.log)

        def record():
            yield head
            yield from parts(m, end)
        yield from storage.write_steps(SAVE, record)
        unload(("engine.core.record_text",))


def forget(storage):
    storage.remove(SAVE)
