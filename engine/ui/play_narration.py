# The board's words: an engine's reason as the board's sentence, a move in the words of its
# subject (phrase: you, the computer or player n), the computer's turn told from the match's
# log, why a claim fails. A mixin of the board screen (engine/ui/play.py); engine/ui/words.py
# draws the 240x240 log's lines in these words.
from engine.core.game import PLAY, CLAIM, PASS
from engine.core.match import ENTRY
from engine.core.proof import beaten
from engine.ui.lang import t, capital


def sentence(words):
    """An engine's reason in words ("their side of stone 3 is stronger": lang.refusal, or a
    reason key translated) as a sentence of the board's."""
    return capital(words) + "."


def phrase(who, you, cpu, other, *fields):
    """A move in words, one key for each kind of subject (a verb agrees with its subject in
    every language): `you`'s ("You play %s at %d"), `cpu`'s ("CPU plays %s at %d") or
    `other`'s ("P%d plays %s at %d": the player's number, then the fields), for `who` the
    subject's code: "You", "CPU", "P1" or "P2" (codes, never shown: engine/ui/words.py). The
    callers' keys are marked `# keys`: only the one used is translated."""
    if who == "You":
        return t(you) % fields
    if who == "CPU":
        return t(cpu) % fields
    return t(other) % ((int(who[1:]),) + fields)


class Narration:
    """The board screen's words for moves (a mixin of engine/ui/play.py's Play): a variant's
    board adds its own kinds of move to _logged."""

    def _cpu_words(self):
        """The computer's last turn in words, read from the match's log: its moves' sentences
        joined by commas, its claims last ("claims 2 5" after another move)."""
        log = self.s.match.log
        parts = []
        claims = []
        for i in range(self.s.first, len(log), ENTRY):
            kind = log[i] >> 1
            if kind == CLAIM:
                claims.append(str(log[i + 1] + 1))
            else:
                words = self._logged(kind, "P%d" % (2 - self.me()) if self.s.link else "CPU",
                                     log[i + 1], log[i + 2], log[i + 3])
                if words:
                    parts.append(words)
        if claims:  # (in an expert game its claims may end the round before it plays)
            if parts or not self.s.link:
                parts.append((t("claims %s") if parts else t("CPU claims %s")) % " ".join(
                    claims))
            else:
                parts.append(t(self.s.link.SAID[3]) % (2 - self.me(), " ".join(claims)))
        return self._drew(", ".join(parts)) + "."

    def _drew(self, words):
        """The computer's turn in words with what it drew, when both players see it (the
        tactical board)."""
        return words

    def _logged(self, kind, who, a, b, c):
        """A logged action in words, `who` its subject (phrase); None: not shown."""
        if kind == PLAY:
            return phrase(who, "You play %s at %d", "CPU plays %s at %d",  # keys
                          "P%d plays %s at %d", self._labels((a,)), b + 1)
        if kind == CLAIM:
            return phrase(who, "You claim stone %d", "CPU claims stone %d",  # keys
                          "P%d claims stone %d", a + 1)
        if kind == PASS:
            return phrase(who, "You pass", "CPU passes", "P%d passes")  # keys
        return None

    def _beaten(self, s, cards):
        """Why the player's claim of stone s fails, `cards` the engine's counter-example."""
        g = self.g
        p = g.player
        return beaten(self._strength(g.side(s, p), s),
                      self._strength(g.side(s, 1 - p) + bytes(cards), s), cards, self._need(s),
                      self._labels, self._rule(s), t)
