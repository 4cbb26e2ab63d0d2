# Work done in steps: a generator that yields between parts of the work and returns its result
# (a record written out or replayed, a save loaded, a computer's thinking), for the screens to
# spread over frames; finish runs one at once where nothing waits on it.


def finish(steps):
    """What a generator of steps returns, run to its end at once."""
    try:
        while True:
            next(steps)
    except StopIteration as done:
        return done.value


class Player:
    """What a player offers Match.turn (the computer, the baselines): think(round), a generator
    (a slice of work a step) returning its action, and deck(round), the deck it draws from."""

    def move(self, g):
        """The action think would return, at once."""
        return finish(self.think(g))

    def deck(self, g):
        return 0
